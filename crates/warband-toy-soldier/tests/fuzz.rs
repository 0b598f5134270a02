//! 10,000 fuzzed commands across the shipped Toy Soldier scenarios: hostile ones refused
//! without changing anything, every accepted one keeping the invariants (tokens, AP,
//! danger and damage conserved by the log; bases apart, on the table, facing finite);
//! and AI battles over every pairing that end and replay bit-exact.

use std::path::PathBuf;
use warband_table::fuzz::{self, FuzzReport};
use warband_toy_soldier::ToySoldier;
use warband_toy_soldier::data::BattleSetup;

const SCENARIOS: [&str; 4] = [
    "river-crossing",
    "wooded-hills",
    "village-fight",
    "open-meadow",
];

fn setups() -> Vec<BattleSetup> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios");
    SCENARIOS
        .iter()
        .map(|n| BattleSetup::load(&root.join(format!("{n}.ron"))).unwrap())
        .collect()
}

#[test]
fn ten_thousand_fuzzed_commands_keep_the_invariants() {
    let mut total = FuzzReport::default();
    for (i, setup) in setups().iter().enumerate() {
        let r = fuzz::run::<ToySoldier>(setup, 70 + i as u64, 2_500)
            .unwrap_or_else(|e| panic!("{}: {e}", SCENARIOS[i]));
        total.add(&r);
    }
    assert_eq!(total.steps, 10_000);
    assert!(total.hostile > 2_500 && total.refused > 1_500, "{total:?}");
    assert!(total.battles >= 4, "{total:?}");
}

#[test]
fn ai_battles_end_and_every_tenth_replays_bit_exact() {
    // Every pairing of the five players once (25 games), every tenth replayed.
    let r = fuzz::ai_battles::<ToySoldier>(&setups(), 25, 12, 10).unwrap();
    assert_eq!((r.battles, r.replayed, r.refused), (25, 3, 0));
}
