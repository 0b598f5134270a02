//! What a side can ask of a Toy Soldier battle: activate a unit, spend its AP, and end
//! the turn once the other side has run out of tokens.

use serde::{Deserialize, Serialize};
use warband_rules::toy_soldier::{Spell, Step};
use warband_table::components::ModelId;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Deployment by hand: set down one model (or have the computer set the rest).
    Deploy(warband_table::deployment::Placing),
    /// Pay the unit's token cost and roll its AP.
    Activate { unit: ModelId },
    /// 1 AP: remove one danger marker from the active unit.
    Defend,
    /// A straight move along or across the facing; a move that touches an enemy is a
    /// charge and fights at once.
    Move { step: Step, inches: f32 },
    /// 1 AP: turn up to 90° about the centre (degrees, counter-clockwise positive).
    Pivot { degrees: f32 },
    /// Put `ap` AP of shots on an enemy in the front arc, in range and sight: one volley
    /// a target an activation.
    Shoot { target: ModelId, ap: u32 },
    /// 1 AP: fight an enemy the active unit touches; its activation then ends.
    Fight { target: ModelId },
    /// Heal a friend or curse an enemy in range: `sure` for 2 AP, else 1 AP on a d6.
    Magic {
        target: ModelId,
        spell: Spell,
        sure: bool,
    },
    /// Spend the rest of the active unit's AP doing nothing.
    Pass,
    /// Take back the active unit's last move, if it made no contact and nothing has
    /// happened since; its AP are refunded.
    UndoMove,
    /// End the turn once the other side has run out of tokens (an open activation is
    /// passed first); the side's remaining tokens are lost. Refused while the other side
    /// can still activate a unit: no side forfeits its tokens early.
    Done,
}
