//! Every player level, 2,000 battles in all: no panic, every battle ends within the
//! round limit, and the engine accepts every command the players send.

use rayon::prelude::*;
use std::path::PathBuf;
use warband_marauders::ai::AiKind;
use warband_marauders::data::BattleSetup;
use warband_marauders::sim::{SimConfig, play_game};

#[test]
fn two_thousand_battles_across_all_levels() {
    let scenario =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios/open-field.ron");
    let setup = BattleSetup::load(&scenario).expect("the shipped scenario loads");
    use AiKind::*;
    // Each level meets two others; 400 seeds a pairing, sides swapped every other game.
    let pairings = [
        (Random, Charge),
        (Easy, Normal),
        (Hard, Random),
        (Normal, Hard),
        (Charge, Easy),
    ];
    let limit = setup.scenario.round_limit;
    let failures: Vec<String> = pairings
        .par_iter()
        .flat_map(|(a, b)| {
            let config = SimConfig {
                a: *a,
                b: *b,
                games: 400,
                seed: 2026,
                swap: true,
                threads: None,
                shard: None,
            };
            (0..400u64)
                .into_par_iter()
                .filter_map(|i| {
                    let setup = &setup;
                    let r = play_game(setup, &config, i).expect("valid setup");
                    let bad = !r.finished || r.rounds > limit || r.refused > 0;
                    bad.then(|| format!("{a} v {b} game {i}: {r:?}"))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} bad battles, first: {}",
        failures.len(),
        failures[0]
    );
}
