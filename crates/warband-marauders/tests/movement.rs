//! Movement: moves, charges, engagement, pinning, disengaging and taking a move back.

mod common;

use common::*;
use warband_marauders::battle::model;
use warband_marauders::log::{Entry, LogEvent};
use warband_marauders::phases::check_may_move;
use warband_marauders::save::Save;
use warband_marauders::{Command, Engine, Phase, Side};
use warband_rules::marauders::clauses;
use warband_table::components::ModelId;

fn refused_with(engine: &warband_marauders::Engine, what: &str) -> bool {
    engine
        .log()
        .events
        .iter()
        .any(|e| matches!(e, Entry::Refused { reason, .. } if reason.contains(what)))
}

/// Two orcs far apart; A's has just made a plain move in round 1.
fn orc_moved_in_round_one() -> Engine {
    let at = [(10.0, 10.0), (40.0, 30.0)];
    let mut e = staged(&["Orc"], &["Orc"], 3, &at, Phase::Movement, Side::A);
    move_to(&mut e, Side::A, 1, (10.0, 12.0));
    e
}

#[test]
fn a_move_into_an_enemy_is_a_charge_and_engages() {
    let mut e = engine(&["Orc"], &["Orc"], 1);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 13.5);
    advance_to(&mut e, Phase::Movement, Side::A);
    try_move(&mut e, Side::A, 1, (10.0, 13.0)).unwrap();
    let moved = events(&e).iter().rev().find_map(|ev| match ev {
        LogEvent::Moved { to, charged, .. } => Some((*to, charged.clone())),
        _ => None,
    });
    let (to, charged) = moved.expect("a move was logged");
    assert!((to.1 - 12.5).abs() < 1e-3, "snapped to contact: {to:?}");
    assert_eq!(charged, vec![2]);
    // Engaged this round: it may not disengage now.
    let err = e
        .submit(
            Side::A,
            Command::Disengage {
                model: ModelId(1),
                to: (10.0, 9.0),
            },
        )
        .unwrap_err();
    assert!(err.0.contains("this round and may not disengage"), "{err}");
    assert!(err.0.ends_with("until the next round"), "{err}");
}

#[test]
fn an_engaged_model_may_only_disengage() {
    let mut e = engine(&["Orc"], &["Orc"], 2);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 11.0);
    advance_to(&mut e, Phase::Movement, Side::A);
    let err = try_move(&mut e, Side::A, 1, (10.0, 8.0)).unwrap_err();
    assert!(err.0.contains("may only disengage"), "{err}");
}

#[test]
fn a_second_enemy_charging_an_engaged_model_pins_it_for_the_round() {
    for seed in 0..40 {
        let mut e = engine(&["Brute"], &["Orc", "Orc"], seed);
        place(&mut e, 1, 10.0, 10.0);
        place(&mut e, 2, 10.0, 11.0);
        place(&mut e, 3, 14.0, 10.0);
        // Engaged with model 2 since an earlier round: free to disengage, until model 3
        // comes into contact this round.
        set_engaged_since(&mut e, 1, 0);
        set_engaged_since(&mut e, 2, 0);
        if advance_to_phase(&mut e, Phase::Movement) != Side::B {
            continue;
        }
        move_to(&mut e, Side::B, 3, (10.0, 10.0));
        e.submit(Side::B, Command::EndPhase).unwrap();
        assert_eq!(e.awaiting(), Some(Side::A));
        let err = e
            .submit(
                Side::A,
                Command::Disengage {
                    model: ModelId(1),
                    to: (7.0, 7.0),
                },
            )
            .unwrap_err();
        assert!(err.0.contains("engaged by an enemy this round"), "{err}");
        // Asked before the click, as the panel asks, it says the same: no move offered.
        let asked = check_may_move(e.world(), Side::A, ModelId(1)).unwrap_err();
        assert_eq!(asked.0, err.0);
        // The first enemy, engaged since round 0, stays free to leave.
        let round = e
            .world()
            .resource::<warband_marauders::battle::Battle>()
            .round;
        let since = |id| {
            warband_marauders::battle::model(e.world(), id)
                .unwrap()
                .engaged_since
        };
        assert_eq!(since(ModelId(1)), Some(round));
        assert_eq!(since(ModelId(2)), Some(0));
        return;
    }
    panic!("no seed gave B the first move");
}

#[test]
fn disengaging_takes_a_die_from_every_enemy_in_contact() {
    let mut e = engine(&["Brute"], &["Orc", "Orc"], 3);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 11.0);
    place(&mut e, 3, 11.0, 10.0);
    set_engaged_since(&mut e, 1, 0);
    advance_to(&mut e, Phase::Movement, Side::A);
    // The odds a player is shown first: two dice at the Brute's armour, none modified.
    let brute = model(e.world(), ModelId(1)).unwrap();
    let odds = warband_marauders::phases::disengage_odds(e.world(), &brute);
    let p = f64::from(7 - brute.profile.armour.threshold()) / 6.0;
    let want = [(1.0 - p).powi(2), 2.0 * p * (1.0 - p), p * p];
    assert_eq!(odds.distribution.len(), 3);
    for (got, want) in odds.distribution.iter().zip(want) {
        assert!((got - want).abs() < 1e-12, "{:?}", odds.distribution);
    }
    e.submit(
        Side::A,
        Command::Disengage {
            model: ModelId(1),
            to: (7.0, 8.0),
        },
    )
    .unwrap();
    assert_eq!(dice_with(&e, &clauses::DISENGAGE).len(), 2);
    let need = Some(brute.profile.armour.threshold() as u8);
    assert_eq!(
        warband_marauders::phases::disengage_need(&brute),
        need,
        "as the card says"
    );
    assert!(
        e.log()
            .dice()
            .filter(|d| d.clause == clauses::DISENGAGE)
            .all(|d| d.need == need)
    );
    assert!(
        events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Disengaged { model: ModelId(1) }))
    );
}

#[test]
fn a_plain_move_can_be_taken_back_but_not_a_charge() {
    let at = [(10.0, 10.0), (20.0, 10.0), (20.0, 13.0)];
    let mut e = staged(&["Orc", "Orc"], &["Orc"], 11, &at, Phase::Movement, Side::A);
    move_to(&mut e, Side::A, 1, (10.0, 12.0));
    e.submit(Side::A, Command::UndoMove { model: ModelId(1) })
        .unwrap();
    let back = warband_marauders::battle::model(e.world(), ModelId(1)).unwrap();
    assert_eq!(back.base.center, bevy_math::Vec2::new(10.0, 10.0));
    assert!(!back.conditions.moved, "it may move again");
    try_move(&mut e, Side::A, 1, (10.0, 11.0)).unwrap();
    try_move(&mut e, Side::A, 2, (20.0, 12.5)).unwrap();
    let err = e
        .submit(Side::A, Command::UndoMove { model: ModelId(2) })
        .unwrap_err();
    assert!(
        err.0.contains("cannot be taken back"),
        "a charge stays: {err}"
    );
}

#[test]
fn a_move_from_an_earlier_round_cannot_be_taken_back() {
    let mut e = orc_moved_in_round_one();
    run_until(&mut e, |e| {
        e.battle().round == 2 && e.phase() == Phase::Movement && e.awaiting() == Some(Side::A)
    });
    let refusal = e.submit(Side::A, Command::UndoMove { model: ModelId(1) });
    assert!(refusal.is_err(), "a round-1 move was taken back in round 2");
    let m = model(e.world(), ModelId(1)).unwrap();
    assert!((m.base.center.y - 12.0).abs() < 1e-4);
}

#[test]
fn a_model_engaged_since_its_move_cannot_take_it_back() {
    let mut e = orc_moved_in_round_one();
    // An enemy now stands in contact with it.
    place(&mut e, 2, 11.0, 12.0);
    let r = e.submit(Side::A, Command::UndoMove { model: ModelId(1) });
    assert!(r.unwrap_err().0.contains("engaged"));
}

#[test]
fn a_save_that_undoes_an_old_move_replays_with_the_undo_refused() {
    let setup = setup(&["Orc"], &["Orc"], Vec::new());
    let mut e = Engine::new(&setup, 11).unwrap();
    let mut commands = Vec::new();
    let mut send = |e: &mut Engine, side: Side, c: Command| {
        let _ = e.submit(side, c.clone());
        commands.push((side, c));
    };
    for _ in 0..200 {
        if e.battle().round == 2 && e.phase() == Phase::Movement {
            break;
        }
        let side = e.awaiting().unwrap();
        if e.battle().round == 1 && e.phase() == Phase::Movement {
            let id = if side == Side::A { 1 } else { 2 };
            let y = model(e.world(), ModelId(id)).unwrap().base.center.y;
            let x = model(e.world(), ModelId(id)).unwrap().base.center.x;
            let dy = if side == Side::A { 2.0 } else { -2.0 };
            send(
                &mut e,
                side,
                Command::Move {
                    model: ModelId(id),
                    to: (x, y + dy),
                },
            );
        }
        send(&mut e, side, Command::EndPhase);
    }
    let side = e.awaiting().unwrap();
    let id = if side == Side::A { 1 } else { 2 };
    send(&mut e, side, Command::UndoMove { model: ModelId(id) });
    let save = Save::new(setup, 11, commands, e.state_hash());
    let replayed = save.replay().unwrap();
    assert!(refused_with(&replayed, "cannot be taken back"));
    assert_eq!(replayed.state_hash(), save.final_hash);
}
