//! The Toy Soldier battle log: every state change and every die with its clause.

use crate::command::Command;
use serde::{Deserialize, Serialize};
use warband_rules::toy_soldier::{ShotCover, Spell};
use warband_rules::{Aspect, Side};

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
        unit: u32,
        cost: u32,
        ap: u32,
        commander: bool,
    },
    Defended {
        unit: u32,
        danger: u32,
    },
    Moved {
        unit: u32,
        from: (f32, f32),
        to: (f32, f32),
        ap: u32,
    },
    Pivoted {
        unit: u32,
        facing: f32,
    },
    /// A plain move taken back: the unit is at `to` again with `ap` refunded.
    MoveTakenBack {
        unit: u32,
        to: (f32, f32),
        ap: u32,
    },
    Shot {
        shooter: u32,
        target: u32,
        ap: u32,
        protection: ShotCover,
        danger: u32,
    },
    Melee {
        attacker: u32,
        defender: u32,
        aspect: Aspect,
        scores: (u32, u32),
    },
    DangerPlaced {
        unit: u32,
        amount: u32,
        danger: u32,
    },
    Magic {
        caster: u32,
        target: u32,
        spell: Spell,
        works: bool,
    },
    Healed {
        unit: u32,
        damage: u32,
    },
    Damaged {
        unit: u32,
        amount: u32,
        damage: u32,
    },
    Morale {
        unit: u32,
        holds: bool,
    },
    Retreated {
        unit: u32,
    },
    ActivationEnded {
        unit: u32,
    },
    SideDone {
        side: Side,
    },
}

pub type BattleLog = warband_table::log::Log<Command, LogEvent>;

/// An entry of the battle's log: the table's events and the ruleset's own.
pub type Entry = warband_table::log::Entry<Command, LogEvent>;
