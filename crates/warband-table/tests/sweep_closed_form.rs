//! The closed forms for rectangular bases (`geometry::sat`, the separating-axis test)
//! find what parry finds: a cast the same hit or miss at the same moment of touch, over
//! 20,000 random pairs of ranks that start apart, turned every way, the mover going
//! every way at every length; the same gap between them, apart or overlapping; and a
//! rank over or touching a house where parry says it is.

mod common;

use bevy_math::Vec2;
use common::Stream;
use parry2d::math::{Pose, Vector};
use parry2d::query::{self, ShapeCastOptions};
use parry2d::shape::{ConvexPolygon, Cuboid, Shape};
use warband_table::geometry::{
    BaseShape, CONTACT_GAP, OVERLAP_TOLERANCE, Placed, TerrainFlags, TerrainShape, base_sweep_hit,
    gap,
};

/// A number drawn evenly between `lo` and `hi`.
fn within(s: &mut Stream, lo: f32, hi: f32) -> f32 {
    lo + (hi - lo) * s.unit()
}

fn rank(s: &mut Stream) -> Placed {
    Placed {
        shape: BaseShape::Rect {
            width: within(s, 0.5, 6.0),
            depth: within(s, 0.5, 3.0),
        },
        center: Vec2::new(within(s, -8.0, 8.0), within(s, -8.0, 8.0)),
        facing: within(s, -3.2, 3.2),
    }
}

fn cuboid(p: &Placed) -> Cuboid {
    match p.shape {
        BaseShape::Rect { width, depth } => Cuboid::new(Vector::new(width / 2.0, depth / 2.0)),
        BaseShape::Round { .. } => unreachable!("ranks are rectangles"),
    }
}

fn pose(p: &Placed) -> Pose {
    Pose::new(Vector::new(p.center.x, p.center.y), p.facing)
}

/// Parry's cast of `mover` along `delta` at `other`, standing still.
fn parry_cast(mover: &Placed, delta: Vec2, other: &Placed) -> Option<f32> {
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: false,
        compute_impact_geometry_on_penetration: false,
    };
    let (a, b) = (cuboid(mover), cuboid(other));
    query::cast_shapes(
        &pose(mover),
        Vector::new(delta.x, delta.y),
        &a,
        &pose(other),
        Vector::ZERO,
        &b,
        options,
    )
    .unwrap()
    .map(|hit| hit.time_of_impact)
}

#[test]
fn rectangles_meet_where_parry_says() {
    let mut s = Stream(0x9E37_79B9_7F4A_7C15);
    let (mut hits, mut compared) = (0, 0);
    while compared < 20_000 {
        let (a, b) = (rank(&mut s), rank(&mut s));
        // Only pairs that start apart: where they start touching the two answer by
        // different rules (`sat` asks whether the move goes deeper), tested in
        // `touching.rs`.
        if gap(&a, &b) < 0.01 {
            continue;
        }
        let angle = within(&mut s, -3.2, 3.2);
        let delta = Vec2::new(angle.cos(), angle.sin()) * within(&mut s, 0.1, 20.0);
        let (ours, theirs) = (base_sweep_hit(&a, delta, &b), parry_cast(&a, delta, &b));
        match (ours, theirs) {
            (Some(x), Some(y)) => {
                hits += 1;
                // The same moment, to a thousandth of an inch along the move.
                let inches = (x - y).abs() * delta.length();
                assert!(inches < 1e-3, "{a:?} {b:?} {delta}: {x} v {y}");
            }
            (None, None) => {}
            (x, y) => panic!("{a:?} {b:?} {delta}: {x:?} v {y:?}"),
        }
        compared += 1;
    }
    // Enough of the pairs meet for the moments to be compared.
    assert!(hits > 2_000, "{hits} hits");
}

/// Parry's signed distance: its contact query, which gives the depth where they overlap.
fn parry_gap(a: &Placed, b: &Placed) -> f32 {
    let (sa, sb): (&dyn Shape, &dyn Shape) = (&cuboid(a), &cuboid(b));
    query::contact(&pose(a), sa, &pose(b), sb, 100.0)
        .unwrap()
        .map_or(f32::INFINITY, |c| c.dist)
}

#[test]
fn rectangles_stand_as_far_apart_as_parry_says() {
    let mut s = Stream(0x2545_F491_4F6C_DD1D);
    let mut overlapping = 0;
    for _ in 0..20_000 {
        let (a, b) = (rank(&mut s), rank(&mut s));
        let (ours, theirs) = (gap(&a, &b), parry_gap(&a, &b));
        // To a ten-thousandth of an inch, near contact; farther off, parry's GJK
        // stops within a thousandth of the distance (the closed form is exact: the
        // least distance from a corner of one to an edge of the other).
        let within = 1e-4 + 1e-3 * theirs.max(0.0);
        assert!(
            (ours - theirs).abs() < within,
            "{a:?} {b:?}: {ours} v {theirs}"
        );
        overlapping += usize::from(theirs < 0.0);
    }
    assert!(overlapping > 1_000, "{overlapping} overlapping");
}

/// A rank lies over a house, or touches it, where parry's contact query (EPA where they
/// overlap) says it does: 20,000 random ranks about a five-sided house. (Parry's distance
/// query, which the table asked before, says 0 for any overlap, so no rank ever lay
/// over a house and a rank could turn or deploy into one.)
#[test]
fn ranks_lie_over_a_house_where_parry_says() {
    let corners = [
        (0.0, -3.0),
        (3.0, -1.0),
        (2.0, 3.0),
        (-2.0, 3.0),
        (-3.0, -1.0),
    ]
    .map(|(x, y)| Vec2::new(x, y));
    let flags = TerrainFlags {
        blocks_movement: true,
        ..TerrainFlags::default()
    };
    let house = TerrainShape::new(corners.to_vec(), flags).expect("a convex pentagon");
    let polygon = ConvexPolygon::from_convex_hull(&corners.map(|c| Vector::new(c.x, c.y)))
        .expect("a convex pentagon");
    let mut s = Stream(0x5851_F42D_4C95_7F2D);
    let (mut over, mut touching) = (0, 0);
    for _ in 0..20_000 {
        let a = rank(&mut s);
        let shape: &dyn Shape = &cuboid(&a);
        let theirs = query::contact(&pose(&a), shape, &Pose::identity(), &polygon, 100.0)
            .unwrap()
            .map_or(f32::INFINITY, |c| c.dist);
        // Beside the two bars, rounding may fall either way.
        if (theirs + OVERLAP_TOLERANCE).abs() > 1e-4 {
            assert_eq!(
                house.overlaps(&a),
                theirs < -OVERLAP_TOLERANCE,
                "{a:?}: {theirs}"
            );
        }
        if (theirs - CONTACT_GAP).abs() > 1e-4 {
            assert_eq!(house.touches(&a), theirs <= CONTACT_GAP, "{a:?}: {theirs}");
        }
        over += usize::from(theirs < -OVERLAP_TOLERANCE);
        touching += usize::from(theirs <= CONTACT_GAP);
    }
    assert!(
        over > 1_000 && touching > over,
        "{over} over, {touching} touching"
    );
}
