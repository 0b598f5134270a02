//! Whole headless battles of the shipped scenario: the throughput the batch simulator
//! stands on.

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::PathBuf;
use warband_marauders::Engine;
use warband_marauders::ai::{Charge, play};
use warband_marauders::data::BattleSetup;

fn battles(c: &mut Criterion) {
    let scenario = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios/woods-and-walls.ron");
    let setup = BattleSetup::load(&scenario).expect("the shipped scenario loads");
    let mut seed = 0u64;
    c.bench_function("battle woods-and-walls, charge v charge", |b| {
        b.iter(|| {
            seed += 1;
            let mut e = Engine::new(&setup, seed).expect("valid setup");
            play(&mut e, &mut Charge::default(), &mut Charge::default());
            e.battle().round
        })
    });
}

criterion_group!(benches, battles);
criterion_main!(benches);
