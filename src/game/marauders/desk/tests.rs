use super::*;
use warband_rules::{Clause, Die};

fn die(value: u8, need: Option<u8>, clause: Clause) -> DieRoll {
    DieRoll {
        die: Die::D6,
        value,
        purpose: "test".into(),
        clause,
        need,
    }
}

/// A morale check's 2d6 and a Sleep's HD are added up in the tray; a contest's
/// dice, each counted alone (the highest wins), are not.
#[test]
fn the_tray_adds_up_morale_and_sleep_dice_only() {
    let mut sleep = [
        die(4, None, clauses::SPELLCASTING),
        die(5, None, clauses::SPELLCASTING),
    ];
    sleep.iter_mut().for_each(|d| {
        d.die = Die::D8;
        d.purpose = "Sleep cast by model 8".into();
    });
    let total = |dice: &[DieRoll]| Marauders::dice_total(&dice.iter().collect::<Vec<_>>());
    assert_eq!(total(&sleep).as_deref(), Some("= 9"));
    let morale = [
        die(6, None, clauses::MORALE_CHECK),
        die(3, None, clauses::MORALE_CHECK),
    ];
    assert_eq!(total(&morale).as_deref(), Some("= 9"));
    let rally = [
        die(1, None, clauses::MORALE_RALLY),
        die(2, None, clauses::MORALE_RALLY),
    ];
    assert_eq!(total(&rally).as_deref(), Some("= 3"));
    let contest = [
        die(6, None, clauses::MELEE_CONTEST),
        die(2, None, clauses::MELEE_CONTEST),
    ];
    assert_eq!(total(&contest), None, "the highest die wins a contest");
    assert_eq!(total(&morale[..1]), None, "one die is its own total");
    let two_checks = [morale.clone(), morale.clone()].concat();
    assert_eq!(total(&two_checks), None, "two checks' dice, not one's");
    assert_eq!(total(&[]), None);
}

/// A side whose HD were healed is told that an HD healed and lost again counts
/// twice in its losses (they can pass the HD it began with); one never healed is not.
#[test]
fn healed_hd_are_said_beside_the_losses() {
    use warband_marauders::log::LogEvent;
    use warband_table::log::Entry;
    let mut seen = 0;
    for (file, e) in crate::game::test_app::recorded_battles::<Marauders>("marauders") {
        for side in Side::BOTH {
            let healed: u32 = e
                .log()
                .events
                .iter()
                .filter_map(|ev| match ev {
                    Entry::Rules(LogEvent::Healed { model, hd }) => {
                        let m = warband_marauders::battle::model(e.world(), *model)?;
                        (m.side == side).then_some(u32::from(*hd))
                    }
                    _ => None,
                })
                .sum();
            let notes = Marauders::result_notes(e.world(), side).join("\n");
            let said = format!("Healed {healed} HD");
            assert_eq!(
                notes.contains(&said),
                healed > 0,
                "{file} {side:?}: {notes}"
            );
            seen += usize::from(healed > 0);
        }
    }
    assert!(seen > 0, "some recorded side was healed");
}

/// A model that fled off the table is listed as fled on the result, never as dead.
#[test]
fn the_fled_are_not_counted_dead() {
    use warband_marauders::log::LogEvent;
    use warband_table::log::Entry;
    let mut seen = 0;
    for (file, e) in crate::game::test_app::recorded_battles::<Marauders>("marauders") {
        for ev in &e.log().events {
            let Entry::Rules(LogEvent::Removed { model, why }) = ev else {
                continue;
            };
            let m = warband_marauders::battle::model(e.world(), *model).unwrap();
            let notes = Marauders::result_notes(e.world(), m.side);
            let name = format!("{} #{}", m.profile.name, m.id);
            let fled = why == warband_marauders::phases::FLED_OFF;
            assert_eq!(
                notes.contains(&format!("fled: {name}")),
                fled,
                "{file}: {notes:?}"
            );
            assert_eq!(
                notes.contains(&format!("✝ {name}")),
                !fled,
                "{file}: {notes:?}"
            );
            seen += usize::from(fled);
        }
    }
    assert!(seen > 0, "some recorded model fled");
}

#[test]
fn each_die_is_marked_by_what_it_did_for_its_roller() {
    let job = Marauders::die_for_roller;
    let damage = clauses::DAMAGE;
    assert_eq!(job(&die(4, Some(4), damage.clone())), Some(true));
    assert_eq!(job(&die(3, Some(4), damage)), Some(false));
    // An obstacle die that stops the shot failed the shooter.
    let obstacle = clauses::SHOOT_OBSTACLE;
    assert_eq!(job(&die(5, Some(4), obstacle.clone())), Some(false));
    assert_eq!(job(&die(2, Some(4), obstacle)), Some(true));
    // A contest die has no face to meet: no mark.
    assert_eq!(job(&die(6, None, clauses::INITIATIVE)), None);
}
