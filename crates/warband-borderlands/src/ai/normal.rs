//! `normal`: judges each model's action with the exact odds of warband-rules. Order:
//! casters and shooters first (before friends step into their lines), then the rest.
//! - first aid or Cure Light Wounds for a dying friend in reach;
//! - Sleep where the expected 2d8 (9 HD) takes two or more enemies; Magic Missile where
//!   it likely kills; Hold Person on the strongest enemy it may hold;
//! - melee the enemy with the best kill chance (then expected damage, then threat);
//! - shoot the enemy with the best expected damage, minus near misses into friends,
//!   and never where those do more harm than the shot;
//! - no blow or shot at an enemy its blows already kill (`View::doomed`);
//! - a badly hurt hero in melee withdraws; one that knows first aid, with nothing to
//!   strike or shoot, goes to a dying friend no one stands by; everyone else advances
//!   on the enemy it can hurt most that has room for one more attacker, going round a
//!   crowd in the way where it can advance on none.

use super::{advance_or_detour, enemies_by_distance, melee_on, ready, run_away, shot_on};
use crate::actions::{
    ShotPlan, check_first_aid, check_move_to, damage_to_kill, foes_in_contact, shot_odds,
};
use crate::battle::{View, find, in_play};
use crate::command::Command;
use crate::engine::{Borderlands, Engine};
use crate::spells::{ONE_D6_PLUS_1, SLEEP_RADIUS, cast_lost, check_cast, check_caster};
use bevy_ecs::world::World;
use warband_rules::Side;
use warband_rules::borderlands::attack::{at_least, routine_total};
use warband_rules::borderlands::profile::Spell;
use warband_rules::borderlands::rules::sleep_victims;
use warband_rules::borderlands::{SaveKind, save_chance, swing_odds};
use warband_rules::prob::mean;
use warband_table::geometry::gap;
use warband_table::geometry::in_contact;
use warband_table::player::Policy;

pub struct Normal;

impl Policy<Borderlands> for Normal {
    fn next(&mut self, engine: &Engine, side: Side) -> Option<Command> {
        let world = engine.world();
        let mut models = ready(world, side);
        models.sort_by_key(|v| (v.stats.missile.is_none() && v.stats.spells.is_empty(), v.id));
        let v = models.into_iter().next()?;
        Some(choose(world, &v))
    }
}

fn choose(world: &World, v: &View) -> Command {
    aid(world, v)
        .or_else(|| spell(world, v))
        .or_else(|| withdraw(world, v))
        .or_else(|| melee_on(world, v, |t| unless_doomed(t, melee_value(v, t))))
        .or_else(|| {
            shot_on(world, v, |t, plan| {
                unless_doomed(t, shot_value(world, v, t, plan))
            })
        })
        .or_else(|| go_aid(world, v))
        .or_else(|| approach(world, v))
        .unwrap_or(Command::Hold { model: v.id })
}

/// The chance `a`'s whole routine takes `t` to 0, and its expected damage. A sleeper
/// is killed by the first edged blow that reaches it past its images (B/X Sleep).
pub fn routine_odds(a: &View, t: &View) -> (f64, f64) {
    if crate::actions::killing_blow(a, t).is_some() {
        return (1.0, f64::from(crate::actions::blow_that_kills(t)));
    }
    let bonus = crate::actions::melee_bonus(a);
    let hit = if t.cond.helpless() {
        1.0
    } else {
        swing_odds(a.stats.thac0, t.stats.ac, bonus, false).hit
    };
    // Mirror images take the first hits (counted here as the first swings).
    let swings: Vec<_> = a
        .stats
        .melee
        .iter()
        .skip(usize::from(t.cond.images))
        .map(|m| (hit, m.damage))
        .collect();
    let total = routine_total(&swings);
    (at_least(&total, damage_to_kill(t)), mean(&total))
}

/// `value`, or −∞ (no target at all) for an enemy its blows already kill: a blow at it
/// is spent on the dead.
fn unless_doomed(t: &View, value: f64) -> f64 {
    if t.doomed() { f64::NEG_INFINITY } else { value }
}

/// What one enemy is worth hitting: kills first, then damage, then its own threat.
fn melee_value(a: &View, t: &View) -> f64 {
    let (kill, dmg) = routine_odds(a, t);
    let slots: u8 = t.stats.slots.iter().sum();
    let threat = t.stats.melee.len() as f64 + f64::from(slots) * 2.0;
    kill * 10.0 + dmg / f64::from(t.hp.now.max(1)) + threat * 0.1
}

/// A shot's worth by the odds the engine plays it with (`shot_odds`): a helpless target
/// is hit without a roll, and a hit on mirror images kills nothing. A near miss into a
/// friend counts against it, a friend it may kill as much as an enemy it may; a shot
/// that does its own side more harm than the enemy is no shot at all (−∞: a play-tester
/// watched Cave mouth's rear kobolds sling into their own ranks at armoured heroes).
fn shot_value(world: &World, a: &View, t: &View, plan: &ShotPlan) -> f64 {
    let o = shot_odds(a, t, plan);
    let dmg = mean(&o.damage);
    let lands = if t.cond.images > 0 { 0.0 } else { o.hit };
    let gain = o.kills.unwrap_or(0.0) * 10.0 + lands * dmg;
    let friend = plan
        .cover_model
        .and_then(|c| find(world, c))
        .filter(|c| c.side == a.side);
    let Some(friend) = friend else { return gain };
    let kills_friend = at_least(&o.damage, damage_to_kill(&friend));
    let harm = o.cover * (dmg * 2.0 + kills_friend * 10.0);
    if harm > gain {
        f64::NEG_INFINITY
    } else {
        gain - harm
    }
}

/// First aid, or a cure, for a dying friend in reach.
fn aid(world: &World, v: &View) -> Option<Command> {
    let dying: Vec<View> = in_play(world)
        .into_iter()
        .filter(|o| o.side == v.side && o.cond.down.is_some())
        .collect();
    for d in &dying {
        if !cast_lost(world, v)
            && check_cast(world, v.side, v.id, Spell::CureLightWounds, d.id).is_ok()
        {
            return Some(Command::Cast {
                model: v.id,
                spell: Spell::CureLightWounds,
                target: d.id,
            });
        }
        if check_first_aid(world, v.side, v.id, d.id).is_ok() && v.stats.wis >= 7 {
            return Some(Command::FirstAid {
                model: v.id,
                target: d.id,
            });
        }
    }
    None
}

/// Into contact with a dying friend no one else stands by, to give first aid in its
/// next step: a model that knows it (WIS 7+), out of melee, within a move of it.
fn go_aid(world: &World, v: &View) -> Option<Command> {
    if v.stats.wis < 7 || !foes_in_contact(world, v).is_empty() {
        return None;
    }
    let friends: Vec<View> = in_play(world)
        .into_iter()
        .filter(|o| o.side == v.side && o.id != v.id)
        .collect();
    // Tended by a friend in contact that can still act this round: one that has acted
    // gives no first aid until the next, while the dying bleed.
    let tended = |d: &View| {
        friends.iter().any(|o| {
            o.id != d.id && o.stats.wis >= 7 && o.cond.can_act() && in_contact(&o.base, &d.base)
        })
    };
    friends
        .iter()
        .filter(|d| d.cond.dying() && !d.doomed())
        .filter(|d| !tended(d))
        .find_map(|d| {
            let to = crate::actions::beside(v, d);
            (v.base.center.distance(to) <= v.stats.move_inches
                && check_move_to(world, v.side, v.id, to).is_ok())
            .then(|| Command::Move {
                model: v.id,
                to: to.into(),
            })
        })
}

/// Mirror Image before the enemy reaches the caster: an able enemy within its move.
fn images_wanted(world: &World, v: &View) -> bool {
    v.cond.images == 0
        && enemies_by_distance(world, v)
            .iter()
            .any(|t| t.cond.able() && gap(&t.base, &v.base) <= t.stats.move_inches + 0.5)
}

fn spell(world: &World, v: &View) -> Option<Command> {
    if cast_lost(world, v) {
        return None;
    }
    // The spells the caster may cast now at all, asked once rather than at each target.
    let able: Vec<Spell> = v
        .stats
        .spells
        .iter()
        .copied()
        .filter(|s| check_caster(world, v.side, v.id, *s).is_ok())
        .collect();
    let cast = |s: Spell, t: &View| {
        (able.contains(&s) && check_cast(world, v.side, v.id, s, t.id).is_ok()).then_some(
            Command::Cast {
                model: v.id,
                spell: s,
                target: t.id,
            },
        )
    };
    let foes = enemies_by_distance(world, v);
    if v.hp.now * 3 <= v.hp.max
        && let Some(c) = cast(Spell::CureLightWounds, v)
    {
        return Some(c);
    }
    if images_wanted(world, v)
        && let Some(c) = cast(Spell::MirrorImage, v)
    {
        return Some(c);
    }
    let sleep = foes
        .iter()
        .filter_map(|t| cast(Spell::Sleep, t).map(|c| (sleep_haul(world, t), c)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((haul, c)) = sleep
        && haul >= 2.0
    {
        return Some(c);
    }
    let missile = ONE_D6_PLUS_1.distribution();
    let mm = foes
        .iter()
        .filter_map(|t| {
            cast(Spell::MagicMissile, t).map(|c| {
                (
                    at_least(&missile, damage_to_kill(t)) + t.stats.level as f64 * 0.05,
                    c,
                )
            })
        })
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((p, c)) = mm
        && p >= 0.5
    {
        return Some(c);
    }
    let hold = foes
        .iter()
        .filter(|t| t.cond.able())
        .filter_map(|t| {
            cast(Spell::HoldPerson, t).map(|c| {
                (
                    (1.0 - save_chance(t.stats.save_as.target(SaveKind::Spells) + 2))
                        * f64::from(t.stats.level),
                    c,
                )
            })
        })
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((value, c)) = hold
        && value >= 1.0
    {
        return Some(c);
    }
    able.contains(&Spell::Light)
        .then(|| blind(world, v, &foes))
        .flatten()
}

/// Light in the eyes of the strongest able enemy not yet blinded, when it likely fails
/// its save (the Evil priest's one spell at range).
fn blind(world: &World, v: &View, foes: &[View]) -> Option<Command> {
    foes.iter()
        .filter(|t| t.cond.able() && !t.cond.blinded)
        .filter(|t| check_cast(world, v.side, v.id, Spell::Light, t.id).is_ok())
        .map(|t| {
            let fails = 1.0 - save_chance(t.stats.save_as.target(SaveKind::Spells));
            (fails * f64::from(t.stats.level), t.id)
        })
        .filter(|(value, _)| *value >= 1.0)
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, target)| Command::Cast {
            model: v.id,
            spell: Spell::Light,
            target,
        })
}

/// Enemies a Sleep centred on `t` takes with an average 2d8 (9 HD).
fn sleep_haul(world: &World, t: &View) -> f64 {
    let near: Vec<(usize, f32)> = in_play(world)
        .into_iter()
        .filter(|o| {
            o.side == t.side
                && !o.stats.undead
                && o.cond.able()
                && o.base.center.distance(t.base.center) <= SLEEP_RADIUS
        })
        .enumerate()
        .map(|(i, o)| (i, o.stats.level))
        .collect();
    sleep_victims(9, &near).len() as f64
}

/// A hero at a quarter of its HP or less steps back from melee.
fn withdraw(world: &World, v: &View) -> Option<Command> {
    let foes = foes_in_contact(world, v);
    if !v.stats.hero || foes.is_empty() || v.hp.now * 4 > v.hp.max {
        return None;
    }
    run_away(world, v, true)
}

/// Advance on the enemy this model would hurt most, among those with room for it.
fn approach(world: &World, v: &View) -> Option<Command> {
    let d = |t: &View| f64::from(t.base.center.distance(v.base.center));
    // Each foe weighed once (its melee odds are exact, and costly), not at every
    // comparison of the sort; best first, ties in order of distance.
    let mut foes: Vec<(f64, View)> = enemies_by_distance(world, v)
        .into_iter()
        .map(|t| (melee_value(v, &t) - d(&t) * 0.2, t))
        .collect();
    foes.sort_by(|(a, _), (b, _)| b.total_cmp(a));
    advance_or_detour(world, v, foes.iter().map(|(_, t)| t))
}
