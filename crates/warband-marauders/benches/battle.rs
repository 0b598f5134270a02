//! Whole headless battles of a shipped scenario, charge v charge and normal v normal:
//! the throughput the batch simulator stands on; and what a battle's world costs, set
//! up on a recycled world, built anew, or forked. `cargo bench -p warband-marauders`

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::PathBuf;
use warband_marauders::ai::AiKind;
use warband_marauders::data::BattleSetup;
use warband_marauders::engine::Marauders;
use warband_marauders::{Engine, Side};
use warband_table::sim::{bench_config, play_game};

fn woods_and_walls() -> BattleSetup {
    let scenario = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios/woods-and-walls.ron");
    BattleSetup::load(&scenario).expect("the shipped scenario loads")
}

fn battles(c: &mut Criterion) {
    let setup = woods_and_walls();
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

/// A battle set up and dropped, so that the next one recycles its world; set up with
/// every engine held, so that (but for the first few) each builds its world anew; and a
/// fork of a battle under way, as `hard` forks at each decision.
fn worlds(c: &mut Criterion) {
    let setup = woods_and_walls();
    let new = || Engine::new(&setup, 1).expect("a valid setup");
    c.bench_function("battle world woods-and-walls, recycled", |b| b.iter(new));
    c.bench_function("battle world woods-and-walls, built", |b| {
        b.iter_custom(|n| {
            let mut held = Vec::with_capacity(n as usize);
            let started = std::time::Instant::now();
            held.extend((0..n).map(|_| new()));
            started.elapsed()
        })
    });
    let mut engine = new();
    let policy = |seed| <Marauders as warband_table::sim::Contest>::policy(AiKind::Normal, seed);
    let mut players = [policy(1), policy(2)];
    for _ in 0..40 {
        let Some(side) = engine.awaiting() else { break };
        let policy = players[usize::from(side == Side::B)].as_mut();
        let c = warband_table::player::next_command(policy, &engine, side);
        let _ = engine.submit(side, c);
    }
    c.bench_function("fork woods-and-walls, 40 commands in", |b| {
        b.iter(|| engine.fork(7))
    });
}

criterion_group!(benches, battles, worlds);
criterion_main!(benches);
