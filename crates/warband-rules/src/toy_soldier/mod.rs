//! Simple Toy Soldier fantasy (seeds/simple-toy-soldier-fantasy.txt and the Toy Soldier
//! part of RULINGS): activation tokens, action points, movement by facing, danger from
//! shooting and melee, defending, magic, morale and points. Pure functions of plain
//! values; the engine crate calls them.

pub mod clauses;
pub mod combat;
pub mod turn;
pub mod unit;

pub use combat::{
    Fighter, MeleeOdds, ShotCover, Spell, landed, landed_distribution, magic_chances, magic_cost,
    magic_range, magic_roll, melee_odds, melee_score, morale_chance, morale_holds,
    removal_if_activated, shot_range, zone_multiplier,
};
pub use turn::{
    MOST_PIVOT, PIVOT_AP, Step, activation_ap, activation_cost, ap_for_move, move_step, reach,
    tokens_per_turn,
};
pub use unit::{Kind, Quality, UnitProfile, unit_problems};
