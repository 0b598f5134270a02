//! Pure rules of Warband: dice and the seeded roller, each ruleset's resolution math and
//! exact odds. Nothing here knows about Bevy, the table or the screen: every function
//! takes plain values and returns plain values, so each clause can be tested alone.

pub mod army;
pub mod aspect;
pub mod borderlands;
pub mod clause;
pub mod dice;
pub mod icon;
pub mod marauders;
pub mod morale;
pub mod plain;
pub mod prob;
pub mod ruleset;
pub mod side;
pub mod toy_soldier;

/// The version of the rules as the three engines play them. Two games play a battle
/// alike only if they agree on it, so network play refuses a peer with another one.
/// Bump it with any change that moves a battle (a re-recorded fixture corpus).
pub const RULES_VERSION: &str = "2026.12.1";

pub use aspect::Aspect;
pub use clause::Clause;
pub use dice::{DiceRoller, Die, DieRoll};
pub use ruleset::Ruleset;
pub use side::Side;
