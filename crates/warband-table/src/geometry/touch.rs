//! Whether a rectangular base that touches another outline moves into it: what parry
//! 0.31's shape cast cannot always tell. Where a cast starts touching, parry falls back
//! on its contact query, which finds no contact for some outlines touching face to face
//! (ranks of a line, a unit flush against a house), and the cast then reports no hit —
//! a base could pass straight through the one it touches. The casts in
//! [`convert`](super::convert) ask this where parry found nothing: where parry is right
//! that the move meets nothing (or, already a hair into the other, leaves or slides
//! along it), a step along it goes no deeper, so the answer changes only the casts
//! parry gets wrong.

use super::facing::corners;
use super::shapes::{BaseShape, Placed};
use bevy_math::Vec2;

/// How far along a move it is tried: a hundredth of an inch.
const PROBE: f32 = 0.01;

/// How deep two convex outlines (corners in order) overlap: the least overlap of their
/// shadows on the edge normals of both, negative where some axis holds them apart.
fn depth(a: &[Vec2], b: &[Vec2]) -> f32 {
    let span = |p: &[Vec2], n: Vec2| {
        p.iter()
            .map(|c| c.dot(n))
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            })
    };
    edges(a)
        .chain(edges(b))
        .filter_map(Vec2::try_normalize)
        .map(|e| {
            let n = e.perp();
            let ((a0, a1), (b0, b1)) = (span(a, n), span(b, n));
            a1.min(b1) - a0.max(b0)
        })
        .fold(f32::INFINITY, f32::min)
}

/// The edges of a convex outline (corners in order), each from one corner to the next.
fn edges(p: &[Vec2]) -> impl Iterator<Item = Vec2> + '_ {
    (0..p.len()).map(move |i| p[(i + 1) % p.len()] - p[i])
}

/// Whether `mover`, a rectangular base touching the convex outline `other` (corners in
/// order), goes into it when moved by `delta`: a hundredth of an inch along the move (or
/// the whole move, if shorter) leaves the two overlapping deeper than they start. A
/// round mover is never asked.
pub(super) fn moves_into(mover: &Placed, delta: Vec2, other: &[Vec2]) -> bool {
    if matches!(mover.shape, BaseShape::Round { .. }) {
        return false;
    }
    let length = delta.length();
    if length <= f32::EPSILON {
        return false;
    }
    let step = delta * (PROBE / length).min(1.0);
    // Deeper than where it starts: a base already a hair into the other (inside the
    // overlap the rules allow) may still slide along it or leave it.
    let start = depth(&corners(mover), other).max(0.0);
    depth(&corners(&mover.at(mover.center + step)), other) > start + 1e-4
}

/// The corners of a rectangular base (None for a round one).
pub(super) fn rect_corners(base: &Placed) -> Option<[Vec2; 4]> {
    matches!(base.shape, BaseShape::Rect { .. }).then(|| corners(base))
}
