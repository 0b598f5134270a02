//! Which face of a rectangular base something meets: front, side or rear. The table
//! decides it from geometry; rulesets decide what it is worth.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The front, a side or the rear of a base with a facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Aspect {
    Front,
    Side,
    Rear,
}

impl Aspect {
    pub const ALL: [Aspect; 3] = [Aspect::Front, Aspect::Side, Aspect::Rear];

    pub fn name(self) -> &'static str {
        match self {
            Aspect::Front => "front",
            Aspect::Side => "side",
            Aspect::Rear => "rear",
        }
    }
}

impl fmt::Display for Aspect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Aspect {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Aspect::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| format!("`{s}` is not a zone: expected front, side or rear"))
    }
}
