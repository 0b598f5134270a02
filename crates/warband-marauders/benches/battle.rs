//! Whole headless battles of a shipped scenario, charge v charge and normal v normal:
//! the throughput the batch simulator stands on. `cargo bench -p warband-marauders`

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::PathBuf;
use warband_marauders::ai::AiKind;
use warband_marauders::data::BattleSetup;
use warband_marauders::engine::Marauders;
use warband_table::sim::{bench_config, play_game};

fn battles(c: &mut Criterion) {
    let scenario = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios/woods-and-walls.ron");
    let setup = BattleSetup::load(&scenario).expect("the shipped scenario loads");
    for kind in [AiKind::Charge, AiKind::Normal] {
        let config = bench_config(kind, kind);
        let mut game = 0;
        c.bench_function(&format!("battle woods-and-walls, {kind} v {kind}"), |b| {
            b.iter(|| {
                game += 1;
                play_game::<Marauders>(&setup, &config, game).expect("a valid setup")
            })
        });
    }
}

criterion_group!(benches, battles);
criterion_main!(benches);
