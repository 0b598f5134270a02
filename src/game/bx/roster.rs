//! The Borderlands roster: the shipped armoury, the player's own heroes from the hero
//! designer, and the heroes and monsters as the army builder lists them.

use crate::game::catalogue::{Catalogue, Entry};
use std::path::PathBuf;
use warband_rules::Ruleset;
use warband_rules::army::ArmyList;
use warband_rules::borderlands::profile::{Combatant, Hero};

/// The shipped Borderlands weapons and armour.
pub(super) fn armoury_file() -> PathBuf {
    warband_table::files::shipped_root().join("bestiary/borderlands.ron")
}

/// The Borderlands heroes the player made with the hero designer.
pub fn heroes_file() -> PathBuf {
    crate::game::saves::data_dir().join("heroes.ron")
}

/// The player's own heroes (none if there is no file yet), or what is wrong with the file.
pub fn load_heroes() -> Result<Vec<Hero>, String> {
    let list = crate::game::saves::load_own::<warband_borderlands::data::HeroList>(&heroes_file());
    Ok(list?.map_or_else(Vec::new, |l| l.heroes))
}

/// The player's heroes as combatants, made with the shipped armoury, and the problem of
/// each that cannot be made.
pub(super) fn usable_heroes() -> Result<(Vec<Combatant>, Vec<String>), String> {
    warband_borderlands::data::usable_heroes(&armoury_file(), &load_heroes()?)
        .map_err(|e| e.to_string())
}

/// The player's heroes that can be made (a bad one is left out, not all of them).
pub(crate) fn hero_combatants() -> Result<Vec<Combatant>, String> {
    usable_heroes().map(|(made, _)| made)
}

/// The shipped heroes and monsters and the player's own heroes, as the builder lists
/// them.
pub(super) fn catalogue(
    dir: &std::path::Path,
) -> Result<Catalogue, warband_table::files::DataError> {
    let mut roster = warband_borderlands::data::roster(
        &dir.join("marauders.ron"),
        &dir.join("borderlands.ron"),
    )?;
    // The player's own heroes from the hero designer, after the shipped ones.
    warband_borderlands::data::adopt_into(&mut roster, hero_combatants().unwrap_or_default());
    let entries = roster.iter().map(entry).collect();
    Ok(Catalogue {
        ruleset: Ruleset::Borderlands,
        heading: "Heroes and monsters",
        leader_hint: "The round button marks the leader: its morale is the side's while it stands.",
        headers: &["Kind", "AC · THAC0", "Attacks", "Morale"],
        entries,
        unit: "XP",
        party_unit: Some("levels"),
        default_limit: 200,
        max_models: warband_borderlands::data::MAX_PARTY,
        problems: Box::new(move |a: &ArmyList| {
            warband_borderlands::data::army_problems(a, &roster)
        }),
    })
}

/// A hero or monster as the builder lists it.
fn entry(c: &Combatant) -> Entry {
    let melee: Vec<String> = c
        .melee
        .iter()
        .map(|a| format!("{} {}", a.name, a.damage))
        .collect();
    let missile = c
        .missile
        .as_ref()
        .map_or(String::new(), |m| format!("; {} {}", m.name, m.damage));
    Entry {
        name: c.name.clone(),
        cells: vec![
            if c.hero { "hero" } else { "monster" }.into(),
            format!("AC {} · THAC0 {}", c.ac, c.thac0),
            format!("{}{missile}", melee.join(", ")),
            c.morale.to_string(),
        ],
        cost: if c.hero { c.level as u32 } else { c.xp },
        why: if c.hero {
            "a hero's level: a party is counted in levels and has no XP budget".into()
        } else {
            "B/X experience for the monster".into()
        },
        leads: true,
        fills: true,
        group: u8::from(c.hero),
        icon: crate::icon_table::icon(&c.name, c.icon()),
    }
}
