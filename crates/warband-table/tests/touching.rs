//! Rectangular bases touching face to face — two ranks of a Toy Soldier line, a unit
//! flush against a house — are met at once by a move into them. Parry 0.31's contact
//! query finds no contact for some such pairs, and its cast, which fell back on that
//! query where it starts touching, then reported no hit: the mover would pass straight
//! through (11 of these 4,000 casts did). Rectangles are now cast in closed form
//! (`geometry/sat.rs`), held to the same cases here.

use bevy_math::Vec2;
use warband_table::geometry::{
    BaseShape, Placed, TerrainFlags, TerrainShape, base_sweep_hit, gap, in_contact,
};

fn rank(center: Vec2, facing: f32) -> Placed {
    Placed {
        shape: BaseShape::Rect {
            width: 1.6,
            depth: 0.8,
        },
        center,
        facing,
    }
}

/// A house that blocks movement and sight: a rectangle `half` across and along about
/// `centre`, its across direction `n`.
fn house(centre: Vec2, n: Vec2, half: Vec2) -> TerrainShape {
    let flags = TerrainFlags {
        blocks_movement: true,
        blocks_sight: true,
        ..TerrainFlags::default()
    };
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .map(|(x, y)| centre + n * (x * half.x) + n.perp() * (y * half.y));
    TerrainShape::new(corners.to_vec(), flags).expect("a rectangle")
}

#[test]
fn a_move_into_an_outline_it_touches_meets_it_at_once() {
    for k in 0..2000 {
        let f = k as f32 * 0.0031;
        let n = Vec2::new(f.cos(), f.sin());
        let centre = Vec2::new(10.0, 10.0);
        let house = house(centre, n, Vec2::new(2.0, 2.0));
        // A rank flush against the house's face, then a second rank touching its front.
        let a = rank(centre + n * 2.8, f);
        let b = rank(a.center + n * 1.6, f);
        let at_once = |t: Option<f32>| t.is_some_and(|t| t < 1e-4);
        let t = house.sweep_hit(&a, -n * 3.0);
        assert!(at_once(t), "turned {f}: into the house {t:?}");
        let t = base_sweep_hit(&a, n * 3.0, &b);
        assert!(at_once(t), "turned {f}: into the rank {t:?}");
        assert!(in_contact(&a, &b), "turned {f}: gap {}", gap(&a, &b));
        // Moving away from either is no hit.
        assert_eq!(base_sweep_hit(&a, -n * 0.5, &b), None, "turned {f}");
        assert_eq!(house.sweep_hit(&a, n * 0.5), None, "turned {f}");
    }
}

/// A rank already a hair into another (inside the overlap the rules allow) may still
/// slide along it or leave it; only a move deeper in is a hit.
#[test]
fn a_base_a_hair_into_another_may_slide_along_it_or_leave() {
    for k in 0..500 {
        let f = k as f32 * 0.0123;
        let n = Vec2::new(f.cos(), f.sin());
        let a = rank(Vec2::new(10.0, 10.0), f);
        let b = rank(a.center + n * (1.6 - 0.0005), f);
        let along = n.perp() * 1.0;
        assert_eq!(base_sweep_hit(&a, along, &b), None, "turned {f}: sliding");
        assert_eq!(base_sweep_hit(&a, -n, &b), None, "turned {f}: leaving");
        let t = base_sweep_hit(&a, n, &b);
        assert!(t.is_some_and(|t| t < 1e-4), "turned {f}: going in {t:?}");
    }
}

/// A rank flush against a house may not slant into it, however shallow the slant, on any
/// bearing: nothing checks where a move ends against terrain, so a move let in would
/// end inside the wall, and the next one, starting there, would sink it deeper.
#[test]
fn a_rank_flush_against_a_house_cannot_slant_into_it() {
    for k in 0..500 {
        let f = k as f32 * 0.0123;
        let n = Vec2::new(f.cos(), f.sin());
        let centre = Vec2::new(20.0, 20.0);
        let house = house(centre, n, Vec2::new(5.0, 10.0));
        // Flush against the house's face at x = 5, its front along the wall.
        let a = rank(centre + n * (5.0 + 0.8), f);
        // Stopped within a twentieth of an inch of travel (rounding may leave the rank
        // a few millionths off the wall), so never more than 1e-5" into it.
        for slope in [0.1, 0.01, 0.001, 0.0002] {
            let t = house.sweep_hit(&a, n.perp() * 6.0 - n * (6.0 * slope));
            let stops = t.is_some_and(|t| t * 6.0 < 0.05);
            assert!(stops, "turned {f}, slope {slope}: {t:?}");
        }
        assert_eq!(
            house.sweep_hit(&a, n.perp() * 6.0),
            None,
            "turned {f}: along"
        );
        assert_eq!(
            house.sweep_hit(&a, n.perp() * 6.0 + n * 0.5),
            None,
            "turned {f}: off"
        );
    }
}
