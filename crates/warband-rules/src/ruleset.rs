//! Which of Warband's rulesets a scenario, an army, a save or a command speaks.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A ruleset. In RON and on the command line it is written by its id:
/// `"marauders"`, `"toy-soldier"`, `"borderlands"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Ruleset {
    /// Marauders: an OSR hit-dice skirmish in seven phases.
    Marauders,
    /// Simple Toy Soldier fantasy: activation tokens, action points, danger, facing.
    ToySoldier,
    /// B/X "Borderlands" combat: group initiative, THAC0, hit points, saves, morale.
    Borderlands,
}

impl Ruleset {
    pub const ALL: [Ruleset; 3] = [
        Ruleset::Marauders,
        Ruleset::ToySoldier,
        Ruleset::Borderlands,
    ];

    /// The id used in files and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Ruleset::Marauders => "marauders",
            Ruleset::ToySoldier => "toy-soldier",
            Ruleset::Borderlands => "borderlands",
        }
    }

    /// The rounds (Toy Soldier: turns) a scenario that names none lasts (RULINGS:
    /// Marauders 12, Toy Soldier 8, Borderlands 15).
    pub fn default_round_limit(self) -> u32 {
        match self {
            Ruleset::Marauders => 12,
            Ruleset::ToySoldier => 8,
            Ruleset::Borderlands => 15,
        }
    }

    /// `n` of what an army list counts, as a player says it: Toy Soldier's entries are
    /// units of several figures ("8 units"), the others' single models ("1 model").
    pub fn pieces(self, n: u64) -> String {
        let piece = match self {
            Ruleset::ToySoldier => "unit",
            Ruleset::Marauders | Ruleset::Borderlands => "model",
        };
        match n {
            1 => format!("1 {piece}"),
            n => format!("{n} {piece}s"),
        }
    }

    /// The name a player reads.
    pub fn title(self) -> &'static str {
        match self {
            Ruleset::Marauders => "Marauders",
            Ruleset::ToySoldier => "Simple Toy Soldier",
            Ruleset::Borderlands => "B/X Borderlands",
        }
    }

    /// The ruleset in a sentence, for a player choosing one.
    pub fn about(self) -> &'static str {
        match self {
            Ruleset::Marauders => {
                "An old-school skirmish of hit dice: every round runs seven phases (declare spells, initiative, movement, shooting, attacking, spellcasting, morale), and each model moves and fights alone."
            }
            Ruleset::ToySoldier => {
                "Units of toy soldiers spend activation tokens to act: each activation rolls action points for moving, turning, shooting and fighting, and the danger a unit takes turns to damage unless it defends."
            }
            Ruleset::Borderlands => {
                "B/X dungeon combat: each round the sides roll initiative and act in turn; heroes and monsters hit with THAC0 against armour class, lose hit points, cast spells and check morale."
            }
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Ruleset {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.id() == s)
            .ok_or_else(|| {
                format!("unknown ruleset `{s}`: expected marauders, toy-soldier or borderlands")
            })
    }
}

impl TryFrom<String> for Ruleset {
    type Error = String;

    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

impl From<Ruleset> for String {
    fn from(r: Ruleset) -> String {
        r.id().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_army_is_counted_in_its_rulesets_pieces() {
        assert_eq!(Ruleset::ToySoldier.pieces(8), "8 units");
        assert_eq!(Ruleset::ToySoldier.pieces(1), "1 unit");
        assert_eq!(Ruleset::Marauders.pieces(20), "20 models");
        assert_eq!(Ruleset::Borderlands.pieces(1), "1 model");
    }

    #[test]
    fn ids_round_trip_and_strangers_are_named() {
        for r in Ruleset::ALL {
            assert_eq!(r.id().parse::<Ruleset>(), Ok(r));
            let text = ron::to_string(&r).unwrap();
            assert_eq!(text, format!("\"{}\"", r.id()));
            assert_eq!(ron::from_str::<Ruleset>(&text).unwrap(), r);
        }
        let e = ron::from_str::<Ruleset>("\"toy-soldiers\"").unwrap_err();
        assert!(
            e.to_string().contains("unknown ruleset `toy-soldiers`"),
            "{e}"
        );
    }
}
