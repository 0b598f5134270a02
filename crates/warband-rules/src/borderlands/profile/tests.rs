use super::*;

fn armoury() -> (Vec<Weapon>, Vec<ArmourDef>) {
    let w = |name: &str, d: &str, r: Option<u16>| Weapon {
        name: name.into(),
        damage: d.parse().unwrap(),
        range_ft: r,
        blunt: false,
        mage: false,
        long: false,
    };
    (
        vec![
            w("sword", "1d8", None),
            w("short bow", "1d6", Some(150)),
            Weapon {
                blunt: true,
                ..w("mace", "1d6", None)
            },
        ],
        vec![ArmourDef {
            name: "chain".into(),
            ac: 5,
        }],
    )
}

#[test]
fn a_hero_takes_ac_and_damage_from_kit_and_abilities() {
    let (w, a) = armoury();
    let h = Hero {
        name: "Fighter".into(),
        class: Class::Fighter,
        level: 1,
        str: 16,
        dex: 13,
        con: 14,
        wis: 9,
        armour: Some("chain".into()),
        shield: true,
        weapons: vec!["sword".into(), "short bow".into()],
        spells: vec![],
    };
    let c = Combatant::hero(&h, &w, &a).unwrap();
    // Chain 5, shield −1, DEX 13 −1: AC 3.
    assert_eq!(c.ac, 3);
    assert_eq!(c.melee[0].damage.to_string(), "1d8+2");
    assert_eq!(c.missile.as_ref().unwrap().range_inches(), 30.0);
    assert_eq!(c.missile_bonus, 1);
    // Metal armour: 60 ft a turn, 4" a round.
    assert_eq!(c.move_inches, 4.0);
    assert!(hero_problems(&h).is_empty());
    let mut bad = h.clone();
    bad.armour = Some("mithril".into());
    assert!(
        Combatant::hero(&bad, &w, &a)
            .unwrap_err()
            .contains("unknown armour")
    );
}

#[test]
fn save_as_round_trips() {
    for s in ["F1", "C3", "MU2", "NM", "H1"] {
        let v = SaveAs::try_from(s.to_string()).unwrap();
        assert_eq!(String::from(v), s);
    }
    for s in ["", "F", "X1", "F0", "Fx", "F7", "MU6", "C9"] {
        assert!(SaveAs::try_from(s.to_string()).is_err(), "{s}");
    }
}

fn cleric(level: u8, spells: Vec<Spell>) -> Hero {
    Hero {
        name: format!("Cleric {level}"),
        class: Class::Cleric,
        level,
        str: 12,
        dex: 9,
        con: 12,
        wis: 15,
        armour: None,
        shield: false,
        weapons: vec!["mace".into()],
        spells,
    }
}

#[test]
fn spells_need_a_slot_of_their_level() {
    // Hold Person is second-level: a cleric casts it from level 4.
    for level in 1..=3 {
        let p = hero_problems(&cleric(level, vec![Spell::HoldPerson]));
        assert!(
            p.iter().any(|e| e.contains("casts from level 4")),
            "{level}: {p:?}"
        );
    }
    assert!(hero_problems(&cleric(4, vec![Spell::HoldPerson])).is_empty());
    // A level-1 cleric has no slot at all.
    assert!(!hero_problems(&cleric(1, vec![Spell::CureLightWounds])).is_empty());
    assert!(hero_problems(&cleric(2, vec![Spell::CureLightWounds])).is_empty());
    // Levels 1 to 5.
    assert!(hero_problems(&cleric(5, vec![])).is_empty());
    for level in [0, 6] {
        let p = hero_problems(&cleric(level, vec![]));
        assert!(
            p.iter().any(|e| e.contains("level must be 1 to 5")),
            "{p:?}"
        );
    }
    let (w, a) = armoury();
    let c = Combatant::hero(&cleric(5, vec![Spell::HoldPerson]), &w, &a).unwrap();
    assert_eq!((c.slots, c.thac0), ([2, 2], 17));
    assert_eq!(c.save_as.target(crate::borderlands::SaveKind::Spells), 12);
    assert!(c.person);
}

#[test]
fn a_monster_casts_from_its_save_as_slots() {
    let priest = MonsterStats {
        hd: "3".parse().unwrap(),
        movement: 60,
        save_as: SaveAs::try_from("C3".to_string()).unwrap(),
        spells: vec![Spell::CauseLightWounds, Spell::Light],
        xp: 65,
        ..orc()
    };
    assert!(monster_problems("Evil priest", 2, 9, &priest).is_empty());
    assert_eq!(
        Combatant::monster("Evil priest", 2, 9, &priest).slots,
        [2, 0]
    );
    let mut held = priest.clone();
    held.spells.push(Spell::HoldPerson);
    let p = monster_problems("Evil priest", 2, 9, &held);
    assert!(p[0].contains("no level-2 slot for Hold Person"), "{p:?}");
}

#[test]
fn encounter_movement_is_a_third_of_the_turn_at_five_feet_an_inch() {
    assert_eq!(move_inches(120), 8.0);
    assert_eq!(move_inches(90), 6.0);
    assert_eq!(move_inches(60), 4.0);
}

fn orc() -> MonsterStats {
    MonsterStats {
        hd: "1".parse().unwrap(),
        attacks: vec![Attack {
            name: "axe".into(),
            damage: "1d6".parse().unwrap(),
        }],
        movement: 120,
        save_as: SaveAs::try_from("F1".to_string()).unwrap(),
        size: Size::Normal,
        missile: None,
        spells: vec![],
        undead: false,
        person: true,
        xp: 10,
    }
}

/// Every number of a monster is checked for meaning, each problem naming its bound.
#[test]
fn a_monster_beyond_any_bestiary_is_refused_with_its_bound() {
    assert!(monster_problems("Orc", 6, 8, &orc()).is_empty());
    let refused = |change: &dyn Fn(&mut MonsterStats), expect: &str| {
        let mut m = orc();
        change(&mut m);
        let p = monster_problems("Orc", 6, 8, &m);
        assert!(p.iter().any(|e| e.contains(expect)), "{expect}: {p:?}");
    };
    refused(&|m| m.xp = 0, "xp must be 1 to 100000, not 0");
    refused(&|m| m.xp = u32::MAX, "xp must be 1 to 100000");
    refused(
        &|m| m.attacks = vec![m.attacks[0].clone(); 13],
        "1 to 12 attacks, not 13",
    );
    refused(&|m| m.attacks.clear(), "1 to 12 attacks, not 0");
    refused(
        &|m| m.attacks[0].damage = "1d6+21".parse().unwrap(),
        "adds at most ±20",
    );
    let sling = |range_ft| Missile {
        name: "sling".into(),
        damage: "1d4".parse().unwrap(),
        range_ft,
    };
    refused(
        &|m| m.missile = Some(sling(0)),
        "range must be 1 to 1000 feet, not 0",
    );
    refused(&|m| m.missile = Some(sling(u16::MAX)), "not 65535");
    refused(
        &|m| m.spells = vec![Spell::Light; 2],
        "Light is listed twice",
    );
    let p = monster_problems(" ", 6, 8, &orc());
    assert!(
        p.iter().any(|e| e.contains("a monster needs a name")),
        "{p:?}"
    );
}

/// The armoury's weapons and armour are checked as the heroes' are: an armour class of
/// −128 is refused there, and a hero wearing it anyway has a saturated AC, not an
/// overflow.
#[test]
fn an_absurd_armoury_is_refused_and_never_overflows() {
    let (mut w, mut a) = armoury();
    assert!(armoury_problems(&w, &a).is_empty());
    a[0].ac = i8::MIN;
    w[1].range_ft = Some(0);
    w.push(w[0].clone());
    let p = armoury_problems(&w, &a);
    for expect in [
        "chain: ac must be -10 to 9, not -128",
        "short bow: its range must be 1 to 1000 feet, not 0",
        "two weapons are named `sword`",
    ] {
        assert!(p.iter().any(|e| e.contains(expect)), "{expect}: {p:?}");
    }
    let mut h = cleric(1, vec![]);
    h.armour = Some("chain".into());
    (h.shield, h.dex) = (true, 18);
    assert_eq!(Combatant::hero(&h, &w, &a).unwrap().ac, i8::MIN);
}

#[test]
fn a_hero_needs_a_name_and_each_spell_once() {
    let mut h = cleric(2, vec![Spell::CureLightWounds, Spell::CureLightWounds]);
    h.name = String::new();
    let p = hero_problems(&h);
    assert!(p.iter().any(|e| e == "a hero needs a name"), "{p:?}");
    assert!(
        p.iter()
            .any(|e| e.contains("Cure Light Wounds is listed twice")),
        "{p:?}"
    );
}

/// What counts as an edged weapon for a sleeper's single blow.
#[test]
fn swords_daggers_axes_and_plain_weapons_are_edged() {
    let attack = |name: &str| Attack {
        name: name.into(),
        damage: "1d6".parse().unwrap(),
    };
    for name in [
        "sword",
        "short sword",
        "dagger",
        "battle axe",
        "axe",
        "weapon",
    ] {
        assert!(attack(name).edged(), "{name}");
    }
    for name in [
        "mace",
        "war hammer",
        "club",
        "staff",
        "spear",
        "claw",
        "bite",
        "gore",
        "touch",
    ] {
        assert!(!attack(name).edged(), "{name}");
    }
}

/// B/X's kit by class: a cleric's edged weapon, a magic-user's armour, shield or sword,
/// a thief's chain or shield and a dwarf's long bow are refused, each with why; a
/// fighter carries anything.
#[test]
fn a_class_carries_only_what_bx_allows() {
    let weapon = |name: &str, blunt, mage, long| Weapon {
        name: name.into(),
        damage: "1d6".parse().unwrap(),
        range_ft: None,
        blunt,
        mage,
        long,
    };
    let (sword, mace) = (
        weapon("sword", false, false, false),
        weapon("mace", true, false, false),
    );
    let (dagger, bow) = (
        weapon("dagger", false, true, false),
        weapon("long bow", false, false, true),
    );
    let hero = |class, shield| Hero {
        name: "H".into(),
        class,
        level: 1,
        str: 10,
        dex: 10,
        con: 10,
        wis: 10,
        armour: None,
        shield,
        weapons: vec![],
        spells: vec![],
    };
    let refused =
        |class, kit: &[&Weapon], body, shield| kit_refused(&hero(class, shield), kit, body);
    assert!(
        refused(Class::Cleric, &[&sword], 5, true)
            .unwrap()
            .contains("blunt")
    );
    assert_eq!(refused(Class::Cleric, &[&mace], 3, true), None);
    assert!(
        refused(Class::MagicUser, &[&sword], 9, false)
            .unwrap()
            .contains("dagger or a staff")
    );
    assert!(
        refused(Class::MagicUser, &[&dagger], 7, false)
            .unwrap()
            .contains("no armour")
    );
    assert!(
        refused(Class::MagicUser, &[&dagger], 9, true)
            .unwrap()
            .contains("no shield")
    );
    assert_eq!(refused(Class::MagicUser, &[&dagger], 9, false), None);
    assert!(
        refused(Class::Thief, &[&sword], 5, false)
            .unwrap()
            .contains("leather")
    );
    assert!(
        refused(Class::Thief, &[&sword], 7, true)
            .unwrap()
            .contains("no shield")
    );
    assert_eq!(refused(Class::Thief, &[&sword, &bow], 7, false), None);
    assert!(
        refused(Class::Dwarf, &[&bow], 3, true)
            .unwrap()
            .contains("too small")
    );
    assert!(refused(Class::Halfling, &[&bow], 7, false).is_some());
    assert_eq!(refused(Class::Fighter, &[&sword, &bow], 3, true), None);
    assert_eq!(refused(Class::Elf, &[&sword, &bow], 5, true), None);
}
