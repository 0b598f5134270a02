//! The Borderlands battle log: every state change and every die with its clause.

use crate::command::Command;
use serde::{Deserialize, Serialize};
use warband_rules::Side;
use warband_rules::borderlands::Swing;
use warband_rules::borderlands::profile::Spell;
use warband_rules::borderlands::rules::Order;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LogEvent {
    HitPoints {
        model: u32,
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
        model: u32,
        from: (f32, f32),
        to: (f32, f32),
        engaged: Vec<u32>,
    },
    /// A plain move taken back: the model is at `to` again and has not acted.
    MoveTakenBack {
        model: u32,
        to: (f32, f32),
    },
    Attack {
        attacker: u32,
        target: u32,
        need: i32,
        swing: Swing,
    },
    Damage {
        model: u32,
        amount: u16,
        hp: i32,
    },
    CoverTook {
        shooter: u32,
        cover: Option<u32>,
    },
    Slain {
        model: u32,
    },
    Fell {
        model: u32,
    },
    DeathSave {
        model: u32,
        saved: bool,
    },
    Bled {
        model: u32,
        hp: i32,
    },
    Stabilised {
        model: u32,
    },
    Cast {
        model: u32,
        spell: Spell,
        target: u32,
    },
    SpellLost {
        model: u32,
        spell: Spell,
    },
    Resisted {
        model: u32,
        spell: Spell,
    },
    Asleep {
        model: u32,
    },
    Held {
        model: u32,
    },
    Blinded {
        model: u32,
    },
    Recovered {
        model: u32,
    },
    /// Mirror Image: the caster has this many images.
    Images {
        model: u32,
        images: u8,
    },
    /// An attack that would have hit struck one of the model's images, which vanished.
    ImageStruck {
        model: u32,
        left: u8,
    },
    Healed {
        model: u32,
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
        model: u32,
    },
}

pub type BattleLog = warband_table::log::Log<Command, LogEvent>;

/// An entry of the battle's log: the table's events and the ruleset's own.
pub type Entry = warband_table::log::Entry<Command, LogEvent>;
