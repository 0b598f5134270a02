//! How `normal` values a place a model could move to: the fight a charge there forms,
//! or what the place offers (shots or threatened charges, progress, cover) less the
//! danger it stands in, all in expected HD with the exact odds.

use super::candidates::{Candidate, Kind};
use super::eval::{Threats, best_shot_from, in_cover, melee_value};
use super::normal::Weights;
use super::snapshot::Snapshot;
use crate::battle::ModelView;
use crate::geometry::{CONTACT_GAP, Placed, gap, in_contact};
use bevy_math::Vec2;
use warband_table::components::ModelId;

/// What judging a model's candidate places needs that does not depend on the place,
/// worked out once per model rather than once per place (each part walks every model:
/// on a 1,000-base table that was most of `normal`'s time).
pub struct Around<'a> {
    threats: Threats<'a>,
    /// Enemies within twice its allowance: the only ones it could charge next round
    /// from any place it can reach now.
    near: Vec<&'a ModelView>,
    nearest: Option<&'a ModelView>,
}

impl<'a> Around<'a> {
    pub fn of(snap: &'a Snapshot, m: &ModelView) -> Self {
        let reach = m.profile.armour.movement_allowance();
        Self {
            threats: Threats::to(snap, m, reach),
            near: snap
                .around(&[m.side.other()], &m.base, 2.0 * reach + 0.5)
                .into_iter()
                .filter(|e| gap(&m.base, &e.base) <= 2.0 * reach + 0.5)
                .collect(),
            nearest: snap.nearest_enemy(m),
        }
    }
}

/// The value of a candidate: the fight a charge forms, or else what the place offers
/// (shots or threatened charges, progress, cover) less the danger it stands in.
pub fn position_score(
    snap: &Snapshot,
    m: &ModelView,
    around: &Around,
    c: &Candidate,
    w: &Weights,
) -> f64 {
    let placed = m.base.at(c.check.end);
    let moved = c.kind != Kind::Stay;
    if !c.check.charged.is_empty() {
        return charge_score(snap, m, &c.check.charged, placed, w);
    }
    let (shots, melee) = around.threats.exposure_parts(placed);
    let danger = (shots + melee).min(f64::from(m.hd.left));
    let cover = if in_cover(snap, &placed) {
        w.cover
    } else {
        0.0
    };
    if m.profile.ranged.is_some() {
        return best_shot_from(snap, m, placed, moved) - w.caution * danger + cover;
    }
    let mut me = m.clone();
    me.base = placed;
    let reach = m.profile.armour.movement_allowance();
    let threat = around
        .near
        .iter()
        .filter(|e| gap(&placed, &e.base) <= reach)
        .map(|e| melee_value(snap, &[&me], &[e]))
        .fold(0.0, f64::max);
    let push = (snap.push() + w.extra_push).max(0.0);
    let progress = around
        .nearest
        .map_or(0.0, |n| push * f64::from(gap(&placed, &n.base)));
    // Pressing on means accepting some danger.
    w.threat * threat - progress - w.caution * danger * (w.melee_danger - 2.0 * push).max(0.1)
        + cover
}

/// Shots enemy shooters will not take while they are tied up in melee.
fn denial(snap: &Snapshot, charged: &[ModelId], w: &Weights) -> f64 {
    charged
        .iter()
        .filter_map(|id| snap.get(*id))
        .filter(|t| t.profile.ranged.is_some() && t.engaged_since.is_none())
        .map(|t| w.denial * best_shot_from(snap, t, t.base, false))
        .sum()
}

/// The value of charging: the fight that forms (this model joining its friends already
/// there, and unmoved friends who can reach the same enemies following in), plus the
/// shots it stops by tying up enemy shooters.
fn charge_score(
    snap: &Snapshot,
    m: &ModelView,
    charged: &[ModelId],
    placed: Placed,
    w: &Weights,
) -> f64 {
    let mut me = m.clone();
    me.base = placed;
    let them: Vec<&ModelView> = snap
        .around(&[m.side.other()], &placed, CONTACT_GAP)
        .into_iter()
        .filter(|e| charged.contains(&e.id) || in_contact(&e.base, &placed))
        .collect();
    // Friends touching them, and friends that could reach them, stand near them.
    let (lo, hi) = them
        .iter()
        .fold((placed.center, placed.center), |(lo, hi), t| {
            let (tlo, thi) = t.base.swept_bounds(Vec2::ZERO);
            (lo.min(tlo), hi.max(thi))
        });
    let reach = Vec2::splat(snap.longest_reach() + CONTACT_GAP);
    let mine = snap.near(&[m.side], lo - reach, hi + reach);
    let friends: Vec<&ModelView> = mine
        .iter()
        .copied()
        .filter(|f| f.id != m.id && them.iter().any(|t| in_contact(&f.base, &t.base)))
        .collect();
    let followers = mine.iter().copied().filter(|f| {
        f.id != m.id
            && !f.conditions.moved
            && !f.conditions.asleep
            && f.declared.is_none()
            && f.engaged_since.is_none()
            && them
                .iter()
                .any(|t| gap(&f.base, &t.base) <= f.profile.armour.movement_allowance())
    });
    let mut with_me = friends.clone();
    with_me.push(&me);
    with_me.extend(followers.take(w.followers));
    let before = if friends.is_empty() {
        0.0
    } else {
        melee_value(snap, &friends, &them)
    };
    let ids: Vec<ModelId> = them.iter().map(|t| t.id).collect();
    w.charge * (melee_value(snap, &with_me, &them) - before) + denial(snap, &ids, w)
}
