//! The battle log: every state change and every die, with the clause that rolled it.

use crate::command::Command;
use crate::phases::Phase;
use serde::{Deserialize, Serialize};
use warband_rules::{Clause, Side};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LogEvent {
    RoundStarted {
        round: u32,
    },
    PhaseStarted {
        phase: Phase,
    },
    Priority {
        side: Side,
    },
    Order {
        first: Vec<(Phase, Side)>,
    },
    Moved {
        model: u32,
        from: (f32, f32),
        to: (f32, f32),
        charged: Vec<u32>,
    },
    MoveUndone {
        model: u32,
    },
    Disengaged {
        model: u32,
    },
    SpellDeclared {
        model: u32,
        spell: String,
    },
    SpellLost {
        model: u32,
        spell: String,
        why: String,
    },
    SpellCast {
        model: u32,
        spell: String,
    },
    ShotStopped {
        shooter: u32,
        by: String,
    },
    MeleeResolved {
        models: Vec<u32>,
        winner: Option<Side>,
    },
    Damaged {
        model: u32,
        hd: u8,
        left: u8,
        clause: Clause,
    },
    Blinded {
        model: u32,
    },
    FellAsleep {
        model: u32,
    },
    Woke {
        model: u32,
    },
    Healed {
        model: u32,
        hd: u8,
    },
    Removed {
        model: u32,
        why: String,
    },
    MoraleCheck {
        side: Side,
        trigger: String,
        score: u8,
        roll: Option<u8>,
        broken: bool,
    },
    Rallied {
        side: Side,
        roll: u8,
    },
    /// A model of a broken side could not flee.
    FleeHeld {
        model: u32,
        why: String,
    },
    /// A Bless ended with its round unused.
    BlessingFaded {
        model: u32,
    },
}

/// The battle's log of Marauders events.
pub type BattleLog = warband_table::log::Log<Command, LogEvent>;

/// An entry of the battle's log: the table's events and the ruleset's own.
pub type Entry = warband_table::log::Entry<Command, LogEvent>;
