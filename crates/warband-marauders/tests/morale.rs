//! Morale: triggers, breaking, fleeing and rallying.

mod common;

use common::*;
use warband_marauders::battle::{Battle, Trigger, model};
use warband_marauders::log::LogEvent;
use warband_marauders::{Command, Engine, Phase, Side};
use warband_rules::marauders::clauses;
use warband_rules::marauders::clauses::{MORALE_CHECK, MORALE_RALLY};
use warband_table::components::ModelId;

fn broken(e: &mut Engine, side: Side) {
    e.world_mut().resource_mut::<Battle>().side_mut(side).broken = true;
}

#[test]
fn morale_two_breaks_after_the_first_loss_and_the_side_flees() {
    let mut e = engine(&["Orc", "Orc"], &["Coward", "Coward", "Coward"], 9);
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(3),
        1,
        Side::A,
        &clauses::SHOOT_DAMAGE,
    );
    advance_to(&mut e, Phase::Shooting, Side::A);
    let check = events(&e).iter().find_map(|ev| match ev {
        LogEvent::MoraleCheck {
            side: Side::B,
            broken,
            roll,
            ..
        } => Some((*broken, *roll)),
        _ => None,
    });
    assert_eq!(
        check, None,
        "morale is checked in the morale phase, not at once"
    );
    advance_to(&mut e, Phase::Movement, Side::A);
    let check = events(&e).iter().find_map(|ev| match ev {
        LogEvent::MoraleCheck {
            side: Side::B,
            broken,
            roll,
            ..
        } => Some((*broken, *roll)),
        _ => None,
    });
    assert_eq!(
        check,
        Some((true, None)),
        "morale 2 always breaks, with no roll"
    );
    assert!(e.battle().side(Side::B).broken);
}

#[test]
fn each_morale_trigger_fires_once() {
    // Four orcs: the first loss, then fewer than half, then the last one standing.
    let mut e = engine(&["Orc"], &["Orc", "Orc", "Orc", "Orc"], 1);
    let fired = |e: &warband_marauders::Engine| e.battle().side(Side::B).fired.clone();
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(2),
        1,
        Side::A,
        &clauses::MELEE_DAMAGE,
    );
    assert_eq!(fired(&e), vec![Trigger::FirstRemoved]);
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(3),
        1,
        Side::A,
        &clauses::MELEE_DAMAGE,
    );
    assert_eq!(
        fired(&e),
        vec![Trigger::FirstRemoved],
        "2 of 4 is not fewer than half"
    );
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(4),
        1,
        Side::A,
        &clauses::MELEE_DAMAGE,
    );
    assert_eq!(
        fired(&e),
        vec![
            Trigger::FirstRemoved,
            Trigger::BelowHalf,
            Trigger::LastStanding
        ]
    );
    // A solo 6 HD giant at 1 HD is below a quarter of its HD.
    let mut e = engine(&["Orc"], &["Giant"], 1);
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(2),
        4,
        Side::A,
        &clauses::MELEE_DAMAGE,
    );
    assert!(
        e.battle().side(Side::B).fired.is_empty(),
        "2 of 6 is not below a quarter"
    );
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(2),
        1,
        Side::A,
        &clauses::MELEE_DAMAGE,
    );
    assert_eq!(
        e.battle().side(Side::B).fired,
        vec![Trigger::SoloBelowQuarter]
    );
}

#[test]
fn a_broken_side_flees_and_leaves_the_table() {
    let mut e = engine(&["Orc", "Orc"], &["Coward", "Coward"], 2);
    place(&mut e, 3, 20.0, 35.2);
    place(&mut e, 4, 30.0, 30.0);
    place(&mut e, 1, 20.0, 30.0);
    place(&mut e, 2, 30.0, 26.0);
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(4),
        1,
        Side::A,
        &clauses::MELEE_DAMAGE,
    );
    // Round 1: the morale phase breaks side B (morale 2). Round 2: it flees, and its
    // one model at the back edge leaves the table, which ends the battle.
    while let Some(s) = e.awaiting() {
        e.submit(s, Command::EndPhase).unwrap();
    }
    assert_eq!(e.battle().round, 2);
    assert!(e.battle().side(Side::B).broken);
    assert!(events(&e).iter().any(|ev| matches!(
        ev,
        LogEvent::Removed { model: ModelId(3), why } if why == warband_marauders::phases::FLED_OFF
    )));
    assert_eq!(e.outcome().and_then(|o| o.winner), Some(Side::A));
}

#[test]
fn models_still_in_contact_fight_when_both_sides_are_broken() {
    let mut e = engine(&["Orc"], &["Orc"], 5);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 11.0, 10.0);
    // Engaged this round: neither may disengage, so neither can flee.
    set_engaged_since(&mut e, 1, 1);
    set_engaged_since(&mut e, 2, 1);
    {
        let mut b = e.world_mut().resource_mut::<Battle>();
        b.sides[0].broken = true;
        b.sides[1].broken = true;
    }
    run_until(&mut e, |e| {
        e.phase() == Phase::Spellcasting || e.battle().round > 1
    });
    let fought = events(&e)
        .iter()
        .any(|ev| matches!(ev, LogEvent::MeleeResolved { .. }));
    assert!(fought, "the melee was skipped");
    let held = events(&e)
        .iter()
        .filter(|ev| matches!(ev, LogEvent::FleeHeld { .. }))
        .count();
    assert_eq!(held, 2);
}

#[test]
fn a_flee_barred_by_a_house_runs_along_its_wall() {
    let setup = setup(&["Orc"], &["Orc"], vec![house(0.0, 48.0, 0.2, 1.8)]);
    let mut e = Engine::new(&setup, 2).unwrap();
    place(&mut e, 1, 20.0, 3.0);
    place(&mut e, 2, 20.0, 6.0);
    broken(&mut e, Side::A);
    run_until(&mut e, |e| e.phase() == Phase::Shooting);
    let m = model(e.world(), ModelId(1)).unwrap();
    assert!(m.in_play, "the model fled through a house");
    assert!(m.base.center.y > 1.8, "into the house: {}", m.base.center);
    // Barred straight away, it runs along the house's wall instead of standing.
    assert!((m.base.center.x - 20.0).abs() > 3.0, "{}", m.base.center);
}

#[test]
fn a_flee_never_ends_touching_an_enemy() {
    // Model 1 flees from model 2 (nearest) straight into model 3's way.
    let mut e = engine(&["Orc"], &["Orc", "Orc"], 2);
    place(&mut e, 1, 20.0, 20.0);
    place(&mut e, 2, 20.0, 22.5);
    place(&mut e, 3, 20.0, 17.0);
    broken(&mut e, Side::A);
    run_until(&mut e, |e| e.phase() == Phase::Shooting);
    let m = model(e.world(), ModelId(1)).unwrap();
    assert_eq!(m.engaged_since, None, "the fleer ended in contact");
    // Model 3 shortens the way straight away to about half the move: it is still
    // taken, and stops short of contact.
    let at = m.base.center;
    assert!(at.y < 20.0 && at.y > 18.0, "{at}");
    assert!((at.x - 20.0).abs() < 1e-3, "straight on: {at}");
}

#[test]
fn a_model_engaged_this_round_cannot_flee() {
    let mut e = engine(&["Orc"], &["Orc"], 2);
    place(&mut e, 1, 20.0, 20.0);
    place(&mut e, 2, 20.0, 21.0);
    set_engaged_since(&mut e, 1, 1);
    broken(&mut e, Side::A);
    run_until(&mut e, |e| e.phase() == Phase::Shooting);
    let m = model(e.world(), ModelId(1)).unwrap();
    assert!((m.base.center.y - 20.0).abs() < 1e-4);
    assert!(dice_with(&e, &clauses::DISENGAGE).is_empty());
    assert!(events(&e).iter().any(|ev| matches!(
        ev,
        LogEvent::FleeHeld {
            model: ModelId(1),
            ..
        }
    )));
}

#[test]
fn a_flee_out_of_contact_takes_one_die_from_each_enemy_left() {
    let mut e = engine(&["Orc"], &["Orc", "Orc"], 2);
    place(&mut e, 1, 20.0, 20.0);
    place(&mut e, 2, 20.0, 21.0);
    place(&mut e, 3, 21.0, 20.0);
    set_engaged_since(&mut e, 1, 0);
    broken(&mut e, Side::A);
    run_until(&mut e, |e| {
        e.phase() == Phase::Shooting || e.outcome().is_some()
    });
    assert_eq!(dice_with(&e, &clauses::DISENGAGE).len(), 2);
}

#[test]
fn a_trigger_fired_while_broken_is_checked_after_the_rally() {
    let (mut rallied, mut kept) = (0, 0);
    for seed in 0..40 {
        let mut e = engine(&["Orc", "Orc"], &["Orc"], seed);
        place(&mut e, 1, 5.0, 5.0);
        place(&mut e, 2, 7.0, 5.0);
        place(&mut e, 3, 40.0, 30.0);
        {
            let mut b = e.world_mut().resource_mut::<Battle>();
            let a = b.side_mut(Side::A);
            a.broken = true;
            a.fired.push(Trigger::FirstRemoved);
            a.pending.push(Trigger::FirstRemoved);
        }
        run_until(&mut e, |e| e.battle().round == 2);
        assert!(!dice_with(&e, &MORALE_RALLY).is_empty());
        let did_rally = events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Rallied { .. }));
        let failed = events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::RallyFailed { side: Side::A, .. }));
        assert!(
            did_rally != failed,
            "seed {seed}: the rally is said once, either way"
        );
        let pending = e.battle().side(Side::A).pending.clone();
        if did_rally {
            rallied += 1;
            assert!(pending.is_empty());
            assert_eq!(dice_with(&e, &MORALE_CHECK).len(), 2, "seed {seed}");
        } else {
            kept += 1;
            assert_eq!(pending, vec![Trigger::FirstRemoved], "seed {seed}");
        }
    }
    assert!(rallied > 0 && kept > 0, "rallied {rallied}, kept {kept}");
}
