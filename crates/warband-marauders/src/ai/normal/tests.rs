use super::*;
use crate::ai::AiKind;
use crate::ai::battles::{each_movement, each_movement_in, scenario};
use crate::ai::candidates::Candidate;

/// The choice as it was made before the bounds: every candidate judged in full, in
/// order, the first strictly higher score kept.
fn best_move_in_full(p: &mut Normal, snap: &Snapshot, m: &ModelView) -> Option<Command> {
    let nearest = snap.nearest_enemy(m);
    let around = Around::of(snap, m, nearest);
    let w = p.scoring.weights;
    let mut best: Option<(f64, Candidate)> = None;
    for c in candidates(snap, m, nearest, p.scoring.weights.steps) {
        let judged = place(snap, m, &around, &c, &w);
        let s = position_score(snap, m, &around, &c, &judged, &w, |_| false).expect("judged")
            + p.noise();
        if best.as_ref().is_none_or(|(b, _)| s > *b) {
            best = Some((s, c));
        }
    }
    best.filter(|(_, c)| c.kind != Kind::Stay)
        .map(|(_, c)| Command::Move {
            model: m.id,
            to: (c.check.end.x, c.check.end.y),
        })
}

/// `easy`, `normal` and `hard`'s weights, each made afresh twice from one seed: the
/// bounded choice and the choice in full meet the same dice.
fn players(seed: u64) -> [[Normal; 2]; 3] {
    [
        [Normal::easy(seed), Normal::easy(seed)],
        [Normal::standard(seed), Normal::standard(seed)],
        [
            Normal::weighted(Weights::HARD, seed),
            Normal::weighted(Weights::HARD, seed),
        ],
    ]
}

/// The bounded choice of `m` is the choice in full, and the two players' dice are
/// left where each other's are (the same noise drawn): for each pair of `players`.
fn same_choice(seed: u64, snap: &Snapshot, m: &ModelView, what: &str) {
    let faces = |p: &mut Normal| (0..8).map(|_| p.rng.face(Die::D20)).collect::<Vec<_>>();
    for [mut bounded, mut full] in players(seed) {
        assert_eq!(
            bounded.best_move(snap, m),
            best_move_in_full(&mut full, snap, m),
            "{what}, model {:?}",
            m.id
        );
        assert_eq!(faces(&mut bounded), faces(&mut full), "{what}: dice");
    }
}

/// The side's models that may move at this decision.
fn movable(snap: &Snapshot) -> impl Iterator<Item = &ModelView> {
    snap.mine()
        .filter(|m| !m.conditions.moved && m.engaged_since.is_none() && !m.conditions.asleep)
}

/// Every unmoved model at every movement decision of whole battles, driven by
/// `normal` and by `easy`: the bounded choice is the choice in full, noise and all.
#[test]
fn the_bounded_choice_is_the_choice_in_full() {
    let mut compared = 0;
    for name in ["woods-and-walls", "open-field", "river-ford"] {
        for (seed, kind) in [(1, AiKind::Normal), (2, AiKind::Easy)] {
            each_movement(name, seed, kind, |snap| {
                for (i, m) in movable(snap).enumerate() {
                    let what = format!("{name}, seed {seed}");
                    same_choice(seed * 1000 + i as u64, snap, m, &what);
                    compared += 1;
                }
            });
        }
    }
    assert!(compared > 1_000, "only {compared} choices compared");
}

/// In a crowd (60 a side packed as densely as 500, driven into each other by
/// `charge`), models hemmed in so that they can only stay choose as in full too,
/// and draw the same noise.
#[test]
fn a_hemmed_in_model_chooses_as_in_full() {
    let setup = crate::scale::open_table(&scenario("open-field"), 60, true);
    let (mut decisions, mut hemmed) = (0, 0);
    each_movement_in(&setup, 3, AiKind::Charge, |snap| {
        decisions += 1;
        if decisions % 7 != 0 {
            return;
        }
        for (i, m) in movable(snap).enumerate() {
            // With every step tried, one candidate is staying put, for any arc.
            let nearest = snap.nearest_enemy(m);
            hemmed += usize::from(candidates(snap, m, nearest, Steps::ALL).len() == 1);
            same_choice(decisions * 1000 + i as u64, snap, m, "a crowd");
        }
    });
    assert!(hemmed > 20, "only {hemmed} hemmed-in models compared");
}
