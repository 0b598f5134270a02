//! What a die costs: from the battle's one stream, and keyed by what it is for (the
//! search's forks, `DiceRoller::keyed`), each with its record, as the engine rolls them.
//! The keyed rolls start from a fresh roller each time, as a fork's do. Measured: 2.7 µs
//! against 5.8 µs for the 64, so about 50 ns more a die — a few µs a playout of 50
//! commands, which costs a millisecond.
//! `cargo bench -p warband-rules --bench dice`

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use warband_rules::{Clause, DiceRoller, Die};

const CLAUSE: Clause = Clause::new("B/X attack roll");

/// 64 attack rolls among 16 pairs of models, as a fight's playout rolls them.
fn attacks(dice: &mut DiceRoller) -> u32 {
    let mut sum = 0;
    for i in 0..64u32 {
        let purpose = format!("Orc {} attacks Fighter {}", i % 4, i % 16);
        sum += u32::from(dice.roll(Die::D20, purpose, &CLAUSE));
    }
    dice.take_records();
    sum
}

fn dice(c: &mut Criterion) {
    let mut group = c.benchmark_group("64 attack rolls");
    let mut stream = DiceRoller::from_seed(1);
    group.bench_function("one stream", |b| b.iter(|| attacks(black_box(&mut stream))));
    group.bench_function("keyed", |b| {
        b.iter(|| attacks(black_box(&mut DiceRoller::keyed(1))))
    });
    group.finish();
}

criterion_group!(benches, dice);
criterion_main!(benches);
