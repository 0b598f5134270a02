//! Melee: groups, ties, dice split between enemies, and what damage scores.

mod common;

use common::*;
use warband_marauders::battle::model;
use warband_marauders::command::Allocation;
use warband_marauders::log::LogEvent;
use warband_marauders::phases::{PendingStrike, strike_waiting};
use warband_marauders::{Command, Engine, Phase, Side};
use warband_rules::marauders::clauses;
use warband_table::components::ModelId;

/// A (acting first) fights with one brute against two orcs of B's that each touch
/// both of A's models, so B, winning, has a split to make.
fn split_battle(seed: u64) -> Engine {
    let mut e = engine(&["Brute", "Orc"], &["Orc", "Orc"], seed);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 11.0);
    place(&mut e, 3, 10.866, 10.5);
    place(&mut e, 4, 9.134, 10.5);
    e
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
            model: ModelId(1),
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
                model: ModelId(1),
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
            attacker: ModelId(1),
            target: ModelId(2),
            dice: 2,
        }];
        let err = e
            .submit(
                Side::A,
                Command::ResolveMelee {
                    model: ModelId(1),
                    allocation: Some(wrong),
                },
            )
            .unwrap_err();
        assert!(err.0.contains("3 damage dice"), "{err}");
        let split = vec![
            Allocation {
                attacker: ModelId(1),
                target: ModelId(2),
                dice: 2,
            },
            Allocation {
                attacker: ModelId(1),
                target: ModelId(3),
                dice: 1,
            },
        ];
        e.submit(
            Side::A,
            Command::ResolveMelee {
                model: ModelId(1),
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
fn hd_removed_by_friendly_fire_score_nothing() {
    let mut seen = 0;
    for seed in 0..300 {
        let at = [(10.0, 5.0), (10.0, 10.0), (10.0, 15.0)];
        let mut e = staged(
            &["Archer", "Brute"],
            &["Orc"],
            seed,
            &at,
            Phase::Shooting,
            Side::A,
        );
        shoot(&mut e, Side::A, 1, 3);
        let brute = model(e.world(), ModelId(2)).unwrap();
        if brute.hd.left < brute.hd.initial {
            seen += 1;
            assert_eq!(e.battle().side(Side::A).hd_removed, 0, "seed {seed}");
        }
    }
    assert!(seen > 10, "the brute in the way was hurt only {seen} times");
}

#[test]
fn the_second_side_is_asked_for_its_split_when_it_wins() {
    let mut asked = 0;
    for seed in 0..60 {
        let mut e = split_battle(seed);
        let acting = advance_to_phase(&mut e, Phase::Attacking);
        e.submit(
            acting,
            Command::ResolveMelee {
                model: ModelId(1),
                allocation: None,
            },
        )
        .unwrap();
        let won = events(&e).iter().find_map(|ev| match ev {
            LogEvent::MeleeResolved { winner, .. } => Some(*winner),
            _ => None,
        });
        let Some(Some(winner)) = won else { continue };
        if winner == acting {
            assert_eq!(strike_waiting(e.world()), None);
            continue;
        }
        asked += 1;
        assert_eq!(e.awaiting(), Some(winner), "seed {seed}");
        assert!(e.world().resource::<PendingStrike>().0.is_some());
        // No damage yet; a fight command is refused while the split waits.
        assert!(dice_with(&e, &clauses::MELEE_DAMAGE).is_empty());
        assert!(
            e.submit(
                winner,
                Command::ResolveMelee {
                    model: ModelId(1),
                    allocation: None
                }
            )
            .is_err()
        );
        // Every die of the winner goes on the loser's higher-numbered model.
        let (mine, target) = if winner == Side::B {
            ([3, 4], 2)
        } else {
            ([1, 2], 4)
        };
        let split: Vec<Allocation> = mine
            .iter()
            .map(|&attacker| Allocation {
                attacker: ModelId(attacker),
                target: ModelId(target),
                dice: model(e.world(), ModelId(attacker)).unwrap().hd.initial,
            })
            .collect();
        e.submit(
            winner,
            Command::AllocateDamage {
                allocation: Some(split),
            },
        )
        .unwrap();
        let struck: Vec<String> = e
            .log()
            .dice()
            .filter(|d| d.clause == clauses::MELEE_DAMAGE)
            .map(|d| d.purpose.clone())
            .collect();
        assert!(!struck.is_empty());
        let tail = format!("strikes model {target}");
        assert!(struck.iter().all(|p| p.ends_with(&tail)), "{struck:?}");
    }
    assert!(asked > 5, "B won only {asked} times");
}

#[test]
fn a_split_that_drops_a_models_dice_is_refused() {
    let mut e = split_battle(1);
    let acting = advance_to_phase(&mut e, Phase::Attacking);
    // Only the first model's dice are placed; its friend's are dropped.
    let (brute, target) = if acting == Side::A { (1, 3) } else { (3, 1) };
    let brute_dice = model(e.world(), ModelId(brute)).unwrap().hd.initial;
    let split = vec![Allocation {
        attacker: ModelId(brute),
        target: ModelId(target),
        dice: brute_dice,
    }];
    let r = e.submit(
        acting,
        Command::ResolveMelee {
            model: ModelId(1),
            allocation: Some(split),
        },
    );
    assert!(r.unwrap_err().0.contains("damage dice to place"));
    assert!(dice_with(&e, &clauses::MELEE_CONTEST).is_empty());
}
