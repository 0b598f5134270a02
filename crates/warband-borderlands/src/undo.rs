//! Taking back a plain move (as Marauders' Z does): a side's last command, if it was a
//! move that made no contact and nothing has happened since (no die, no turn passed to
//! the other side), is undone: the model goes back and may act again this round. Read
//! from the log, so it adds no state of its own.

use crate::battle::{View, find, log};
use crate::command::Command;
use crate::components::{Base, Condition};
use crate::log::{BattleLog, Entry, LogEvent};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_table::{Refusal, refuse};

/// The model of `side` whose last move may be taken back, and where it began.
pub fn check_undo(world: &World, side: Side) -> Result<(View, Vec2), Refusal> {
    check_undo_in(world, side, &world.resource::<BattleLog>().events)
}

/// [`check_undo`] against the log `events` (inside `apply`, the log before the command
/// being judged).
fn check_undo_in(world: &World, side: Side, events: &[Entry]) -> Result<(View, Vec2), Refusal> {
    let plain = match warband_table::log::last_accepted(events) {
        Some((
            by,
            Command::Move { model, .. },
            [
                Entry::Rules(LogEvent::Moved {
                    model: moved,
                    from,
                    engaged,
                    ..
                }),
            ],
        )) if by == side && model == moved && engaged.is_empty() => {
            find(world, *model).map(|v| (v, Vec2::new(from.0, from.1)))
        }
        _ => None,
    };
    match plain {
        Some(p) => Ok(p),
        None => refuse(
            "only your last move can be taken back, before any die, contact or the other \
             side's action since",
        ),
    }
}

/// Takes the move back: the model returns and has not acted.
pub fn undo(world: &mut World, side: Side) -> Result<(), Refusal> {
    let before = world.resource::<BattleLog>().before_current();
    let (v, from) = check_undo_in(world, side, before)?;
    world.entity_mut(v.entity).insert((
        Base(v.base.at(from)),
        Condition {
            acted: false,
            ..v.cond
        },
    ));
    log(
        world,
        LogEvent::MoveTakenBack {
            model: v.id,
            to: from.into(),
        },
    );
    Ok(())
}
