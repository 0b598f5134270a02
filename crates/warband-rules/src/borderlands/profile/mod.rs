//! Borderlands data: monsters (the `bx` block of the shared bestiary), heroes, weapons,
//! armour, spells, and the [`Combatant`] both become on the table.

use super::damage::DamageExpr;
use super::tables::{Class, MAX_HERO_LEVEL, MonsterHd, SaveAs, ability_modifier};
use crate::icon::Icon;
use serde::{Deserialize, Serialize};

mod checks;
pub use checks::*;
mod kit;
pub use kit::*;
mod spells;
pub use spells::*;

#[cfg(test)]
mod tests;

/// A model's size, which sets how many can attack it in melee (RULINGS: 4, ×2 large,
/// ×3 huge).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Size {
    #[default]
    Normal,
    Large,
    Huge,
}

impl Size {
    pub fn attacker_limit(self) -> usize {
        match self {
            Size::Normal => 4,
            Size::Large => 8,
            Size::Huge => 12,
        }
    }
}

/// One attack of a monster's routine (claw 1d6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attack {
    pub name: String,
    pub damage: DamageExpr,
}

/// The words that name an edged weapon: a sword of any kind, a dagger, an axe, a
/// blade, and a monster's plain "weapon" (B/X's "1 weapon": the orc's sword or axe).
/// Maces, hammers, clubs, staves and spears are not; nor are claws, bites and gores.
const EDGED: [&str; 5] = ["sword", "dagger", "axe", "blade", "weapon"];

impl Attack {
    /// Whether it is a blow of an edged weapon, which slays a sleeping model outright
    /// (B/X Sleep: "killed with a single blow of any edged weapon").
    pub fn edged(&self) -> bool {
        let name = self.name.to_lowercase();
        EDGED.iter().any(|w| name.contains(w))
    }
}

/// A missile weapon: damage and longest range in feet (B/X), ÷ 5 on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Missile {
    pub name: String,
    pub damage: DamageExpr,
    pub range_ft: u16,
}

impl Missile {
    pub fn range_inches(&self) -> f32 {
        f32::from(self.range_ft) / 5.0
    }
}

/// The B/X statistics of a bestiary profile (its `bx:` block).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MonsterStats {
    pub hd: MonsterHd,
    pub attacks: Vec<Attack>,
    /// B/X movement in feet per turn (120 for a man).
    pub movement: u16,
    pub save_as: SaveAs,
    #[serde(default)]
    pub size: Size,
    #[serde(default)]
    pub missile: Option<Missile>,
    /// Spells it casts, from the slots of its save-as class and level (RULINGS).
    #[serde(default)]
    pub spells: Vec<Spell>,
    #[serde(default)]
    pub undead: bool,
    /// A human, demi-human or human-like monster (Hold Person affects only persons).
    #[serde(default)]
    pub person: bool,
    pub xp: u32,
}

/// A weapon of the armoury.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    pub damage: DamageExpr,
    /// Longest range in feet for a missile weapon.
    #[serde(default)]
    pub range_ft: Option<u16>,
    /// A blunt weapon, which a cleric may use (B/X: mace, war hammer, staff, sling).
    #[serde(default)]
    pub blunt: bool,
    /// A weapon a magic-user may use (B/X: the dagger; the staff too, as BECMI's Rules
    /// Cyclopedia allows: the seed plays B/X with BECMI's weapon mastery).
    #[serde(default)]
    pub mage: bool,
    /// Too long for a dwarf or a halfling (B/X: the long bow, the two-handed sword).
    #[serde(default)]
    pub long: bool,
}

/// Body armour of the armoury: the AC it gives (leather 7, chain 5, plate 3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArmourDef {
    pub name: String,
    pub ac: i8,
}

/// A hero of the party tables.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hero {
    pub name: String,
    pub class: Class,
    pub level: u8,
    pub str: u8,
    pub dex: u8,
    pub con: u8,
    pub wis: u8,
    /// Body armour by name, or None.
    #[serde(default)]
    pub armour: Option<String>,
    #[serde(default)]
    pub shield: bool,
    /// Weapons by name: the first melee one is used in melee, the first missile one to
    /// shoot.
    pub weapons: Vec<String>,
    #[serde(default)]
    pub spells: Vec<Spell>,
}

/// How a model's hit points are rolled at deployment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HpRoll {
    Monster(MonsterHd),
    /// `level` dice of `die`, each + `con_bonus`, at least 1 a die.
    Hero {
        level: u8,
        die: u8,
        con_bonus: i8,
    },
}

/// Everything the engine needs of one model, hero or monster.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Combatant {
    pub name: String,
    pub hero: bool,
    pub ac: i8,
    pub thac0: i8,
    /// The melee routine, all in one action (bonuses already in the damage).
    pub melee: Vec<Attack>,
    pub melee_bonus: i8,
    pub missile: Option<Missile>,
    pub missile_bonus: i8,
    /// Inches a round (B/X movement ÷ 3, 1" = 5 ft).
    pub move_inches: f32,
    pub morale: u8,
    pub save_as: SaveAs,
    pub size: Size,
    pub hp: HpRoll,
    pub con: u8,
    pub wis: u8,
    pub spells: Vec<Spell>,
    /// Spell slots a day, by spell level.
    pub slots: SpellSlots,
    pub undead: bool,
    /// Hold Person affects it (heroes; human-like monsters).
    pub person: bool,
    /// HD for Sleep (a hero's level).
    pub level: f32,
    pub xp: u32,
}

/// Encounter movement: B/X feet per turn ÷ 3 a round, at 1" = 5 ft.
pub fn move_inches(feet_per_turn: u16) -> f32 {
    f32::from(feet_per_turn) / 15.0
}

impl Combatant {
    /// The picture on its base where the data names none: a hero's class's, else one
    /// from its name and missile weapon.
    pub fn icon(&self) -> Icon {
        if self.hero {
            return match self.save_as.class {
                Class::Fighter | Class::NormalMan => Icon::Sword,
                Class::Cleric => Icon::Mace,
                Class::MagicUser => Icon::Staff,
                Class::Thief => Icon::Dagger,
                Class::Dwarf => Icon::Axe,
                Class::Elf => Icon::Bow,
                Class::Halfling => Icon::Sling,
            };
        }
        Icon::guess(&self.name, self.missile.as_ref().map(|m| m.name.as_str()))
    }

    pub fn monster(name: &str, ac: i8, morale: u8, m: &MonsterStats) -> Self {
        Self {
            name: name.to_string(),
            hero: false,
            ac,
            thac0: m.hd.thac0(),
            melee: m.attacks.clone(),
            melee_bonus: 0,
            missile: m.missile.clone(),
            missile_bonus: 0,
            move_inches: move_inches(m.movement),
            morale,
            save_as: m.save_as,
            size: m.size,
            hp: HpRoll::Monster(m.hd),
            con: 0,
            wis: 0,
            spells: m.spells.clone(),
            // Slots only for a monster that casts (as its save-as class and level).
            slots: if m.spells.is_empty() {
                [0, 0]
            } else {
                m.save_as.slots()
            },
            undead: m.undead,
            person: m.person,
            level: m.hd.level(),
            xp: m.xp,
        }
    }

    /// A hero with armour and weapons from the armoury; the problem if one is unknown.
    pub fn hero(h: &Hero, weapons: &[Weapon], armour: &[ArmourDef]) -> Result<Self, String> {
        let body = match &h.armour {
            None => 9,
            Some(a) => armour
                .iter()
                .find(|d| &d.name == a)
                .map(|d| d.ac)
                .ok_or_else(|| format!("{}: unknown armour `{a}`", h.name))?,
        };
        let mut kit = Vec::new();
        for w in &h.weapons {
            kit.push(
                weapons
                    .iter()
                    .find(|d| &d.name == w)
                    .ok_or_else(|| format!("{}: unknown weapon `{w}`", h.name))?,
            );
        }
        if let Some(why) = kit_refused(h, &kit, body) {
            return Err(format!("{}: {why}", h.name));
        }
        let str_mod = ability_modifier(h.str);
        let melee = kit.iter().find(|w| w.range_ft.is_none()).map(|w| Attack {
            name: w.name.clone(),
            damage: w.damage.plus(str_mod),
        });
        let missile = kit.iter().find_map(|w| {
            w.range_ft.map(|r| Missile {
                name: w.name.clone(),
                damage: w.damage,
                range_ft: r,
            })
        });
        Ok(Self {
            name: h.name.clone(),
            hero: true,
            ac: body.saturating_sub(i8::from(h.shield) + ability_modifier(h.dex)),
            thac0: h.class.thac0(h.level),
            melee: melee.into_iter().collect(),
            melee_bonus: str_mod,
            missile,
            missile_bonus: ability_modifier(h.dex),
            move_inches: move_inches(match body {
                9.. => 120,
                6..=8 => 90,
                _ => 60,
            }),
            morale: 12,
            save_as: SaveAs {
                class: h.class,
                level: h.level,
            },
            size: Size::Normal,
            hp: HpRoll::Hero {
                level: h.level,
                die: h.class.hit_die(),
                con_bonus: ability_modifier(h.con),
            },
            con: h.con,
            wis: h.wis,
            spells: h.spells.clone(),
            slots: h.class.spells_per_day(h.level),
            undead: false,
            person: true,
            level: f32::from(h.level),
            xp: 0,
        })
    }
}

impl TryFrom<String> for SaveAs {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let bad = || format!("`{s}` is not a save-as like F1, C3, MU2, T1, D1, E1, H1 or NM");
        if s == "NM" {
            return Ok(SaveAs {
                class: Class::NormalMan,
                level: 0,
            });
        }
        let split = s.find(|c: char| c.is_ascii_digit()).ok_or_else(bad)?;
        let class = match &s[..split] {
            "F" => Class::Fighter,
            "C" => Class::Cleric,
            "MU" => Class::MagicUser,
            "T" => Class::Thief,
            "D" => Class::Dwarf,
            "E" => Class::Elf,
            "H" => Class::Halfling,
            _ => return Err(bad()),
        };
        let level: u8 = s[split..].parse().map_err(|_| bad())?;
        if level == 0 {
            return Err(bad());
        }
        if level > class.top_level() {
            return Err(format!(
                "`{s}`: this game plays a {}'s saving throws to level {}",
                class.name(),
                class.top_level()
            ));
        }
        Ok(SaveAs { class, level })
    }
}

impl From<SaveAs> for String {
    fn from(s: SaveAs) -> String {
        let tag = match s.class {
            Class::Fighter => "F",
            Class::Cleric => "C",
            Class::MagicUser => "MU",
            Class::Thief => "T",
            Class::Dwarf => "D",
            Class::Elf => "E",
            Class::Halfling => "H",
            Class::NormalMan => return "NM".into(),
        };
        format!("{tag}{}", s.level)
    }
}
