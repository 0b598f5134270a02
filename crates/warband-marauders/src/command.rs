//! The one path into the battle: mouse, AI and replays all send `Command`s. An illegal
//! command is refused with a reason and changes nothing.

use crate::components::SpellAim;
use crate::phases::Phase;
use serde::{Deserialize, Serialize};
use warband_rules::Side;
use warband_table::components::ModelId;

/// Dice of one winning model put on one enemy it touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Allocation {
    pub attacker: ModelId,
    pub target: ModelId,
    pub dice: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Deployment by hand: set down one model (or have the computer set the rest).
    Deploy(warband_table::deployment::Placing),
    /// Phase 1: a caster declares a spell and its target.
    DeclareSpell {
        caster: ModelId,
        spell: String,
        aim: SpellAim,
    },
    /// Phase 2: the priority side says which side acts first in each later phase.
    ChooseOrder { first: Vec<(Phase, Side)> },
    /// Phase 3: move a model in a straight line (a move into an enemy is a charge).
    Move { model: ModelId, to: (f32, f32) },
    /// Phase 3: take back a plain move made this phase (not a charge, and not once dice
    /// have been rolled).
    UndoMove { model: ModelId },
    /// Phase 3: leave an engagement; every enemy in contact strikes once.
    Disengage { model: ModelId, to: (f32, f32) },
    /// Phase 4.
    Shoot { model: ModelId, target: ModelId },
    /// Phase 5: resolve the melee group containing `model` now; `allocation` splits the
    /// winners' dice (None: the auto-allocator does).
    ResolveMelee {
        model: ModelId,
        allocation: Option<Vec<Allocation>>,
    },
    /// Phase 5: the winner of a fight that waits for it splits its damage dice (None:
    /// the auto-allocator splits them).
    AllocateDamage { allocation: Option<Vec<Allocation>> },
    /// Ends the sender's part of the current phase.
    EndPhase,
}

pub use warband_table::{Refusal, refuse};
