//! The picture a model shows on its base, seen from above: what it fights with or what
//! it is. Each profile in the shipped bestiaries names its icon (`icon: Bow`); the game
//! reads it beside the profile, never into it, so a battle's state and its saves do not
//! change with a picture. A profile that names none (a player's own, or one written
//! before icons) gets [`Icon::guess`]'s from its name and weapon.

use serde::{Deserialize, Serialize};

/// A top-down icon for a base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Icon {
    Sword,
    Spear,
    Axe,
    Club,
    Mace,
    Dagger,
    Bow,
    Crossbow,
    Sling,
    Staff,
    Shield,
    Skull,
    Horse,
    Wolf,
    Giant,
    Beast,
    Cannon,
    Banner,
}

impl Icon {
    pub const ALL: [Icon; 18] = [
        Icon::Sword,
        Icon::Spear,
        Icon::Axe,
        Icon::Club,
        Icon::Mace,
        Icon::Dagger,
        Icon::Bow,
        Icon::Crossbow,
        Icon::Sling,
        Icon::Staff,
        Icon::Shield,
        Icon::Skull,
        Icon::Horse,
        Icon::Wolf,
        Icon::Giant,
        Icon::Beast,
        Icon::Cannon,
        Icon::Banner,
    ];

    /// The icon a profile gets when its file names none: from the first word of its
    /// name or weapon that says what it is (`"Goblin archer"` → bow, `"Skeleton"` →
    /// skull), else a sword.
    pub fn guess(name: &str, weapon: Option<&str>) -> Icon {
        let text = format!("{} {}", name, weapon.unwrap_or("")).to_lowercase();
        const WORDS: [(&str, Icon); 24] = [
            ("crossbow", Icon::Crossbow),
            ("bow", Icon::Bow),
            ("archer", Icon::Bow),
            ("sling", Icon::Sling),
            ("skelet", Icon::Skull),
            ("zombie", Icon::Skull),
            ("wight", Icon::Skull),
            ("ghoul", Icon::Skull),
            ("wolf", Icon::Wolf),
            ("warg", Icon::Wolf),
            ("rider", Icon::Horse),
            ("knight", Icon::Horse),
            ("cavalry", Icon::Horse),
            ("ogre", Icon::Giant),
            ("troll", Icon::Giant),
            ("giant", Icon::Giant),
            ("bombard", Icon::Cannon),
            ("cannon", Icon::Cannon),
            ("wizard", Icon::Staff),
            ("mage", Icon::Staff),
            ("priest", Icon::Mace),
            ("spear", Icon::Spear),
            ("axe", Icon::Axe),
            ("club", Icon::Club),
        ];
        WORDS
            .iter()
            .find(|(w, _)| text.contains(w))
            .map_or(Icon::Sword, |(_, icon)| *icon)
    }

    pub fn name(self) -> &'static str {
        match self {
            Icon::Sword => "sword",
            Icon::Spear => "spear",
            Icon::Axe => "axe",
            Icon::Club => "club",
            Icon::Mace => "mace",
            Icon::Dagger => "dagger",
            Icon::Bow => "bow",
            Icon::Crossbow => "crossbow",
            Icon::Sling => "sling",
            Icon::Staff => "staff",
            Icon::Shield => "shield",
            Icon::Skull => "skull",
            Icon::Horse => "horse",
            Icon::Wolf => "wolf",
            Icon::Giant => "giant",
            Icon::Beast => "beast",
            Icon::Cannon => "cannon",
            Icon::Banner => "banner",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_without_an_icon_gets_one_from_its_name_or_weapon() {
        assert_eq!(Icon::guess("Goblin archer", Some("shortbow")), Icon::Bow);
        assert_eq!(Icon::guess("Dwarf crossbows", None), Icon::Crossbow);
        assert_eq!(Icon::guess("Kobold", Some("sling")), Icon::Sling);
        assert_eq!(Icon::guess("Skeleton", None), Icon::Skull);
        assert_eq!(Icon::guess("Mounted knights", None), Icon::Horse);
        assert_eq!(Icon::guess("Orc", None), Icon::Sword);
    }

    #[test]
    fn every_icon_has_its_own_name() {
        let names: std::collections::HashSet<_> = Icon::ALL.iter().map(|i| i.name()).collect();
        assert_eq!(names.len(), Icon::ALL.len());
    }
}
