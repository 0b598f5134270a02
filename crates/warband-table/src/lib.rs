//! The table every Warband ruleset shares, knowing no ruleset: base and terrain
//! geometry on parry2d (contact, overlap, legal straight moves, lines of fire, melee
//! groups), terrain kinds, deployment zones and deployment, RON data files with
//! file:line:col errors and atomic writes, the refusal of a command, a stable hash, the
//! registry that drives forks and state hashes of a battle world, and the generic
//! engine (`engine::Engine<R>`) each ruleset runs on through its `engine::Rules`.

pub mod components;
pub mod engine;
pub mod files;
pub mod geometry;
pub mod hash;
pub mod player;
pub mod save;
pub mod sim;
pub mod state;
pub mod table;

pub use warband_rules::Side;

/// Why a command was refused: what any ruleset's engine answers to a command it will
/// not play. The battle is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

pub fn refuse<T>(reason: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(reason.into()))
}
