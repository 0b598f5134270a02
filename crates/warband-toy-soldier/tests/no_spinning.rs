//! Units do not spin on the spot: neither `normal` nor `hard` takes back an active
//! unit's last turn or step with its next. A play-test found ranks turning −48°, +48°,
//! −48° … (which way round a house is shorter depends on the way the rank faces), and
//! `hard` turning one way for `normal`'s way and back for `charge`'s: on these three
//! village fights 71 of `normal`'s 345 turns and 115 of `hard`'s 449 undid the turn
//! before them.

mod common;

use warband_rules::toy_soldier::Step;
use warband_table::player::play;
use warband_toy_soldier::ai::{AiKind, policy};
use warband_toy_soldier::{Command, Engine};

/// Whether `c` takes back `last`: a turn the other way by as much (to within 10°), or a
/// step the opposite way.
fn takes_back(last: &Command, c: &Command) -> bool {
    match (last, c) {
        (Command::Pivot { degrees: d }, Command::Pivot { degrees: e }) => {
            d * e < 0.0 && (d + e).abs() < 10.0
        }
        (Command::Move { step: s, .. }, Command::Move { step: t, .. }) => matches!(
            (s, t),
            (Step::Forward, Step::Back)
                | (Step::Back, Step::Forward)
                | (Step::Left, Step::Right)
                | (Step::Right, Step::Left)
        ),
        _ => false,
    }
}

/// Turns and steps sent in a village fight of `kind` against itself, and those that
/// took back the side's command just before them in the same activation.
fn taken_back(kind: AiKind, seed: u64) -> (usize, usize) {
    let root = common::root();
    let setup =
        warband_toy_soldier::data::BattleSetup::load(&root.join("scenarios/village-fight.ron"))
            .unwrap();
    let mut engine = Engine::new(&setup, seed).unwrap();
    let (mut a, mut b) = (policy(kind, seed), policy(kind, seed + 1000));
    let played = play(&mut engine, a.as_mut(), b.as_mut());
    assert!(played.finished && played.refused.is_empty());
    let mut last: [Option<&Command>; 2] = [None, None];
    let (mut sent, mut back) = (0, 0);
    for (side, command) in &played.commands {
        let i = side.index();
        if matches!(command, Command::Pivot { .. } | Command::Move { .. }) {
            sent += 1;
            back += usize::from(last[i].is_some_and(|l| takes_back(l, command)));
        }
        last[i] = Some(command);
    }
    (sent, back)
}

#[test]
fn no_turn_or_step_is_taken_back_at_once() {
    for kind in [AiKind::Normal, AiKind::Hard] {
        let (sent, back) = (1..=3).fold((0, 0), |(s, b), seed| {
            let (s1, b1) = taken_back(kind, seed);
            (s + s1, b + b1)
        });
        assert!(sent > 100, "{kind:?} turned and stepped {sent} times");
        assert_eq!(
            back, 0,
            "{kind:?} took back {back} of {sent} turns and steps"
        );
    }
}
