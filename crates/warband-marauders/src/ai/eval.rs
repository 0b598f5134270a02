//! Scoring with the exact odds of warband-rules: melee fights, shots, and how exposed a
//! place on the table is to the enemy's next shots and charges. Values are in expected
//! HD (removed from the enemy minus lost), the currency of Marauders' victory.

use super::snapshot::Snapshot;
use crate::battle::ModelView;
use crate::geometry::{Placed, gap};
use crate::phases::{fight_dice, own_dice, shot_chances, shot_line};
use warband_rules::marauders::damage::die_chance;
use warband_rules::marauders::melee_odds;
use warband_rules::marauders::shooting::shot_modifier;

/// Expected HD one side's damage dice remove from the other (never more than it has).
fn expected_damage(strikers: &[&ModelView], targets: &[&ModelView]) -> f64 {
    if targets.is_empty() {
        return 0.0;
    }
    let dice: u32 = strikers.iter().map(|m| u32::from(own_dice(m))).sum();
    let p: f64 = targets
        .iter()
        .map(|t| die_chance(t.effective_armour(), 0))
        .sum::<f64>()
        / targets.len() as f64;
    let hd: u32 = targets.iter().map(|t| u32::from(t.hd.left)).sum();
    (f64::from(dice) * p).min(f64::from(hd))
}

/// The expected HD exchange of a melee between `us` and `them`, from our side, with
/// the dice the engine would roll (Bless included).
pub fn melee_value(snap: &Snapshot, us: &[&ModelView], them: &[&ModelView]) -> f64 {
    let (a, b) = fight_dice(&snap.models, us, them, snap.round);
    let o = melee_odds(a, b);
    let give = expected_damage(us, them);
    let take = expected_damage(them, us);
    (o.a_wins + o.both) * give - (o.b_wins + o.both) * take
}

/// The value of one HD taken from `t`: a kill is worth more (it removes its dice and
/// pushes the enemy towards a morale check).
pub fn hd_worth(t: &ModelView) -> f64 {
    if t.hd.left <= 1 {
        1.0 + 0.5 * f64::from(t.hd.initial)
    } else {
        1.0
    }
}

/// Expected value of `s` shooting at `t` from where they stand (0 if it cannot).
pub fn shot_value(snap: &Snapshot, s: &ModelView, t: &ModelView, moved: bool) -> f64 {
    let broken = snap.broken(s.side);
    let Ok(line) = shot_line(&snap.models, &snap.terrain, broken, s, t) else {
        return 0.0;
    };
    shot_chances(&snap.models, &line, moved, t.id, snap.group_of(t.id))
        .into_iter()
        .filter_map(|(id, p)| snap.get(id).map(|m| (m, p)))
        .map(|(m, p)| {
            let sign = if m.side == s.side { -1.0 } else { 1.0 };
            sign * p * hd_worth(m)
        })
        .sum()
}

/// The best shot `s` could take from `at` next shooting phase.
pub fn best_shot_from(snap: &Snapshot, s: &ModelView, at: Placed, moved: bool) -> f64 {
    if s.profile.ranged.is_none() {
        return 0.0;
    }
    let mut s = s.clone();
    s.base = at;
    s.conditions.moved = moved;
    s.engaged_since = None;
    snap.models
        .iter()
        .filter(|t| t.side != s.side)
        .map(|t| shot_value(snap, &s, t, moved))
        .fold(0.0, f64::max)
}

/// Expected HD `m` would lose standing at `at`: from enemy shooters that can see it, and
/// from enemies able to charge it next movement (as one group, with exact odds). Each
/// enemy's threat is shared among all of our models it could pick instead.
pub fn exposure(snap: &Snapshot, m: &ModelView, at: Placed) -> f64 {
    let (shots, melee) = exposure_parts(snap, m, at);
    (shots + melee).min(f64::from(m.hd.left))
}

/// [`exposure`] in two parts: (from shots, from charges).
pub fn exposure_parts(snap: &Snapshot, m: &ModelView, at: Placed) -> (f64, f64) {
    let mut me = m.clone();
    me.base = at;
    me.engaged_since = None;
    let choices = |e: &ModelView, reach: f32| {
        snap.models
            .iter()
            .filter(|o| o.side == m.side && o.id != m.id && gap(&e.base, &o.base) <= reach)
            .count() as f64
            + 1.0
    };
    let mut shots = 0.0;
    let mut chargers: Vec<&ModelView> = Vec::new();
    let mut share = 0.0;
    for e in snap
        .models
        .iter()
        .filter(|e| e.side != m.side && !e.conditions.asleep)
    {
        let reach = e.profile.armour.movement_allowance();
        if e.engaged_since.is_none() && gap(&e.base, &at) <= reach {
            chargers.push(e);
            share += 1.0 / choices(e, reach);
        }
        if let Some(weapon) = e
            .profile
            .ranged
            .as_ref()
            .filter(|_| !e.conditions.blinded && e.engaged_since.is_none())
        {
            let mut e2 = e.clone();
            e2.conditions.shot = false;
            if let Ok(line) = shot_line(&snap.models, &snap.terrain, snap.broken(e.side), &e2, &me)
            {
                shots += 0.5f64.powi(line.obstacles.len() as i32)
                    * die_chance(me.effective_armour(), shot_modifier(false))
                    / choices(e, weapon.range);
            }
        }
    }
    let melee = if chargers.is_empty() {
        0.0
    } else {
        let us = [&me];
        (-melee_value(snap, &us, &chargers)).max(0.0) * share / chargers.len() as f64
    };
    (shots, melee)
}

/// Cover: whether a base standing at `at` touches cover terrain.
pub fn in_cover(snap: &Snapshot, at: &Placed) -> bool {
    snap.terrain.iter().any(|t| t.flags.cover && t.touches(at))
}
