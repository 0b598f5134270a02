//! The Toy Soldier engine, clause by clause, on small hand-made tables built from the
//! shipped unit list. Units are placed by hand; commands go through `submit`.

mod common;

use common::*;
use warband_rules::Aspect;
use warband_rules::toy_soldier::{Step, clauses};
use warband_table::components::ModelId;
use warband_toy_soldier::battle::find;
use warband_toy_soldier::log::LogEvent;
use warband_toy_soldier::{Command, Side};

fn activated_costs(e: &warband_toy_soldier::Engine) -> Vec<(u32, u32)> {
    events(e)
        .iter()
        .filter_map(|ev| match ev {
            LogEvent::Activated { unit, cost, .. } => Some((unit.0, *cost)),
            _ => None,
        })
        .collect()
}

#[test]
fn tokens_are_two_a_unit_and_reactivation_costs_one_one_two() {
    let mut e = engine(
        &["Dwarf thane", "Dwarf warriors"],
        &["Orc warboss", "Orc warriors"],
        1,
    );
    assert_eq!(battle(&e).side(Side::A).tokens, 4);
    give_turn(&mut e, Side::A);
    for (side, unit) in [
        (Side::A, 2),
        (Side::B, 4),
        (Side::A, 2),
        (Side::B, 4),
        (Side::A, 2),
    ] {
        e.submit(
            side,
            Command::Activate {
                unit: ModelId(unit),
            },
        )
        .unwrap();
        e.submit(side, Command::Pass).unwrap();
    }
    assert_eq!(
        activated_costs(&e),
        [(2, 1), (4, 1), (2, 1), (4, 1), (2, 2)]
    );
    assert_eq!(battle(&e).side(Side::A).tokens, 0);
    // A is out of tokens: B spends the rest of its own, one activation after another.
    assert_eq!(e.awaiting(), Some(Side::B));
    e.submit(Side::B, Command::Activate { unit: ModelId(3) })
        .unwrap();
    e.submit(Side::B, Command::Pass).unwrap();
    assert_eq!(e.awaiting(), Some(Side::B));
    let refused = e
        .submit(Side::B, Command::Activate { unit: ModelId(4) })
        .unwrap_err();
    assert!(
        refused.0.contains("costs 2 tokens; you have 1"),
        "{refused}"
    );
    e.submit(Side::B, Command::Activate { unit: ModelId(3) })
        .unwrap();
    e.submit(Side::B, Command::Pass).unwrap();
    // Nobody can activate: a new turn, tokens and costs back.
    assert_eq!(battle(&e).turn, 2);
    assert_eq!(battle(&e).side(Side::B).tokens, 4);
    assert_eq!(find(e.world(), ModelId(2)).unwrap().spent, 0);
}

#[test]
fn the_command_unit_and_units_within_six_inches_get_one_more_ap() {
    let mut e = engine(
        &["Dwarf thane", "Dwarf warriors", "Dwarf miners"],
        &["Orc warboss"],
        2,
    );
    put(&mut e, 1, (12.0, 3.0), 0.0);
    put(&mut e, 2, (12.0, 8.0), 0.0);
    put(&mut e, 3, (3.0, 15.0), 0.0);
    for unit in [1, 2, 3] {
        give_turn(&mut e, Side::A);
        e.submit(
            Side::A,
            Command::Activate {
                unit: ModelId(unit),
            },
        )
        .unwrap();
        e.submit(Side::A, Command::Pass).unwrap();
    }
    let near: Vec<bool> = events(&e)
        .iter()
        .filter_map(|ev| match ev {
            LogEvent::Activated { commander, .. } => Some(*commander),
            _ => None,
        })
        .collect();
    assert_eq!(near, [true, true, false]);
    let dice = e
        .log()
        .dice()
        .filter(|d| d.clause == clauses::ACTIVATION)
        .count();
    assert_eq!(dice, 3);
}

#[test]
fn danger_must_be_defended_before_moving_and_a_refusal_changes_nothing() {
    let mut e = engine(&["Dwarf thane", "Dwarf warriors"], &["Orc warboss"], 3);
    put(&mut e, 2, (12.0, 8.0), 0.0);
    mark(&mut e, 2, 2, 0);
    activate_with(&mut e, Side::A, 2, 5);
    let before = e.state_hash();
    let refused = e
        .submit(
            Side::A,
            Command::Move {
                step: Step::Forward,
                inches: 2.0,
            },
        )
        .unwrap_err();
    assert!(
        refused.0.contains("must first defend against the 2 danger"),
        "{refused}"
    );
    assert_eq!(e.state_hash(), before);
    e.submit(Side::A, Command::Defend).unwrap();
    e.submit(Side::A, Command::Defend).unwrap();
    e.submit(
        Side::A,
        Command::Move {
            step: Step::Forward,
            inches: 2.0,
        },
    )
    .unwrap();
    assert_eq!(find(e.world(), ModelId(2)).unwrap().marks.danger, 0);
    assert_eq!(battle(&e).activation.as_ref().unwrap().ap, 2);
}

#[test]
fn danger_left_at_the_end_of_an_activation_becomes_damage_and_a_morale_check() {
    let mut e = engine(&["Dwarf thane", "Dwarf warriors"], &["Orc warboss"], 4);
    put(&mut e, 2, (20.0, 12.0), 0.0);
    mark(&mut e, 2, 3, 0);
    activate_with(&mut e, Side::A, 2, 1);
    e.submit(Side::A, Command::Defend).unwrap();
    // The last AP went on defending: the activation ends by itself.
    assert!(battle(&e).activation.is_none());
    assert!(events(&e).contains(&LogEvent::Damaged {
        unit: ModelId(2),
        amount: 2,
        damage: 2
    }));
    let morale = e
        .log()
        .dice()
        .filter(|d| d.clause == clauses::MORALE)
        .count();
    assert_eq!(morale, 1);
    // Dwarf warriors: d10 morale, no commander near: a 1 retreats (1 < 2).
    let kept = find(e.world(), ModelId(2));
    let checks: Vec<_> = events(&e)
        .into_iter()
        .filter_map(|ev| match ev {
            LogEvent::Morale {
                unit: ModelId(2),
                roll,
                commander: false,
                damage: 2,
                holds,
            } => Some((roll, holds)),
            _ => None,
        })
        .collect();
    let [(roll, held)] = checks[..] else {
        panic!("one morale check: {checks:?}");
    };
    assert_eq!(held, roll >= 2, "a {roll} against 2 damage");
    assert_eq!(kept.is_some(), held);
    if let Some(v) = kept {
        assert_eq!((v.marks.danger, v.marks.damage), (0, 2));
    }
}

#[test]
fn danger_stays_on_a_unit_that_does_not_activate_into_the_next_turn() {
    let mut e = engine(&["Dwarf thane"], &["Orc warboss", "Orc warriors"], 5);
    mark(&mut e, 3, 2, 0);
    give_turn(&mut e, Side::A);
    // A's one unit twice (1 + 1 tokens) and B's warboss once; then A has run out and B
    // may end the turn with the warriors never activated.
    for (side, unit) in [(Side::A, 1), (Side::B, 2), (Side::A, 1)] {
        e.submit(
            side,
            Command::Activate {
                unit: ModelId(unit),
            },
        )
        .unwrap();
        e.submit(side, Command::Pass).unwrap();
    }
    assert_eq!(battle(&e).side(Side::A).tokens, 0);
    assert_eq!(e.awaiting(), Some(Side::B));
    e.submit(Side::B, Command::Done).unwrap();
    assert_eq!(battle(&e).turn, 2);
    assert_eq!(find(e.world(), ModelId(3)).unwrap().marks.danger, 2);
}

#[test]
fn no_side_forfeits_its_tokens_while_the_other_still_has_some() {
    let mut e = engine(&["Dwarf thane"], &["Orc warboss", "Orc warriors"], 5);
    give_turn(&mut e, Side::B);
    let before = e.state_hash();
    let refusal = e.submit(Side::B, Command::Done).unwrap_err();
    assert!(refusal.0.contains("A still has 2 tokens"), "{}", refusal.0);
    assert_eq!(e.state_hash(), before, "a refused Done changes nothing");
    // Nor from inside an activation.
    e.submit(Side::B, Command::Activate { unit: ModelId(2) })
        .unwrap();
    assert!(e.submit(Side::B, Command::Done).is_err());
    e.submit(Side::B, Command::Pass).unwrap();
    // A may not end it early either while B holds 3 tokens.
    assert_eq!(e.awaiting(), Some(Side::A));
    assert!(e.submit(Side::A, Command::Done).is_err());
    e.submit(Side::A, Command::Activate { unit: ModelId(1) })
        .unwrap();
    e.submit(Side::A, Command::Pass).unwrap();
    e.submit(Side::B, Command::Activate { unit: ModelId(3) })
        .unwrap();
    e.submit(Side::B, Command::Pass).unwrap();
    e.submit(Side::A, Command::Activate { unit: ModelId(1) })
        .unwrap();
    // A has spent its last token: B, with 2 left, may now end the turn, even with A's
    // activation open it is not B's to end; once A passes, B chooses.
    e.submit(Side::A, Command::Pass).unwrap();
    assert_eq!(battle(&e).side(Side::B).tokens, 2);
    e.submit(Side::B, Command::Done).unwrap();
    assert_eq!(battle(&e).turn, 2, "the turn is over");
    assert!(events(&e).contains(&LogEvent::SideDone { side: Side::B }));
}

#[test]
fn a_side_that_can_afford_nothing_has_run_out_and_the_other_plays_on() {
    let mut e = engine(&["Dwarf thane"], &["Orc warboss"], 9);
    give_turn(&mut e, Side::A);
    // 2 tokens each: A's thane costs 1 then 1, then 2: after two activations A is out.
    for (side, unit) in [(Side::A, 1), (Side::B, 2), (Side::A, 1)] {
        e.submit(
            side,
            Command::Activate {
                unit: ModelId(unit),
            },
        )
        .unwrap();
        e.submit(side, Command::Pass).unwrap();
    }
    assert_eq!(e.awaiting(), Some(Side::B));
    // B spends its last token rather than ending the turn; then the turn is over.
    e.submit(Side::B, Command::Activate { unit: ModelId(2) })
        .unwrap();
    e.submit(Side::B, Command::Pass).unwrap();
    assert_eq!(battle(&e).turn, 2);
}

#[test]
fn the_yield_command_is_always_legal_so_a_silent_player_finishes_a_battle() {
    use warband_table::engine::Rules;
    use warband_toy_soldier::ToySoldier;
    let mut e = engine(
        &["Knight commander", "Dwarf warriors"],
        &["Orc warboss"],
        11,
    );
    let mut steps = 0;
    while let Some(side) = e.awaiting() {
        let c = ToySoldier::yield_command(e.world(), side);
        e.submit(side, c.clone())
            .unwrap_or_else(|r| panic!("{c:?} refused: {}", r.0));
        steps += 1;
        assert!(steps < 10_000);
    }
    assert!(e.outcome().is_some());
    let done = events(&e)
        .iter()
        .filter(|ev| matches!(ev, LogEvent::SideDone { .. }))
        .count();
    assert!(done > 0, "the side with tokens left ended each turn");
}

#[test]
fn moves_cost_ap_by_direction_and_kind_and_never_turn_the_unit() {
    let mut e = engine(&["Knight commander", "Dwarf warriors"], &["Orc warboss"], 6);
    put(&mut e, 1, (3.0, 15.0), 0.0);
    put(&mut e, 2, (12.0, 3.0), 0.0);
    activate_with(&mut e, Side::A, 2, 8);
    let ap = |e: &warband_toy_soldier::Engine| battle(e).activation.as_ref().unwrap().ap;
    e.submit(
        Side::A,
        Command::Move {
            step: Step::Forward,
            inches: 4.0,
        },
    )
    .unwrap();
    assert_eq!(ap(&e), 6);
    e.submit(
        Side::A,
        Command::Move {
            step: Step::Left,
            inches: 1.0,
        },
    )
    .unwrap();
    assert_eq!(ap(&e), 5);
    e.submit(
        Side::A,
        Command::Move {
            step: Step::Back,
            inches: 1.5,
        },
    )
    .unwrap();
    assert_eq!(ap(&e), 3);
    let v = find(e.world(), ModelId(2)).unwrap();
    assert!((v.base.center - bevy_math::Vec2::new(11.0, 5.5)).length() < 1e-4);
    assert_eq!(v.base.facing, 0.0);
    // Cavalry: 4" forward for 1 AP.
    e.submit(Side::A, Command::Pass).unwrap();
    activate_with(&mut e, Side::A, 1, 3);
    e.submit(
        Side::A,
        Command::Move {
            step: Step::Forward,
            inches: 4.0,
        },
    )
    .unwrap();
    assert_eq!(ap(&e), 2);
}

#[test]
fn rough_ground_halves_every_ap_that_touches_it() {
    let river = warband_table::table::TerrainDef {
        look: None,
        name: "River".into(),
        kind: warband_table::table::TerrainKind::River,
        corners: vec![(0.0, 9.0), (24.0, 9.0), (24.0, 11.0), (0.0, 11.0)],
    };
    let s = setup_with(
        &["Dwarf thane", "Dwarf warriors"],
        &["Orc warboss"],
        vec![river],
    );
    // A move the AP cannot pay says what made it dear (a play-tester could not tell).
    let mut short = warband_toy_soldier::Engine::new(&s, 7).unwrap();
    put(&mut short, 2, (12.0, 7.5), 0.0);
    activate_with(&mut short, Side::A, 2, 3);
    let four = Command::Move {
        step: Step::Forward,
        inches: 4.0,
    };
    let r = short.submit(Side::A, four).unwrap_err();
    let said = "needs 4 AP; 3 left (2.0\" of it through rough ground, at half pace)";
    assert!(r.0.contains(said), "{}", r.0);
    let mut e = warband_toy_soldier::Engine::new(&s, 7).unwrap();
    put(&mut e, 2, (12.0, 7.5), 0.0);
    activate_with(&mut e, Side::A, 2, 8);
    e.submit(
        Side::A,
        Command::Move {
            step: Step::Forward,
            inches: 4.0,
        },
    )
    .unwrap();
    // Rough from 1.5" to 3.5" along the path: every AP touches it, 1" each.
    assert_eq!(battle(&e).activation.as_ref().unwrap().ap, 4);
}

fn melee_events(e: &warband_toy_soldier::Engine) -> Vec<(u32, u32, Aspect)> {
    events(e)
        .iter()
        .filter_map(|ev| match ev {
            LogEvent::Melee {
                attacker,
                defender,
                aspect,
                ..
            } => Some((attacker.0, defender.0, *aspect)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_move_into_contact_charges_fights_at_once_and_ends_the_activation() {
    let mut e = engine(
        &["Dwarf thane", "Dwarf warriors"],
        &["Orc warboss", "Orc warriors"],
        8,
    );
    put(&mut e, 2, (12.0, 10.0), 0.0);
    put(&mut e, 4, (12.0, 13.0), 180.0);
    activate_with(&mut e, Side::A, 2, 6);
    e.submit(
        Side::A,
        Command::Move {
            step: Step::Forward,
            inches: 5.0,
        },
    )
    .unwrap();
    assert_eq!(melee_events(&e), [(2, 4, Aspect::Front)]);
    let moved = find(e.world(), ModelId(2)).unwrap().base.center;
    assert!(
        (moved.y - 12.2).abs() < 0.06,
        "snapped to contact at {moved}"
    );
    assert!(battle(&e).activation.is_none());
    let melee_dice = e
        .log()
        .dice()
        .filter(|d| d.clause == clauses::MELEE)
        .count();
    assert_eq!(melee_dice, 2);
}

#[test]
fn the_zone_struck_is_cut_by_the_target_diagonals() {
    for (facing, zone) in [
        (90.0, Aspect::Side),
        (0.0, Aspect::Rear),
        (180.0, Aspect::Front),
    ] {
        let mut e = engine(
            &["Dwarf thane", "Dwarf warriors"],
            &["Orc warboss", "Orc warriors"],
            9,
        );
        put(&mut e, 2, (12.0, 10.0), 0.0);
        put(&mut e, 4, (12.0, 13.0), facing);
        activate_with(&mut e, Side::A, 2, 6);
        e.submit(
            Side::A,
            Command::Move {
                step: Step::Forward,
                inches: 4.0,
            },
        )
        .unwrap();
        assert_eq!(melee_events(&e), [(2, 4, zone)], "target facing {facing}");
    }
}

#[test]
fn a_unit_touching_an_enemy_may_fight_it_for_one_ap() {
    let mut e = engine(
        &["Dwarf thane", "Dwarf warriors"],
        &["Orc warboss", "Orc warriors"],
        10,
    );
    put(&mut e, 2, (12.0, 10.0), 0.0);
    put(&mut e, 4, (12.0, 10.82), 180.0);
    activate_with(&mut e, Side::A, 2, 4);
    assert!(
        e.submit(Side::A, Command::Fight { target: ModelId(3) })
            .is_err()
    );
    e.submit(Side::A, Command::Fight { target: ModelId(4) })
        .unwrap();
    assert_eq!(melee_events(&e), [(2, 4, Aspect::Front)]);
    assert!(battle(&e).activation.is_none());
}

#[test]
fn pivots_cost_one_ap_turn_at_most_ninety_degrees_and_may_not_overlap() {
    let mut e = engine(
        &["Dwarf thane", "Dwarf warriors", "Dwarf miners"],
        &["Orc warboss"],
        11,
    );
    put(&mut e, 2, (12.0, 10.0), 0.0);
    put(&mut e, 3, (12.0, 11.0), 0.0);
    activate_with(&mut e, Side::A, 2, 3);
    assert!(
        e.submit(Side::A, Command::Pivot { degrees: 120.0 })
            .is_err()
    );
    let r = e
        .submit(Side::A, Command::Pivot { degrees: 90.0 })
        .unwrap_err();
    assert!(r.0.contains("overlap"), "{r}");
    e.submit(
        Side::A,
        Command::Move {
            step: Step::Back,
            inches: 1.0,
        },
    )
    .unwrap();
    e.submit(Side::A, Command::Pivot { degrees: -90.0 })
        .unwrap();
    let v = find(e.world(), ModelId(2)).unwrap();
    assert!((v.base.facing.to_degrees() + 90.0).abs() < 1e-3);
    assert_eq!(battle(&e).activation.as_ref().unwrap().ap, 1);
}

#[test]
fn refusals_say_what_kind_of_thing_stopped_them() {
    use warband_table::RefusalKind;
    let mut e = engine(&["Dwarf thane", "Dwarf warriors"], &["Orc warboss"], 12);
    put(&mut e, 2, (12.0, 22.5), 0.0);
    give_turn(&mut e, Side::A);
    let kind = |e: &mut warband_toy_soldier::Engine, side, c| e.submit(side, c).unwrap_err().kind();
    assert_eq!(kind(&mut e, Side::B, Command::Pass), RefusalKind::OutOfTurn);
    assert_eq!(
        kind(&mut e, Side::A, Command::Activate { unit: ModelId(3) }),
        RefusalKind::NoSuchModel
    );
    assert_eq!(kind(&mut e, Side::A, Command::Defend), RefusalKind::Rule);
    activate_with(&mut e, Side::A, 2, 6);
    let off = Command::Move {
        step: Step::Forward,
        inches: 3.0,
    };
    assert_eq!(kind(&mut e, Side::A, off), RefusalKind::Table);
    mark(&mut e, 2, 1, 0);
    let back = Command::Move {
        step: Step::Back,
        inches: 1.0,
    };
    assert_eq!(kind(&mut e, Side::A, back), RefusalKind::Rule);
}

#[test]
fn a_plain_move_can_be_taken_back_with_its_ap() {
    let mut e = engine(&["Knight commander", "Dwarf warriors"], &["Orc warboss"], 6);
    put(&mut e, 1, (3.0, 15.0), 0.0);
    put(&mut e, 2, (12.0, 3.0), 0.0);
    activate_with(&mut e, Side::A, 2, 8);
    let at = |e: &warband_toy_soldier::Engine| find(e.world(), ModelId(2)).unwrap().base.center;
    let ap = |e: &warband_toy_soldier::Engine| battle(e).activation.as_ref().unwrap().ap;
    let start = at(&e);
    let before = e.state_hash();
    let forward = Command::Move {
        step: Step::Forward,
        inches: 4.0,
    };
    e.submit(Side::A, forward.clone()).unwrap();
    assert_eq!(ap(&e), 6);
    e.submit(Side::A, Command::UndoMove).unwrap();
    assert_eq!((at(&e), ap(&e)), (start, 8));
    assert!(events(&e).iter().any(|ev| matches!(
        ev,
        LogEvent::MoveTakenBack {
            unit: ModelId(2),
            ap: 2,
            ..
        }
    )));
    // The battle is as it was before the move (the log aside).
    assert_eq!(e.state_hash(), before);
    // Once: the last command is now the take-back.
    assert!(e.submit(Side::A, Command::UndoMove).is_err());
    // Only the last: a pivot since the move is taken back, not the move.
    e.submit(Side::A, forward).unwrap();
    e.submit(Side::A, Command::Pivot { degrees: 10.0 }).unwrap();
    e.submit(Side::A, Command::UndoMove).unwrap();
    let why = e.submit(Side::A, Command::UndoMove).unwrap_err();
    assert!(
        why.0.contains("last move or turn can be taken back"),
        "{}",
        why.0
    );
}

/// A play-tester turned a unit 45° and found Take back greyed: a pivot is taken back as
/// a move is, the unit facing as it did (exactly) with its 1 AP back.
#[test]
fn a_pivot_can_be_taken_back_with_its_ap() {
    let mut e = engine(&["Knight commander", "Dwarf warriors"], &["Orc warboss"], 6);
    put(&mut e, 1, (3.0, 15.0), 0.0);
    put(&mut e, 2, (12.0, 3.0), 0.0);
    activate_with(&mut e, Side::A, 2, 5);
    let unit = |e: &warband_toy_soldier::Engine| find(e.world(), ModelId(2)).unwrap().base;
    let ap = |e: &warband_toy_soldier::Engine| battle(e).activation.as_ref().unwrap().ap;
    let before = (unit(&e), e.state_hash());
    e.submit(Side::A, Command::Pivot { degrees: 45.0 }).unwrap();
    assert_eq!(ap(&e), 4);
    assert_ne!(unit(&e).facing, before.0.facing);
    e.submit(Side::A, Command::UndoMove).unwrap();
    assert_eq!((unit(&e), ap(&e)), (before.0, 5));
    assert_eq!(
        e.state_hash(),
        before.1,
        "the battle is as it was, the log aside"
    );
    assert!(events(&e).contains(&LogEvent::TurnTakenBack {
        unit: ModelId(2),
        facing: before.0.facing,
    }));
}

/// AP do not carry over: an activation that ends with some left says how many it lost.
#[test]
fn an_activation_ended_early_says_the_ap_it_left() {
    let mut e = engine(&["Dwarf thane", "Dwarf warriors"], &["Orc warboss"], 1);
    activate_with(&mut e, Side::A, 2, 3);
    e.submit(Side::A, Command::Pass).unwrap();
    assert!(events(&e).contains(&LogEvent::ActivationEnded {
        unit: ModelId(2),
        unspent: 3
    }));
}
