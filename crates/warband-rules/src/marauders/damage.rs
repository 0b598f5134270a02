//! Damage: "Each d6 that passes deals 1 HD of damage." A die passes when its face plus
//! the modifier meets the target's armour threshold. Faces are not "always" anything:
//! a heavy target shot by a shooter who moved (−2) cannot be damaged (5+ needs a 7).

use super::Armour;

/// Whether one damage die removes 1 HD.
pub fn die_damages(face: u8, armour: Armour, modifier: i8) -> bool {
    i16::from(face) + i16::from(modifier) >= i16::from(armour.threshold())
}

/// How many HD a set of damage dice removes.
pub fn hits(faces: &[u8], armour: Armour, modifier: i8) -> u8 {
    faces
        .iter()
        .filter(|f| die_damages(**f, armour, modifier))
        .count()
        .try_into()
        .unwrap_or(u8::MAX)
}

/// The chance one damage die passes: faces f in 1..=6 with f + modifier ≥ threshold.
pub fn die_chance(armour: Armour, modifier: i8) -> f64 {
    let passing = (1..=6u8)
        .filter(|f| die_damages(*f, armour, modifier))
        .count();
    passing as f64 / 6.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threshold_is_met_not_exceeded() {
        assert!(die_damages(2, Armour::Unarmoured, 0));
        assert!(!die_damages(1, Armour::Unarmoured, 0));
        assert!(die_damages(5, Armour::Heavy, 0));
        assert!(!die_damages(4, Armour::Heavy, 0));
    }

    #[test]
    fn modifiers_shift_the_face() {
        // Shooting: −1. A 3 against unarmoured passes, a 2 does not.
        assert!(die_damages(3, Armour::Unarmoured, -1));
        assert!(!die_damages(2, Armour::Unarmoured, -1));
        // Moved and shot: −2 against heavy needs a 7: never.
        assert!((1..=6).all(|f| !die_damages(f, Armour::Heavy, -2)));
    }

    #[test]
    fn counts_passing_dice() {
        assert_eq!(hits(&[1, 2, 3, 4, 5, 6], Armour::Medium, 0), 3);
        assert_eq!(hits(&[6, 6], Armour::Heavy, -1), 2);
        assert_eq!(hits(&[], Armour::Light, 0), 0);
    }

    #[test]
    fn chances_by_armour() {
        assert_eq!(die_chance(Armour::Unarmoured, 0), 5.0 / 6.0);
        assert_eq!(die_chance(Armour::Light, 0), 4.0 / 6.0);
        assert_eq!(die_chance(Armour::Medium, 0), 3.0 / 6.0);
        assert_eq!(die_chance(Armour::Heavy, 0), 2.0 / 6.0);
        assert_eq!(die_chance(Armour::Heavy, -1), 1.0 / 6.0);
        assert_eq!(die_chance(Armour::Heavy, -2), 0.0);
        assert_eq!(die_chance(Armour::Heavy, 3), 5.0 / 6.0);
        assert_eq!(die_chance(Armour::Heavy, 4), 1.0);
    }
}
