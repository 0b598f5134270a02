//! Whole headless battles of a shipped scenario, charge v charge and normal v normal:
//! the throughput the batch simulator stands on. `cargo bench -p warband-toy-soldier`

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::PathBuf;
use warband_table::sim::{bench_config, play_game};
use warband_toy_soldier::ToySoldier;
use warband_toy_soldier::ai::AiKind;
use warband_toy_soldier::data::BattleSetup;

fn battles(c: &mut Criterion) {
    let scenario =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios/river-crossing.ron");
    let setup = BattleSetup::load(&scenario).expect("the shipped scenario loads");
    for kind in [AiKind::Charge, AiKind::Normal] {
        let config = bench_config(kind, kind);
        let mut game = 0;
        c.bench_function(&format!("battle river-crossing, {kind} v {kind}"), |b| {
            b.iter(|| {
                game += 1;
                play_game::<ToySoldier>(&setup, &config, game).expect("a valid setup")
            })
        });
    }
}

criterion_group!(benches, battles);
criterion_main!(benches);
