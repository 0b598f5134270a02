//! The one boundary between our `bevy_math::Vec2` and parry2d's vector type (glam 0.33
//! through glamx; bevy_math uses glam 0.32). Every parry query lives here.

use super::shapes::{BaseShape, Placed};
use bevy_math::Vec2;
use parry2d::math::{Pose, Vector};
use parry2d::query::{self, Ray, RayCast, ShapeCastOptions};
use parry2d::shape::{Ball, ConvexPolygon, Cuboid, Shape};

fn v(p: Vec2) -> Vector {
    Vector::new(p.x, p.y)
}

fn pose(p: &Placed) -> Pose {
    Pose::new(v(p.center), p.facing)
}

enum Collider {
    Ball(Ball),
    Cuboid(Cuboid),
}

impl Collider {
    fn of(shape: BaseShape) -> Self {
        match shape {
            BaseShape::Round { diameter } => Collider::Ball(Ball::new(diameter / 2.0)),
            BaseShape::Rect { width, depth } => {
                Collider::Cuboid(Cuboid::new(Vector::new(width / 2.0, depth / 2.0)))
            }
        }
    }

    fn shape(&self) -> &dyn Shape {
        match self {
            Collider::Ball(b) => b,
            Collider::Cuboid(c) => c,
        }
    }
}

/// Signed distance between two bases' outlines (negative: penetration depth).
pub(super) fn signed_gap(a: &Placed, b: &Placed) -> f32 {
    if let (BaseShape::Round { diameter: da }, BaseShape::Round { diameter: db }) =
        (a.shape, b.shape)
    {
        return a.center.distance(b.center) - (da + db) / 2.0;
    }
    let (ca, cb) = (Collider::of(a.shape), Collider::of(b.shape));
    let far = a.shape.reach() + b.shape.reach() + a.center.distance(b.center);
    query::contact(&pose(a), ca.shape(), &pose(b), cb.shape(), far)
        .ok()
        .flatten()
        .map_or(far, |c| c.dist)
}

/// Sweeps `mover` along `delta`; the fraction of `delta` at which it first touches
/// `other`, if it does before the end. Bases already touching and moving apart do not
/// count.
pub(super) fn sweep_hit(mover: &Placed, delta: Vec2, other: &Placed) -> Option<f32> {
    let (cm, co) = (Collider::of(mover.shape), Collider::of(other.shape));
    sweep(mover, delta, cm.shape(), &pose(other), co.shape())
}

/// Sweeps `mover` along `delta` against a polygon.
pub(super) fn sweep_hit_polygon(
    mover: &Placed,
    delta: Vec2,
    polygon: &ConvexPolygon,
) -> Option<f32> {
    let cm = Collider::of(mover.shape);
    sweep(mover, delta, cm.shape(), &Pose::identity(), polygon)
}

fn sweep(
    mover: &Placed,
    delta: Vec2,
    shape: &dyn Shape,
    other_pose: &Pose,
    other: &dyn Shape,
) -> Option<f32> {
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: false,
        compute_impact_geometry_on_penetration: false,
    };
    query::cast_shapes(
        &pose(mover),
        v(delta),
        shape,
        other_pose,
        Vector::ZERO,
        other,
        options,
    )
    .ok()
    .flatten()
    .map(|hit| hit.time_of_impact)
}

/// Where a ray from `from` towards `to` first enters a base, as a fraction of the
/// segment (None if it misses).
pub(super) fn ray_enters_base(from: Vec2, to: Vec2, base: &Placed) -> Option<f32> {
    let c = Collider::of(base.shape);
    c.shape()
        .cast_ray(&pose(base), &Ray::new(v(from), v(to - from)), 1.0, true)
}

pub(super) fn convex_polygon(points: &[Vec2]) -> Option<ConvexPolygon> {
    ConvexPolygon::from_convex_hull(&points.iter().map(|p| v(*p)).collect::<Vec<_>>())
}

pub(super) fn polygon_contains(polygon: &ConvexPolygon, p: Vec2) -> bool {
    use parry2d::query::PointQuery;
    polygon.contains_point(&Pose::identity(), v(p))
}

pub(super) fn base_polygon_gap(base: &Placed, polygon: &ConvexPolygon) -> f32 {
    let c = Collider::of(base.shape);
    query::distance(&pose(base), c.shape(), &Pose::identity(), polygon)
        .map_or(f32::INFINITY, |d| d.distance)
}

/// The interval of the segment `from → to` (fractions of its length) inside a convex
/// polygon.
pub(super) fn segment_inside(polygon: &ConvexPolygon, from: Vec2, to: Vec2) -> Option<(f32, f32)> {
    if from.distance_squared(to) < 1e-12 {
        return polygon_contains(polygon, from).then_some((0.0, 1.0));
    }
    let id = Pose::identity();
    let t_in = polygon.cast_ray(&id, &Ray::new(v(from), v(to - from)), 1.0, true)?;
    // Entering from the far end gives the exit point.
    let back = polygon.cast_ray(&id, &Ray::new(v(to), v(from - to)), 1.0, true)?;
    let t_out = 1.0 - back;
    (t_out > t_in).then_some((t_in, t_out))
}
