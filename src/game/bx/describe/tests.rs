use super::*;
use warband_rules::Clause;

fn attack_die(value: u8, face: u8) -> DieRoll {
    DieRoll {
        die: Die::D20,
        value,
        purpose: "Fighter 2 attacks Giant rat".into(),
        clause: Clause::new("test"),
        need: Some(face),
    }
}

/// A failed first aid is told from the engine's own entry (a play-tester read the
/// die and never learnt), and a success as the friend stabilised.
#[test]
fn a_first_aid_says_whether_it_worked() {
    let engine =
        crate::game::test_app::new_battle::<warband_borderlands::Borderlands>("cave-mouth.ron", 7);
    let world = engine.world();
    let target = ModelId(2);
    let failed = Entry::Rules(LogEvent::FirstAidFailed { model: target });
    assert_eq!(
        line(world, &failed, None),
        Some(format!(
            "the first aid fails: {} is still dying",
            name(world, target)
        ))
    );
    let worked = Entry::Rules(LogEvent::Stabilised { model: target });
    assert_eq!(
        line(world, &worked, None),
        Some(format!("{} is stabilised", name(world, target)))
    );
}

/// The card says where the bonus comes from, each part with its sign.
#[test]
fn the_bonus_is_said_with_where_it_comes_from() {
    assert_eq!(worked(19, 6, &[]), "THAC0 19 − AC 6");
    assert_eq!(worked(19, 6, &[(2, "DEX")]), "THAC0 19 − AC 6; +2 for DEX");
    assert_eq!(
        worked(17, -1, &[(1, "STR"), (-4, "blindness")]),
        "THAC0 17 − AC -1; +1 for STR, −4 for blindness"
    );
}

/// A blow at a helpless target rolls nothing, and its line names no number to reach
/// (a play-tester read "vs 13: hit" as a roll with its d20 + 2 left out).
#[test]
fn a_blow_at_the_helpless_names_no_roll() {
    assert_eq!(
        attack_line(13, Swing::Hit, None),
        "  hit, with no roll: the target is helpless"
    );
}

/// The card and the log say an attack one way: the d20 and its bonus against the
/// number to reach, then the die and the bonus.
#[test]
fn an_attack_is_told_as_die_and_bonus_against_the_number() {
    assert_eq!(versus(2, 12), "d20 + 2 vs 12");
    assert_eq!(versus(0, 12), "d20 vs 12");
    assert_eq!(versus(-1, 12), "d20 − 1 vs 12");
    let d = attack_die(15, 10);
    assert_eq!(
        attack_line(12, Swing::Hit, Some(&d)),
        "  d20 + 2 vs 12: 15 + 2, hit"
    );
    let d = attack_die(9, 13);
    assert_eq!(
        attack_line(12, Swing::Miss, Some(&d)),
        "  d20 − 1 vs 12: 9 − 1, miss"
    );
    // In cover the die needs 4 more, and the bonus is still the attacker's own.
    let mut d = attack_die(14, 16);
    d.purpose = "Orc archer attacks Magic-user 1 in cover (12–15 strike the cover)".into();
    assert_eq!(
        attack_line(12, Swing::HitCover, Some(&d)),
        "  d20 − 4 for the cover vs 12: 14 − 4 = 10, it would have hit but for the cover, and strikes the cover"
    );
    let mut d = attack_die(18, 14);
    d.purpose = "Thief 1 attacks Orc in cover (10–13 strike the cover)".into();
    assert_eq!(
        attack_line(12, Swing::Hit, Some(&d)),
        "  d20 + 2 − 4 for the cover vs 12: 18 + 2 − 4 = 16, hit"
    );
    assert!(attack_line(12, Swing::Hit, None).contains("helpless"));
    // A face clamped to 20 in cover names the cover beside it.
    let mut d = attack_die(17, 20);
    d.purpose = "Kobold attacks Thief 1 in cover (16–19 strike the cover)".into();
    assert_eq!(
        attack_line(22, Swing::HitCover, Some(&d)),
        "  a 20+ on the d20, with the cover's −4: 17, it would have hit but for the cover, and strikes the cover"
    );
    // A face clamped to 2 hides the bonus: the line says the face instead.
    let d = attack_die(3, 2);
    assert_eq!(
        attack_line(4, Swing::Hit, Some(&d)),
        "  a 2+ on the d20: 3, hit"
    );
}

/// Damage says how the dice made it where a bonus or more dice came in: the die's
/// face alone read as the damage.
#[test]
fn damage_is_told_with_the_die_and_its_bonus() {
    let die = |d: Die, value: u8, purpose: &str| DieRoll {
        die: d,
        value,
        purpose: purpose.into(),
        clause: Clause::new("test"),
        need: None,
    };
    let d = die(Die::D8, 4, "Fighter 2 damage (1d8+2)");
    assert_eq!(
        damage_line("Zombie #19", (6, 0), Some(&d)),
        "Zombie #19 takes 4 + 2 = 6 damage (0 HP left)"
    );
    let d = die(Die::D6, 4, "Magic Missile damage (1d6+1)");
    assert_eq!(
        damage_line("Kobold #9", (5, -1), Some(&d)),
        "Kobold #9 takes 4 + 1 = 5 damage (now at −1 HP)"
    );
    let d = die(Die::D4, 1, "Kobold damage (1d4-1)");
    assert_eq!(
        damage_line("Elf #2", (1, -1), Some(&d)),
        "Elf #2 takes 1 − 1 (at least 1) = 1 damage (now at −1 HP)",
    );
    let d = die(Die::D6, 3, "Ogre damage (2d6)");
    assert_eq!(
        damage_line("Fighter #1", (8, 2), Some(&d)),
        "Fighter #1 takes 2d6 = 8 damage (2 HP left)"
    );
    let d = die(Die::D6, 5, "Thief 1 damage (1d6)");
    assert_eq!(
        damage_line("Orc #3", (5, 0), Some(&d)),
        "Orc #3 takes 5 damage (0 HP left)"
    );
    let d = die(Die::D20, 12, "Wight saves vs Light");
    assert_eq!(
        damage_line("Orc #3", (5, 0), Some(&d)),
        "Orc #3 takes 5 damage (0 HP left)"
    );
}
