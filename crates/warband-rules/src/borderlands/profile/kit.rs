//! What a hero's class may carry (B/X, Basic and Expert): a cleric only blunt weapons;
//! a magic-user a dagger, and no armour or shield; a thief leather armour at most, and
//! no shield; a dwarf or a halfling nothing too long for it (a long bow, a two-handed
//! sword). A fighter or an elf carries anything in the armoury. One reading of ours: a
//! magic-user may also carry a staff, as BECMI's Rules Cyclopedia allows (the seed plays
//! B/X with BECMI's weapon mastery); Moldvay's Basic allows the dagger alone.

use super::{Hero, Weapon};
use crate::borderlands::Class;

/// Why `class` may not use weapon `w`, if it may not.
pub fn weapon_refused(class: Class, w: &Weapon) -> Option<String> {
    let name = &w.name;
    match class {
        Class::Cleric if !w.blunt => Some(format!(
            "a cleric uses only blunt weapons (B/X), not a {name}"
        )),
        Class::MagicUser if !w.mage => Some(format!(
            "a magic-user uses only a dagger or a staff (B/X), not a {name}"
        )),
        Class::Dwarf | Class::Halfling if w.long => Some(format!(
            "a {} is too small for a {name} (B/X)",
            class.name()
        )),
        _ => None,
    }
}

/// Why `class` may not wear armour of AC `body` (9: none), if it may not.
pub fn armour_refused(class: Class, body: i8) -> Option<String> {
    match class {
        Class::MagicUser if body < 9 => Some("a magic-user wears no armour (B/X)".into()),
        Class::Thief if body < 7 => Some("a thief wears leather armour at most (B/X)".into()),
        _ => None,
    }
}

/// Why `class` may not carry a shield, if it may not.
pub fn shield_refused(class: Class) -> Option<String> {
    match class {
        Class::MagicUser => Some("a magic-user carries no shield (B/X)".into()),
        Class::Thief => Some("a thief carries no shield (B/X)".into()),
        _ => None,
    }
}

/// The first thing in `h`'s kit its class may not carry: its weapons `kit`, armour of
/// AC `body` and shield.
pub fn kit_refused(h: &Hero, kit: &[&Weapon], body: i8) -> Option<String> {
    kit.iter()
        .find_map(|w| weapon_refused(h.class, w))
        .or_else(|| armour_refused(h.class, body))
        .or_else(|| h.shield.then(|| shield_refused(h.class)).flatten())
}
