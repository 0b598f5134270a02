//! Whole headless battles of shipped scenarios, charge v charge and normal v normal: the
//! throughput the batch simulator stands on; and the read of every unit in play that a
//! player makes again and again while it decides, afresh and remembered (frozen).
//! `cargo bench -p warband-toy-soldier`

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::PathBuf;
use warband_table::frozen::frozen;
use warband_table::sim::{bench_config, play_game};
use warband_toy_soldier::ToySoldier;
use warband_toy_soldier::ai::AiKind;
use warband_toy_soldier::battle::{find, in_play};
use warband_toy_soldier::data::BattleSetup;
use warband_toy_soldier::engine::Engine;

fn setup(name: &str) -> BattleSetup {
    let scenario = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios")
        .join(format!("{name}.ron"));
    BattleSetup::load(&scenario).expect("the shipped scenario loads")
}

fn battles(c: &mut Criterion) {
    for name in ["river-crossing", "village-fight"] {
        let setup = setup(name);
        for kind in [AiKind::Charge, AiKind::Normal] {
            let config = bench_config(kind, kind);
            let mut game = 0;
            c.bench_function(&format!("battle {name}, {kind} v {kind}"), |b| {
                b.iter(|| {
                    game += 1;
                    play_game::<ToySoldier>(&setup, &config, game).expect("a valid setup")
                })
            });
        }
    }
}

fn reads(c: &mut Criterion) {
    let engine = Engine::new(&setup("village-fight"), 1).expect("a valid setup");
    let world = engine.world();
    let last = in_play(world)
        .last()
        .map(|v| v.id)
        .expect("units on the table");
    c.bench_function("units in play and a find, read afresh", |b| {
        b.iter(|| (in_play(world).len(), find(world, last).is_some()))
    });
    c.bench_function("units in play and a find, remembered (frozen)", |b| {
        frozen(world, || {
            b.iter(|| (in_play(world).len(), find(world, last).is_some()))
        })
    });
}

criterion_group!(benches, battles, reads);
criterion_main!(benches);
