//! The Borderlands battle log: every state change and every die with its clause.

use crate::command::Command;
use serde::{Deserialize, Serialize};
use warband_rules::Side;
use warband_rules::borderlands::Swing;
use warband_rules::borderlands::profile::Spell;
use warband_rules::borderlands::rules::Order;
use warband_table::components::ModelId;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LogEvent {
    HitPoints {
        model: ModelId,
        hp: i32,
    },
    RoundStarted {
        round: u32,
    },
    Initiative {
        a: u8,
        b: u8,
        order: Order,
    },
    StepStarted {
        side: Side,
        together: bool,
    },
    Moved {
        model: ModelId,
        from: (f32, f32),
        to: (f32, f32),
        engaged: Vec<ModelId>,
    },
    /// A plain move taken back: the model is at `to` again and has not acted.
    MoveTakenBack {
        model: ModelId,
        to: (f32, f32),
    },
    Attack {
        attacker: ModelId,
        target: ModelId,
        need: i32,
        swing: Swing,
    },
    Damage {
        model: ModelId,
        amount: u16,
        hp: i32,
    },
    CoverTook {
        shooter: ModelId,
        cover: Option<ModelId>,
    },
    Slain {
        model: ModelId,
    },
    /// B/X Sleep: a sleeper struck by an edged weapon is killed by the blow (its HP
    /// follow as damage, and it is slain as the damage lands).
    SleeperSlain {
        attacker: ModelId,
        model: ModelId,
    },
    Fell {
        model: ModelId,
    },
    DeathSave {
        model: ModelId,
        saved: bool,
    },
    Bled {
        model: ModelId,
        hp: i32,
    },
    Stabilised {
        model: ModelId,
    },
    /// A first aid's d20 came up over the aider's WIS: the friend is still dying.
    FirstAidFailed {
        model: ModelId,
    },
    Cast {
        model: ModelId,
        spell: Spell,
        target: ModelId,
    },
    SpellLost {
        model: ModelId,
        spell: Spell,
    },
    Resisted {
        model: ModelId,
        spell: Spell,
    },
    Asleep {
        model: ModelId,
    },
    Held {
        model: ModelId,
    },
    Blinded {
        model: ModelId,
    },
    Recovered {
        model: ModelId,
    },
    /// Mirror Image: the caster has this many images.
    Images {
        model: ModelId,
        images: u8,
    },
    /// An attack that would have hit struck one of the model's images, which vanished.
    ImageStruck {
        model: ModelId,
        left: u8,
    },
    Healed {
        model: ModelId,
        amount: u16,
        hp: i32,
    },
    Morale {
        side: Side,
        score: u8,
        roll: Option<u8>,
        holds: bool,
    },
    FledTable {
        model: ModelId,
    },
}

pub type BattleLog = warband_table::log::Log<Command, LogEvent>;

/// An entry of the battle's log: the table's events and the ruleset's own.
pub type Entry = warband_table::log::Entry<Command, LogEvent>;
