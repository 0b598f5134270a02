//! One small battle per Marauders clause, in a headless engine.

mod common;

use common::*;
use warband_marauders::log::LogEvent;
use warband_marauders::{Command, Phase, Side};
use warband_rules::marauders::clauses;

#[test]
fn a_move_into_an_enemy_is_a_charge_and_engages() {
    let mut e = engine(&["Orc"], &["Orc"], 1);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 13.5);
    advance_to(&mut e, Phase::Movement, Side::A);
    e.submit(
        Side::A,
        Command::Move {
            model: 1,
            to: (10.0, 13.0),
        },
    )
    .unwrap();
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
                model: 1,
                to: (10.0, 9.0),
            },
        )
        .unwrap_err();
    assert!(err.0.contains("this round and may not disengage"), "{err}");
}

#[test]
fn an_engaged_model_may_only_disengage() {
    let mut e = engine(&["Orc"], &["Orc"], 2);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 11.0);
    advance_to(&mut e, Phase::Movement, Side::A);
    let err = e
        .submit(
            Side::A,
            Command::Move {
                model: 1,
                to: (10.0, 8.0),
            },
        )
        .unwrap_err();
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
                    model: 1,
                    to: (7.0, 7.0),
                },
            )
            .unwrap_err();
        assert!(err.0.contains("engaged by an enemy this round"), "{err}");
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
        assert_eq!(since(1), Some(round));
        assert_eq!(since(2), Some(0));
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
    e.submit(
        Side::A,
        Command::Disengage {
            model: 1,
            to: (7.0, 8.0),
        },
    )
    .unwrap();
    assert_eq!(dice_with(&e, &clauses::DISENGAGE).len(), 2);
    assert!(
        events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Disengaged { model: 1 }))
    );
}

#[test]
fn a_shot_can_be_stopped_by_a_model_in_the_way_which_is_damaged() {
    let (mut stopped, mut through) = (0, 0);
    for seed in 0..40 {
        let mut e = engine(&["Archer"], &["Brute", "Brute"], seed);
        place(&mut e, 1, 10.0, 5.0);
        place(&mut e, 2, 10.0, 20.0); // target
        place(&mut e, 3, 10.0, 12.0); // in the way
        advance_to(&mut e, Phase::Shooting, Side::A);
        e.submit(
            Side::A,
            Command::Shoot {
                model: 1,
                target: 2,
            },
        )
        .unwrap();
        let obstacle = dice_with(&e, &clauses::SHOOT_OBSTACLE);
        assert_eq!(obstacle.len(), 1, "one obstacle, one die");
        if obstacle[0] >= 4 {
            stopped += 1;
            assert_eq!(dice_with(&e, &clauses::OBSTACLE_DAMAGE).len(), 1);
            assert!(dice_with(&e, &clauses::SHOOT_DAMAGE).is_empty());
        } else {
            through += 1;
            assert_eq!(dice_with(&e, &clauses::SHOOT_DAMAGE).len(), 1);
        }
    }
    assert!(stopped > 0 && through > 0);
}

#[test]
fn a_low_wall_is_an_obstacle_and_a_house_blocks_sight() {
    let setup = setup(&["Archer"], &["Orc"], vec![wall(5.0, 15.0, 12.0)]);
    let mut e = warband_marauders::Engine::new(&setup, 4).unwrap();
    place(&mut e, 1, 10.0, 5.0);
    place(&mut e, 2, 10.0, 20.0);
    advance_to(&mut e, Phase::Shooting, Side::A);
    e.submit(
        Side::A,
        Command::Shoot {
            model: 1,
            target: 2,
        },
    )
    .unwrap();
    assert_eq!(dice_with(&e, &clauses::SHOOT_OBSTACLE).len(), 1);
    let mut house = wall(5.0, 15.0, 12.0);
    house.kind = warband_marauders::data::TerrainKind::House;
    house.name = "Farmhouse".into();
    let mut e =
        warband_marauders::Engine::new(&common::setup(&["Archer"], &["Orc"], vec![house]), 4)
            .unwrap();
    place(&mut e, 1, 10.0, 5.0);
    place(&mut e, 2, 10.0, 20.0);
    advance_to(&mut e, Phase::Shooting, Side::A);
    let err = e
        .submit(
            Side::A,
            Command::Shoot {
                model: 1,
                target: 2,
            },
        )
        .unwrap_err();
    assert_eq!(err.0, "Farmhouse blocks the line of sight");
}

#[test]
fn shooting_into_melee_hits_a_random_model_of_the_group() {
    let at = [(25.0, 8.0), (10.0, 20.0), (10.0, 21.0)];
    let mut e = staged(
        &["Archer", "Orc"],
        &["Orc"],
        5,
        &at,
        Phase::Shooting,
        Side::A,
    );
    shoot(&mut e, Side::A, 1, 3);
    let pick: Vec<_> = e
        .log()
        .dice()
        .filter(|d| d.clause == clauses::SHOOT_INTO_MELEE)
        .collect();
    assert_eq!(pick.len(), 1);
    assert_eq!(
        pick[0].die.sides(),
        2,
        "a d2 over the two models of the group"
    );
}

#[test]
fn a_two_against_one_group_rolls_each_sides_full_initial_hd() {
    let mut e = engine(&["Orc", "Orc"], &["Brute"], 6);
    place(&mut e, 3, 20.0, 20.0);
    place(&mut e, 1, 19.0, 20.0);
    place(&mut e, 2, 21.0, 20.0);
    let side = advance_to_phase(&mut e, Phase::Attacking);
    e.submit(
        side,
        Command::ResolveMelee {
            model: 1,
            allocation: None,
        },
    )
    .unwrap();
    let contest: Vec<_> = e
        .log()
        .dice()
        .filter(|d| d.clause == clauses::MELEE_CONTEST)
        .collect();
    let a = contest
        .iter()
        .filter(|d| d.purpose.contains("Side A"))
        .count();
    let b = contest
        .iter()
        .filter(|d| d.purpose.contains("Side B"))
        .count();
    assert_eq!((a, b), (2, 3));
}

#[test]
fn a_full_tie_makes_both_sides_damage() {
    let mut seen = false;
    for seed in 0..200 {
        let mut e = engine(&["Orc"], &["Orc"], seed);
        place(&mut e, 1, 20.0, 20.0);
        place(&mut e, 2, 21.0, 20.0);
        let side = advance_to_phase(&mut e, Phase::Attacking);
        e.submit(
            side,
            Command::ResolveMelee {
                model: 1,
                allocation: None,
            },
        )
        .unwrap();
        let tie = events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::MeleeResolved { winner: None, .. }));
        let damage: Vec<_> = e
            .log()
            .dice()
            .filter(|d| d.clause == clauses::MELEE_DAMAGE)
            .collect();
        if tie {
            seen = true;
            assert_eq!(damage.len(), 2, "both sides strike");
        } else {
            assert_eq!(damage.len(), 1, "only the winner strikes");
        }
    }
    assert!(seen, "1 v 1 ties one time in six");
}

#[test]
fn a_declared_caster_may_not_move_and_loses_the_spell_when_hurt() {
    let mut e = engine(&["Mage"], &["Orc"], 7);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 20.0);
    advance_to(&mut e, Phase::DeclareSpells, Side::A);
    e.submit(
        Side::A,
        Command::DeclareSpell {
            caster: 1,
            spell: "Magic Missile".into(),
            aim: warband_marauders::components::SpellAim::Model(2),
        },
    )
    .unwrap();
    advance_to(&mut e, Phase::Movement, Side::A);
    let err = e
        .submit(
            Side::A,
            Command::Move {
                model: 1,
                to: (10.0, 11.0),
            },
        )
        .unwrap_err();
    assert!(err.0.contains("declared a spell"), "{err}");
    // The screen asks the same before it offers a move (no ring, no ghost).
    let why = warband_marauders::phases::check_mobile(e.world(), Side::A, 1).unwrap_err();
    assert_eq!(why.0, err.0);
    warband_marauders::effects::apply_damage(e.world_mut(), 1, 0, Side::B, &clauses::SHOOT_DAMAGE);
    assert!(
        !events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::SpellLost { .. })),
        "no HD lost, spell kept"
    );
    let mut e2 = engine(&["Brute", "Mage"], &["Orc"], 7);
    place(&mut e2, 2, 10.0, 10.0);
    place(&mut e2, 3, 10.0, 20.0);
    advance_to(&mut e2, Phase::DeclareSpells, Side::A);
    e2.submit(
        Side::A,
        Command::DeclareSpell {
            caster: 2,
            spell: "Light".into(),
            aim: warband_marauders::components::SpellAim::Model(3),
        },
    )
    .unwrap();
    warband_marauders::effects::apply_damage(e2.world_mut(), 2, 1, Side::B, &clauses::SHOOT_DAMAGE);
    assert!(
        events(&e2)
            .iter()
            .any(|ev| matches!(ev, LogEvent::SpellLost { model: 2, .. }))
    );
}

#[test]
fn a_blinded_model_cannot_shoot_and_rolls_one_die_fewer() {
    let mut e = engine(&["Archer"], &["Orc"], 8);
    place(&mut e, 1, 10.0, 5.0);
    place(&mut e, 2, 10.0, 20.0);
    conditions(&mut e, 1, |c| c.blinded = true);
    advance_to(&mut e, Phase::Shooting, Side::A);
    let err = e
        .submit(
            Side::A,
            Command::Shoot {
                model: 1,
                target: 2,
            },
        )
        .unwrap_err();
    assert!(err.0.contains("blinded"), "{err}");
    let mut e = engine(&["Brute"], &["Orc"], 8);
    place(&mut e, 1, 20.0, 20.0);
    place(&mut e, 2, 21.0, 20.0);
    conditions(&mut e, 1, |c| c.blinded = true);
    let side = advance_to_phase(&mut e, Phase::Attacking);
    e.submit(
        side,
        Command::ResolveMelee {
            model: 1,
            allocation: None,
        },
    )
    .unwrap();
    let a = e
        .log()
        .dice()
        .filter(|d| d.clause == clauses::MELEE_CONTEST && d.purpose.contains("Side A"))
        .count();
    assert_eq!(a, 2, "3 HD, blinded: 2 dice");
}

#[test]
fn morale_two_breaks_after_the_first_loss_and_the_side_flees() {
    let mut e = engine(&["Orc", "Orc"], &["Coward", "Coward", "Coward"], 9);
    warband_marauders::effects::apply_damage(e.world_mut(), 3, 1, Side::A, &clauses::SHOOT_DAMAGE);
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
fn a_side_with_nothing_in_play_loses() {
    let mut e = engine(&["Orc"], &["Orc"], 10);
    warband_marauders::effects::apply_damage(e.world_mut(), 2, 1, Side::A, &clauses::MELEE_DAMAGE);
    assert_eq!(e.outcome().and_then(|o| o.winner), Some(Side::A));
}
