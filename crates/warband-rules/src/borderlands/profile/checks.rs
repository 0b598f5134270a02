//! What a hero's class and level allow (spells, levels) and what is wrong with a hero,
//! a monster's stats or the armoury: every number checked for meaning, with its bound.

use super::*;
use crate::plain::named_twice;

/// The spells a class may learn (B/X lists as Borderlands plays them): magic-users and
/// elves the arcane ones, clerics the divine ones; each is cast only from a slot of its
/// level.
pub fn class_spells(class: Class) -> &'static [Spell] {
    match class {
        Class::MagicUser | Class::Elf => &[
            Spell::Sleep,
            Spell::MagicMissile,
            Spell::Light,
            Spell::MirrorImage,
        ],
        Class::Cleric => &[Spell::CureLightWounds, Spell::Light, Spell::HoldPerson],
        _ => &[],
    }
}

/// Problems of a hero's numbers (abilities 3–18, level 1–5, a weapon at all, spells its
/// class learns and has slots of their level for).
pub fn hero_problems(h: &Hero) -> Vec<String> {
    let mut out = Vec::new();
    for (name, v) in [
        ("str", h.str),
        ("dex", h.dex),
        ("con", h.con),
        ("wis", h.wis),
    ] {
        if !(3..=18).contains(&v) {
            out.push(format!("{}: {name} must be 3 to 18, not {v}", h.name));
        }
    }
    if !(1..=MAX_HERO_LEVEL).contains(&h.level) {
        out.push(format!(
            "{}: level must be 1 to {MAX_HERO_LEVEL}, not {}",
            h.name, h.level
        ));
    }
    if h.class == Class::NormalMan {
        out.push(format!("{}: a hero needs a class, not normal man", h.name));
    }
    if h.weapons.is_empty() {
        out.push(format!("{}: a hero needs a weapon", h.name));
    }
    out.extend(blank_name("a hero", &h.name));
    out.extend(spell_problems(h));
    out.extend(twice(&h.name, &h.spells));
    out
}

/// The most attacks a monster's routine may have (a hydra's heads), the most XP it may
/// be worth, the longest missile range in feet, the largest bonus a damage expression
/// in the data may add and the armour classes a monster or armour may have.
pub const MAX_ATTACKS: usize = 12;
pub const MAX_XP: u32 = 100_000;
pub const MAX_RANGE_FT: u16 = 1000;
pub const MAX_DAMAGE_BONUS: i8 = 20;
pub const AC_RANGE: std::ops::RangeInclusive<i8> = -10..=9;

/// A problem for a blank name.
fn blank_name(what: &str, name: &str) -> Option<String> {
    name.trim()
        .is_empty()
        .then(|| format!("{what} needs a name"))
}

/// A problem for each spell a list names more than once.
fn twice(name: &str, spells: &[Spell]) -> Vec<String> {
    let mut sorted = spells.to_vec();
    sorted.sort_unstable();
    let mut out: Vec<String> = sorted
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| format!("{name}: {} is listed twice", w[0].name()))
        .collect();
    out.dedup();
    out
}

/// A problem if a damage expression written in the data adds more than
/// ±[`MAX_DAMAGE_BONUS`] (the parser takes any bonus a computed one may reach).
fn damage_problem(name: &str, what: &str, d: DamageExpr) -> Option<String> {
    (d.bonus.unsigned_abs() > MAX_DAMAGE_BONUS.unsigned_abs())
        .then(|| format!("{name}: {what} damage `{d}` adds at most ±{MAX_DAMAGE_BONUS}"))
}

/// A problem if a missile range (feet) is 0 or past [`MAX_RANGE_FT`].
fn range_problem(name: &str, what: &str, range_ft: u16) -> Option<String> {
    (!(1..=MAX_RANGE_FT).contains(&range_ft))
        .then(|| format!("{name}: {what} range must be 1 to {MAX_RANGE_FT} feet, not {range_ft}"))
}

/// Problems of the armoury's weapons and armour: names, damage, ranges, armour class.
pub fn armoury_problems(weapons: &[Weapon], armour: &[ArmourDef]) -> Vec<String> {
    let mut out = Vec::new();
    for w in weapons {
        out.extend(blank_name("a weapon", &w.name));
        out.extend(damage_problem(&w.name, "its", w.damage));
        if let Some(r) = w.range_ft {
            out.extend(range_problem(&w.name, "its", r));
        }
    }
    for a in armour {
        out.extend(blank_name("armour", &a.name));
        if !AC_RANGE.contains(&a.ac) {
            out.push(format!("{}: ac must be -10 to 9, not {}", a.name, a.ac));
        }
    }
    out.extend(named_twice(
        "weapons",
        weapons.iter().map(|w| w.name.as_str()),
    ));
    out.extend(named_twice(
        "armours",
        armour.iter().map(|a| a.name.as_str()),
    ));
    out
}

/// Whether a hero of `class` and `level` has a slot of the spell's level to cast it from.
pub fn castable_at(class: Class, level: u8, spell: Spell) -> bool {
    class.spells_per_day(level)[slot_index(spell)] > 0
}

/// Spells a hero may not take: not its class's, or of a level it has no slot for yet
/// (Hold Person from cleric level 4).
pub(super) fn spell_problems(h: &Hero) -> Vec<String> {
    let mut out = Vec::new();
    for spell in &h.spells {
        if !class_spells(h.class).contains(spell) {
            out.push(format!(
                "{}: a {} cannot learn {}",
                h.name,
                h.class.name(),
                spell.name()
            ));
        } else if !castable_at(h.class, h.level, *spell) {
            let from = (1..=MAX_HERO_LEVEL)
                .find(|l| castable_at(h.class, *l, *spell))
                .unwrap_or(MAX_HERO_LEVEL);
            out.push(format!(
                "{}: {} is a level-{} spell, which a {} casts from level {from}, not {}",
                h.name,
                spell.name(),
                spell.level(),
                h.class.name(),
                h.level
            ));
        }
    }
    out
}

/// Problems of a monster's B/X numbers.
pub fn monster_problems(name: &str, ac: i8, morale: u8, m: &MonsterStats) -> Vec<String> {
    let mut out = Vec::new();
    out.extend(blank_name("a monster", name));
    if !AC_RANGE.contains(&ac) {
        out.push(format!("{name}: ac must be -10 to 9, not {ac}"));
    }
    if !(2..=12).contains(&morale) {
        out.push(format!("{name}: morale must be 2 to 12, not {morale}"));
    }
    if !(1..=MAX_ATTACKS).contains(&m.attacks.len()) {
        out.push(format!(
            "{name}: a monster has 1 to {MAX_ATTACKS} attacks, not {}",
            m.attacks.len()
        ));
    }
    for a in &m.attacks {
        out.extend(damage_problem(name, &a.name, a.damage));
    }
    if !(10..=480).contains(&m.movement) {
        out.push(format!(
            "{name}: movement must be 10 to 480 feet a turn, not {}",
            m.movement
        ));
    }
    if let Some(w) = &m.missile {
        out.extend(range_problem(name, "a missile weapon's", w.range_ft));
        out.extend(damage_problem(name, &w.name, w.damage));
    }
    if !(1..=MAX_XP).contains(&m.xp) {
        out.push(format!("{name}: xp must be 1 to {MAX_XP}, not {}", m.xp));
    }
    out.extend(monster_spell_problems(name, m));
    out
}

/// Spells a monster may not cast: no slot of their level as its save-as class, or one
/// named twice.
fn monster_spell_problems(name: &str, m: &MonsterStats) -> Vec<String> {
    let slots = m.save_as.slots();
    let mut out: Vec<String> = m
        .spells
        .iter()
        .filter(|spell| slots[slot_index(**spell)] == 0)
        .map(|spell| {
            format!(
                "{name}: saving as {}, it has no level-{} slot for {}",
                String::from(m.save_as),
                spell.level(),
                spell.name()
            )
        })
        .collect();
    out.extend(twice(name, &m.spells));
    out
}
