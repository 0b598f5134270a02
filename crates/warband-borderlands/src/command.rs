//! What a side can ask of a Borderlands battle: each model's one action a round, and
//! the end of the side's step.

use serde::{Deserialize, Serialize};
use warband_rules::borderlands::profile::Spell;
use warband_table::components::ModelId;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Deployment by hand: set down one model (or have the computer set the rest).
    Deploy(warband_table::deployment::Placing),
    /// Move up to the encounter rate; ending in contact engages (4-to-1 permitting).
    Move { model: ModelId, to: (f32, f32) },
    /// Fighting withdrawal: up to half move, away from the enemies in contact.
    Withdraw { model: ModelId, to: (f32, f32) },
    /// Retreat: a full move out of contact; each enemy in contact first attacks at +2.
    Retreat { model: ModelId, to: (f32, f32) },
    /// Every attack of the model's routine at an enemy in contact.
    Melee { model: ModelId, target: ModelId },
    /// A missile at an enemy in range and sight, not while in contact.
    Shoot { model: ModelId, target: ModelId },
    /// A spell from the caster's list at a model (Sleep centres on it).
    Cast {
        model: ModelId,
        spell: Spell,
        target: ModelId,
    },
    /// First aid to a dying ally in contact (d20 at or under WIS).
    FirstAid { model: ModelId, target: ModelId },
    /// Do nothing this round.
    Hold { model: ModelId },
    /// The side's step is over (models that did not act hold).
    EndStep,
    /// Take back the side's last move, if it made no contact and nothing has happened
    /// since; the model may act again.
    UndoMove,
}
