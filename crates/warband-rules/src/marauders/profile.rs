//! A Marauders model profile, as the bestiary gives it.

use super::Armour;
use serde::{Deserialize, Serialize};

/// A ranged weapon: its name and range in inches (bow 24", sling 18", crossbow 24").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RangedWeapon {
    pub name: String,
    pub range: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub name: String,
    /// Hit dice: the model's full initial HD (it attacks with all of them while it lives).
    pub hd: u8,
    pub armour: Armour,
    /// B/X morale score, 2–12.
    pub morale: u8,
    #[serde(default)]
    pub ranged: Option<RangedWeapon>,
    /// Names of spells from the spell list the model can cast.
    #[serde(default)]
    pub spells: Vec<String>,
    /// Spells it may cast in one battle.
    #[serde(default)]
    pub spell_slots: u8,
    /// Base diameter in inches; by HD if not given.
    #[serde(default)]
    pub base: Option<f32>,
}

impl Profile {
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
