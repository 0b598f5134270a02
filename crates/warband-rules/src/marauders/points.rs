//! Points for Marauders, so that lists of equal points are roughly even.
//!
//! A model is worth its hit dice — they are both its attack (dice rolled) and its life
//! (HD to lose) — scaled by how hard it is to hurt, plus what it adds:
//!
//! ```text
//! points = HD × (4 + 2 ÷ P(a damage die hurts it)) − 1 per HD if heavy (it moves 2.5")
//!        + 4 × range ÷ 24"                     for a ranged weapon
//!        + 4 per spell slot (+2 if it knows Magic Missile or Sleep)
//!        + (morale − 8) ÷ 2, + 1 more at 12   (steadier sides hold longer)
//! ```
//!
//! rounded to the nearest whole point, at least 1. P(hurt) is the damage-die chance with
//! no modifier: unarmoured 5/6, light 4/6, medium 3/6, heavy 2/6. So a 1 HD medium orc
//! is 8 points, a 1 HD heavy fighter 9, a 4 HD ogre 32, a bowman about 11.

use super::damage::die_chance;
use super::spells::Spell;
use super::{Armour, Profile};

pub fn points(p: &Profile) -> u32 {
    let hd = f64::from(p.hd);
    let mut v = hd * (4.0 + 2.0 / die_chance(p.armour, 0));
    if p.armour == Armour::Heavy {
        v -= hd;
    }
    if let Some(r) = &p.ranged {
        v += 4.0 * f64::from(r.range) / 24.0;
    }
    if p.spell_slots > 0 {
        v += 4.0 * f64::from(p.spell_slots);
        if p.spells
            .iter()
            .any(|s| matches!(s, Spell::MagicMissile | Spell::Sleep))
        {
            v += 2.0;
        }
    }
    v += (f64::from(p.morale) - 8.0) / 2.0;
    if p.morale >= 12 {
        v += 1.0;
    }
    v.round().max(1.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marauders::RangedWeapon;

    fn p(hd: u8, armour: Armour, morale: u8) -> Profile {
        Profile {
            name: "x".into(),
            hd,
            ac: None,
            armour,
            morale,
            ranged: None,
            spells: Vec::new(),
            spell_slots: 0,
            base: None,
        }
    }

    #[test]
    fn hand_values() {
        // 1 × (4 + 2/(3/6)) = 8.
        assert_eq!(points(&p(1, Armour::Medium, 8)), 8);
        // 1 × (4 + 2/(2/6)) − 1 = 9.
        assert_eq!(points(&p(1, Armour::Heavy, 8)), 9);
        // 4 × 8 + (10 − 8)/2 = 33.
        assert_eq!(points(&p(4, Armour::Medium, 10)), 33);
        // 1 × (4 + 2.4) + 0 = 6.4 → 6.
        assert_eq!(points(&p(1, Armour::Unarmoured, 8)), 6);
        let mut archer = p(1, Armour::Light, 8);
        archer.ranged = Some(RangedWeapon {
            name: "bow".into(),
            range: 24.0,
        });
        // 1 × (4 + 3) + 4 = 11.
        assert_eq!(points(&archer), 11);
        let mut mage = p(1, Armour::Unarmoured, 8);
        mage.spells = vec![Spell::MagicMissile];
        mage.spell_slots = 2;
        // 6.4 + 8 + 2 = 16.4 → 16.
        assert_eq!(points(&mage), 16);
        // Fearless: + 2 + 1.
        assert_eq!(points(&p(1, Armour::Medium, 12)), 11);
    }

    #[test]
    fn never_below_one() {
        assert_eq!(points(&p(1, Armour::Unarmoured, 2)), 3);
        assert!(points(&p(1, Armour::Unarmoured, 2)) >= 1);
    }
}
