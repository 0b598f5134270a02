//! `hard` rolls each movement plan out a round further on forks with keyed dice, and so
//! sees where a plan leads once the next round's charges have gone in. On the ruined
//! keep, where its one-round judgement won about half its battles, it now wins three in
//! five (docs/ai.md).

use rayon::prelude::*;
use std::path::PathBuf;
use warband_marauders::ai::AiKind;
use warband_marauders::data::BattleSetup;
use warband_marauders::sim::{AiSlot, SimConfig, play_game};

#[test]
fn hard_wins_the_ruined_keep_against_normal() {
    let scenario =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios/ruined-keep.ron");
    let setup = BattleSetup::load(&scenario).expect("the shipped scenario loads");
    let config = SimConfig {
        a: AiKind::Hard,
        b: AiKind::Normal,
        games: 400,
        seed: 2026,
        swap: true,
        threads: None,
        shard: None,
    };
    let wins = (0..u64::from(config.games))
        .into_par_iter()
        .map(|i| play_game(&setup, &config, i).expect("valid setup"))
        .filter(|r| r.winner == Some(AiSlot::A))
        .count();
    // 236 of these 400 with the rollouts; 207 with the one-round judgement alone.
    assert!(wins >= 222, "hard won only {wins} of 400 against normal");
}
