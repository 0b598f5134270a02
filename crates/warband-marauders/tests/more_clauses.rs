//! Allocation, morale triggers, fleeing, spells and the round limit.

mod common;

use common::*;
use warband_marauders::battle::Trigger;
use warband_marauders::command::Allocation;
use warband_marauders::components::SpellAim;
use warband_marauders::log::{Entry, LogEvent};
use warband_marauders::{Command, Phase, Side};
use warband_rules::marauders::clauses;

#[test]
fn a_winner_may_split_its_dice_between_the_enemies_it_touches() {
    let mut checked = false;
    for seed in 0..300 {
        let mut e = engine(&["Brute"], &["Orc", "Orc"], seed);
        place(&mut e, 1, 20.0, 20.0);
        place(&mut e, 2, 20.0, 21.0);
        place(&mut e, 3, 21.0, 20.0);
        if advance_to_phase(&mut e, Phase::Attacking) != Side::A {
            continue;
        }
        let wrong = vec![Allocation {
            attacker: 1,
            target: 2,
            dice: 2,
        }];
        let err = e
            .submit(
                Side::A,
                Command::ResolveMelee {
                    model: 1,
                    allocation: Some(wrong),
                },
            )
            .unwrap_err();
        assert!(err.0.contains("3 damage dice"), "{err}");
        let split = vec![
            Allocation {
                attacker: 1,
                target: 2,
                dice: 2,
            },
            Allocation {
                attacker: 1,
                target: 3,
                dice: 1,
            },
        ];
        e.submit(
            Side::A,
            Command::ResolveMelee {
                model: 1,
                allocation: Some(split),
            },
        )
        .unwrap();
        let a_won = events(&e).iter().any(|ev| {
            matches!(
                ev,
                LogEvent::MeleeResolved {
                    winner: Some(Side::A),
                    ..
                }
            )
        });
        if !a_won {
            continue;
        }
        let damage: Vec<_> = e
            .log()
            .dice()
            .filter(|d| d.clause == clauses::MELEE_DAMAGE)
            .collect();
        assert_eq!(
            damage
                .iter()
                .filter(|d| d.purpose.ends_with("strikes model 2"))
                .count(),
            2
        );
        assert_eq!(
            damage
                .iter()
                .filter(|d| d.purpose.ends_with("strikes model 3"))
                .count(),
            1
        );
        checked = true;
        break;
    }
    assert!(checked, "some seed gives A the attacking turn and the win");
}

#[test]
fn each_morale_trigger_fires_once() {
    // Four orcs: the first loss, then fewer than half, then the last one standing.
    let mut e = engine(&["Orc"], &["Orc", "Orc", "Orc", "Orc"], 1);
    let fired = |e: &warband_marauders::Engine| e.battle().side(Side::B).fired.clone();
    warband_marauders::effects::apply_damage(e.world_mut(), 2, 1, Side::A, &clauses::MELEE_DAMAGE);
    assert_eq!(fired(&e), vec![Trigger::FirstRemoved]);
    warband_marauders::effects::apply_damage(e.world_mut(), 3, 1, Side::A, &clauses::MELEE_DAMAGE);
    assert_eq!(
        fired(&e),
        vec![Trigger::FirstRemoved],
        "2 of 4 is not fewer than half"
    );
    warband_marauders::effects::apply_damage(e.world_mut(), 4, 1, Side::A, &clauses::MELEE_DAMAGE);
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
    warband_marauders::effects::apply_damage(e.world_mut(), 2, 4, Side::A, &clauses::MELEE_DAMAGE);
    assert!(
        e.battle().side(Side::B).fired.is_empty(),
        "2 of 6 is not below a quarter"
    );
    warband_marauders::effects::apply_damage(e.world_mut(), 2, 1, Side::A, &clauses::MELEE_DAMAGE);
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
    warband_marauders::effects::apply_damage(e.world_mut(), 4, 1, Side::A, &clauses::MELEE_DAMAGE);
    // Round 1: the morale phase breaks side B (morale 2). Round 2: it flees, and its
    // one model at the back edge leaves the table, which ends the battle.
    while let Some(s) = e.awaiting() {
        e.submit(s, Command::EndPhase).unwrap();
    }
    assert_eq!(e.battle().round, 2);
    assert!(e.battle().side(Side::B).broken);
    assert!(events(&e).iter().any(|ev| matches!(
        ev,
        LogEvent::Removed { model: 3, why } if why == "fled off the table"
    )));
    assert_eq!(e.outcome().and_then(|o| o.winner), Some(Side::A));
}

#[test]
fn magic_missile_rolls_two_dice_without_the_ranged_penalty() {
    let mut e = engine(&["Mage"], &["Brute"], 3);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 20.0);
    advance_to(&mut e, Phase::DeclareSpells, Side::A);
    e.submit(
        Side::A,
        Command::DeclareSpell {
            caster: 1,
            spell: "Magic Missile".into(),
            aim: SpellAim::Model(2),
        },
    )
    .unwrap();
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
            LogEvent::Damaged { model: 2, hd, .. } => Some(*hd),
            _ => None,
        })
        .unwrap_or(0);
    assert_eq!(lost, expected);
}

#[test]
fn sleep_takes_the_lowest_hd_enemies_near_the_point() {
    let mut e = engine(&["Mage"], &["Orc", "Brute", "Orc"], 4);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 20.0, 20.0);
    place(&mut e, 3, 22.0, 20.0);
    place(&mut e, 4, 40.0, 30.0); // far from the point
    advance_to(&mut e, Phase::DeclareSpells, Side::A);
    e.submit(
        Side::A,
        Command::DeclareSpell {
            caster: 1,
            spell: "Sleep".into(),
            aim: SpellAim::Point(21.0, 20.0),
        },
    )
    .unwrap();
    advance_to_phase(&mut e, Phase::Attacking);
    let s = e.awaiting().unwrap();
    e.submit(s, Command::EndPhase).unwrap();
    let total: u32 = dice_with(&e, &clauses::SPELLCASTING)
        .iter()
        .map(|f| u32::from(*f))
        .sum();
    let asleep: Vec<u32> = events(&e)
        .iter()
        .filter_map(|ev| match ev {
            LogEvent::FellAsleep { model } => Some(*model),
            _ => None,
        })
        .collect();
    let expected: Vec<u32> = if total >= 4 { vec![2, 3] } else { vec![2] };
    assert_eq!(asleep, expected, "2d8 = {total}");
    assert!(!asleep.contains(&4));
}

#[test]
fn after_the_round_limit_more_hd_removed_wins() {
    let mut s = setup(&["Orc"], &["Brute"], Vec::new());
    s.scenario.round_limit = 1;
    let mut e = warband_marauders::Engine::new(&s, 5).unwrap();
    warband_marauders::effects::apply_damage(e.world_mut(), 2, 1, Side::A, &clauses::MELEE_DAMAGE);
    while let Some(side) = e.awaiting() {
        e.submit(side, Command::EndPhase).unwrap();
    }
    assert_eq!(e.phase(), Phase::Over);
    let o = e.outcome().unwrap();
    assert_eq!(o.winner, Some(Side::A), "{}", o.reason);
    let mut e = warband_marauders::Engine::new(&s, 5).unwrap();
    while let Some(side) = e.awaiting() {
        e.submit(side, Command::EndPhase).unwrap();
    }
    assert_eq!(e.outcome().unwrap().winner, None, "nothing removed: a draw");
}

#[test]
fn commands_out_of_turn_or_phase_are_refused_and_change_nothing() {
    let mut e = engine(&["Archer"], &["Orc"], 6);
    let side = e.awaiting().unwrap();
    let before = e.state_hash();
    let err = e.submit(side.other(), Command::EndPhase).unwrap_err();
    assert!(err.0.contains("turn"), "{err}");
    let err = e
        .submit(
            side,
            Command::Shoot {
                model: 1,
                target: 2,
            },
        )
        .unwrap_err();
    assert!(err.0.contains("not allowed in DeclareSpells"), "{err}");
    assert_eq!(e.state_hash(), before);
    assert!(matches!(e.log().events.last(), Some(Entry::Refused { .. })));
}

#[test]
fn a_plain_move_can_be_taken_back_but_not_a_charge() {
    let at = [(10.0, 10.0), (20.0, 10.0), (20.0, 13.0)];
    let mut e = staged(&["Orc", "Orc"], &["Orc"], 11, &at, Phase::Movement, Side::A);
    move_to(&mut e, Side::A, 1, (10.0, 12.0));
    e.submit(Side::A, Command::UndoMove { model: 1 }).unwrap();
    let back = warband_marauders::battle::model(e.world(), 1).unwrap();
    assert_eq!(back.base.center, bevy_math::Vec2::new(10.0, 10.0));
    assert!(!back.conditions.moved, "it may move again");
    e.submit(
        Side::A,
        Command::Move {
            model: 1,
            to: (10.0, 11.0),
        },
    )
    .unwrap();
    e.submit(
        Side::A,
        Command::Move {
            model: 2,
            to: (20.0, 12.5),
        },
    )
    .unwrap();
    let err = e
        .submit(Side::A, Command::UndoMove { model: 2 })
        .unwrap_err();
    assert!(
        err.0.contains("cannot be taken back"),
        "a charge stays: {err}"
    );
}
