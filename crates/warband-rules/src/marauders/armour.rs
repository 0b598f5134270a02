//! Armour: what it takes to damage a model, and how far it moves.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A poker card is 2.5" × 3.5"; its diagonal is √(2.5² + 3.5²) ≈ 4.30".
pub const CARD_SHORT: f32 = 2.5;
pub const CARD_LONG: f32 = 3.5;
pub const CARD_DIAGONAL: f32 = 4.301_163;

/// The four armour categories of Marauders. A B/X AC maps to them (RULINGS): 9
/// unarmoured, 8–7 light, 6–4 medium, 3 or better heavy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Armour {
    Unarmoured,
    Light,
    Medium,
    Heavy,
}

impl Armour {
    pub const ALL: [Armour; 4] = [
        Armour::Unarmoured,
        Armour::Light,
        Armour::Medium,
        Armour::Heavy,
    ];

    /// Damage: the d6 face (after modifiers) that removes 1 HD.
    /// Unarmoured 2+, light 3+, medium 4+, heavy 5+.
    pub fn threshold(self) -> i8 {
        match self {
            Armour::Unarmoured => 2,
            Armour::Light => 3,
            Armour::Medium => 4,
            Armour::Heavy => 5,
        }
    }

    /// §3 Movement: unarmoured and light move Long (the card's diagonal), medium Medium
    /// (its long side), heavy Short (its short side). Inches.
    pub fn movement_allowance(self) -> f32 {
        match self {
            Armour::Unarmoured | Armour::Light => CARD_DIAGONAL,
            Armour::Medium => CARD_LONG,
            Armour::Heavy => CARD_SHORT,
        }
    }

    /// The category of a descending B/X armour class.
    pub fn from_bx_ac(ac: i8) -> Armour {
        match ac {
            9.. => Armour::Unarmoured,
            7..=8 => Armour::Light,
            4..=6 => Armour::Medium,
            _ => Armour::Heavy,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Armour::Unarmoured => "unarmoured",
            Armour::Light => "light",
            Armour::Medium => "medium",
            Armour::Heavy => "heavy",
        }
    }
}

impl fmt::Display for Armour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Armour {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Armour::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("unknown armour `{s}`: expected unarmoured, light, medium or heavy")
            })
    }
}

/// Round base diameter in inches for a model of `hd` hit dice (RULINGS): 1 HD or less
/// 25 mm, 2–3 HD 40 mm, 4+ HD 50 mm.
pub fn base_diameter(hd: u8) -> f32 {
    match hd {
        0..=1 => 0.98,
        2..=3 => 1.57,
        _ => 1.97,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_follow_the_damage_table() {
        assert_eq!(Armour::Unarmoured.threshold(), 2);
        assert_eq!(Armour::Light.threshold(), 3);
        assert_eq!(Armour::Medium.threshold(), 4);
        assert_eq!(Armour::Heavy.threshold(), 5);
    }

    #[test]
    fn movement_uses_the_card() {
        assert!((CARD_DIAGONAL - (2.5f32.powi(2) + 3.5f32.powi(2)).sqrt()).abs() < 1e-5);
        assert_eq!(Armour::Unarmoured.movement_allowance(), CARD_DIAGONAL);
        assert_eq!(Armour::Light.movement_allowance(), CARD_DIAGONAL);
        assert_eq!(Armour::Medium.movement_allowance(), 3.5);
        assert_eq!(Armour::Heavy.movement_allowance(), 2.5);
    }

    #[test]
    fn bx_ac_maps_to_categories() {
        assert_eq!(Armour::from_bx_ac(9), Armour::Unarmoured);
        assert_eq!(Armour::from_bx_ac(8), Armour::Light);
        assert_eq!(Armour::from_bx_ac(7), Armour::Light);
        assert_eq!(Armour::from_bx_ac(6), Armour::Medium);
        assert_eq!(Armour::from_bx_ac(4), Armour::Medium);
        assert_eq!(Armour::from_bx_ac(3), Armour::Heavy);
        assert_eq!(Armour::from_bx_ac(-1), Armour::Heavy);
    }

    #[test]
    fn parses_names_and_rejects_others() {
        assert_eq!("Heavy".parse::<Armour>(), Ok(Armour::Heavy));
        assert!(
            "mithril"
                .parse::<Armour>()
                .unwrap_err()
                .contains("expected")
        );
    }

    #[test]
    fn base_sizes_by_hd() {
        assert_eq!(base_diameter(1), 0.98);
        assert_eq!(base_diameter(2), 1.57);
        assert_eq!(base_diameter(3), 1.57);
        assert_eq!(base_diameter(4), 1.97);
        assert_eq!(base_diameter(9), 1.97);
    }
}
