//! B/X "Borderlands" combat on the Warband table: the headless engine (group
//! initiative, one action a model a round, THAC0 against AC, cover, the 4-to-1 limit,
//! death saves and first aid, morale, spells), its data and its computer players. The
//! rules themselves are pure functions in `warband_rules::borderlands`.

pub mod actions;
pub mod ai;
pub mod battle;
pub mod command;
pub mod components;
pub mod data;
pub mod engine;
pub mod fuzz;
pub mod log;
pub mod phases;
pub mod sim;
pub mod spells;
pub mod undo;

pub use command::Command;
pub use engine::{Borderlands, Engine};
pub use warband_rules::Side;

/// A saved Borderlands battle.
pub type Save = warband_table::save::Save<Borderlands>;
