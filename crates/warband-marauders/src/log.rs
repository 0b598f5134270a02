//! The battle log: every state change and every die, with the clause that rolled it.

use crate::command::Command;
use crate::phases::Phase;
use serde::{Deserialize, Serialize};
use warband_rules::{Clause, Side};
use warband_table::components::ModelId;

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
        model: ModelId,
        from: (f32, f32),
        to: (f32, f32),
        charged: Vec<ModelId>,
    },
    MoveUndone {
        model: ModelId,
    },
    Disengaged {
        model: ModelId,
    },
    SpellDeclared {
        model: ModelId,
        spell: String,
    },
    SpellLost {
        model: ModelId,
        spell: String,
        why: String,
    },
    SpellCast {
        model: ModelId,
        spell: String,
    },
    ShotStopped {
        shooter: ModelId,
        by: String,
    },
    /// A shot into a melee struck another model of the fight than the one aimed at (a
    /// die chose it).
    ShotStruck {
        shooter: ModelId,
        struck: ModelId,
    },
    MeleeResolved {
        models: Vec<ModelId>,
        winner: Option<Side>,
    },
    Damaged {
        model: ModelId,
        hd: u8,
        left: u8,
        clause: Clause,
    },
    Blinded {
        model: ModelId,
    },
    FellAsleep {
        model: ModelId,
    },
    /// A Sleep whose HD (`rolled`) took no one: no awake enemy stood near its point, or
    /// none it could cover.
    SleptNone {
        caster: ModelId,
        rolled: u32,
    },
    Woke {
        model: ModelId,
    },
    Healed {
        model: ModelId,
        hd: u8,
    },
    Removed {
        model: ModelId,
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
    /// A broken side's rally roll was above its score: it stays broken.
    RallyFailed {
        side: Side,
        score: u8,
        roll: u8,
    },
    /// A model of a broken side could not flee.
    FleeHeld {
        model: ModelId,
        why: String,
    },
    /// A Bless ended with its round unused.
    BlessingFaded {
        model: ModelId,
    },
}

/// The battle's log of Marauders events.
pub type BattleLog = warband_table::log::Log<Command, LogEvent>;

/// An entry of the battle's log: the table's events and the ruleset's own.
pub type Entry = warband_table::log::Entry<Command, LogEvent>;
