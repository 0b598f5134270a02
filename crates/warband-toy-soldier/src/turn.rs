//! The turn (seed and RULINGS): roll off, alternate activations paid with tokens, a side
//! out of tokens leaves the rest to the other (which may spend them or end the turn),
//! tokens reset; after the turn limit, points of enemy units removed decide.

use crate::actions::check_activate;
use crate::battle::{Battle, ModelIndex, end_battle, find, in_play, in_play_shared, log, roll};
use crate::components::*;
use crate::log::LogEvent;
use crate::{activation, fight};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use serde::{Deserialize, Serialize};
use warband_rules::toy_soldier::activation_cost;
use warband_rules::toy_soldier::clauses::ROLL_OFF;
use warband_rules::{Die, Side};
use warband_table::engine::Outcome;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    #[default]
    Deploy,
    /// Tokens reset and the roll-off: plays itself.
    TurnStart,
    /// Sides activate units in turn.
    Activations,
    Over,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Phase>();
    app.add_systems(OnEnter(Phase::TurnStart), start_turn);
}

pub fn current(world: &World) -> Phase {
    *world.resource::<State<Phase>>().get()
}

pub(crate) fn go(world: &mut World, next: Phase) {
    let next = if world.resource::<Battle>().outcome.is_some() {
        Phase::Over
    } else {
        next
    };
    world.resource_mut::<NextState<Phase>>().set(next);
}

pub fn awaiting(world: &World) -> Option<Side> {
    let b = world.resource::<Battle>();
    let pending = !matches!(*world.resource::<NextState<Phase>>(), NextState::Unchanged);
    (current(world) == Phase::Activations && !pending && b.outcome.is_none())
        .then_some(b.acting)
        .flatten()
}

/// A new turn: tokens back (2 per unit the side started with), costs back to 1, and a
/// roll-off (d6 each, reroll ties) for the first activation.
fn start_turn(world: &mut World) {
    let b = world.resource::<Battle>();
    if b.turn >= b.turn_limit {
        finish_on_points(world);
        return go(world, Phase::Over);
    }
    let tokens = {
        let mut b = world.resource_mut::<Battle>();
        b.turn += 1;
        for s in &mut b.sides {
            s.tokens = warband_rules::toy_soldier::tokens_per_turn(s.starting_units);
            s.done = false;
        }
        [b.sides[0].tokens, b.sides[1].tokens]
    };
    for e in world.resource::<ModelIndex>().0.clone() {
        world.entity_mut(e).insert(Spent(0));
    }
    let turn = world.resource::<Battle>().turn;
    log(world, LogEvent::TurnStarted { turn, tokens });
    let first = roll(world, |d| {
        loop {
            let a = d.roll(Die::D6, "roll-off A", &ROLL_OFF);
            let b = d.roll(Die::D6, "roll-off B", &ROLL_OFF);
            if a != b {
                break if a > b { Side::A } else { Side::B };
            }
        }
    });
    log(world, LogEvent::FirstActivation { side: first });
    world.resource_mut::<Battle>().acting = Some(first);
    if !can_activate(world, first) {
        hand_on(world, first);
    }
    go(world, Phase::Activations);
}

/// Whether a side may still activate a unit this turn.
pub fn can_activate(world: &World, side: Side) -> bool {
    let s = world.resource::<Battle>().side(side);
    !s.done
        && in_play_shared(world)
            .iter()
            .any(|v| v.side == side && activation_cost(v.spent) <= s.tokens)
}

/// After `from` has activated: the other side's turn if it can, else `from` again, else
/// the turn is over.
pub fn hand_on(world: &mut World, from: Side) {
    let next = [from.other(), from]
        .into_iter()
        .find(|s| can_activate(world, *s));
    world.resource_mut::<Battle>().acting = next;
    if next.is_none() {
        go(world, Phase::TurnStart);
    }
}

/// The active unit's activation is over: its danger left undefended becomes damage
/// (and a morale check), then play passes on.
pub fn end_activation(world: &mut World, side: Side) {
    let open = world.resource_mut::<Battle>().activation.take();
    if let Some(a) = open
        && let Some(v) = find(world, a.unit)
    {
        let danger = v.marks.danger;
        world.entity_mut(v.entity).insert(Marks {
            danger: 0,
            ..v.marks
        });
        fight::take_damage(world, v.id, danger);
        log(
            world,
            LogEvent::ActivationEnded {
                unit: v.id,
                unspent: a.ap,
            },
        );
    }
    if world.resource::<Battle>().outcome.is_none() {
        hand_on(world, side);
    }
}

/// Whether `side` may end the turn now: only once the other side has run out of tokens
/// (RULINGS: no side forfeits its tokens while the other still has some).
pub fn check_done(world: &World, side: Side) -> Result<(), warband_table::Refusal> {
    let other = side.other();
    if can_activate(world, other) {
        let left = world.resource::<Battle>().side(other).tokens;
        return warband_table::refuse(format!(
            "{other} still has {left} token{} to spend, so the turn goes on: activate a unit \
             (its activation may pass at once). A side may end the turn, losing the tokens \
             it has left, only once the other has run out",
            if left == 1 { "" } else { "s" }
        ));
    }
    Ok(())
}

/// The side ends the turn, the other having run out: an open activation is passed
/// first, and the side's remaining tokens are lost.
pub fn done(world: &mut World, side: Side) -> Result<(), warband_table::Refusal> {
    check_done(world, side)?;
    {
        let mut b = world.resource_mut::<Battle>();
        let s = b.side_mut(side);
        s.done = true;
        s.tokens = 0;
    }
    log(world, LogEvent::SideDone { side });
    if world.resource::<Battle>().activation.is_some() {
        end_activation(world, side);
    } else {
        hand_on(world, side);
    }
    Ok(())
}

/// What a side with nothing it wants to do sends, always legal while the battle awaits
/// it: pass an open activation; end the turn once the other side has run out; else
/// activate its cheapest affordable unit (the lowest id among equals).
pub fn yield_command(world: &World, side: Side) -> crate::Command {
    if world.resource::<Battle>().activation.is_some() {
        return crate::Command::Pass;
    }
    if check_done(world, side).is_ok() {
        return crate::Command::Done;
    }
    in_play(world)
        .into_iter()
        .filter(|v| check_activate(world, side, v.id).is_ok())
        .min_by_key(|v| (activation_cost(v.spent), v.id))
        .map_or(crate::Command::Done, |v| crate::Command::Activate {
            unit: v.id,
        })
}

/// After the turn limit: more points of enemy units removed wins; equal is a draw.
fn finish_on_points(world: &mut World) {
    let b = world.resource::<Battle>();
    let (a, bb) = (
        b.side(Side::A).points_removed,
        b.side(Side::B).points_removed,
    );
    let winner = match a.cmp(&bb) {
        std::cmp::Ordering::Greater => Some(Side::A),
        std::cmp::Ordering::Less => Some(Side::B),
        std::cmp::Ordering::Equal => None,
    };
    let outcome = Outcome {
        winner,
        reason: format!("turn limit {}: points removed {a} to {bb}", b.turn_limit),
    };
    end_battle(world, outcome);
}

/// Judges and applies one command of `side`.
pub fn apply(
    world: &mut World,
    side: Side,
    command: &crate::Command,
) -> Result<(), warband_table::Refusal> {
    if awaiting(world) != Some(side) {
        return warband_table::refuse_as(
            warband_table::RefusalKind::OutOfTurn,
            format!("it is not {side}'s activation"),
        );
    }
    activation::apply(world, side, command)?;
    if world.resource::<Battle>().outcome.is_some() {
        go(world, Phase::Over);
    }
    Ok(())
}
