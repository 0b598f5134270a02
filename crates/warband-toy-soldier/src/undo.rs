//! Taking back a plain move or turn (as Marauders' Z does): the active unit's last
//! command, if it was a move or pivot that made no contact and nothing has happened since
//! (no die, no end of the activation), is undone: the unit goes back or faces as it did,
//! and its AP are refunded. Read from the log, so it adds no state of its own.

use crate::actions::active;
use crate::battle::{Battle, View, log};
use crate::command::Command;
use crate::components::set_base;
use crate::log::{BattleLog, Entry, LogEvent};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_table::geometry::Placed;
use warband_table::{Refusal, refuse};

/// What a take-back restores: where the last move began, or the way the unit faced
/// before its last pivot; with the AP it cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TakenBack {
    Move { from: Vec2, ap: u32 },
    Turn { facing: f32 },
}

/// The active unit of `side` and what taking back its last command restores, if that
/// may be taken back.
pub fn check_undo(world: &World, side: Side) -> Result<(View, TakenBack), Refusal> {
    check_undo_in(world, side, &world.resource::<BattleLog>().events)
}

/// [`check_undo`] against the log `events` (inside `apply`, the log before the command
/// being judged).
fn check_undo_in(
    world: &World,
    side: Side,
    events: &[Entry],
) -> Result<(View, TakenBack), Refusal> {
    let (v, _) = active(world, side)?;
    let plain = match warband_table::log::last_accepted(events) {
        Some((
            by,
            Command::Move { .. },
            [Entry::Rules(LogEvent::Moved { unit, from, ap, .. })],
        )) if by == side && *unit == v.id => Some(TakenBack::Move {
            from: Vec2::new(from.0, from.1),
            ap: *ap,
        }),
        Some((by, Command::Pivot { .. }, [Entry::Rules(LogEvent::Pivoted { unit, from, .. })]))
            if by == side && *unit == v.id =>
        {
            Some(TakenBack::Turn { facing: *from })
        }
        _ => None,
    };
    match plain {
        Some(back) => Ok((v, back)),
        None => refuse(format!(
            "only {}'s last move or turn can be taken back, before any die or contact since",
            v.unit.name
        )),
    }
}

/// Takes the move or turn back: the unit returns or faces as it did, its AP refunded.
pub fn undo(world: &mut World, side: Side) -> Result<(), Refusal> {
    let before = world.resource::<BattleLog>().before_current();
    let (v, back) = check_undo_in(world, side, before)?;
    let (base, ap, event) = match back {
        TakenBack::Move { from, ap } => (
            v.base.at(from),
            ap,
            LogEvent::MoveTakenBack {
                unit: v.id,
                to: from.into(),
                ap,
            },
        ),
        TakenBack::Turn { facing } => (
            Placed { facing, ..v.base },
            warband_rules::toy_soldier::PIVOT_AP,
            LogEvent::TurnTakenBack { unit: v.id, facing },
        ),
    };
    set_base(world, v.entity, base);
    if let Some(a) = world.resource_mut::<Battle>().activation.as_mut() {
        a.ap += ap;
    }
    log(world, event);
    Ok(())
}
