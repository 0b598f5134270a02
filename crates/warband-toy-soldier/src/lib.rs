//! Simple Toy Soldier fantasy on the Warband table: the headless engine (roll-off,
//! activation tokens, action points, moves by facing, pivots, volleys, melee by the
//! difference, danger and defending, magic, morale), its data and its computer players.
//! The rules themselves are pure functions in `warband_rules::toy_soldier`.

pub mod actions;
mod activation;
pub mod ai;
pub mod battle;
pub mod command;
pub mod components;
pub mod data;
pub mod engine;
pub mod fight;
pub mod fuzz;
pub mod log;
pub mod sim;
pub mod turn;
pub mod undo;

/// A battle of a shipped scenario, for the crate's own tests.
#[cfg(test)]
pub(crate) fn shipped(file: &str, seed: u64) -> engine::Engine {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios")
        .join(file);
    let setup = data::BattleSetup::load(&path).expect("the shipped scenario loads");
    engine::Engine::new(&setup, seed).expect("a valid setup")
}

pub use command::Command;
pub use engine::{Engine, ToySoldier};
pub use warband_rules::Side;

/// A saved Toy Soldier battle.
pub type Save = warband_table::save::Save<ToySoldier>;
