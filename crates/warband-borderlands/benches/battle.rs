//! Whole headless battles of a shipped scenario, charge v charge and normal v normal:
//! the throughput the batch simulator stands on. `cargo bench -p warband-borderlands`

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::PathBuf;
use warband_borderlands::Borderlands;
use warband_borderlands::ai::AiKind;
use warband_borderlands::data::BattleSetup;
use warband_table::sim::{bench_config, play_game};

fn battles(c: &mut Criterion) {
    let scenario =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios/cave-mouth.ron");
    let setup = BattleSetup::load(&scenario).expect("the shipped scenario loads");
    for kind in [AiKind::Charge, AiKind::Normal] {
        let config = bench_config(kind, kind);
        let mut game = 0;
        c.bench_function(&format!("battle cave-mouth, {kind} v {kind}"), |b| {
            b.iter(|| {
                game += 1;
                play_game::<Borderlands>(&setup, &config, game).expect("a valid setup")
            })
        });
    }
}

criterion_group!(benches, battles);
criterion_main!(benches);
