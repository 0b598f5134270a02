//! The Toy Soldier battle log: every state change and every die with its clause.

use crate::command::Command;
use serde::{Deserialize, Serialize};
use warband_rules::toy_soldier::{ShotCover, Spell};
use warband_rules::{Aspect, Side};
use warband_table::components::ModelId;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LogEvent {
    TurnStarted {
        turn: u32,
        tokens: [u32; 2],
    },
    FirstActivation {
        side: Side,
    },
    Activated {
        unit: ModelId,
        cost: u32,
        ap: u32,
        commander: bool,
    },
    Defended {
        unit: ModelId,
        danger: u32,
    },
    Moved {
        unit: ModelId,
        from: (f32, f32),
        to: (f32, f32),
        ap: u32,
    },
    /// A pivot: the unit now faces `facing`, having faced `from` (radians, as its base).
    Pivoted {
        unit: ModelId,
        facing: f32,
        from: f32,
    },
    /// A plain move taken back: the unit is at `to` again with `ap` refunded.
    MoveTakenBack {
        unit: ModelId,
        to: (f32, f32),
        ap: u32,
    },
    /// A pivot taken back: the unit faces `facing` again with its 1 AP refunded.
    TurnTakenBack {
        unit: ModelId,
        facing: f32,
    },
    Shot {
        shooter: ModelId,
        target: ModelId,
        ap: u32,
        protection: ShotCover,
        danger: u32,
    },
    Melee {
        attacker: ModelId,
        defender: ModelId,
        aspect: Aspect,
        scores: (u32, u32),
    },
    DangerPlaced {
        unit: ModelId,
        amount: u32,
        danger: u32,
    },
    Magic {
        caster: ModelId,
        target: ModelId,
        spell: Spell,
        works: bool,
    },
    Healed {
        unit: ModelId,
        damage: u32,
    },
    Damaged {
        unit: ModelId,
        amount: u32,
        damage: u32,
    },
    /// A morale check: the morale die's face, whether the Commander was near (+1), the
    /// damage so far it had to meet, and whether the unit held.
    Morale {
        unit: ModelId,
        roll: u8,
        commander: bool,
        damage: u32,
        holds: bool,
    },
    Retreated {
        unit: ModelId,
    },
    /// An activation over, with the AP it left unspent (lost: AP do not carry over).
    ActivationEnded {
        unit: ModelId,
        #[serde(default)]
        unspent: u32,
    },
    SideDone {
        side: Side,
    },
}

pub type BattleLog = warband_table::log::Log<Command, LogEvent>;

/// An entry of the battle's log: the table's events and the ruleset's own.
pub type Entry = warband_table::log::Entry<Command, LogEvent>;
