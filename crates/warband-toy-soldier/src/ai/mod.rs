//! Computer players of Toy Soldier: `random` and `charge` baselines, and `normal`, which
//! spends tokens and AP with the exact odds. Each acts only through `Command`s, checking
//! each with the same checks the engine plays by.

mod charge;
mod normal;
mod random;

pub use charge::Charge;
pub use normal::Normal;
pub use random::Random;

use crate::actions::{active, check_activate, check_move, check_shot, check_turn, others};
use crate::battle::{Activation, Battle, View, in_play};
use crate::command::Command;
use crate::components::TerrainMap;
use crate::engine::ToySoldier;
use bevy_ecs::world::World;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_rules::toy_soldier::{Step, move_step, reach};
use warband_table::geometry::facing::{to_local, to_world};
use warband_table::geometry::{Mover, furthest_legal, gap};
pub use warband_table::player::Policy;

pub use warband_table::player::Baseline as AiKind;

/// The computer player of this kind.
pub fn policy(kind: AiKind, seed: u64) -> Box<dyn Policy<ToySoldier>> {
    match kind {
        AiKind::Random => Box::new(Random::new(seed)),
        AiKind::Charge => Box::new(Charge),
        AiKind::Normal => Box::new(Normal),
    }
}

/// The side's units it may activate now, in id order.
fn activatable(world: &World, side: Side) -> Vec<View> {
    in_play(world)
        .into_iter()
        .filter(|v| v.side == side && check_activate(world, side, v.id).is_ok())
        .collect()
}

/// The enemies of `v`, nearest first (ties in id order). Each gap is measured once,
/// not at every comparison of the sort: between rectangular bases it is a GJK query.
fn enemies_by_distance(world: &World, v: &View) -> Vec<View> {
    let mut out: Vec<(f32, View)> = in_play(world)
        .into_iter()
        .filter(|t| t.side != v.side)
        .map(|t| (gap(&v.base, &t.base), t))
        .collect();
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out.into_iter().map(|(_, t)| t).collect()
}

/// Degrees `v` must turn to face `t`'s centre (counter-clockwise positive).
fn bearing(v: &View, t: &View) -> f32 {
    let l = to_local(&v.base, t.base.center);
    bevy_math::Vec2::Y.angle_to(l).to_degrees()
}

/// The turn towards `t`, if it is more than `slack` degrees off the facing and legal.
fn face(world: &World, v: &View, a: &Activation, t: &View, slack: f32) -> Option<Command> {
    let off = bearing(v, t);
    if off.abs() <= slack {
        return None;
    }
    let degrees = off.clamp(-90.0, 90.0);
    check_turn(world, v, a, degrees)
        .is_ok()
        .then_some(Command::Pivot { degrees })
}

/// Straight ahead towards `t`, as far as the AP (keeping `keep`) carry, no further
/// than `stop` short of it, and no further than the way is clear; a path that meets an
/// enemy charges it. Nothing under half an inch unless it charges.
fn advance(
    world: &World,
    v: &View,
    a: &Activation,
    t: &View,
    keep: u32,
    stop: f32,
) -> Option<Command> {
    let ap = a.ap.checked_sub(keep).filter(|ap| *ap > 0)?;
    let far = reach(ap, move_step(v.unit.kind, Step::Forward), &[]);
    let wanted = (gap(&v.base, &t.base) - stop + 0.05).min(far);
    if wanted < 0.05 {
        return None;
    }
    let mover = Mover {
        id: v.id,
        base: v.base,
        allowance: wanted,
    };
    let toward = v.base.center + to_world(v.base.facing, Vec2::Y) * wanted;
    let b = world.resource::<Battle>();
    let terrain = &world.resource::<TerrainMap>().0;
    let clear = furthest_legal(&mover, toward, b.table, &others(world, v), terrain);
    let go = v.base.center.distance(clear.end);
    // Rough ground may cost more than open: shorter until it fits.
    [1.0, 0.75, 0.5, 0.25]
        .into_iter()
        .map(|f| go * f)
        .take_while(|d| *d >= 0.5 || !clear.charged.is_empty())
        .find(|d| check_move(world, v, a, Step::Forward, *d).is_ok_and(|p| p.ap <= ap))
        .map(|inches| Command::Move {
            step: Step::Forward,
            inches,
        })
}

/// A step sideways round whatever blocks the way to `t`: towards the side `t` lies on,
/// else the other.
fn sidestep(world: &World, v: &View, a: &Activation, t: &View) -> Option<Command> {
    let right = to_local(&v.base, t.base.center).x >= 0.0;
    let sides = if right {
        [Step::Right, Step::Left]
    } else {
        [Step::Left, Step::Right]
    };
    sides.into_iter().find_map(|step| {
        let inches = reach(a.ap.min(2), move_step(v.unit.kind, step), &[]);
        check_move(world, v, a, step, inches)
            .is_ok()
            .then_some(Command::Move { step, inches })
    })
}

/// The best volley of the active unit with all its AP: the target taking most danger.
fn best_volley(world: &World, v: &View, a: &Activation) -> Option<(Command, f64)> {
    in_play(world)
        .into_iter()
        .filter(|t| t.side != v.side)
        .filter_map(|t| {
            let plan = check_shot(world, v, a, t.id, a.ap).ok()?;
            let expected = f64::from(a.ap) / f64::from(plan.protection.divisor());
            Some((
                Command::Shoot {
                    target: t.id,
                    ap: a.ap,
                },
                expected,
            ))
        })
        .max_by(|x, y| x.1.total_cmp(&y.1))
}

/// The side's active unit, if one is open.
fn open(world: &World, side: Side) -> Option<(View, Activation)> {
    active(world, side).ok()
}
