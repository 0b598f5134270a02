//! What a hero's class and level allow (spells, levels) and what is wrong with a hero or a monster's stats.

use super::*;

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
    out.extend(spell_problems(h));
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
    if !(-10..=9).contains(&ac) {
        out.push(format!("{name}: ac must be -10 to 9, not {ac}"));
    }
    if !(2..=12).contains(&morale) {
        out.push(format!("{name}: morale must be 2 to 12, not {morale}"));
    }
    if m.attacks.is_empty() {
        out.push(format!("{name}: a monster needs at least one attack"));
    }
    if !(10..=480).contains(&m.movement) {
        out.push(format!(
            "{name}: movement must be 10 to 480 feet a turn, not {}",
            m.movement
        ));
    }
    if m.missile.as_ref().is_some_and(|w| w.range_ft == 0) {
        out.push(format!("{name}: a missile weapon needs a range"));
    }
    let slots = m.save_as.slots();
    for spell in &m.spells {
        if slots[slot_index(*spell)] == 0 {
            out.push(format!(
                "{name}: saving as {}, it has no level-{} slot for {}",
                String::from(m.save_as),
                spell.level(),
                spell.name()
            ));
        }
    }
    out
}
