//! Space's pass, asked once while it would leave AP unspent or turn danger into
//! damage, as the panel's Pass button asks.

use crate::game::session::part::Asked;
use crate::game::toy::ToySession;
use bevy::prelude::*;
use warband_rules::Side;
use warband_table::components::ModelId;
use warband_toy_soldier::actions::active;
use warband_toy_soldier::battle::View;

/// The activation a first Space asked about: the side, its unit and the AP it had left.
pub(super) type PassOf = (Side, ModelId, u32);

/// Space's pass: on a unit with AP left or danger on it, the first press says what
/// passing costs and only a second passes (a play-tester's Space turned 21 danger into
/// damage, and the unit broke, without a word; another found Space passing at once
/// where the Pass button asked).
pub(super) fn pass_heeded(session: &mut ToySession, side: Side, asked: &mut Asked<PassOf>) -> bool {
    let heeded = session.heed_end_key();
    let world = session.engine.world();
    let Ok((v, a)) = active(world, side) else {
        return heeded;
    };
    let cost =
        pass_cost(world, &v, a.ap).or((a.ap > 0).then(|| format!("A pass gives up {} AP", a.ap)));
    let ask = cost.map(|cost| format!("{cost}: {SPACE_AGAIN_PASSES}"));
    session.space_ends_part(
        (asked, (side, v.id, a.ap)),
        (ask, SPACE_AGAIN_PASSES),
        heeded,
    )
}

/// What passing costs the active unit `v` with `ap` AP left, where it carries danger:
/// "Longbowmen #4 carries 21 danger: a pass makes it 21 damage and a morale check (R
/// defends 1 for 1 AP; 4 AP left)".
pub(in crate::game::toy) fn pass_cost(world: &World, v: &View, ap: u32) -> Option<String> {
    let danger = v.marks.danger;
    let name = crate::game::toy::describe::name(world, v.id);
    let defend = match ap {
        0 => String::new(),
        _ => format!(" (R defends 1 for 1 AP; {ap} AP left)"),
    };
    (danger > 0)
        .then(|| format!("{name} carries {danger} danger: a pass makes it {danger} damage and a morale check{defend}"))
}

/// The end of the ask of a first Space: the panel shows the ask
/// under its Pass button while it stands.
pub const SPACE_AGAIN_PASSES: &str = "Space again passes";
