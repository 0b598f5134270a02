//! 10,000 fuzzed commands across the shipped scenarios: hostile ones refused without
//! changing anything, every accepted one keeping the engine's invariants.

use std::path::PathBuf;
use warband_marauders::data::BattleSetup;
use warband_marauders::engine::Marauders;
use warband_table::fuzz;

#[test]
fn ten_thousand_fuzzed_commands_keep_the_invariants() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios");
    let mut total = fuzz::FuzzReport::default();
    for (i, name) in ["woods-and-walls", "ruined-keep", "river-ford", "open-field"]
        .iter()
        .enumerate()
    {
        let setup = BattleSetup::load(&root.join(format!("{name}.ron"))).unwrap();
        let r = fuzz::run::<Marauders>(&setup, 90 + i as u64, 2_500)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        total.add(&r);
    }
    assert_eq!(total.steps, 10_000);
    assert!(total.hostile > 2_500 && total.refused > 1_500, "{total:?}");
    assert!(total.battles >= 4, "{total:?}");
}

#[test]
fn ai_battles_end_and_every_tenth_replays_bit_exact() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios");
    let setups: Vec<BattleSetup> = ["woods-and-walls", "ruined-keep", "river-ford", "open-field"]
        .iter()
        .map(|n| BattleSetup::load(&root.join(format!("{n}.ron"))).unwrap())
        .collect();
    let r = fuzz::ai_battles::<Marauders>(&setups, 150, 11, 10).unwrap();
    assert_eq!((r.battles, r.replayed, r.refused), (150, 15, 0));
}
