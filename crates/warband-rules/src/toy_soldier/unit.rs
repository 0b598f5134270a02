//! Units of Simple Toy Soldier: their activation die (quality), morale die, kind,
//! upgrades and the seed's points formula ("Building a Unit").

use crate::Die;
use crate::icon::Icon;
use serde::{Deserialize, Serialize};

/// The unit's quality, which is its activation die (seed: civilians/militia d4,
/// regulars d6, veterans d8, elite d10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Quality {
    Militia,
    Regular,
    Veteran,
    Elite,
}

impl Quality {
    pub const ALL: [Quality; 4] = [
        Quality::Militia,
        Quality::Regular,
        Quality::Veteran,
        Quality::Elite,
    ];

    pub fn die(self) -> Die {
        match self {
            Quality::Militia => Die::D4,
            Quality::Regular => Die::D6,
            Quality::Veteran => Die::D8,
            Quality::Elite => Die::D10,
        }
    }
}

/// Foot, horse or guns: what sets a unit's pace and its base.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    #[default]
    Infantry,
    Cavalry,
    Artillery,
}

/// A unit's profile, as the data files write it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitProfile {
    pub name: String,
    /// Whose army it belongs in (elves, orcs, …): for the builder and the reader.
    pub race: String,
    pub quality: Quality,
    /// The morale die's faces: 4, 6, 8, 10 or 12.
    pub morale: u8,
    #[serde(default)]
    pub kind: Kind,
    #[serde(default)]
    pub shields: bool,
    /// Bows, crossbows, slings: the unit may shoot. Artillery always may.
    #[serde(default)]
    pub ranged: bool,
    #[serde(default)]
    pub magical: bool,
    /// A Command unit (seed: "each force should have a single Command unit").
    #[serde(default)]
    pub command: bool,
    /// Figures on the base (3–4 in the seed), drawn on the table.
    #[serde(default = "four")]
    pub figures: u8,
}

impl UnitProfile {
    /// The picture its figures carry where the data names none: its kind's or its
    /// weapons'.
    pub fn icon(&self) -> Icon {
        match (self.kind, self.command, self.magical, self.ranged) {
            (Kind::Artillery, ..) => Icon::Cannon,
            (Kind::Cavalry, ..) => Icon::Horse,
            (_, true, ..) => Icon::Banner,
            (_, _, true, _) => Icon::Staff,
            (_, _, _, true) => Icon::guess(&self.name, Some("bow")),
            _ => Icon::guess(&self.name, None),
        }
    }
}

fn four() -> u8 {
    4
}

/// The morale dice a unit may have.
pub const MORALE_DICE: [u8; 5] = [4, 6, 8, 10, 12];

impl UnitProfile {
    pub fn activation_die(&self) -> Die {
        self.quality.die()
    }

    pub fn morale_die(&self) -> Die {
        Die(self.morale)
    }

    /// Whether the unit may shoot: ranged weapons or guns.
    pub fn shoots(&self) -> bool {
        self.ranged || self.kind == Kind::Artillery
    }

    /// The base cost: activation die + morale die.
    pub fn base_points(&self) -> u32 {
        u32::from(self.activation_die().sides()) + u32::from(self.morale)
    }

    /// The upgrades the unit pays for, each with its price: +50% of the base each for
    /// shields, ranged weapons or artillery, cavalry, and +100% magical, every upgrade
    /// on the base cost (never on another upgrade). Dice have even faces, so halves are
    /// whole.
    pub fn upgrades(&self) -> Vec<(&'static str, u32)> {
        let base = self.base_points();
        [
            (self.shields, "shields", base / 2),
            (self.shoots(), "ranged", base / 2),
            (self.kind == Kind::Cavalry, "cavalry", base / 2),
            (self.magical, "magical", base),
        ]
        .into_iter()
        .filter(|(has, ..)| *has)
        .map(|(_, what, price)| (what, price))
        .collect()
    }

    /// The seed's points: the base cost and every upgrade.
    pub fn points(&self) -> u32 {
        self.base_points() + self.upgrades().iter().map(|(_, p)| p).sum::<u32>()
    }
}

/// What is wrong with a unit profile: a blank name, a morale die that is not a die, an
/// impossible count of figures.
pub fn unit_problems(u: &UnitProfile) -> Vec<String> {
    let mut out = Vec::new();
    if u.name.trim().is_empty() {
        out.push("a unit needs a name".to_string());
    }
    if !MORALE_DICE.contains(&u.morale) {
        out.push(format!(
            "unit `{}`: morale die d{} is not one of d4, d6, d8, d10, d12",
            u.name, u.morale
        ));
    }
    if !(1..=8).contains(&u.figures) {
        out.push(format!(
            "unit `{}`: {} figures on a base (1 to 8, the seed has 3-4)",
            u.name, u.figures
        ));
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn unit(quality: Quality, morale: u8) -> UnitProfile {
        UnitProfile {
            name: "Test".into(),
            race: "Men".into(),
            quality,
            morale,
            kind: Kind::Infantry,
            shields: false,
            ranged: false,
            magical: false,
            command: false,
            figures: 4,
        }
    }

    #[test]
    fn points_follow_the_seed_example_and_upgrades_stack_on_the_base() {
        // Seed: "D8+D6=14pts".
        let mut u = unit(Quality::Veteran, 6);
        assert_eq!(u.points(), 14);
        u.shields = true;
        assert_eq!(u.points(), 21);
        u.ranged = true;
        assert_eq!(
            u.points(),
            28,
            "each +50% is 7, on the base, not compounded"
        );
        u.kind = Kind::Cavalry;
        assert_eq!(u.points(), 35);
        u.magical = true;
        assert_eq!(u.points(), 49);
    }

    #[test]
    fn artillery_pays_the_ranged_upgrade_once() {
        let mut u = unit(Quality::Regular, 6);
        u.kind = Kind::Artillery;
        assert_eq!(u.points(), 18);
        u.ranged = true;
        assert_eq!(u.points(), 18);
        assert!(u.shoots());
    }

    #[test]
    fn qualities_are_the_seed_dice() {
        let faces: Vec<u8> = Quality::ALL.iter().map(|q| q.die().sides()).collect();
        assert_eq!(faces, [4, 6, 8, 10]);
    }

    #[test]
    fn bad_profiles_are_named() {
        let mut u = unit(Quality::Elite, 7);
        u.figures = 0;
        let p = unit_problems(&u);
        assert!(p.iter().any(|s| s.contains("d7")), "{p:?}");
        assert!(p.iter().any(|s| s.contains("0 figures")), "{p:?}");
        assert!(unit_problems(&unit(Quality::Elite, 8)).is_empty());
    }
}
