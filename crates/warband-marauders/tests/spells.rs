//! Spells: declaring, losing and casting them; Magic Missile, Sleep, Light and Bless.

mod common;

use common::*;
use warband_marauders::battle::model;
use warband_marauders::components::{Blessing, SpellAim};
use warband_marauders::log::LogEvent;
use warband_marauders::{Command, Engine, Phase, Side};
use warband_rules::marauders::clauses;
use warband_table::components::ModelId;

/// A mage and an orc at these places; the mage's side has one Bless die on the mage
/// for round 1's fight.
fn blessed_mage(mage: (f32, f32), orc: (f32, f32)) -> Engine {
    let mut e = engine(&["Mage"], &["Orc"], 1);
    place(&mut e, 1, mage.0, mage.1);
    place(&mut e, 2, orc.0, orc.1);
    let bless = Blessing {
        target: ModelId(1),
        dice: 1,
        round: 1,
    };
    set_blessing(&mut e, 1, bless);
    e
}

/// Model 1 declares Magic Missile at model 2 in side A's declare phase.
fn missile_at_2(e: &mut Engine) {
    advance_to(e, Phase::DeclareSpells, Side::A);
    declare(e, Side::A, 1, "Magic Missile", SpellAim::Model(ModelId(2))).unwrap();
}

#[test]
fn a_declared_caster_may_not_move_and_loses_the_spell_when_hurt() {
    let mut e = engine(&["Mage"], &["Orc"], 7);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 20.0);
    missile_at_2(&mut e);
    advance_to(&mut e, Phase::Movement, Side::A);
    let err = try_move(&mut e, Side::A, 1, (10.0, 11.0)).unwrap_err();
    assert!(err.0.contains("declared a spell"), "{err}");
    // The screen asks the same before it offers a move (no ring, no ghost).
    let why = warband_marauders::phases::check_mobile(e.world(), Side::A, ModelId(1)).unwrap_err();
    assert_eq!(why.0, err.0);
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(1),
        0,
        Side::B,
        &clauses::SHOOT_DAMAGE,
    );
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
    declare(
        &mut e2,
        Side::A,
        2,
        "Light",
        warband_marauders::components::SpellAim::Model(ModelId(3)),
    )
    .unwrap();
    warband_marauders::effects::apply_damage(
        e2.world_mut(),
        ModelId(2),
        1,
        Side::B,
        &clauses::SHOOT_DAMAGE,
    );
    assert!(events(&e2).iter().any(|ev| matches!(
        ev,
        LogEvent::SpellLost {
            model: ModelId(2),
            ..
        }
    )));
}

/// A spell whose target left play before phase 6 does not go off: it is lost, said so
/// in the log, and its slot kept (the seeds' "interrupted in some other way"). A
/// play-test saw the slot spent on nothing, the log saying only that it was cast.
#[test]
fn a_spell_whose_target_has_gone_is_lost_and_keeps_its_slot() {
    // A second orc keeps the battle going once the first is out.
    let mut e = engine(&["Mage"], &["Orc", "Orc"], 3);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 20.0);
    place(&mut e, 3, 30.0, 30.0);
    let slots = model(e.world(), ModelId(1)).unwrap().slots;
    missile_at_2(&mut e);
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(2),
        9,
        Side::A,
        &clauses::SHOOT_DAMAGE,
    );
    assert!(!model(e.world(), ModelId(2)).unwrap().in_play);
    // No fight: the attacking phase ended, phase 6 follows at once.
    let side = advance_to_phase(&mut e, Phase::Attacking);
    e.submit(side, Command::EndPhase).unwrap();
    let lost = events(&e).into_iter().find_map(|ev| match ev {
        LogEvent::SpellLost { model, why, .. } => Some((model, why)),
        _ => None,
    });
    assert_eq!(
        lost,
        Some((ModelId(1), "its target is out of action".to_string()))
    );
    assert!(
        !events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::SpellCast { .. }))
    );
    assert_eq!(model(e.world(), ModelId(1)).unwrap().slots, slots);
    assert!(dice_with(&e, &clauses::SPELLCASTING).is_empty());
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
                model: ModelId(1),
                target: ModelId(2),
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
            model: ModelId(1),
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
fn magic_missile_rolls_two_dice_without_the_ranged_penalty() {
    let mut e = engine(&["Mage"], &["Brute"], 3);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 20.0);
    missile_at_2(&mut e);
    advance_to_phase(&mut e, Phase::Movement);
    let faces = dice_with(&e, &clauses::SPELLCASTING);
    assert_eq!(faces.len(), 0, "cast in phase 6, not before");
    advance_to_phase(&mut e, Phase::Attacking);
    let s = e.awaiting().unwrap();
    e.submit(s, Command::EndPhase).unwrap();
    let faces = dice_with(&e, &clauses::SPELLCASTING);
    assert_eq!(faces.len(), 2);
    let expected = faces.iter().filter(|f| **f >= 2).count() as u8; // unarmoured 2+, no −1
    let lost = events(&e)
        .iter()
        .find_map(|ev| match ev {
            LogEvent::Damaged {
                model: ModelId(2),
                hd,
                ..
            } => Some(*hd),
            _ => None,
        })
        .unwrap_or(0);
    assert_eq!(lost, expected);
}

/// Model 1 (side A's caster) declares Sleep at `point` and the battle is played on until
/// it goes off in phase 6; the HD its dice gave.
fn sleep_at(e: &mut Engine, point: (f32, f32)) -> u32 {
    advance_to(e, Phase::DeclareSpells, Side::A);
    declare(e, Side::A, 1, "Sleep", SpellAim::Point(point.0, point.1)).unwrap();
    advance_to_phase(e, Phase::Attacking);
    let s = e.awaiting().unwrap();
    e.submit(s, Command::EndPhase).unwrap();
    dice_with(e, &clauses::SPELLCASTING)
        .iter()
        .map(|f| u32::from(*f))
        .sum()
}

#[test]
fn sleep_takes_the_lowest_hd_enemies_near_the_point() {
    let mut e = engine(&["Mage"], &["Orc", "Brute", "Orc"], 4);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 20.0, 20.0);
    place(&mut e, 3, 22.0, 20.0);
    place(&mut e, 4, 40.0, 30.0); // far from the point
    let total = sleep_at(&mut e, (21.0, 20.0));
    let asleep: Vec<ModelId> = events(&e)
        .iter()
        .filter_map(|ev| match ev {
            LogEvent::FellAsleep { model } => Some(*model),
            _ => None,
        })
        .collect();
    let expected: Vec<ModelId> = if total >= 4 {
        vec![ModelId(2), ModelId(3)]
    } else {
        vec![ModelId(2)]
    };
    assert_eq!(asleep, expected, "2d8 = {total}");
    assert!(!asleep.contains(&ModelId(4)));
}

/// A Sleep with no one near its point says that it took no one, and how many HD it had.
#[test]
fn a_sleep_that_takes_no_one_says_so() {
    let mut e = engine(&["Mage"], &["Orc"], 4);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 40.0, 30.0);
    let total = sleep_at(&mut e, (15.0, 15.0));
    assert!(total >= 2, "the spell was cast");
    let said: Vec<LogEvent> = events(&e)
        .into_iter()
        .filter(|ev| matches!(ev, LogEvent::SleptNone { .. } | LogEvent::FellAsleep { .. }))
        .collect();
    assert_eq!(
        said,
        vec![LogEvent::SleptNone {
            caster: ModelId(1),
            rolled: total
        }]
    );
}

#[test]
fn an_unused_blessing_fades_with_its_round() {
    let mut e = blessed_mage((10.0, 5.0), (40.0, 30.0));
    run_until(&mut e, |e| e.battle().round == 2);
    let m = model(e.world(), ModelId(1)).unwrap();
    assert_eq!(m.blessing, None, "the blessing outlived its round");
    assert!(
        events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::BlessingFaded { model: ModelId(1) }))
    );
}

#[test]
fn a_blessing_adds_its_die_to_the_fight_of_its_round() {
    let mut e = blessed_mage((10.0, 10.0), (11.0, 10.0));
    advance_to_phase(&mut e, Phase::Attacking);
    let side = e.awaiting().unwrap();
    e.submit(
        side,
        Command::ResolveMelee {
            model: ModelId(1),
            allocation: None,
        },
    )
    .unwrap();
    // One die for the mage's HD and one for the blessing; one for the orc.
    let contest = dice_with(&e, &clauses::MELEE_CONTEST);
    assert_eq!(contest.len(), 3, "{contest:?}");
}

#[test]
fn a_model_slain_in_its_sleep_is_not_logged_as_waking() {
    let (mut slain, mut woke) = (0, 0);
    for seed in 0..60 {
        let at = [(10.0, 5.0), (10.0, 15.0), (30.0, 30.0)];
        let mut e = staged(
            &["Archer"],
            &["Orc", "Brute"],
            seed,
            &at,
            Phase::Shooting,
            Side::A,
        );
        conditions(&mut e, 2, |c| c.asleep = true);
        conditions(&mut e, 3, |c| c.asleep = true);
        shoot(&mut e, Side::A, 1, 2);
        let orc = model(e.world(), ModelId(2)).unwrap();
        let wakes = events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Woke { model: ModelId(2) }));
        if !orc.in_play {
            slain += 1;
            assert!(!wakes, "seed {seed}: a slain sleeper woke");
        }
        // A brute (3 HD) hurt in its sleep lives, and wakes.
        let mut e2 = staged(
            &["Archer"],
            &["Brute"],
            seed,
            &at[..2],
            Phase::Shooting,
            Side::A,
        );
        conditions(&mut e2, 2, |c| c.asleep = true);
        shoot(&mut e2, Side::A, 1, 2);
        let brute = model(e2.world(), ModelId(2)).unwrap();
        if brute.hd.left < brute.hd.initial {
            woke += 1;
            assert!(!brute.conditions.asleep);
            assert!(
                events(&e2)
                    .iter()
                    .any(|ev| matches!(ev, LogEvent::Woke { model: ModelId(2) }))
            );
        }
    }
    assert!(slain > 10 && woke > 10, "slain {slain}, woke {woke}");
}
