//! The Borderlands desk: its log lines, result notes and tray marks on battles on record.

use super::*;
use crate::game::test_app::recorded;

/// In a recorded battle, every line of an attack, damage or fall is coloured by the
/// side of the model it names.
#[test]
fn rule_event_lines_take_their_models_side() {
    use crate::game::hud::log::LogFilter;
    let save = recorded::<Borderlands>("borderlands/cave-mouth-normal-v-normal.ron");
    let session = crate::game::session::Launch::Resume {
        save: Box::new(save),
        controllers: [crate::game::session::Controller::Human; 2],
        listed: false,
    }
    .session()
    .unwrap();
    let len = session.engine.log().events.len();
    let lines = Borderlands::log_lines(&session, &LogFilter::default(), 0..len);
    // The rules' own lines (a die's line, shown beside them, is the roll's).
    let attacks: Vec<_> = lines
        .iter()
        .filter(|l| !l.die && l.text.contains("d20"))
        .collect();
    assert!(!attacks.is_empty());
    for l in attacks {
        assert!(l.side.is_some(), "{l:?}");
    }
}

/// The result lists a slain model with ✝ and one that fled the table as fled, in
/// every battle on record; some of them have both.
#[test]
fn the_fled_are_not_counted_dead() {
    let mut both = 0;
    for (name, engine) in crate::game::test_app::recorded_battles::<Borderlands>("borderlands") {
        let world = engine.world();
        let notes: Vec<String> = Side::BOTH
            .into_iter()
            .flat_map(|side| Borderlands::result_notes(world, side))
            .collect();
        let fled = notes.iter().filter(|n| n.starts_with("fled: ")).count();
        let slain = notes.iter().filter(|n| n.starts_with("✝ ")).count();
        let events = &engine.log().events;
        let said = |want: fn(&LogEvent) -> bool| {
            events
                .iter()
                .filter(|e| matches!(e, warband_table::log::Entry::Rules(ev) if want(ev)))
                .count()
        };
        let fled_said = said(|e| matches!(e, LogEvent::FledTable { .. }));
        assert_eq!(fled, fled_said, "{name}: {notes:?}");
        let slain_said = said(|e| matches!(e, LogEvent::Slain { .. }));
        assert_eq!(slain, slain_said, "{name}: {notes:?}");
        both += usize::from(slain > 0 && fled > 0);
    }
    assert!(
        both > 0,
        "no battle on record has both the slain and the fled"
    );
}

/// A model still on the table but out of the fight is listed with why: the battle
/// may end with "no model able to fight" while some still lie there.
#[test]
fn the_dying_and_the_sleeping_are_listed() {
    use warband_borderlands::battle::{find, in_play};
    let save = recorded::<Borderlands>("borderlands/ravine-ambush-normal-v-normal.ron");
    let mut engine = save.replay().unwrap();
    // A model not down: a dying one is listed as dying, asleep or not.
    let v = in_play(engine.world())
        .into_iter()
        .find(|v| v.cond.down.is_none())
        .unwrap();
    let mut c = v.cond;
    c.asleep = true;
    engine.world_mut().entity_mut(v.entity).insert(c);
    let v = find(engine.world(), v.id).unwrap();
    let notes = Borderlands::result_notes(engine.world(), v.side);
    let want = format!("asleep: {} #{}", v.stats.name, v.id.0);
    assert!(notes.contains(&want), "{want} not in {notes:?}");
}

/// A party is counted in levels (it has no XP budget), a monster group in XP.
#[test]
fn a_party_counts_levels_and_monsters_xp() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("assets/scenarios/cave-mouth.ron");
    let setup = warband_borderlands::data::BattleSetup::load(&file).unwrap();
    let armies = setup.armies.clone();
    assert_eq!(Borderlands::cost_unit(&setup, &armies.a), "levels");
    assert_eq!(Borderlands::cost_unit(&setup, &armies.b), "XP");
    let (what, level) = Borderlands::entry(&setup, "Fighter 2").unwrap();
    assert_eq!(level, 2);
    assert!(what.starts_with("level 2"), "{what}");
    assert_eq!(Borderlands::entry(&setup, "Kobold").unwrap().1, 5);
}

/// A shot's d20 that struck the cover is marked apart in the tray, and no other die:
/// checked on every die of the recorded battles until cover has been struck.
#[test]
fn a_die_that_struck_the_cover_is_noted() {
    use warband_rules::borderlands::Swing;
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/fixtures/borderlands");
    let mut struck = 0;
    for (_, save) in warband_table::corpus::saves::<Borderlands>(&dir).unwrap() {
        let e = save.replay().unwrap();
        let events = &e.log().events;
        for (at, entry) in events.iter().enumerate() {
            if entry.die().is_none() {
                continue;
            }
            let decided = events.get(at + 1).and_then(|n| match n {
                LogEntry::Rules(LogEvent::Attack { swing, .. }) => Some(*swing),
                _ => None,
            });
            let cover = decided == Some(Swing::HitCover);
            struck += usize::from(cover);
            assert_eq!(
                Borderlands::die_note(&events[at + 1..]).is_some(),
                cover,
                "die {at} of {entry:?}"
            );
        }
        if struck > 0 {
            return;
        }
    }
    panic!("no shot struck the cover in the recorded battles");
}

/// HP a side lost to its own near misses are not the enemy's to count, but the result
/// says them: the losses to the enemy stay as they were, a note gives the rest (a cure
/// given meanwhile changes neither).
#[test]
fn hp_lost_to_friendly_fire_are_said_apart() {
    use warband_borderlands::battle::{hurt, in_play, log};
    use warband_table::sim::Contest;
    let note = |engine: &warband_borderlands::Engine| {
        Borderlands::result_notes(engine.world(), Side::A)
            .into_iter()
            .find(|n| n.starts_with("Lost "))
    };
    // A battle on record that side A ends with a model of 3 HP or more standing.
    let standing = |e: &warband_borderlands::Engine| {
        in_play(e.world())
            .iter()
            .any(|v| v.side == Side::A && v.hp.now >= 3)
    };
    let (_, mut engine) = crate::game::test_app::recorded_battles::<Borderlands>("borderlands")
        .into_iter()
        .find(|(_, e)| standing(e) && note(e).is_none())
        .expect("a battle on record with side A standing");
    // Every HP it lost was lost to the enemy (the battle was found so).
    let to_enemy = Borderlands::losses(engine.world())[0];
    let ours: Vec<_> = in_play(engine.world())
        .into_iter()
        .filter(|v| v.side == Side::A)
        .collect();
    let hit = ours
        .iter()
        .find(|v| v.hp.now >= 3)
        .expect("a side A model standing");
    let shooter = ours.iter().find(|v| v.id != hit.id).unwrap_or(hit).id;
    let world = engine.world_mut();
    let cover = LogEvent::CoverTook {
        shooter,
        cover: Some(hit.id),
    };
    log(world, cover);
    hurt(world, hit.id, 2, Some(Side::A));
    // An enemy's blow after it is the enemy's.
    hurt(world, hit.id, 1, Some(Side::B));
    assert_eq!(Borderlands::losses(engine.world())[0], to_enemy + 1);
    let said = note(&engine).expect("a note of the rest");
    assert!(said.starts_with("Lost 2 HP more to its own side"), "{said}");
}

/// The round limit's rule is said only where it decided: both sides still fought at
/// the limit. A play-tester read it under a party wiped out in the last round.
#[test]
fn the_round_limits_rule_is_said_only_where_it_decided() {
    use warband_borderlands::battle::Battle;
    let said = |engine: &warband_borderlands::Engine| {
        Borderlands::result_notes(engine.world(), Side::A)
            .iter()
            .any(|n| n.contains("at the round limit"))
    };
    let battles = crate::game::test_app::recorded_battles::<Borderlands>("borderlands");
    let reason =
        |e: &warband_borderlands::Engine| e.outcome().map(|o| o.reason.clone()).unwrap_or_default();
    let (_, limit) = battles
        .iter()
        .find(|(_, e)| reason(e).starts_with("round limit"))
        .expect("a battle on record ended at the round limit");
    assert!(said(limit));
    let (_, mut wiped) = battles
        .into_iter()
        .find(|(_, e)| reason(e).contains("no model able to fight"))
        .expect("a battle on record won by leaving the enemy none able to fight");
    assert!(!said(&wiped));
    // Wiped out in the last round: still not the limit's doing.
    let world = wiped.world_mut();
    let mut b = world.resource_mut::<Battle>();
    b.round = b.round_limit;
    assert!(!said(&wiped));
}

/// The tray adds up a morale check's 2d6, a Sleep's HD and one damage's dice with its
/// bonus (at least 1, as the damage dealt); an attack's d20, a run of blows' dice and
/// models' hit points stand alone.
#[test]
fn the_tray_adds_up_what_the_rules_add() {
    let die = |value, sides, purpose: &str, clause| DieRoll {
        die: warband_rules::Die(sides),
        value,
        purpose: purpose.into(),
        clause,
        need: None,
    };
    let total = |dice: &[DieRoll]| Borderlands::dice_total(&dice.iter().collect::<Vec<_>>());
    let bite = [3, 4].map(|v| die(v, 4, "Orc chief damage (2d4)", clauses::DAMAGE));
    assert_eq!(total(&bite).as_deref(), Some("= 7"));
    let two_bites = [3, 4, 1, 2].map(|v| die(v, 4, "Orc chief damage (2d4)", clauses::DAMAGE));
    assert_eq!(total(&two_bites), None, "two blows' dice, not one's");
    let missile = [die(4, 6, "Magic Missile damage (1d6+1)", clauses::DAMAGE)];
    assert_eq!(total(&missile).as_deref(), Some("+1 = 5"));
    let weak = [die(1, 4, "Kobold damage (1d4-1)", clauses::DAMAGE)];
    assert_eq!(total(&weak).as_deref(), Some("-1 = 1 (at least 1)"));
    let sleeps = [5, 2, 1, 1].map(|v| die(v, 8, "Sleep HD", clauses::SPELL_EFFECT));
    assert_eq!(total(&sleeps), None, "two Sleeps' HD, not one's");
    let kobolds = [2, 3].map(|v| die(v, 4, "Kobold damage (1d4)", clauses::DAMAGE));
    assert_eq!(total(&kobolds), None, "two kobolds' blows");
    assert_eq!(total(&kobolds[..1]), None, "one die is its own total");
    let sleep = [5, 2].map(|v| die(v, 8, "Sleep HD", clauses::SPELL_EFFECT));
    assert_eq!(total(&sleep).as_deref(), Some("= 7"));
    let morale = [6, 6].map(|v| die(v, 6, "Side B morale", clauses::MORALE));
    assert_eq!(total(&morale).as_deref(), Some("= 12"));
    let orcs = [5, 7, 2].map(|v| die(v, 8, "Orc hit points", clauses::HIT_POINTS));
    assert_eq!(total(&orcs), None, "each orc's own hit points");
}

/// First aid's d20 records the face it fails from (WIS + 1): the tray marks a roll at
/// or under WIS as having done its job, one over it as not (a play-tester's 5 under
/// WIS 10 stayed plain grey).
#[test]
fn first_aid_at_or_under_wis_did_its_job() {
    use warband_rules::borderlands::rules::first_aid_fails_from;
    let die = |value| DieRoll {
        die: warband_rules::Die::D20,
        value,
        purpose: "Thief 1 gives first aid".into(),
        clause: clauses::FIRST_AID,
        need: Some(first_aid_fails_from(10)),
    };
    assert_eq!(Borderlands::die_for_roller(&die(10)), Some(true));
    assert_eq!(Borderlands::die_for_roller(&die(5)), Some(true));
    assert_eq!(Borderlands::die_for_roller(&die(11)), Some(false));
    let attack = DieRoll {
        clause: clauses::ATTACK,
        ..die(15)
    };
    assert_eq!(
        Borderlands::die_for_roller(&attack),
        Some(true),
        "others as they are"
    );
}

/// A model's hit dice are told at the end of its own "has N HP" line, not as lines of
/// their own under the model before it (a play-tester's reading of the opening log).
#[test]
fn hit_dice_are_told_on_their_models_line() {
    use crate::game::hud::log::LogFilter;
    let setup = crate::game::test_app::shipped::<Borderlands>("lair-hall.ron");
    let players = [crate::game::session::Controller::Human; 2];
    let session = crate::game::session::GameSession::<Borderlands>::new(setup, 3, players).unwrap();
    let len = session.engine.log().events.len();
    let lines = Borderlands::log_lines(&session, &LogFilter::default(), 0..len);
    let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
    assert!(
        texts.contains(&"Fighter 2 #1 has 13 HP (2d8: 6 5 +2)"),
        "{texts:#?}"
    );
    assert!(
        texts.contains(&"Magic-user 1 #3 has 1 HP (1d4: 1)"),
        "{texts:#?}"
    );
    assert!(
        !texts.iter().any(|t| t.contains("hit points")),
        "{texts:#?}"
    );
    assert!(lines.iter().any(|l| l.die), "other dice keep their lines");
}
