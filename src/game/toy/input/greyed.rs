//! What greys a Toy Soldier button and its key: the engine's own checks.

use bevy::prelude::*;
use warband_rules::Side;
use warband_toy_soldier::Command;
use warband_toy_soldier::actions::active;

/// Why `c`'s button and key are greyed now, if they are: no unit active, no danger to
/// defend, no move to take back, the turn not yet the side's to end. The engine's own
/// checks; the panel's Defend and Take back buttons ask this same function.
pub(in crate::game::toy) fn greyed(world: &World, side: Side, c: &Command) -> Option<String> {
    match c {
        Command::Done => warband_toy_soldier::turn::check_done(world, side)
            .err()
            .map(|r| r.0),
        Command::UndoMove => warband_toy_soldier::undo::check_undo(world, side)
            .err()
            .map(|r| r.0),
        _ => match active(world, side) {
            Err(why) => Some(why.0),
            Ok((v, _)) if matches!(c, Command::Defend) && v.marks.danger == 0 => {
                Some(format!("{} has no danger to defend", v.unit.name))
            }
            Ok(_) => None,
        },
    }
}
