//! The B/X tables Borderlands plays by: monster THAC0 by hit dice, character classes at
//! levels 1–5 (THAC0, saves by level band, hit die, spells per day), ability modifiers, and monster
//! hit dice as written (`1/2`, `1-1`, `1+1`, `3`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A monster's hit dice as B/X writes them: `dice` d8s plus `modifier` HP, or half a
/// die (1d4) when `half`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct MonsterHd {
    pub dice: u8,
    pub modifier: i8,
    pub half: bool,
}

impl MonsterHd {
    /// THAC0 from the B/X monster attack table: up to 1 HD 19, 1+ to 2 18, 2+ to 3 17,
    /// … 7+ to 9 12, 9+ to 11 11, then one better per two HD, never better than 5.
    pub fn thac0(self) -> i8 {
        const BANDS: [u8; 14] = [1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 15, 17, 19, 21];
        let fits = |b: u8| self.half || self.dice < b || (self.dice == b && self.modifier <= 0);
        let band = BANDS.iter().position(|b| fits(*b)).unwrap_or(BANDS.len());
        19 - band as i8
    }

    /// The HD that count for Sleep and for XP: the dice, a plus counting as more.
    pub fn level(self) -> f32 {
        if self.half {
            0.5
        } else {
            f32::from(self.dice) + if self.modifier > 0 { 0.25 } else { 0.0 }
        }
    }
}

impl fmt::Display for MonsterHd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.half, self.modifier) {
            (true, _) => f.write_str("1/2"),
            (false, 0) => write!(f, "{}", self.dice),
            (false, m) => write!(f, "{}{m:+}", self.dice),
        }
    }
}

impl FromStr for MonsterHd {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{s}` is not B/X hit dice like 1/2, 1-1, 2 or 3+1");
        if s.trim() == "1/2" {
            return Ok(Self {
                dice: 0,
                modifier: 0,
                half: true,
            });
        }
        let t = s.trim();
        let (dice, modifier) = match t.find(['+', '-']) {
            Some(i) => (
                &t[..i],
                t[i..]
                    .trim_start_matches('+')
                    .parse::<i8>()
                    .map_err(|_| bad())?,
            ),
            None => (t, 0),
        };
        let dice: u8 = dice.parse().map_err(|_| bad())?;
        if !(1..=30).contains(&dice) || modifier.unsigned_abs() > 20 {
            return Err(format!(
                "`{s}`: 1 to 30 hit dice, a modifier of at most ±20"
            ));
        }
        Ok(Self {
            dice,
            modifier,
            half: false,
        })
    }
}

impl TryFrom<String> for MonsterHd {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

impl From<MonsterHd> for String {
    fn from(h: MonsterHd) -> String {
        h.to_string()
    }
}

/// B/X ability score modifier: 3 −3, 4–5 −2, 6–8 −1, 9–12 0, 13–15 +1, 16–17 +2, 18 +3.
pub fn ability_modifier(score: u8) -> i8 {
    match score {
        0..=3 => -3,
        4..=5 => -2,
        6..=8 => -1,
        9..=12 => 0,
        13..=15 => 1,
        16..=17 => 2,
        _ => 3,
    }
}

/// The five B/X saving throws, in the table's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SaveKind {
    Death,
    Wands,
    Paralysis,
    Breath,
    Spells,
}

/// The seven B/X classes, and the normal man monsters may save as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Class {
    Fighter,
    Cleric,
    MagicUser,
    Thief,
    Dwarf,
    Elf,
    Halfling,
    NormalMan,
}

impl Class {
    pub const HEROES: [Class; 7] = [
        Class::Fighter,
        Class::Cleric,
        Class::MagicUser,
        Class::Thief,
        Class::Dwarf,
        Class::Elf,
        Class::Halfling,
    ];

    /// Sides of the hit die per level (B/X).
    pub fn hit_die(self) -> u8 {
        match self {
            Class::Fighter | Class::Dwarf => 8,
            Class::Cleric | Class::Elf | Class::Halfling => 6,
            Class::MagicUser | Class::Thief | Class::NormalMan => 4,
        }
    }

    /// The highest level whose saving throws this game plays (the B/X bands RULINGS
    /// gives: fighters, dwarves, elves and halflings to 6, clerics and thieves to 8,
    /// magic-users to 5); a hero plays levels 1 to [`MAX_HERO_LEVEL`].
    pub fn top_level(self) -> u8 {
        match self {
            Class::Fighter | Class::Dwarf | Class::Elf | Class::Halfling => 6,
            Class::Cleric | Class::Thief => 8,
            Class::MagicUser => 5,
            Class::NormalMan => 0,
        }
    }

    /// THAC0 at a level (B/X): fighters, dwarves, elves and halflings 19 at 1–3 and 17
    /// at 4–6; clerics and thieves 19 at 1–4 and 17 at 5–8; magic-users 19 at 1–5; a
    /// normal man 20.
    pub fn thac0(self, level: u8) -> i8 {
        let better_from = match self {
            Class::Fighter | Class::Dwarf | Class::Elf | Class::Halfling => 4,
            Class::Cleric | Class::Thief => 5,
            Class::MagicUser => 6,
            Class::NormalMan => return 20,
        };
        if level >= better_from { 17 } else { 19 }
    }

    /// Saving throw targets (death, wands, paralysis, breath, spells) at a level, from
    /// the B/X table row of that level (RULINGS).
    pub fn saves(self, level: u8) -> [u8; 5] {
        match (self, level) {
            (Class::Fighter, ..=3) => [12, 13, 14, 15, 16],
            (Class::Fighter, _) => [10, 11, 12, 13, 14],
            (Class::Cleric, ..=4) => [11, 12, 14, 16, 15],
            (Class::Cleric, _) => [9, 10, 12, 14, 12],
            (Class::MagicUser, _) => [13, 14, 13, 16, 15],
            (Class::Thief, ..=4) => [13, 14, 13, 16, 15],
            (Class::Thief, _) => [12, 13, 11, 14, 13],
            (Class::Dwarf | Class::Halfling, ..=3) => [8, 9, 10, 13, 12],
            (Class::Dwarf | Class::Halfling, _) => [6, 7, 8, 10, 10],
            (Class::Elf, ..=3) => [12, 13, 13, 15, 15],
            (Class::Elf, _) => [10, 11, 11, 13, 12],
            (Class::NormalMan, _) => [14, 15, 16, 17, 18],
        }
    }

    pub fn save(self, level: u8, kind: SaveKind) -> u8 {
        self.saves(level)[kind as usize]
    }

    /// Spells per day at a level, by spell level (first, second): clerics 0, 1, 2, 2/1,
    /// 2/2 at levels 1–5; magic-users and elves 1, 2, 2/1, 2/2, 2/2 (B/X; the third-level
    /// slot a magic-user gains at 5 has no spell here).
    pub fn spells_per_day(self, level: u8) -> [u8; 2] {
        const ARCANE: [[u8; 2]; 5] = [[1, 0], [2, 0], [2, 1], [2, 2], [2, 2]];
        const DIVINE: [[u8; 2]; 5] = [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]];
        let row = usize::from(level.clamp(1, MAX_HERO_LEVEL)) - 1;
        match self {
            Class::MagicUser | Class::Elf => ARCANE[row],
            Class::Cleric => DIVINE[row],
            _ => [0, 0],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Class::Fighter => "fighter",
            Class::Cleric => "cleric",
            Class::MagicUser => "magic-user",
            Class::Thief => "thief",
            Class::Dwarf => "dwarf",
            Class::Elf => "elf",
            Class::Halfling => "halfling",
            Class::NormalMan => "normal man",
        }
    }
}

/// Heroes play levels 1 to 5 (RULINGS).
pub const MAX_HERO_LEVEL: u8 = 5;

/// Who a monster saves as: a class at a level (`F1`, `NM`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SaveAs {
    pub class: Class,
    pub level: u8,
}

impl SaveAs {
    /// The save's target on the table row of the save-as level (F4 as a fighter of
    /// levels 4–6; NM as a normal man).
    pub fn target(self, kind: SaveKind) -> u8 {
        self.class.save(self.level, kind)
    }

    /// Spell slots of the save-as class at its level (a monster casts as its save-as
    /// level: RULINGS).
    pub fn slots(self) -> [u8; 2] {
        self.class.spells_per_day(self.level)
    }
}

/// The chance a save of target `target` succeeds on a d20 (roll at or above it).
pub fn save_chance(target: u8) -> f64 {
    let faces = 21 - i32::from(target.clamp(1, 21));
    f64::from(faces.clamp(0, 20)) / 20.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monster_thac0_follows_the_bx_table() {
        let hd = |s: &str| s.parse::<MonsterHd>().unwrap();
        for (text, thac0) in [
            ("1/2", 19),
            ("1-1", 19),
            ("1", 19),
            ("1+1", 18),
            ("2", 18),
            ("2+1", 17),
            ("3", 17),
            ("3+1", 16),
            ("4", 16),
            ("4+1", 15),
            ("5", 15),
            ("6", 14),
            ("6+3", 13),
            ("7", 13),
            ("8", 12),
            ("9", 12),
            ("10", 11),
            ("11", 11),
            ("12", 10),
            ("30", 5),
        ] {
            assert_eq!(hd(text).thac0(), thac0, "{text}");
            assert_eq!(hd(text).to_string(), text);
        }
        for bad in ["", "0", "1/3", "x", "2+", "31"] {
            assert!(bad.parse::<MonsterHd>().is_err(), "{bad}");
        }
    }

    #[test]
    fn ability_modifiers_by_band() {
        let got: Vec<i8> = [3, 4, 5, 6, 8, 9, 12, 13, 15, 16, 17, 18]
            .map(ability_modifier)
            .to_vec();
        assert_eq!(got, [-3, -2, -2, -1, -1, 0, 0, 1, 1, 2, 2, 3]);
    }

    #[test]
    fn saves_and_their_chances() {
        assert_eq!(Class::Dwarf.save(1, SaveKind::Death), 8);
        assert_eq!(Class::MagicUser.save(3, SaveKind::Spells), 15);
        assert_eq!(Class::Fighter.save(1, SaveKind::Spells), 16);
        assert!((save_chance(14) - 0.35).abs() < 1e-12);
        assert_eq!(save_chance(1), 1.0);
        assert_eq!(save_chance(21), 0.0);
    }

    #[test]
    fn saves_follow_the_row_of_the_save_as_level() {
        let save_as = |s: &str| SaveAs::try_from(s.to_string()).unwrap();
        // An ogre (F4) and a troll (F6) save vs spells as fighters of 4–6: 14, not 16.
        assert_eq!(save_as("F4").target(SaveKind::Spells), 14);
        assert_eq!(save_as("F6").target(SaveKind::Spells), 14);
        assert_eq!(save_as("F3").target(SaveKind::Spells), 16);
        // A normal man: death 14, wands 15, paralysis 16, breath 17, spells 18.
        assert_eq!(Class::NormalMan.saves(0), [14, 15, 16, 17, 18]);
        // Every band RULINGS gives, at both of its ends.
        let rows = [
            (Class::Fighter, 1, 3, [12, 13, 14, 15, 16]),
            (Class::Fighter, 4, 6, [10, 11, 12, 13, 14]),
            (Class::Cleric, 1, 4, [11, 12, 14, 16, 15]),
            (Class::Cleric, 5, 8, [9, 10, 12, 14, 12]),
            (Class::MagicUser, 1, 5, [13, 14, 13, 16, 15]),
            (Class::Thief, 1, 4, [13, 14, 13, 16, 15]),
            (Class::Thief, 5, 8, [12, 13, 11, 14, 13]),
            (Class::Dwarf, 1, 3, [8, 9, 10, 13, 12]),
            (Class::Halfling, 4, 6, [6, 7, 8, 10, 10]),
            (Class::Elf, 1, 3, [12, 13, 13, 15, 15]),
            (Class::Elf, 4, 6, [10, 11, 11, 13, 12]),
        ];
        for (class, low, high, saves) in rows {
            assert_eq!(class.saves(low), saves, "{class:?} {low}");
            assert_eq!(class.saves(high), saves, "{class:?} {high}");
        }
    }

    #[test]
    fn thac0_improves_by_class_and_level() {
        let at = |c: Class| (1..=5).map(|l| c.thac0(l)).collect::<Vec<_>>();
        assert_eq!(at(Class::Fighter), [19, 19, 19, 17, 17]);
        assert_eq!(at(Class::Elf), [19, 19, 19, 17, 17]);
        assert_eq!(at(Class::Cleric), [19, 19, 19, 19, 17]);
        assert_eq!(at(Class::Thief), [19, 19, 19, 19, 17]);
        assert_eq!(at(Class::MagicUser), [19, 19, 19, 19, 19]);
        assert_eq!(Class::NormalMan.thac0(0), 20);
    }

    #[test]
    fn spells_per_day() {
        let at = |c: Class| (1..=5).map(|l| c.spells_per_day(l)).collect::<Vec<_>>();
        assert_eq!(at(Class::Cleric), [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]);
        assert_eq!(
            at(Class::MagicUser),
            [[1, 0], [2, 0], [2, 1], [2, 2], [2, 2]]
        );
        assert_eq!(at(Class::Elf), at(Class::MagicUser));
        assert_eq!(Class::Fighter.spells_per_day(5), [0, 0]);
        // A monster casts as its save-as level: the Evil priest (C3) has two first-level
        // slots and no second-level one.
        assert_eq!(SaveAs::try_from("C3".to_string()).unwrap().slots(), [2, 0]);
    }
}
