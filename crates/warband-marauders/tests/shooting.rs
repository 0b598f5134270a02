//! Shooting: what stops a shot, obstacles and sight, and shots into melee.

mod common;

use common::*;
use warband_marauders::battle::model;
use warband_marauders::{Command, Engine, Phase, Side};
use warband_rules::marauders::clauses;
use warband_table::components::ModelId;

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
                model: ModelId(1),
                target: ModelId(2),
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
            model: ModelId(1),
            target: ModelId(2),
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
                model: ModelId(1),
                target: ModelId(2),
            },
        )
        .unwrap_err();
    assert_eq!(err.0, "Farmhouse blocks the line of sight");
}

/// An archer (1) and an orc (2) of side A against an orc (3), standing `at`, in side A's
/// shooting phase.
fn archer_orc_and_orc(at: &[(f32, f32)], seed: u64) -> Engine {
    staged(
        &["Archer", "Orc"],
        &["Orc"],
        seed,
        at,
        Phase::Shooting,
        Side::A,
    )
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

/// The log names the model a shot into a melee struck when the die chose another than
/// the one aimed at, and only then.
#[test]
fn a_shot_that_strikes_another_in_the_melee_says_which() {
    use warband_marauders::log::LogEvent;
    let at = [(25.0, 8.0), (10.0, 20.0), (10.0, 21.0)];
    let (mut aimed, mut other) = (0, 0);
    for seed in 0..16 {
        let mut e = archer_orc_and_orc(&at, seed);
        shoot(&mut e, Side::A, 1, 3);
        let struck: Vec<ModelId> = events(&e)
            .iter()
            .filter_map(|ev| match ev {
                LogEvent::ShotStruck { shooter, struck } if *shooter == ModelId(1) => Some(*struck),
                _ => None,
            })
            .collect();
        let at_target = e
            .log()
            .dice()
            .any(|d| d.clause == clauses::SHOOT_DAMAGE && d.purpose.ends_with("at model 3"));
        if at_target {
            aimed += 1;
            assert!(struck.is_empty(), "seed {seed}: {struck:?}");
        } else {
            other += 1;
            assert_eq!(struck, vec![ModelId(2)], "seed {seed}");
        }
    }
    assert!(aimed > 0 && other > 0, "aimed {aimed}, other {other}");
}

#[test]
fn a_shot_into_melee_strikes_each_member_as_shot_chances_says() {
    use warband_marauders::battle::in_play;
    use warband_marauders::geometry::melee_groups;
    use warband_marauders::phases::{check_shot, shot_chances};
    let at = [(10.0, 5.0), (11.0, 15.0), (10.0, 15.0)];
    let setup_at = |seed: u64| archer_orc_and_orc(&at, seed);
    let e = setup_at(0);
    let all = in_play(e.world());
    let line = check_shot(e.world(), &all, false, &all[0], &all[2]).unwrap();
    let groups = melee_groups(&all.iter().map(|m| m.grouped()).collect::<Vec<_>>());
    let chances = shot_chances(&all, &line, false, ModelId(3), Some(&groups[0]));
    // Orc (medium, 4+) at −1 needs a 5: 2/6, and each is picked half the time.
    assert_eq!(chances.len(), 2);
    for (_, p) in &chances {
        assert!((p - 0.5 * 2.0 / 6.0).abs() < 1e-12, "{chances:?}");
    }
    let n = 600;
    let mut hurt = [0u32; 2];
    for seed in 0..n {
        let mut e = setup_at(seed);
        e.submit(
            Side::A,
            Command::Shoot {
                model: ModelId(1),
                target: ModelId(3),
            },
        )
        .unwrap();
        for (i, id) in [2u32, 3].iter().enumerate() {
            let m = model(e.world(), ModelId(*id)).unwrap();
            hurt[i] += u32::from(m.hd.left < m.hd.initial);
        }
    }
    let (mean, sd) = (
        f64::from(n as u32) / 6.0,
        (f64::from(n as u32) * (1.0 / 6.0) * (5.0 / 6.0)).sqrt(),
    );
    for h in hurt {
        assert!((f64::from(h) - mean).abs() < 4.0 * sd, "{hurt:?} vs {mean}");
    }
}

/// `normal` leaves a sleeping giant asleep: a hit would take one of its six HD and wake
/// the other five (RULINGS: asleep until hit), so it shoots the giant awake beside it,
/// though the sleeper, unarmoured, is the easier mark (a play-tester watched an Ogre put
/// to sleep and shot awake in the same round).
#[test]
fn normal_shoots_no_sleeper_it_would_only_wake() {
    use warband_marauders::ai::AiKind;
    let at = [(12.0, 4.0), (10.0, 20.0), (14.0, 20.0)];
    for sleeper in [2, 3] {
        let mut e = staged(
            &["Archer"],
            &["Giant", "Giant"],
            1,
            &at,
            Phase::Shooting,
            Side::A,
        );
        conditions(&mut e, sleeper, |c| c.asleep = true);
        let awake = 5 - sleeper;
        let shot = AiKind::Normal.policy(1).next(&e, Side::A);
        assert_eq!(
            shot,
            Some(Command::Shoot {
                model: ModelId(1),
                target: ModelId(awake),
            })
        );
    }
}
