//! The round (seed "Combat Sequence Flow"): initiative → each side's step in initiative
//! order (or one shared step on a tie, effects landing together) → resolution (death
//! saves, bleeding, morale, victory) → the next round.

use crate::battle::{
    Battle, ModelIndex, Trigger, View, can_fight, find, in_play, land, log, roll, slay,
};
use crate::command::Command;
use crate::components::*;
use crate::log::LogEvent;
use crate::{actions, spells};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use bevy_state::prelude::*;
use serde::{Deserialize, Serialize};
use warband_rules::borderlands::SaveKind;
use warband_rules::borderlands::clauses::{DEATH_SAVE, INITIATIVE, MORALE};
use warband_rules::borderlands::rules::{Order, bled_out, death_save_due, initiative, saves};
use warband_rules::morale::{MoraleNeed, morale_need};
use warband_rules::{Die, Side};
use warband_table::engine::Outcome;
use warband_table::geometry::{FleeEnd, Mover, flee_from};
use warband_table::{Refusal, RefusalKind, refuse_as};

mod end_of_round;
use end_of_round::*;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    #[default]
    Deploy,
    Initiative,
    Step,
    Resolution,
    Over,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Phase>();
    app.add_systems(OnEnter(Phase::Initiative), start_round);
    app.add_systems(OnEnter(Phase::Resolution), resolve);
}

fn go(world: &mut World, next: Phase) {
    let next = if world.resource::<Battle>().outcome.is_some() {
        Phase::Over
    } else {
        next
    };
    world.resource_mut::<NextState<Phase>>().set(next);
}

pub fn current(world: &World) -> Phase {
    *world.resource::<State<Phase>>().get()
}

pub fn awaiting(world: &World) -> Option<Side> {
    let b = world.resource::<Battle>();
    let pending = !matches!(*world.resource::<NextState<Phase>>(), NextState::Unchanged);
    (current(world) == Phase::Step && !pending && b.outcome.is_none())
        .then_some(b.step.acting)
        .flatten()
}

/// Initiative: a d6 a side; higher goes first, a tie acts together.
fn start_round(world: &mut World) {
    let b = world.resource::<Battle>();
    if b.round >= b.round_limit {
        return finish_on_points(world);
    }
    let round = {
        let mut b = world.resource_mut::<Battle>();
        b.round += 1;
        b.melee_attackers.clear();
        b.round
    };
    log(world, LogEvent::RoundStarted { round });
    for e in world.resource::<ModelIndex>().0.clone() {
        if let Some(mut c) = world.get_mut::<Condition>(e) {
            c.acted = false;
            c.hurt = false;
        }
    }
    let (a, b) = roll(world, |d| {
        (
            d.roll(Die::D6, "initiative A", &INITIATIVE),
            d.roll(Die::D6, "initiative B", &INITIATIVE),
        )
    });
    let order = initiative(a, b);
    log(world, LogEvent::Initiative { a, b, order });
    let first = if order == Order::BFirst {
        Side::B
    } else {
        Side::A
    };
    {
        let mut battle = world.resource_mut::<Battle>();
        battle.order = order;
        battle.step = crate::battle::Step {
            acting: None,
            done: [false; 2],
            together: order == Order::Together,
        };
    }
    if order == Order::Together {
        begin_side(world, Side::B);
    }
    begin_side(world, first);
    go(world, Phase::Step);
}

/// A side's step begins: ongoing saves, then a fleeing side runs and is done.
fn begin_side(world: &mut World, side: Side) {
    let together = world.resource::<Battle>().step.together;
    log(world, LogEvent::StepStarted { side, together });
    spells::ongoing_saves(world, side);
    world.resource_mut::<Battle>().step.acting = Some(side);
    if world.resource::<Battle>().side(side).morale.fled {
        flee(world, side);
        end_step(world, side);
    }
}

/// Each model of a fleeing side runs its full move from the nearest enemy (a retreat,
/// so enemies in contact strike first), along a cliff or a wall that bars the way
/// straight away (`flee_from`); off the table it is out of action.
fn flee(world: &mut World, side: Side) {
    for v in in_play(world)
        .into_iter()
        .filter(|v| v.side == side && v.cond.can_act())
    {
        actions::parting_blows(world, v.id);
        let Some(v) = find(world, v.id) else { continue };
        let Some(foe) = in_play(world)
            .into_iter()
            .filter(|o| o.side != side)
            .min_by(|a, b| {
                a.base
                    .center
                    .distance(v.base.center)
                    .total_cmp(&b.base.center.distance(v.base.center))
            })
        else {
            continue;
        };
        let mover = Mover {
            id: v.id,
            base: v.base,
            allowance: v.stats.move_inches,
        };
        let others = actions::others(world, &v);
        let table = world.resource::<Battle>().table;
        let terrain = world.resource::<TerrainMap>().0.clone();
        let (end, _) = flee_from(&mover, foe.base.center, table, &others, &terrain);
        fled_to(world, &v, end);
    }
}

fn fled_to(world: &mut World, v: &View, end: FleeEnd) {
    match end {
        FleeEnd::Stays => {}
        FleeEnd::OffTable => {
            world.entity_mut(v.entity).insert(OutOfAction);
            log(world, LogEvent::FledTable { model: v.id });
        }
        FleeEnd::At(p) => {
            set_base(world, v.entity, v.base.at(p));
            log(
                world,
                LogEvent::Moved {
                    model: v.id,
                    from: v.base.center.into(),
                    to: p.into(),
                    engaged: vec![],
                },
            );
        }
    }
}

/// Validates and plays one command of `side`.
pub fn apply(world: &mut World, side: Side, command: &Command) -> Result<(), Refusal> {
    if world.resource::<Battle>().outcome.is_some() {
        return refuse_as(RefusalKind::OutOfTurn, "the battle is over");
    }
    match awaiting(world) {
        Some(s) if s == side => {}
        Some(s) => return refuse_as(RefusalKind::OutOfTurn, format!("it is {s}'s step")),
        None => return refuse_as(RefusalKind::OutOfTurn, "no side acts now"),
    }
    let at = |p: &(f32, f32)| Vec2::new(p.0, p.1);
    match command {
        Command::EndStep => {
            end_step(world, side);
            return Ok(());
        }
        Command::UndoMove => return crate::undo::undo(world, side),
        Command::Move { model, to } => actions::do_move(world, side, *model, at(to)),
        Command::Withdraw { model, to } => actions::do_withdraw(world, side, *model, at(to)),
        Command::Retreat { model, to } => actions::do_retreat(world, side, *model, at(to)),
        Command::Melee { model, target } => actions::do_melee(world, side, *model, *target),
        Command::Shoot { model, target } => actions::do_shoot(world, side, *model, *target),
        Command::Cast {
            model,
            spell,
            target,
        } => spells::do_cast(world, side, *model, *spell, *target),
        Command::FirstAid { model, target } => actions::do_first_aid(world, side, *model, *target),
        Command::Hold { model } => actions::do_hold(world, side, *model),
        // The engine plays deployment itself; it is over by now.
        Command::Deploy(_) => refuse_as(RefusalKind::OutOfTurn, "deployment is over"),
    }?;
    after_action(world, side);
    Ok(())
}

/// In a side's own step effects land at once; in a shared step the turn passes to the
/// other side (if it has not ended) and effects wait.
fn after_action(world: &mut World, side: Side) {
    let step = world.resource::<Battle>().step.clone();
    if !step.together {
        land(world);
        check_victory(world);
        if world.resource::<Battle>().outcome.is_some() {
            go(world, Phase::Over);
        }
    } else if !step.done[side.other().index()] {
        world.resource_mut::<Battle>().step.acting = Some(side.other());
    }
}

/// A side ends its step; the next side begins, or resolution.
fn end_step(world: &mut World, side: Side) {
    let (together, other_done) = {
        let mut b = world.resource_mut::<Battle>();
        b.step.done[side.index()] = true;
        (b.step.together, b.step.done[side.other().index()])
    };
    if other_done {
        world.resource_mut::<Battle>().step.acting = None;
        go(world, Phase::Resolution);
    } else if together {
        world.resource_mut::<Battle>().step.acting = Some(side.other());
    } else {
        land(world);
        check_victory(world);
        if world.resource::<Battle>().outcome.is_some() {
            return go(world, Phase::Over);
        }
        begin_side(world, side.other());
    }
}

/// Resolution: effects land; every hero who fell or was hit again this round and is
/// still at 0 HP or below saves vs death (stabilised or not); the others bleeding lose
/// 1 HP; morale.
fn resolve(world: &mut World) {
    land(world);
    for v in in_play(world) {
        let Some(down) = v.cond.down else { continue };
        if death_save_due(v.hp.now, down == Down::Fallen, v.cond.hurt) {
            death_save(world, &v);
        } else if down == Down::Bleeding {
            bleed(world, &v);
        }
    }
    for side in Side::BOTH {
        morale(world, side);
    }
    check_victory(world);
    go(world, Phase::Initiative);
}

/// A side with no model able to fight loses (both: a draw).
fn check_victory(world: &mut World) {
    if world.resource::<Battle>().outcome.is_some() {
        return;
    }
    let w: &World = world;
    let [a, b] = warband_table::frozen::frozen(w, || Side::BOTH.map(|s| can_fight(w, s)));
    let outcome = match (a, b) {
        (true, true) => return,
        (true, false) => Outcome {
            winner: Some(Side::A),
            reason: "B has no model able to fight".into(),
        },
        (false, true) => Outcome {
            winner: Some(Side::B),
            reason: "A has no model able to fight".into(),
        },
        (false, false) => Outcome {
            winner: None,
            reason: "neither side can fight".into(),
        },
    };
    set_outcome(world, outcome);
}

fn set_outcome(world: &mut World, o: Outcome) {
    log(world, crate::log::Entry::ended(&o));
    world.resource_mut::<Battle>().outcome = Some(o);
}

/// After the round limit, more HP removed wins.
fn finish_on_points(world: &mut World) {
    let [a, b] = Side::BOTH.map(|s| world.resource::<Battle>().side(s).hp_removed);
    let winner = match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Side::A),
        std::cmp::Ordering::Less => Some(Side::B),
        std::cmp::Ordering::Equal => None,
    };
    set_outcome(
        world,
        Outcome {
            winner,
            reason: format!("round limit: HP removed {a} to {b}"),
        },
    );
    go(world, Phase::Over);
}
