//! A Marauders model profile, as the bestiary gives it.

use super::Armour;
use super::spells::Spell;
use crate::borderlands::MonsterHd;
use crate::icon::Icon;
use crate::plain::plain_some;
use serde::{Deserialize, Serialize};

/// A ranged weapon: its name and range in inches (bow 24", sling 18", crossbow 24").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RangedWeapon {
    pub name: String,
    pub range: f32,
}

/// A bestiary profile. In RON a profile gives its B/X `ac` and Marauders derives the
/// armour category from it (RULINGS: AC 9 unarmoured, 8–7 light, 6–4 medium, 3 or better
/// heavy); an `armour` written beside it overrides the mapping (the file says why).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ProfileRon")]
pub struct Profile {
    pub name: String,
    /// Hit dice: the model's full initial HD (it attacks with all of them while it lives).
    pub hd: u8,
    /// Descending B/X armour class, where the profile has one (saves written before it
    /// was added state only the category). Written as a plain number: `ac: 7`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "plain_ac"
    )]
    pub ac: Option<i8>,
    /// The Marauders armour category: from `ac`, unless overridden.
    pub armour: Armour,
    /// B/X morale score, 2–12.
    pub morale: u8,
    #[serde(default)]
    pub ranged: Option<RangedWeapon>,
    /// The spells (from the spell list) the model can cast.
    #[serde(default)]
    pub spells: Vec<Spell>,
    /// Spells it may cast in one battle.
    #[serde(default)]
    pub spell_slots: u8,
    /// Base diameter in inches; by HD if not given.
    #[serde(default)]
    pub base: Option<f32>,
}

/// A profile as written: `ac`, `armour` or both.
#[derive(Deserialize)]
#[serde(rename = "Profile")]
struct ProfileRon {
    name: String,
    hd: u8,
    #[serde(default, deserialize_with = "plain_some")]
    ac: Option<i8>,
    #[serde(default, deserialize_with = "plain_some")]
    armour: Option<Armour>,
    morale: u8,
    #[serde(default)]
    ranged: Option<RangedWeapon>,
    #[serde(default)]
    spells: Vec<Spell>,
    #[serde(default)]
    spell_slots: u8,
    #[serde(default)]
    base: Option<f32>,
    /// The B/X block Borderlands reads: here only its hit dice, which the Marauders HD
    /// must follow.
    #[serde(default, deserialize_with = "plain_some")]
    bx: Option<BxHitDice>,
}

#[derive(Deserialize)]
struct BxHitDice {
    hd: MonsterHd,
}

/// Marauders hit dice from a B/X hit-dice expression (RULINGS): round down, at least 1
/// (1+1 → 1, 3+1 → 3; ½ and 1−1 → 1).
pub fn hd_from_bx(hd: MonsterHd) -> u8 {
    if hd.half { 1 } else { hd.dice.max(1) }
}

fn plain_ac<S: serde::Serializer>(ac: &Option<i8>, s: S) -> Result<S::Ok, S::Error> {
    match ac {
        Some(ac) => s.serialize_i8(*ac),
        None => s.serialize_none(),
    }
}

impl TryFrom<ProfileRon> for Profile {
    type Error = String;

    fn try_from(r: ProfileRon) -> Result<Self, String> {
        if let Some(bx) = &r.bx
            && hd_from_bx(bx.hd) != r.hd
        {
            return Err(format!(
                "profile `{}`: hd {} does not follow its B/X hit dice {}, which make {} HD \
                 (rounded down)",
                r.name,
                r.hd,
                bx.hd,
                hd_from_bx(bx.hd)
            ));
        }
        let armour = match (r.armour, r.ac) {
            (Some(a), _) => a,
            (None, Some(ac)) => Armour::from_bx_ac(ac),
            (None, None) => {
                return Err(format!(
                    "profile `{}` needs its B/X `ac` (or an `armour` category)",
                    r.name
                ));
            }
        };
        Ok(Profile {
            name: r.name,
            hd: r.hd,
            ac: r.ac,
            armour,
            morale: r.morale,
            ranged: r.ranged,
            spells: r.spells,
            spell_slots: r.spell_slots,
            base: r.base,
        })
    }
}

impl Profile {
    /// The picture its base shows where the data names none: from its name and missile.
    pub fn icon(&self) -> Icon {
        Icon::guess(&self.name, self.ranged.as_ref().map(|r| r.name.as_str()))
    }

    /// Whether the armour category is the one the B/X AC maps to (false: overridden).
    pub fn armour_follows_ac(&self) -> bool {
        self.ac
            .is_none_or(|ac| Armour::from_bx_ac(ac) == self.armour)
    }

    pub fn base_diameter(&self) -> f32 {
        self.base
            .unwrap_or_else(|| super::armour::base_diameter(self.hd))
    }

    /// What is wrong with the profile, if anything.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.hd == 0 {
            out.push(format!("{}: hd must be at least 1", self.name));
        }
        if !(2..=12).contains(&self.morale) {
            out.push(format!(
                "{}: morale must be 2 to 12, not {}",
                self.name, self.morale
            ));
        }
        if let Some(r) = &self.ranged
            && !positive(r.range)
        {
            out.push(format!(
                "{}: ranged weapon range must be positive",
                self.name
            ));
        }
        if let Some(ac) = self.ac
            && !(-10..=9).contains(&ac)
        {
            out.push(format!("{}: ac must be -10 to 9, not {ac}", self.name));
        }
        if self.base.is_some_and(|d| !positive(d)) {
            out.push(format!("{}: base diameter must be positive", self.name));
        }
        out
    }
}

/// A finite number above zero (NaN is not).
fn positive(x: f32) -> bool {
    x.is_finite() && x > 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Profile, ron::error::SpannedError> {
        ron::from_str(text)
    }

    #[test]
    fn armour_comes_from_the_bx_ac() {
        let skeleton = parse(r#"(name: "Skeleton", hd: 1, ac: 7, morale: 12)"#).unwrap();
        assert_eq!(skeleton.armour, Armour::Light);
        assert!(skeleton.armour_follows_ac());
        let bandit = parse(r#"(name: "Bandit", hd: 1, ac: 6, morale: 8)"#).unwrap();
        assert_eq!(bandit.armour, Armour::Medium);
    }

    #[test]
    fn a_written_category_overrides_the_ac() {
        let p = parse(r#"(name: "Odd", hd: 1, ac: 9, armour: heavy, morale: 8)"#).unwrap();
        assert_eq!(p.armour, Armour::Heavy);
        assert!(!p.armour_follows_ac());
    }

    #[test]
    fn neither_ac_nor_armour_is_an_error() {
        let e = parse(r#"(name: "Nothing", hd: 1, morale: 8)"#).unwrap_err();
        assert!(e.to_string().contains("needs its B/X `ac`"), "{e}");
    }

    #[test]
    fn a_profile_round_trips_with_its_ac() {
        let p = parse(r#"(name: "Orc", hd: 1, ac: 6, morale: 8)"#).unwrap();
        let text = ron::to_string(&p).unwrap();
        assert!(text.contains("ac:6"), "{text}");
        assert_eq!(parse(&text).unwrap(), p);
    }

    #[test]
    fn hit_dice_follow_the_bx_expression_rounded_down() {
        let hd = |s: &str| hd_from_bx(s.parse().unwrap());
        assert_eq!(
            ["1/2", "1-1", "1", "1+1", "2+2", "3+1", "6+3"].map(hd),
            [1, 1, 1, 1, 2, 3, 6]
        );
        let hob = r#"(name: "Hobgoblin", hd: 1, ac: 6, morale: 8, bx: (hd: "1+1", xp: 15))"#;
        assert_eq!(parse(hob).unwrap().hd, 1);
        let e = parse(&hob.replace("hd: 1,", "hd: 2,")).unwrap_err();
        assert!(e.to_string().contains("which make 1 HD"), "{e}");
    }

    #[test]
    fn an_absurd_ac_is_a_problem() {
        let p = parse(r#"(name: "X", hd: 1, ac: 40, armour: light, morale: 8)"#).unwrap();
        assert!(p.problems().iter().any(|e| e.contains("ac must be")));
    }
}
