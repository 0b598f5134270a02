//! Exact odds must be cheap enough for the AI to call them for every candidate action.
//! Goal: under 1 µs each.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use warband_rules::marauders::{Armour, damage_distribution, melee_odds};

fn odds(c: &mut Criterion) {
    c.bench_function("melee_odds 40v40", |b| {
        b.iter(|| melee_odds(black_box(40), black_box(40)))
    });
    c.bench_function("damage_distribution 12 dice vs medium -1", |b| {
        b.iter(|| damage_distribution(black_box(12), black_box(Armour::Medium), black_box(-1)))
    });
}

criterion_group!(benches, odds);
criterion_main!(benches);
