//! The dice tray: its groups, rows and words.

use super::*;

/// The tray's rows hold whole groups, in order, as many as fit: a group that does
/// not fit starts the next row, one wider than a row stands alone, and none is
/// left out or split.
#[test]
fn groups_are_packed_whole_into_rows() {
    assert_eq!(rows(&[100.0, 200.0, 150.0, 90.0], 320.0), [0..2, 2..4]);
    assert_eq!(rows(&[400.0, 50.0, 500.0], 320.0), [0..1, 1..2, 2..3]);
    assert_eq!(
        rows(&[160.0, 160.0], 320.0),
        vec![std::ops::Range { start: 0, end: 2 }],
        "an exact fit"
    );
    assert!(rows(&[], 320.0).is_empty());
}

/// A roll splits where its clause or purpose changes, and dice of the same clause
/// and purpose that come apart stay apart.
#[test]
fn a_roll_splits_by_clause_and_purpose() {
    let die = |clause: &'static str, purpose: &str| warband_rules::DieRoll {
        die: warband_rules::Die::D6,
        value: 3,
        purpose: purpose.into(),
        clause: warband_rules::Clause::new(clause),
        need: None,
    };
    let dice = [
        die("§4", "shot"),
        die("§4", "shot"),
        die("§4", "save"),
        die("§5", "A contest"),
        die("§5", "B contest"),
        die("§4", "shot"),
    ];
    let rolled: Vec<Rolled<'_>> = dice.iter().enumerate().collect();
    assert_eq!(split(&rolled), [0..2, 2..3, 3..4, 4..5, 5..6]);
}

/// A die's need is said with its purpose, as the odds card gives it: a shot at a
/// 4+ armour after moving (−2) needs 6+; one that cannot succeed says so; a die no
/// face decides says nothing; one its roller wants low says the low faces.
#[test]
fn a_die_says_what_it_needed() {
    let die = |need| warband_rules::DieRoll {
        die: warband_rules::Die::D6,
        value: 5,
        purpose: "shot".into(),
        clause: warband_rules::Clause::new("test"),
        need,
    };
    assert_eq!(needs(&die(Some(6)), false), " · needs 6+");
    assert_eq!(needs(&die(Some(7)), false), " · cannot succeed");
    assert_eq!(needs(&die(Some(1)), false), "");
    assert_eq!(needs(&die(None), false), "");
    // Stopped on 4+: the shooter wants 1–3.
    assert_eq!(needs(&die(Some(4)), true), " · needs 1–3");
    assert_eq!(needs(&die(Some(2)), true), " · needs a 1");
    assert_eq!(needs(&die(Some(1)), true), " · cannot succeed");
    assert_eq!(needs(&die(Some(7)), true), "");
}

/// Against the computer, a person's own roll stays in the tray, over the computer's
/// answer, until the person rolls again (the computer's dice took a play-tester's
/// before they were read); a computer's roll alone shows no such row.
#[test]
fn your_last_roll_stays_over_the_computers_answer() {
    use crate::game::session::{Controller, GameSession};
    use warband_rules::Side;
    use warband_table::player::PlayerKind;
    use warband_toy_soldier::{Command, ToySoldier};
    let setup = crate::game::test_app::shipped::<ToySoldier>("river-crossing.ron");
    let players = [Controller::Human, Controller::Ai(PlayerKind::Charge)];
    let mut s = GameSession::<ToySoldier>::new(setup, 5, players).unwrap();
    let tray = |s: &GameSession<ToySoldier>| {
        let tumble = crate::game::hud::tumble::Tumble::default();
        crate::game::test_app::egui_words(|ui| {
            show(ui, s, &tumble);
        })
        .join(" ")
    };
    while s.human_turn().is_none() {
        assert!(s.computer_step(), "the person's turn comes");
    }
    assert!(!tray(&s).contains("Your last action:"), "{}", tray(&s));
    let world = s.engine.world();
    let unit = warband_toy_soldier::battle::in_play(world)
        .into_iter()
        .find(|u| u.side == Side::A)
        .unwrap();
    s.submit(Side::A, Command::Activate { unit: unit.id })
        .unwrap();
    let mine = s.own_roll().expect("the person rolled");
    assert_eq!(s.roll_start, mine.start);
    s.submit(Side::A, Command::Pass).unwrap();
    while s.roll_start < mine.end {
        assert!(s.computer_step(), "the computer rolls");
    }
    let words = tray(&s);
    assert!(
        words.contains("Your last action:") && words.contains("Latest:"),
        "{words}"
    );
}

/// Against the computer, the tray shows the whole of its answer to the person's last
/// action, every roll of it, not only the last (a play-tester missed the shot that slew
/// a caster, three shots before the last).
#[test]
fn the_computers_whole_answer_stays_in_the_tray() {
    use crate::game::session::{Controller, GameSession};
    use warband_rules::Side;
    use warband_table::player::PlayerKind;
    use warband_toy_soldier::{Command, ToySoldier};
    let setup = crate::game::test_app::shipped::<ToySoldier>("river-crossing.ron");
    let players = [Controller::Human, Controller::Ai(PlayerKind::Normal)];
    let mut s = GameSession::<ToySoldier>::new(setup, 11, players).unwrap();
    let mut longest = 0;
    for _ in 0..6 {
        while s.human_turn().is_none() {
            assert!(s.computer_step(), "the person's turn comes");
        }
        let unit = warband_toy_soldier::battle::in_play(s.engine.world())
            .into_iter()
            .find(|u| {
                u.side == Side::A && s.submit(Side::A, Command::Activate { unit: u.id }).is_ok()
            });
        assert!(unit.is_some(), "a unit of A activates");
        s.submit(Side::A, Command::Pass).unwrap();
        let answer = s.engine.log().events.len();
        let mut rolled = Vec::new();
        while s.human_turn().is_none() && s.engine.awaiting().is_some() {
            let before = s.engine.log().events.len();
            assert!(s.computer_step());
            let events = &s.engine.log().events;
            if events[before..].iter().any(|e| e.die().is_some()) {
                rolled.push(before);
            }
        }
        if let Some(first) = rolled.first() {
            assert_eq!(
                s.roll_start, *first,
                "the answer's first roll, from {answer}"
            );
            let all = dice_in(
                &s.engine.log().events,
                s.roll_start..s.engine.log().events.len(),
            );
            let since = s.engine.log().events[answer..]
                .iter()
                .filter(|e| e.die().is_some());
            assert_eq!(all.len(), since.count().min(MOST_DICE));
        }
        longest = longest.max(rolled.len());
    }
    assert!(
        longest >= 2,
        "an answer of several rolls was seen: {longest}"
    );
}
