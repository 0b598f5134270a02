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

pub use aspect::Aspect;
pub use clause::Clause;
pub use dice::{DiceRoller, Die, DieRoll};
pub use ruleset::Ruleset;
pub use side::Side;
