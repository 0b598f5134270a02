//! How a battle's cost grows with the armies: a whole `normal` v `normal` battle of 50
//! and of 500 orcs a side on the open 120" table (the `scale` example's battles), and on
//! a table shrunk to pack 50 as densely as 500 (`--dense`), with criterion's throughput
//! in commands, so the time per command at each size reads off its report; and the
//! great field (1,000 bases) played to the end.
//! `cargo bench -p warband-marauders --bench scale`

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::path::PathBuf;
use std::time::Duration;
use warband_marauders::ai::{AiKind, play};
use warband_marauders::data::BattleSetup;
use warband_marauders::engine::{Engine, Marauders};
use warband_marauders::scale::open_table;
use warband_table::sim::{bench_config, play_game};

fn scenario(name: &str) -> BattleSetup {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../assets/scenarios/{name}.ron"));
    BattleSetup::load(&path).expect("the shipped scenario loads")
}

/// One battle of `setup`, seed 1, `normal` v `normal`, to the end: its commands.
fn battle(setup: &BattleSetup) -> usize {
    let mut engine = Engine::new(setup, 1).expect("a valid setup");
    let mut a = AiKind::Normal.policy(1);
    let mut b = AiKind::Normal.policy(2);
    play(&mut engine, a.as_mut(), b.as_mut()).commands.len()
}

fn per_command(c: &mut Criterion) {
    let base = scenario("open-field");
    let mut group = c.benchmark_group("open table, normal v normal, per command");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(16));
    for (n, dense) in [(50u16, false), (500, false), (50, true)] {
        let setup = open_table(&base, n, dense);
        let packed = if dense { ", packed as 500" } else { "" };
        group.throughput(Throughput::Elements(battle(&setup) as u64));
        group.bench_function(format!("{n} a side{packed}"), |b| b.iter(|| battle(&setup)));
    }
    group.finish();
}

fn great_field(c: &mut Criterion) {
    let setup = scenario("great-field");
    let config = bench_config(AiKind::Normal, AiKind::Normal);
    let mut group = c.benchmark_group("great field");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(16));
    group.bench_function("normal v normal", |b| {
        b.iter(|| play_game::<Marauders>(&setup, &config, 1).expect("a valid setup"))
    });
    group.finish();
}

criterion_group!(benches, per_command, great_field);
criterion_main!(benches);
