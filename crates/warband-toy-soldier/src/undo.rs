//! Taking back a plain move (as Marauders' Z does): the active unit's last command, if it
//! was a move that made no contact and nothing has happened since (no die, no end of
//! the activation), is undone: the unit goes back and its AP are refunded. Read from
//! the log, so it adds no state of its own.

use crate::actions::active;
use crate::battle::{Battle, View, log};
use crate::command::Command;
use crate::components::set_base;
use crate::log::{BattleLog, Entry, LogEvent};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_table::{Refusal, refuse};

/// The active unit of `side`, where its last move began and the AP it cost, if that move
/// may be taken back.
pub fn check_undo(world: &World, side: Side) -> Result<(View, Vec2, u32), Refusal> {
    check_undo_in(world, side, &world.resource::<BattleLog>().events)
}

/// [`check_undo`] against the log `events` (inside `apply`, the log before the command
/// being judged).
fn check_undo_in(
    world: &World,
    side: Side,
    events: &[Entry],
) -> Result<(View, Vec2, u32), Refusal> {
    let (v, _) = active(world, side)?;
    let plain = match warband_table::log::last_accepted(events) {
        Some((
            by,
            Command::Move { .. },
            [Entry::Rules(LogEvent::Moved { unit, from, ap, .. })],
        )) if by == side && *unit == v.id => Some((Vec2::new(from.0, from.1), *ap)),
        _ => None,
    };
    match plain {
        Some((from, ap)) => Ok((v, from, ap)),
        None => refuse(format!(
            "only {}'s last move can be taken back, before any die or contact since",
            v.unit.name
        )),
    }
}

/// Takes the move back: the unit returns and its AP are refunded.
pub fn undo(world: &mut World, side: Side) -> Result<(), Refusal> {
    let before = world.resource::<BattleLog>().before_current();
    let (v, from, ap) = check_undo_in(world, side, before)?;
    set_base(world, v.entity, v.base.at(from));
    if let Some(a) = world.resource_mut::<Battle>().activation.as_mut() {
        a.ap += ap;
    }
    log(
        world,
        LogEvent::MoveTakenBack {
            unit: v.id,
            to: from.into(),
            ap,
        },
    );
    Ok(())
}
