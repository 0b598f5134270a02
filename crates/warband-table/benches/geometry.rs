//! The table's hottest geometry: which bases lie within a range of one, by the measured
//! gap against by `gap_at_most` (which rules out pairs whose centres lie too far apart
//! before measuring), the nearest base, and a move cast past every other base.
//! Rectangles of random sizes turned at random on a 48" square, as a Toy Soldier table
//! holds them.
//! `cargo bench -p warband-table --bench geometry`

use bevy_math::Vec2;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use warband_rules::{DiceRoller, Die};
use warband_table::geometry::{BaseShape, Placed, base_sweep_hit, gap, gap_at_most, nearest};

/// `n` rectangles scattered on a 48" square, the same every run.
fn scattered(n: usize) -> Vec<Placed> {
    let mut dice = DiceRoller::from_seed(11);
    let mut at = move |x: f32| f32::from(dice.face(Die(200))) / 200.0 * x;
    (0..n)
        .map(|_| Placed {
            shape: BaseShape::Rect {
                width: 0.5 + at(3.0),
                depth: 0.5 + at(2.0),
            },
            center: Vec2::new(at(48.0), at(48.0)),
            facing: at(6.3),
        })
        .collect()
}

fn within_range(c: &mut Criterion) {
    let bases = scattered(40);
    let count = |near: fn(&Placed, &Placed) -> bool| {
        let mut n = 0;
        for a in &bases {
            n += bases.iter().filter(|b| near(a, b)).count();
        }
        n
    };
    c.bench_function("40 bases, every pair within 8\", gap <= 8", |b| {
        b.iter(|| count(|a, b| gap(black_box(a), b) <= 8.0))
    });
    c.bench_function("40 bases, every pair within 8\", gap_at_most", |b| {
        b.iter(|| count(|a, b| gap_at_most(black_box(a), b, 8.0)))
    });
    let others: Vec<(usize, Placed)> = bases.iter().copied().enumerate().skip(1).collect();
    c.bench_function("40 bases, the nearest to one", |b| {
        b.iter(|| nearest(black_box(&bases[0]), &others, |o| &o.1, |o| o.0))
    });
}

/// Every base moved 6" straight ahead, cast against every other: what a move's check
/// asks of the bases near its way.
fn casts(c: &mut Criterion) {
    let bases = scattered(40);
    let ahead = |p: &Placed| Vec2::from_angle(p.facing).rotate(Vec2::Y) * 6.0;
    c.bench_function("40 bases, each cast 6\" ahead past every other", |b| {
        b.iter(|| {
            let mut hits = 0;
            for a in &bases {
                let delta = ahead(a);
                hits += bases
                    .iter()
                    .filter(|o| base_sweep_hit(black_box(a), delta, o).is_some())
                    .count();
            }
            hits
        })
    });
}

criterion_group!(benches, within_range, casts);
criterion_main!(benches);
