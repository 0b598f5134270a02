//! The one boundary between our `bevy_math::Vec2` and parry2d's vector type (glam 0.33
//! through glamx; bevy_math uses glam 0.32). Every parry query lives here.

use super::sat::{self, Outline};
use super::shapes::{BaseShape, Placed};
use bevy_math::Vec2;
use parry2d::math::{Pose, Vector};
use parry2d::query::{self, Ray, ShapeCastOptions};
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

/// Signed distance between two bases' outlines (negative: penetration depth): two
/// round bases and two rectangles in closed form ([`sat::rect_gap`]), a round base and
/// a rectangle by parry's contact query ([`mixed_gap`]).
#[inline]
pub(super) fn signed_gap(a: &Placed, b: &Placed) -> f32 {
    // Two round bases, most of all the gaps measured, are measured where asked.
    if let (BaseShape::Round { diameter: da }, BaseShape::Round { diameter: db }) =
        (a.shape, b.shape)
    {
        return a.center.distance(b.center) - (da + db) / 2.0;
    }
    angular_gap(a, b)
}

/// [`signed_gap`] where either base is a rectangle.
#[inline(never)]
fn angular_gap(a: &Placed, b: &Placed) -> f32 {
    sat::rect_gap(a, b).unwrap_or_else(|| mixed_gap(a, b))
}

/// The gap between a round base and a rectangle by parry's contact query (GJK, EPA
/// where they overlap). The query's prediction (`far`) is more than the bases can be
/// apart, so it always has a contact to give; should parry find none, it is asked
/// again the other way round, then by parry's distance query (parry 0.31 found none
/// for some rectangles touching face to face, which measured `far` apart — out of
/// contact — when rectangles were measured here too).
fn mixed_gap(a: &Placed, b: &Placed) -> f32 {
    let (ca, cb) = (Collider::of(a.shape), Collider::of(b.shape));
    let far = a.shape.reach() + b.shape.reach() + a.center.distance(b.center);
    let (pa, pb) = (pose(a), pose(b));
    let contact = |p1: &Pose, s1: &dyn Shape, p2: &Pose, s2: &dyn Shape| {
        query::contact(p1, s1, p2, s2, far).ok().flatten()
    };
    contact(&pa, ca.shape(), &pb, cb.shape())
        .or_else(|| contact(&pb, cb.shape(), &pa, ca.shape()))
        .map(|c| c.dist)
        .or_else(|| {
            query::distance(&pa, ca.shape(), &pb, cb.shape())
                .ok()
                .map(|d| d.distance)
        })
        .unwrap_or(far)
}

/// Sweeps `mover` along `delta`; the fraction of `delta` at which it first touches
/// `other`, if it does before the end. Bases already touching and moving apart do not
/// count.
pub(super) fn sweep_hit(mover: &Placed, delta: Vec2, other: &Placed) -> Option<f32> {
    // Broad phase: a base farther from the path than both reaches cannot be met (first
    // by the path's bounding box, then by distance).
    let margin = other.shape.reach() + 1e-3;
    let (lo, hi) = mover.swept_bounds(delta);
    let c = other.center;
    if c.x < lo.x - margin || c.y < lo.y - margin || c.x > hi.x + margin || c.y > hi.y + margin {
        return None;
    }
    let reach = mover.shape.reach() + margin;
    if distance_to_segment(c, mover.center, mover.center + delta) > reach {
        return None;
    }
    if let (BaseShape::Round { diameter: a }, BaseShape::Round { diameter: b }) =
        (mover.shape, other.shape)
    {
        return sweep_ball_ball(mover.center - other.center, delta, (a + b) / 2.0);
    }
    if let (Some(a), Some(b)) = (Outline::base(mover), Outline::base(other)) {
        return sat::sweep(&a, delta, &b);
    }
    // A round base and a rectangular one: parry's cast.
    let (cm, co) = (Collider::of(mover.shape), Collider::of(other.shape));
    cast(&pose(mover), delta, cm.shape(), &pose(other), co.shape())
}

/// Two round bases whose centres are `offset` apart (mover minus other), the mover
/// moving by `delta`: the first fraction of `delta` at which the gap closes to zero.
/// Touching or overlapping bases that move apart do not count, as with parry's casts.
fn sweep_ball_ball(offset: Vec2, delta: Vec2, radii: f32) -> Option<f32> {
    let a = delta.length_squared();
    let b = offset.dot(delta);
    let c = offset.length_squared() - radii * radii;
    if c <= 0.0 {
        return (b < 0.0).then_some(0.0);
    }
    if b >= 0.0 || a <= f32::EPSILON {
        return None;
    }
    let disc = b * b - a * c;
    if disc < 0.0 {
        return None;
    }
    let t = (-b - disc.sqrt()) / a;
    (t <= 1.0).then_some(t.max(0.0))
}

/// How far `p` stands from the segment `a`–`b`.
pub fn distance_to_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 <= f32::EPSILON {
        0.0
    } else {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    };
    p.distance(a + ab * t)
}

/// Sweeps `mover` along `delta` against a convex polygon with these `corners` (in
/// order).
pub(super) fn sweep_hit_polygon(
    mover: &Placed,
    delta: Vec2,
    polygon: &ConvexPolygon,
    corners: &[Vec2],
) -> Option<f32> {
    match mover.shape {
        BaseShape::Round { diameter } => {
            sweep_ball_polygon(mover.center, diameter / 2.0, delta, polygon)
        }
        BaseShape::Rect { .. } => Outline::base(mover)
            .and_then(|outline| sat::sweep(&outline, delta, &Outline::Polygon(corners))),
    }
}

/// Parry's cast of `shape` at `mover`, moving by `delta`, against `other` standing
/// still: the fraction of `delta` at which they first touch, if they do.
fn cast(
    mover: &Pose,
    delta: Vec2,
    shape: &dyn Shape,
    other: &Pose,
    other_shape: &dyn Shape,
) -> Option<f32> {
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: false,
        compute_impact_geometry_on_penetration: false,
    };
    query::cast_shapes(
        mover,
        v(delta),
        shape,
        other,
        Vector::ZERO,
        other_shape,
        options,
    )
    .ok()
    .flatten()
    .map(|hit| hit.time_of_impact)
}

/// Where a ray from `from` towards `to` first enters a base, as a fraction of the
/// segment (None if it misses).
pub(super) fn ray_enters_base(from: Vec2, to: Vec2, base: &Placed) -> Option<f32> {
    if let BaseShape::Round { diameter } = base.shape {
        // |from + t d − c| = r: the smaller root in [0, 1] (0 if it starts inside).
        let d = to - from;
        let m = from - base.center;
        let r = diameter / 2.0;
        let (a, b, c) = (d.length_squared(), m.dot(d), m.length_squared() - r * r);
        if c <= 0.0 {
            return Some(0.0);
        }
        let disc = b * b - a * c;
        if b >= 0.0 || disc < 0.0 || a <= f32::EPSILON {
            return None;
        }
        let t = (-b - disc.sqrt()) / a;
        return (t <= 1.0).then_some(t);
    }
    let c = Collider::of(base.shape);
    c.shape()
        .cast_ray(&pose(base), &Ray::new(v(from), v(to - from)), 1.0, true)
}

pub(super) fn convex_polygon(points: &[Vec2]) -> Option<ConvexPolygon> {
    ConvexPolygon::from_convex_hull(&points.iter().map(|p| v(*p)).collect::<Vec<_>>())
}

/// A convex polygon's corners, in parry's (counter-clockwise) order.
pub(super) fn polygon_points(polygon: &ConvexPolygon) -> Vec<Vec2> {
    polygon
        .points()
        .iter()
        .map(|p| Vec2::new(p.x, p.y))
        .collect()
}

/// A convex polygon's edges in order, each from a corner to the next (the last back to
/// the first), without a division per edge to wrap round.
fn edges(polygon: &ConvexPolygon) -> impl Iterator<Item = (Vector, Vector)> + '_ {
    let pts = polygon.points();
    let n = pts.len();
    (0..n).map(move |i| (pts[i], pts[if i + 1 == n { 0 } else { i + 1 }]))
}

pub(super) fn polygon_contains(polygon: &ConvexPolygon, p: Vec2) -> bool {
    // Counter-clockwise corners: inside means left of (or on) every edge.
    edges(polygon).all(|(a, b)| (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= -1e-6)
}

/// Distance from a point to a convex polygon's outline (0 inside).
fn point_polygon_distance(p: Vec2, polygon: &ConvexPolygon) -> f32 {
    if polygon_contains(polygon, p) {
        return 0.0;
    }
    edges(polygon)
        .map(|(a, b)| distance_to_segment(p, Vec2::new(a.x, a.y), Vec2::new(b.x, b.y)))
        .fold(f32::INFINITY, f32::min)
}

/// A round base of radius `r` at `c` moving by `delta` against a convex polygon: the
/// first fraction at which it touches (0 if it already overlaps and moves in; a base
/// already touching that moves away does not count).
fn sweep_ball_polygon(c: Vec2, r: f32, delta: Vec2, polygon: &ConvexPolygon) -> Option<f32> {
    let start_gap = point_polygon_distance(c, polygon) - r;
    if start_gap <= 0.0 {
        // Overlapping or touching: a hit only if the move goes deeper.
        let step = point_polygon_distance(c + delta * 1e-3, polygon) - r;
        return (step < start_gap - 1e-7).then_some(0.0);
    }
    // The centre meets the polygon grown by r: each edge's offset line, each corner's
    // circle.
    let mut best: Option<f32> = None;
    let mut keep = |t: f32| {
        if (0.0..=1.0).contains(&t) && best.is_none_or(|b| t < b) {
            best = Some(t);
        }
    };
    for (a, b) in edges(polygon) {
        let (a, b) = (Vec2::new(a.x, a.y), Vec2::new(b.x, b.y));
        let edge = b - a;
        let len = edge.length();
        if len <= f32::EPSILON {
            continue;
        }
        let outward = Vec2::new(edge.y, -edge.x) / len;
        let den = outward.dot(delta);
        if den < 0.0 {
            // The centre's distance from the edge line falls to r at t.
            let t = (outward.dot(c - a) - r) / -den;
            let along = (c + delta * t - a).dot(edge) / len;
            if (0.0..=len).contains(&along) {
                keep(t);
            }
        }
        // The corner at `a`.
        let m = c - a;
        let (qa, qb, qc) = (
            delta.length_squared(),
            m.dot(delta),
            m.length_squared() - r * r,
        );
        let disc = qb * qb - qa * qc;
        if qb < 0.0 && disc >= 0.0 && qa > f32::EPSILON {
            keep((-qb - disc.sqrt()) / qa);
        }
    }
    best
}

/// The signed gap between a base and a convex polygon with these `corners` (in order):
/// negative where a base lies partly over it, by how deep (a round base's centre inside
/// counts its whole radius).
pub(super) fn base_polygon_gap(base: &Placed, polygon: &ConvexPolygon, corners: &[Vec2]) -> f32 {
    match base.shape {
        BaseShape::Round { diameter } => {
            point_polygon_distance(base.center, polygon) - diameter / 2.0
        }
        BaseShape::Rect { .. } => sat::rect_polygon_gap(base, corners).unwrap_or(f32::INFINITY),
    }
}

/// The interval of the segment `from → to` (fractions of its length) inside a convex
/// polygon, by Cyrus–Beck clipping against each edge.
pub(super) fn segment_inside(polygon: &ConvexPolygon, from: Vec2, to: Vec2) -> Option<(f32, f32)> {
    let d = to - from;
    let (mut t_in, mut t_out) = (0.0f32, 1.0f32);
    for (a, b) in edges(polygon) {
        // Outward normal of a counter-clockwise edge.
        let n = Vec2::new(b.y - a.y, a.x - b.x);
        let num = n.dot(Vec2::new(a.x, a.y) - from);
        let den = n.dot(d);
        if den.abs() <= f32::EPSILON {
            if num < 0.0 {
                return None; // parallel and outside this edge
            }
        } else {
            let t = num / den;
            if den < 0.0 {
                t_in = t_in.max(t);
            } else {
                t_out = t_out.min(t);
            }
        }
        if t_in > t_out {
            return None;
        }
    }
    if from.distance_squared(to) < 1e-12 {
        return polygon_contains(polygon, from).then_some((0.0, 1.0));
    }
    (t_out > t_in).then_some((t_in, t_out))
}

#[cfg(test)]
mod tests;
