//! Playing an activation: each command is checked whole (see `actions`) before anything
//! changes, then its AP are spent; an activation ends when its AP are gone, after a
//! fight, or on a pass.

use crate::actions::{
    active, check_activate, check_fight, check_magic, check_move, check_shot, check_turn,
};
use crate::battle::{Activation, Battle, View, commander_near, find, in_play_shared, log, roll};
use crate::command::Command;
use crate::components::*;
use crate::fight::{melee, place_danger, take_damage};
use crate::log::LogEvent;
use crate::turn::{done, end_activation};
use bevy_ecs::prelude::*;
use warband_rules::Die;
use warband_rules::Side;
use warband_rules::toy_soldier::clauses::{ACTIVATION, MAGIC, SHOT_REMAINDER};
use warband_rules::toy_soldier::{Spell, activation_ap, landed, magic_roll};
use warband_table::Refusal;

pub(crate) fn apply(world: &mut World, side: Side, command: &Command) -> Result<(), Refusal> {
    match command {
        Command::Activate { unit } => {
            let cost = check_activate(world, side, *unit)?;
            activate(world, side, *unit, cost);
        }
        Command::Done => done(world, side)?,
        Command::UndoMove => crate::undo::undo(world, side)?,
        Command::Pass => {
            active(world, side)?;
            end_activation(world, side);
        }
        // The engine plays deployment itself; it is over by now.
        Command::Deploy(_) => {
            return warband_table::refuse_as(
                warband_table::RefusalKind::OutOfTurn,
                "deployment is over",
            );
        }
        _ => act(world, side, command)?,
    }
    Ok(())
}

/// Pays for the unit, rolls its AP (+1 near the Command unit) and opens its activation.
fn activate(world: &mut World, side: Side, unit: ModelId, cost: u32) {
    let Some(v) = find(world, unit) else { return };
    world.resource_mut::<Battle>().side_mut(side).tokens -= cost;
    world.entity_mut(v.entity).insert(Spent(v.spent + cost));
    let near = commander_near(&in_play_shared(world), &v);
    let face = roll(world, |d| {
        d.roll(
            v.unit.activation_die(),
            format!("{} activation", v.unit.name),
            &ACTIVATION,
        )
    });
    let ap = activation_ap(face, near);
    log(
        world,
        LogEvent::Activated {
            unit,
            cost,
            ap,
            commander: near,
        },
    );
    world.resource_mut::<Battle>().activation = Some(Activation {
        unit,
        ap,
        volleys: Vec::new(),
    });
}

/// A command that spends the active unit's AP.
fn act(world: &mut World, side: Side, command: &Command) -> Result<(), Refusal> {
    let (v, a) = active(world, side)?;
    let ends = match command {
        Command::Defend => defend(world, &v, &a)?,
        Command::Move { step, inches } => {
            let plan = check_move(world, &v, &a, *step, *inches)?;
            spend(world, plan.ap);
            set_base(world, v.entity, v.base.at(plan.end));
            let (from, to) = (v.base.center, plan.end);
            log(
                world,
                LogEvent::Moved {
                    unit: v.id,
                    from: from.into(),
                    to: to.into(),
                    ap: plan.ap,
                },
            );
            charge(world, v.id, plan.charged)
        }
        Command::Pivot { degrees } => {
            let plan = check_turn(world, &v, &a, *degrees)?;
            spend(world, warband_rules::toy_soldier::PIVOT_AP);
            set_base(world, v.entity, plan.base);
            log(
                world,
                LogEvent::Pivoted {
                    unit: v.id,
                    facing: plan.base.facing,
                    from: v.base.facing,
                },
            );
            charge(world, v.id, plan.charged.first().copied())
        }
        Command::Shoot { target, ap } => {
            let plan = check_shot(world, &v, &a, *target, *ap)?;
            spend(world, *ap);
            volley(world, &v, &plan, *ap);
            false
        }
        Command::Fight { target } => {
            let t = check_fight(world, &v, &a, *target)?;
            spend(world, 1);
            melee(world, &v, &t);
            true
        }
        Command::Magic {
            target,
            spell,
            sure,
        } => {
            let t = check_magic(world, &v, &a, *target, *spell, *sure)?;
            spend(world, warband_rules::toy_soldier::magic_cost(*sure));
            cast(world, &v, &t, *spell, *sure);
            false
        }
        Command::Activate { .. }
        | Command::Pass
        | Command::Done
        | Command::UndoMove
        | Command::Deploy(_) => false,
    };
    let left = world.resource::<Battle>().activation.as_ref().map(|a| a.ap);
    if ends || left == Some(0) || left.is_none() {
        end_activation(world, side);
    }
    Ok(())
}

fn spend(world: &mut World, ap: u32) {
    if let Some(a) = world.resource_mut::<Battle>().activation.as_mut() {
        a.ap -= ap;
    }
}

/// 1 AP takes one danger marker off.
fn defend(world: &mut World, v: &View, a: &Activation) -> Result<bool, Refusal> {
    if v.marks.danger == 0 {
        return warband_table::refuse(format!("{} has no danger to defend", v.unit.name));
    }
    if a.ap == 0 {
        return warband_table::refuse("no AP left");
    }
    spend(world, 1);
    let danger = v.marks.danger - 1;
    world
        .entity_mut(v.entity)
        .insert(Marks { danger, ..v.marks });
    log(world, LogEvent::Defended { unit: v.id, danger });
    Ok(false)
}

/// A move or pivot that touched an enemy fights it at once; the activation then ends.
fn charge(world: &mut World, unit: ModelId, target: Option<ModelId>) -> bool {
    let (Some(t), Some(v)) = (target.and_then(|t| find(world, t)), find(world, unit)) else {
        return false;
    };
    melee(world, &v, &t);
    true
}

/// The volley's danger after cover and shields; a remainder is rolled on a d6.
fn volley(world: &mut World, v: &View, plan: &crate::actions::ShotPlan, ap: u32) {
    if let Some(a) = world.resource_mut::<Battle>().activation.as_mut() {
        a.volleys.push(plan.target.id);
    }
    let (whole, need) = landed(ap, plan.protection);
    let extra = need.map_or(0, |n| {
        let face = roll(world, |d| {
            d.roll_needing(
                Die::D6,
                Some(n),
                format!("{} volley remainder", v.unit.name),
                &SHOT_REMAINDER,
            )
        });
        u32::from(face >= n)
    });
    let danger = whole + extra;
    log(
        world,
        LogEvent::Shot {
            shooter: v.id,
            target: plan.target.id,
            ap,
            protection: plan.protection,
            danger,
        },
    );
    place_danger(world, plan.target.id, danger);
}

/// Heal 1 damage or deal 1: sure for 2 AP, or on a d6 4+ for 1 AP (a 1 hurts the
/// caster).
fn cast(world: &mut World, v: &View, t: &View, spell: Spell, sure: bool) {
    let (works, backfires) = if sure {
        (true, false)
    } else {
        let face = roll(world, |d| {
            d.roll_needing(
                Die::D6,
                Some(4),
                format!("{} {spell:?}", v.unit.name),
                &MAGIC,
            )
        });
        magic_roll(face)
    };
    log(
        world,
        LogEvent::Magic {
            caster: v.id,
            target: t.id,
            spell,
            works,
        },
    );
    if works {
        match spell {
            Spell::Heal => {
                let damage = t.marks.damage - 1;
                world
                    .entity_mut(t.entity)
                    .insert(Marks { damage, ..t.marks });
                log(world, LogEvent::Healed { unit: t.id, damage });
            }
            Spell::Curse => take_damage(world, t.id, 1),
        }
    }
    if backfires {
        take_damage(world, v.id, 1);
    }
}
