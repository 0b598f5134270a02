//! The checks behind every command of an activation (players call them too, so they
//! never send what the engine would refuse) and the plans they return.

use crate::battle::{Activation, Battle, View, find, places};
use crate::components::TerrainMap;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_rules::toy_soldier::{
    MOST_PIVOT, ShotCover, Spell, Step, activation_cost, ap_for_move, magic_range, move_step,
    reach, shot_range,
};
use warband_table::components::ModelId;
use warband_table::geometry::facing::to_world;
use warband_table::geometry::{
    Crossed, Mover, Other, PivotCheck, Placed, TerrainShape, check_pivot, gap, gap_at_most,
    in_contact, in_front_arc,
};
use warband_table::{Refusal, RefusalKind, refuse, refuse_as};

mod fire;
pub use fire::shot_stopped_at;

/// Every other unit on the table, as a moving base sees it.
pub fn others(world: &World, v: &View) -> Vec<Other> {
    places(world)
        .iter()
        .filter(|(id, _, _)| *id != v.id)
        .map(|&(id, side, base)| Other {
            id,
            base,
            enemy: side != v.side,
        })
        .collect()
}

/// The side's active unit and what it has left.
pub fn active(world: &World, side: Side) -> Result<(View, Activation), Refusal> {
    let b = world.resource::<Battle>();
    let Some(a) = b.activation.clone() else {
        return refuse("no unit is active: activate one first");
    };
    match find(world, a.unit) {
        Some(v) if v.side == side => Ok((v, a)),
        _ => refuse("the active unit is not yours"),
    }
}

/// What activating `unit` costs, if `side` may.
pub fn check_activate(world: &World, side: Side, unit: ModelId) -> Result<u32, Refusal> {
    let b = world.resource::<Battle>();
    if let Some(a) = &b.activation {
        return refuse(format!(
            "unit {} is still active: pass or spend its AP first",
            a.unit
        ));
    }
    let Some(v) = find(world, unit).filter(|v| v.side == side) else {
        return refuse_as(
            RefusalKind::NoSuchModel,
            format!("unit {unit} is not one of your units in play"),
        );
    };
    let cost = activation_cost(v.spent);
    let tokens = b.side(side).tokens;
    if cost > tokens {
        return refuse(format!(
            "activating {} again costs {cost} tokens; you have {tokens}",
            v.unit.name
        ));
    }
    Ok(cost)
}

/// Moving, pivoting, shooting and fighting wait until every danger is defended.
fn undangered(v: &View) -> Result<(), Refusal> {
    if v.marks.danger > 0 {
        return refuse(format!(
            "{} must first defend against the {} danger on it (1 AP each)",
            v.unit.name, v.marks.danger
        ));
    }
    Ok(())
}

fn afford(a: &Activation, ap: u32) -> Result<(), Refusal> {
    if ap > a.ap {
        return refuse(format!("that needs {ap} AP; {} left", a.ap));
    }
    Ok(())
}

/// How far stretches (from, to) cover, counting once where two overlap (a stream
/// through a wood).
fn covered(stretches: &[(f32, f32)]) -> f32 {
    let mut sorted = stretches.to_vec();
    sorted.sort_by(|x, y| x.0.total_cmp(&y.0));
    let (mut total, mut reached) = (0.0, f32::NEG_INFINITY);
    for (a, b) in sorted {
        total += (b - a.max(reached)).max(0.0);
        reached = reached.max(b);
    }
    total
}

/// Inches as the rules' texts write them (`1.8"`).
fn inches_said(x: f32) -> String {
    format!("{x:.1}\"")
}

/// The stretches of a straight path inside rough ground, in inches from its start.
pub fn rough_along(terrain: &[TerrainShape], from: Vec2, to: Vec2) -> Vec<(f32, f32)> {
    let length = from.distance(to);
    terrain
        .iter()
        .filter(|t| t.flags.rough)
        .filter_map(|t| t.segment_inside(from, to))
        .map(|(a, b)| (a * length, b * length))
        .collect()
}

/// A legal move: where it ends, its AP, the enemy it charges, and the inches of it
/// through rough ground (at half pace).
#[derive(Clone, Debug, PartialEq)]
pub struct MovePlan {
    pub end: Vec2,
    pub ap: u32,
    pub charged: Option<ModelId>,
    pub rough: f32,
}

/// How far the AP `a` has left carry `v` the way `step` over open ground.
pub fn open_reach(v: &View, a: &Activation, step: Step) -> f32 {
    reach(a.ap, move_step(v.unit.kind, step), &[])
}

pub fn check_move(
    world: &World,
    v: &View,
    a: &Activation,
    step: Step,
    inches: f32,
) -> Result<MovePlan, Refusal> {
    undangered(v)?;
    if !(inches.is_finite() && inches > 0.01 && inches <= 100.0) {
        return refuse(format!("a move of {inches}\" is not a distance"));
    }
    let b = world.resource::<Battle>();
    let terrain = &world.resource::<TerrainMap>().0;
    let to = v.base.center + to_world(v.base.facing, Vec2::from(step.local())) * inches;
    let mover = Mover {
        id: v.id,
        base: v.base,
        allowance: f32::INFINITY,
    };
    let check =
        warband_table::geometry::check_move(&mover, to, b.table, &others(world, v), terrain)
            .map_err(|e| Refusal::of_move(world, e))?;
    let moved = v.base.center.distance(check.end);
    if moved < 0.01 {
        return refuse("the unit cannot move that way: it is already touching what is there");
    }
    let per_ap = move_step(v.unit.kind, step);
    let stretches = rough_along(terrain, v.base.center, check.end);
    let ap = ap_for_move(moved, per_ap, &stretches);
    let rough = covered(&stretches);
    // The cost of rough ground said, where it made the move dearer than it looks.
    afford(a, ap).map_err(|r| match rough > 0.01 {
        true => Refusal(
            format!(
                "{} ({} of it through rough ground, at half pace)",
                r.0,
                inches_said(rough)
            ),
            r.1,
        ),
        false => r,
    })?;
    Ok(MovePlan {
        end: check.end,
        ap,
        charged: check.charged.first().copied(),
        rough,
    })
}

/// A pivot of up to 90° about the centre, 1 AP; one that ends touching an enemy charges.
pub fn check_turn(
    world: &World,
    v: &View,
    a: &Activation,
    degrees: f32,
) -> Result<PivotCheck, Refusal> {
    undangered(v)?;
    afford(a, warband_rules::toy_soldier::PIVOT_AP)?;
    if !(degrees.is_finite() && degrees.abs() > 0.01 && degrees.abs() <= MOST_PIVOT + 1e-3) {
        return refuse(format!("a pivot turns up to {MOST_PIVOT}°, not {degrees}°"));
    }
    let b = world.resource::<Battle>();
    let terrain = &world.resource::<TerrainMap>().0;
    check_pivot(
        &v.base,
        degrees.to_radians(),
        b.table,
        &others(world, v),
        terrain,
    )
    .map_err(|e| Refusal::of_move(world, e))
}

/// A legal volley: the target and what protects it.
#[derive(Clone, Debug)]
pub struct ShotPlan {
    pub target: View,
    pub protection: ShotCover,
    /// Where the cover that halves it lies (see [`cover_on_line`]).
    pub cover_at: Option<Vec2>,
}

pub fn check_shot(
    world: &World,
    v: &View,
    a: &Activation,
    target: ModelId,
    ap: u32,
) -> Result<ShotPlan, Refusal> {
    if !v.unit.shoots() {
        return refuse(format!("{} has no ranged weapons", v.unit.name));
    }
    undangered(v)?;
    if ap == 0 {
        return refuse("a volley needs at least 1 AP");
    }
    afford(a, ap)?;
    if a.volleys.contains(&target) {
        return refuse(format!(
            "unit {target} has had this activation's volley: shoot all of it at once"
        ));
    }
    let Some(t) = find(world, target).filter(|t| t.side != v.side) else {
        return refuse_as(
            RefusalKind::NoSuchModel,
            format!("unit {target} is not an enemy in play"),
        );
    };
    let all = places(world);
    if all
        .iter()
        .any(|(_, side, base)| *side != v.side && in_contact(base, &v.base))
    {
        return refuse(format!("{} is in melee and cannot shoot", v.unit.name));
    }
    if !in_front_arc(&v.base, &t.base) {
        return refuse(format!(
            "{} is not in the front 90° of {}",
            t.unit.name, v.unit.name
        ));
    }
    let range = gap(&v.base, &t.base);
    let reach = shot_range(&v.unit);
    if range > reach {
        return refuse(format!(
            "{range:.1}\" to {}, beyond the reach of {} ({reach}\")",
            t.unit.name, v.unit.name
        ));
    }
    let terrain = &world.resource::<TerrainMap>().0;
    match fire::stopper(&fire::line(&all, v, &t, terrain)) {
        Some(Crossed::Terrain(i)) => return Err(Refusal::sight_blocked(world, i)),
        Some(Crossed::Base(c)) => return refuse(format!("unit {c} is in the way")),
        None => {}
    }
    let cover_at = cover_on_line(terrain, v.base.center, &t.base);
    let protection = ShotCover {
        cover: cover_at.is_some(),
        shields: t.unit.shields,
    };
    Ok(ShotPlan {
        target: t,
        protection,
        cover_at,
    })
}

/// Where cover protects a volley shot from `from` at `target`, if any does: the first
/// piece of cover the line of fire enters (not one the shooter stands in), at the point
/// it enters it, or a piece the target touches, at the target.
pub fn cover_on_line(terrain: &[TerrainShape], from: Vec2, target: &Placed) -> Option<Vec2> {
    let to = target.center;
    terrain.iter().filter(|p| p.flags.cover).find_map(|p| {
        let crossed = p
            .segment_inside(from, to)
            .filter(|_| !p.contains(from))
            .map(|(t_in, _)| from.lerp(to, t_in));
        crossed.or_else(|| p.touches(target).then_some(to))
    })
}

/// Whether `v` could shoot `t` at all, by facing and range alone: a condition of
/// [`check_shot`] that costs no line of fire and builds no refusal, which a player
/// asks first of every enemy (where it fails, so does `check_shot`).
pub fn could_shoot(v: &View, t: &View) -> bool {
    v.unit.shoots()
        && in_front_arc(&v.base, &t.base)
        && gap_at_most(&v.base, &t.base, shot_range(&v.unit))
}

/// Whether `v` touches `t`: a condition of [`check_fight`], asked first of every enemy
/// as [`could_shoot`] is.
pub fn could_fight(v: &View, t: &View) -> bool {
    in_contact(&t.base, &v.base)
}

/// 1 AP to fight an enemy the unit touches.
pub fn check_fight(
    world: &World,
    v: &View,
    a: &Activation,
    target: ModelId,
) -> Result<View, Refusal> {
    undangered(v)?;
    afford(a, 1)?;
    match find(world, target) {
        Some(t) if t.side != v.side && could_fight(v, &t) => Ok(t),
        _ => refuse(format!(
            "unit {target} is not an enemy touching {}",
            v.unit.name
        )),
    }
}

/// A heal on a damaged friend or a curse on an enemy, within the die's maximum.
pub fn check_magic(
    world: &World,
    v: &View,
    a: &Activation,
    target: ModelId,
    spell: Spell,
    sure: bool,
) -> Result<View, Refusal> {
    if !v.unit.magical {
        return refuse(format!("{} is not magical", v.unit.name));
    }
    afford(a, warband_rules::toy_soldier::magic_cost(sure))?;
    let Some(t) = find(world, target) else {
        return refuse(format!("unit {target} is not in play"));
    };
    match spell {
        Spell::Heal if t.side != v.side => return refuse("heal a friendly unit"),
        Spell::Heal if t.marks.damage == 0 => {
            return refuse(format!("{} has no damage to heal", t.unit.name));
        }
        Spell::Curse if t.side == v.side => return refuse("curse an enemy unit"),
        _ => {}
    }
    let reach = magic_range(&v.unit);
    let range = gap(&v.base, &t.base).max(0.0);
    if range > reach {
        return refuse(format!(
            "{range:.1}\" to {}, beyond the spell's reach ({reach}\")",
            t.unit.name
        ));
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    /// Rough ground said is counted once where two rough pieces overlap.
    #[test]
    fn overlapping_stretches_are_covered_once() {
        assert_eq!(super::covered(&[(1.0, 3.0), (2.0, 5.0), (6.0, 7.0)]), 5.0);
        assert_eq!(super::covered(&[(2.0, 3.0), (0.0, 4.0)]), 4.0);
        assert_eq!(super::covered(&[]), 0.0);
    }
}
