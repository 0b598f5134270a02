//! `furthest_legal` checks its end against the bases near the way only, and
//! `furthest_legal_beyond` passes over ends nearer than its minimum without checking
//! them: neither may change a move. In crowds of round and rectangular bases, friends
//! and enemies, with a wood and a house, each move found is the one `check_move`
//! accepts against every base, and `furthest_legal_beyond` answers as `furthest_legal`
//! wherever the end is at least its minimum away.

mod common;

use bevy_math::Vec2;
use common::Stream;
use warband_table::components::ModelId;
use warband_table::geometry::{
    BaseShape, MeetOrder, Mover, Other, Placed, TerrainFlags, TerrainShape, check_move,
    furthest_legal, furthest_legal_beyond,
};

const TABLE: Vec2 = Vec2::new(40.0, 40.0);

fn terrain() -> Vec<TerrainShape> {
    let piece = |corners: [(f32, f32); 4], flags: TerrainFlags| {
        let points = corners.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
        TerrainShape::new(points, flags).expect("a square")
    };
    vec![
        piece(
            [(8.0, 8.0), (14.0, 8.0), (14.0, 14.0), (8.0, 14.0)],
            TerrainFlags {
                rough: true,
                cover: true,
                ..TerrainFlags::default()
            },
        ),
        piece(
            [(24.0, 22.0), (30.0, 22.0), (30.0, 26.0), (24.0, 26.0)],
            TerrainFlags {
                blocks_movement: true,
                blocks_sight: true,
                ..TerrainFlags::default()
            },
        ),
    ]
}

/// `n` bases scattered about the middle of the table, none overlapping another.
fn crowd(rng: &mut Stream, n: usize, rect: bool) -> Vec<Other> {
    let mut out: Vec<Other> = Vec::new();
    while out.len() < n {
        let shape = if rect && rng.unit() < 0.5 {
            BaseShape::Rect {
                width: 2.0 + 2.0 * rng.unit(),
                depth: 1.0,
            }
        } else {
            BaseShape::Round { diameter: 1.0 }
        };
        let base = Placed {
            shape,
            center: Vec2::new(12.0 + 16.0 * rng.unit(), 12.0 + 16.0 * rng.unit()),
            facing: 6.3 * rng.unit(),
        };
        if out
            .iter()
            .all(|o| o.base.center.distance(base.center) > o.base.shape.reach() + shape.reach())
        {
            out.push(Other {
                id: ModelId(out.len() as u32 + 1),
                base,
                enemy: rng.unit() < 0.4,
            });
        }
    }
    out
}

#[test]
fn a_move_found_is_the_move_checked_against_every_base() {
    let terrain = terrain();
    let mut rng = Stream(0x2545_f491_4f6c_dd1d);
    let (mut moves, mut charges, mut passed_over) = (0, 0, 0);
    for case in 0..30 {
        let rect = case % 2 == 1;
        let mut others = crowd(&mut rng, 40, rect);
        let me = others.remove(case % others.len());
        let mover = Mover {
            id: me.id,
            base: me.base,
            allowance: 6.0,
        };
        for k in 0..24 {
            let a = k as f32 * std::f32::consts::TAU / 24.0;
            let toward = mover.base.center + Vec2::new(a.cos(), a.sin()) * (2.0 + 8.0 * rng.unit());
            let found = furthest_legal(&mover, toward, TABLE, &others, &terrain);
            let moved = found.end.distance(mover.base.center);
            if moved > 0.0 {
                let checked = check_move(&mover, found.end, TABLE, &others, &terrain);
                assert_eq!(checked.as_ref(), Ok(&found), "case {case}, way {k}");
                moves += 1;
                charges += usize::from(!found.charged.is_empty());
            }
            for min in [0.05f32, 0.5, 2.0] {
                let order = MeetOrder::of(&mover.base, &others);
                match furthest_legal_beyond(&mover, toward, TABLE, &others, &order, &terrain, min) {
                    Some(c) => assert_eq!(c, found, "case {case}, way {k}, min {min}"),
                    None => {
                        assert!(moved < min, "case {case}, way {k}: {moved} passed over");
                        passed_over += 1;
                    }
                }
            }
        }
    }
    assert!(moves > 300, "{moves} moves");
    assert!(charges > 20, "{charges} charges");
    assert!(passed_over > 100, "{passed_over} passed over");
}
