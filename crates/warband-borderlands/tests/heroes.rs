//! Heroes a player designs: made with the armoury's weapons and armour by the rules,
//! refused when the rules refuse them, and adopted into a battle's roster.

mod common;

use common::{root, setup};
use warband_borderlands::data::heroes_of;
use warband_rules::borderlands::Class;
use warband_rules::borderlands::profile::{Hero, Spell};

fn elf() -> Hero {
    Hero {
        name: "Sylvan".into(),
        class: Class::Elf,
        level: 2,
        str: 13,
        dex: 16,
        con: 12,
        wis: 10,
        armour: Some("chain mail".into()),
        shield: false,
        weapons: vec!["sword".into(), "long bow".into()],
        spells: vec![Spell::Sleep],
    }
}

#[test]
fn a_designed_hero_is_made_by_the_rules_and_joins_the_roster_once() {
    let armoury = root().join("bestiary/borderlands.ron");
    let made = heroes_of(&armoury, &[elf()]).unwrap();
    let c = &made[0];
    // Chain mail AC 5, DEX 16 (+2): AC 3; an elf at level 2 casts one spell a day.
    assert_eq!(c.ac, 3);
    assert!(c.hero && c.missile.is_some() && c.slots[0] >= 1, "{c:?}");
    let mut s = setup(&["Fighter 2"], &["Kobold"]);
    let before = s.roster.len();
    s.adopt(made.clone());
    s.adopt(made);
    assert_eq!(s.roster.len(), before + 1);
    assert!(s.combatant("Sylvan").is_some());
}

/// A party with a designed hero checks as one of shipped heroes once the player's
/// heroes are adopted (the scenario editor and `warband validate` check it so).
#[test]
fn a_party_of_a_designed_hero_checks_once_its_hero_is_adopted() {
    use warband_borderlands::data::{validate_file, validate_file_adopting};
    let made = heroes_of(&root().join("bestiary/borderlands.ron"), &[elf()]).unwrap();
    let dir = std::env::temp_dir().join(format!("warband-heroes-{}", std::process::id()));
    let file = dir.join("armies/sylvan.ron");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::create_dir_all(dir.join("bestiary")).unwrap();
    for data in ["bestiary/marauders.ron", "bestiary/borderlands.ron"] {
        std::fs::copy(root().join(data), dir.join(data)).unwrap();
    }
    let party = common::army("Sylvan's band", &["Sylvan", "Fighter 2"]);
    warband_table::files::save_ron_named(&file, &party).unwrap();
    let unknown = validate_file(&file);
    assert!(
        unknown
            .iter()
            .any(|p| p.contains("unknown profile `Sylvan`")),
        "{unknown:?}"
    );
    assert_eq!(validate_file_adopting(&file, made), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_rules_refuse_a_hero_they_do_not_allow() {
    let armoury = root().join("bestiary/borderlands.ron");
    let mut wrong = elf();
    wrong.spells = vec![Spell::HoldPerson];
    let e = heroes_of(&armoury, &[wrong]).unwrap_err();
    assert!(e.to_string().contains("cannot learn Hold Person"), "{e}");
    let mut unarmed = elf();
    unarmed.weapons = vec!["lightsaber".into()];
    let e = heroes_of(&armoury, &[unarmed]).unwrap_err();
    assert!(e.to_string().contains("unknown weapon `lightsaber`"), "{e}");
}

/// A monster group's XP is held to its budget (`points_limit`); a party's levels have
/// none, whatever limit its file carries (a play-tester was told a party was "650
/// points, over its limit of 200" and shown "9 of 200 levels").
#[test]
fn only_a_monster_group_is_held_to_its_budget() {
    use warband_borderlands::data::army_problems;
    let s = setup(&["Fighter 2", "Fighter 3"], &["Kobold", "Kobold", "Kobold"]);
    let (mut party, mut monsters) = (s.armies.a.clone(), s.armies.b.clone());
    party.points_limit = Some(1);
    monsters.points_limit = Some(1);
    let over = |army: &warband_rules::army::ArmyList| {
        army_problems(army, &s.roster)
            .iter()
            .any(|p| p.contains("over its limit"))
    };
    assert!(!over(&party), "{:?}", army_problems(&party, &s.roster));
    assert!(over(&monsters), "{:?}", army_problems(&monsters, &s.roster));
}
