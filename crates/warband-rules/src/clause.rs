//! A clause of a rules text: the reason a die was rolled or a rule applied.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// Names one clause of a ruleset, e.g. `Marauders §4 Shooting: obstacle`.
///
/// Clauses are constants in each ruleset's `clauses` module; they are stored as text so
/// a log written by one version of the game still reads in another.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Clause(Cow<'static, str>);

impl Clause {
    /// A clause known at compile time.
    pub const fn new(text: &'static str) -> Self {
        Self(Cow::Borrowed(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
