//! Computer players of Borderlands: `random` and `charge` baselines, and `normal`, which
//! judges every action with the exact odds. Each acts only through `Command`s, one model
//! at a time, checking each candidate with the same checks the engine plays by.

mod charge;
mod normal;
mod random;
mod scripts;

pub use crate::actions::damage_to_kill;
pub use charge::Charge;
pub use normal::{Normal, routine_odds};
pub use random::Random;

use crate::actions::{
    ShotPlan, check_leave, check_melee, check_move_to, check_shot, foes_in_contact,
};
use crate::battle::{View, in_play_shared};
use crate::command::Command;
use crate::engine::{Borderlands, Engine};
use bevy_ecs::world::World;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_table::components::ModelId;
use warband_table::geometry::distance_to_segment;
pub use warband_table::player::Policy;

pub use warband_table::player::Baseline as AiKind;

/// The computer player of this kind.
pub fn policy(kind: AiKind, seed: u64) -> Box<dyn Policy<Borderlands>> {
    match kind {
        AiKind::Random => Box::new(Random::new(seed)),
        AiKind::Charge => Box::new(Charge),
        AiKind::Normal => Box::new(Normal),
        AiKind::Easy => Box::new(warband_table::search::Easy::<Borderlands>::new(seed)),
        AiKind::Hard => Box::new(warband_table::search::Hard::<Borderlands>::new(seed)),
    }
}

/// What a played battle of Borderlands sent and how long its players thought.
pub type Played = warband_table::player::Played<Command>;

/// Plays a battle to its end with one player per side.
pub fn play(
    engine: &mut Engine,
    a: &mut dyn Policy<Borderlands>,
    b: &mut dyn Policy<Borderlands>,
) -> Played {
    warband_table::player::play::<Borderlands>(engine, a, b)
}

/// The side's models that can still act this round, in id order.
pub fn ready(world: &World, side: Side) -> Vec<View> {
    if world
        .resource::<crate::battle::Battle>()
        .side(side)
        .morale
        .fled
    {
        return Vec::new();
    }
    in_play_shared(world)
        .iter()
        .filter(|v| v.side == side && v.cond.can_act())
        .cloned()
        .collect()
}

/// Enemies of `v`, nearest first (ties by id). Each distance is measured once, not at
/// every comparison of the sort.
pub fn enemies_by_distance(world: &World, v: &View) -> Vec<View> {
    let mut foes: Vec<(f32, View)> = in_play_shared(world)
        .iter()
        .filter(|o| o.side != v.side)
        .map(|o| (o.base.center.distance(v.base.center), o.clone()))
        .collect();
    foes.sort_by(|(da, a), (db, b)| da.total_cmp(db).then(a.id.cmp(&b.id)));
    foes.into_iter().map(|(_, o)| o).collect()
}

/// The furthest legal advance of `v` at `target` (into contact if it reaches): straight
/// at it, else veering up to 80° either way round whatever is in the way; None if every
/// try is refused or gains nothing.
pub fn advance(world: &World, v: &View, target: &View) -> Option<Command> {
    let from = v.base.center;
    let to_target = target.base.center - from;
    let gap = to_target.length();
    let step = v.stats.move_inches;
    if gap <= step && check_move_to(world, v.side, v.id, target.base.center).is_ok() {
        return Some(Command::Move {
            model: v.id,
            to: target.base.center.into(),
        });
    }
    for degrees in [0.0f32, 25.0, -25.0, 50.0, -50.0, 80.0, -80.0] {
        let dir = Vec2::from_angle(degrees.to_radians()).rotate(to_target / gap.max(1e-3));
        for frac in [1.0f32, 0.5] {
            let to = from + dir * step.min(gap) * frac;
            if to.distance(target.base.center) < gap - 0.25
                && check_move_to(world, v.side, v.id, to).is_ok()
            {
                return Some(Command::Move {
                    model: v.id,
                    to: to.into(),
                });
            }
        }
    }
    None
}

/// An advance on the first of `foes` that `v` can advance on, else a detour round the
/// crowd in the way of the first it can go round (a play-tester's owlbears held for two
/// rounds behind sleeping friends while the party came to kill them).
pub fn advance_or_detour<'a>(
    world: &World,
    v: &View,
    foes: impl Iterator<Item = &'a View> + Clone,
) -> Option<Command> {
    if let Some(c) = foes.clone().find_map(|t| advance(world, v, t)) {
        return Some(c);
    }
    // Every other base, with the room the mover needs beside it, read once for every
    // enemy tried.
    let r = v.base.shape.reach();
    let others: Vec<(ModelId, Vec2, f32)> = in_play_shared(world)
        .iter()
        .filter(|o| o.id != v.id)
        .map(|o| (o.id, o.base.center, o.base.shape.reach() + r))
        .collect();
    foes.into_iter().find_map(|t| detour(world, v, t, &others))
}

/// With no straight advance on `target`, the legal move (every 30°, a whole, half or
/// quarter move) from whose end the way to it is clear of every other base, nearest
/// it; None if there is none.
fn detour(
    world: &World,
    v: &View,
    target: &View,
    others: &[(ModelId, Vec2, f32)],
) -> Option<Command> {
    let (from, aim) = (v.base.center, target.base.center);
    // The way runs to where the two bases would touch, not to the target's centre: a
    // model in contact with the target (a rank, a melee) stands beside that end, not on
    // the way.
    let touch = v.base.shape.reach() + target.base.shape.reach();
    let clear = |start: Vec2| {
        let end = aim - (aim - start).normalize_or_zero() * touch;
        others
            .iter()
            .filter(|(id, ..)| *id != target.id)
            .all(|(_, c, room)| distance_to_segment(*c, start, end) > *room)
    };
    let mut best: Option<(f32, Vec2)> = None;
    for k in 0..12u8 {
        let dir = Vec2::from_angle((f32::from(k) * 30.0).to_radians());
        for frac in [1.0f32, 0.5, 0.25] {
            let to = from + dir * v.stats.move_inches * frac;
            let d = to.distance(aim);
            if best.is_none_or(|(b, _)| d < b)
                && clear(to)
                && check_move_to(world, v.side, v.id, to).is_ok()
            {
                best = Some((d, to));
            }
        }
    }
    best.map(|(_, to)| Command::Move {
        model: v.id,
        to: to.into(),
    })
}

/// The highest-scoring candidate (the lower id on a tie), each scored once; a score of
/// −∞ rules a candidate out.
fn best(scored: impl Iterator<Item = (f64, ModelId)>) -> Option<ModelId> {
    scored
        .filter(|(score, _)| *score > f64::NEG_INFINITY)
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, id)| id)
}

/// A legal melee for `v`, if it touches an enemy: the target `pick` prefers.
pub fn melee_on(world: &World, v: &View, pick: impl Fn(&View) -> f64) -> Option<Command> {
    let targets = foes_in_contact(world, v)
        .into_iter()
        .filter(|t| check_melee(world, v.side, v.id, t.id).is_ok())
        .map(|t| (pick(&t), t.id));
    best(targets).map(|target| Command::Melee {
        model: v.id,
        target,
    })
}

/// A legal shot for `v` at the enemy `pick` prefers, given how the shot would be rolled.
pub fn shot_on(world: &World, v: &View, pick: impl Fn(&View, &ShotPlan) -> f64) -> Option<Command> {
    v.stats.missile.as_ref()?;
    let targets = enemies_by_distance(world, v).into_iter().filter_map(|t| {
        let plan = check_shot(world, v.side, v.id, t.id).ok()?;
        Some((pick(&t, &plan), t.id))
    });
    best(targets).map(|target| Command::Shoot {
        model: v.id,
        target,
    })
}

/// A retreat straight away from the enemies in contact, if one is legal.
pub fn run_away(world: &World, v: &View, half: bool) -> Option<Command> {
    let foes = foes_in_contact(world, v);
    let centre = foes.iter().map(|f| f.base.center).sum::<Vec2>() / foes.len().max(1) as f32;
    let dir = (v.base.center - centre).normalize_or(Vec2::Y);
    let reach = if half {
        v.stats.move_inches / 2.0
    } else {
        v.stats.move_inches
    };
    [1.0f32, 0.6, 0.3].into_iter().find_map(|f| {
        let to = v.base.center + dir * reach * f;
        check_leave(world, v.side, v.id, to, half).ok().map(|_| {
            let to = to.into();
            if half {
                Command::Withdraw { model: v.id, to }
            } else {
                Command::Retreat { model: v.id, to }
            }
        })
    })
}
