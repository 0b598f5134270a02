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
use std::cell::OnceCell;
use warband_table::bounded::Bound;
use warband_table::components::ModelId;

/// What judging a model's candidate places needs that does not depend on the place,
/// worked out once per model rather than once per place (each part walks every model:
/// on a 1,000-base table that was most of `normal`'s time).
pub struct Around<'a> {
    threats: Threats<'a>,
    /// Enemies within twice its allowance: the only ones it could charge next round
    /// from any place it can reach now; each with the melee it would fight them alone
    /// (worked out when first asked: where it stands does not change it).
    near: Vec<(&'a ModelView, OnceCell<f64>)>,
    nearest: Option<&'a ModelView>,
}

impl<'a> Around<'a> {
    /// What about `m` its places are judged by; `nearest` is its nearest enemy
    /// ([`Snapshot::nearest_enemy`]), which its candidates are found from too.
    pub fn of(snap: &'a Snapshot, m: &ModelView, nearest: Option<&'a ModelView>) -> Self {
        let reach = m.profile.armour.movement_allowance();
        // The enemies that may threaten it from within its move hold every enemy within
        // twice its move (the farthest any model moves is at least its own), in id order.
        let threatening = snap.may_threaten(m, reach);
        let mut near = Vec::with_capacity(threatening.len());
        near.extend(
            threatening
                .iter()
                .filter(|e| gap(&m.base, &e.base) <= 2.0 * reach + 0.5)
                .map(|e| (*e, OnceCell::new())),
        );
        Self {
            near,
            threats: Threats::among(snap, m, reach, threatening),
            nearest,
        }
    }
}

/// The cheap part of judging a candidate place, found for every candidate: where the
/// base would stand, its cover and, for a melee model, what pressing on from there
/// gains; and with them `bound`, what [`position_score`] can be at most — the score
/// itself for a charge, else a bound found without the costly parts (a shooter's lines
/// of fire, and the danger of the place), as
/// [`first_best`](warband_table::bounded::first_best) prunes with.
pub struct Place {
    placed: Placed,
    cover: f64,
    pressing: f64,
    pub bound: Bound,
}

pub fn place(snap: &Snapshot, m: &ModelView, around: &Around, c: &Candidate, w: &Weights) -> Place {
    let placed = m.base.at(c.check.end);
    if !c.check.charged.is_empty() {
        let bound = Bound::Exact(charge_score(snap, m, &c.check.charged, placed, w));
        return Place {
            placed,
            cover: 0.0,
            pressing: 0.0,
            bound,
        };
    }
    let cover = cover(snap, &placed, w);
    let ranged = m.profile.ranged.is_some();
    let pressing = if ranged {
        0.0
    } else {
        pressing(snap, m, around, placed, w)
    };
    let bound = if w.caution.is_nan() || w.caution < 0.0 {
        // Danger only lowers a score while caution counts it as a cost.
        Bound::AtMost(f64::INFINITY)
    } else if ranged {
        Bound::AtMost(snap.best_hit(m.side, c.kind != Kind::Stay) + cover)
    } else {
        Bound::AtMost(pressing + cover)
    };
    Place {
        placed,
        cover,
        pressing,
        bound,
    }
}

fn cover(snap: &Snapshot, placed: &Placed, w: &Weights) -> f64 {
    if in_cover(snap, placed) { w.cover } else { 0.0 }
}

/// How hard the push is for a melee model under weights `w`.
fn push(snap: &Snapshot, w: &Weights) -> f64 {
    (snap.push() + w.extra_push).max(0.0)
}

/// A melee model's gain from standing at `placed`, danger aside: the charges it will
/// threaten from there, less the ground still between it and the nearest enemy.
fn pressing(snap: &Snapshot, m: &ModelView, around: &Around, placed: Placed, w: &Weights) -> f64 {
    let reach = m.profile.armour.movement_allowance();
    let threat = around
        .near
        .iter()
        .filter(|(e, _)| gap(&placed, &e.base) <= reach)
        .map(|(e, value)| *value.get_or_init(|| melee_value(snap, &[m], &[e])))
        .fold(0.0, f64::max);
    let progress = around
        .nearest
        .map_or(0.0, |n| push(snap, w) * f64::from(gap(&placed, &n.base)));
    w.threat * threat - progress
}

/// The value of a candidate, from its cheap part `p` ([`place`]): the fight a charge
/// forms (already scored in `p`), or else what the place offers (shots or threatened
/// charges, progress, cover) less the danger it stands in. None when a shooter's place,
/// its danger known, is `hopeless` even with the best shot it could have
/// ([`Snapshot::best_hit`]): its lines of fire, the costliest part, are then never
/// drawn.
pub fn position_score(
    snap: &Snapshot,
    m: &ModelView,
    around: &Around,
    c: &Candidate,
    p: &Place,
    w: &Weights,
    hopeless: impl Fn(f64) -> bool,
) -> Option<f64> {
    if let Bound::Exact(charge) = p.bound {
        return Some(charge);
    }
    let (shots, melee) = around.threats.exposure_parts(p.placed);
    let danger = (shots + melee).min(f64::from(m.hd.left));
    if m.profile.ranged.is_some() {
        let moved = c.kind != Kind::Stay;
        let caution = w.caution * danger;
        // Whatever caution's sign, the shot is the one part above its bound.
        if hopeless(snap.best_hit(m.side, moved) - caution + p.cover) {
            return None;
        }
        return Some(best_shot_from(snap, m, p.placed, moved) - caution + p.cover);
    }
    // Pressing on means accepting some danger.
    Some(
        p.pressing - w.caution * danger * (w.melee_danger - 2.0 * push(snap, w)).max(0.1) + p.cover,
    )
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiKind;
    use crate::ai::battles::each_movement;
    use crate::ai::candidates::{Steps, candidates};
    use std::cell::Cell;

    /// Every candidate of every model at every movement decision of whole battles: the
    /// cheap bound and the bound a shooter's danger gives are never below the score.
    #[test]
    fn no_bound_is_below_the_score_it_bounds() {
        let (mut checked, mut refined) = (0, 0);
        for name in ["woods-and-walls", "river-ford"] {
            for seed in 1..=2 {
                each_movement(name, seed, AiKind::Normal, |snap| {
                    let (c, r) = check_bounds(snap);
                    (checked, refined) = (checked + c, refined + r);
                });
            }
        }
        assert!(
            checked > 1_000 && refined > 100,
            "{checked} checked, {refined} refined"
        );
    }

    /// Checks every candidate of the side's unmoved models; (candidates, refined bounds).
    fn check_bounds(snap: &Snapshot) -> (usize, usize) {
        let (mut checked, mut refined) = (0, 0);
        for w in [Weights::NORMAL, Weights::HARD] {
            for m in snap
                .mine()
                .filter(|m| !m.conditions.moved && m.engaged_since.is_none())
            {
                let nearest = snap.nearest_enemy(m);
                let around = Around::of(snap, m, nearest);
                for c in candidates(snap, m, nearest, Steps::ALL) {
                    let p = place(snap, m, &around, &c, &w);
                    let exact = position_score(snap, m, &around, &c, &p, &w, |_| false)
                        .expect("never hopeless");
                    let bound = match p.bound {
                        Bound::Exact(b) => {
                            assert_eq!(b, exact);
                            b
                        }
                        Bound::AtMost(b) => b,
                    };
                    assert!(bound >= exact, "{c:?}: bound {bound} below {exact}");
                    let given = Cell::new(None);
                    let again = position_score(snap, m, &around, &c, &p, &w, |u| {
                        given.set(Some(u));
                        u < exact
                    });
                    assert_eq!(again, Some(exact), "{c:?}: turned down");
                    refined += usize::from(given.get().is_some());
                    checked += 1;
                }
            }
        }
        (checked, refined)
    }
}
