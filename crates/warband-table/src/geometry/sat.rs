//! The cast of one convex outline moving in a straight line against another standing
//! still, in closed form: the separating-axis test, held over the moments of the move.
//! Two convex outlines overlap exactly when their shadows overlap on every edge normal
//! of both; on each normal the shadows overlap over one span of the move, so the first
//! touch is where the last of those spans begins. Rectangular bases (Toy Soldier's
//! ranks) are cast here against each other and against terrain, and the gap between
//! two of them is found here; parry's cast and contact query (GJK, EPA) cost a
//! microsecond or more a pair, and a player weighing its moves casts a base past every
//! other near its way.

use super::shapes::{BaseShape, Placed};
use bevy_math::Vec2;

/// A convex outline: a rectangular base, in its own frame, or a polygon's corners in
/// order.
pub(super) enum Outline<'a> {
    Rect(Frame),
    Polygon(&'a [Vec2]),
}

impl Outline<'_> {
    /// A base's outline, if it is rectangular.
    pub(super) fn base(base: &Placed) -> Option<Self> {
        Frame::of(base).map(Outline::Rect)
    }

    /// How many edge normals it has to look along (two for a rectangle, whose other
    /// two edges are parallel to them).
    fn edges(&self) -> usize {
        match self {
            Outline::Rect(_) => 2,
            Outline::Polygon(c) => c.len(),
        }
    }

    /// The normal of edge `i`, not always of unit length: a moment found on one is the
    /// same whatever its length.
    fn normal(&self, i: usize) -> Vec2 {
        match self {
            Outline::Rect(f) => [f.u, f.v][i],
            Outline::Polygon(c) => (c[(i + 1) % c.len()] - c[i]).perp(),
        }
    }

    /// Its shadow on the axis `n`.
    fn span(&self, n: Vec2) -> (f32, f32) {
        match self {
            Outline::Rect(f) => f.span(n),
            Outline::Polygon(c) => c
                .iter()
                .map(|c| c.dot(n))
                .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), x| {
                    (lo.min(x), hi.max(x))
                }),
        }
    }
}

/// The edge normals of both outlines.
fn normals<'a>(a: &'a Outline, b: &'a Outline) -> impl Iterator<Item = Vec2> + 'a {
    let of = |o: &'a Outline| (0..o.edges()).map(move |i| o.normal(i));
    of(a).chain(of(b))
}

/// A rectangular base in its own frame: its centre, its across (`u`) and ahead (`v`)
/// directions, and its half width and half depth.
pub(super) struct Frame {
    c: Vec2,
    u: Vec2,
    v: Vec2,
    h: Vec2,
}

impl Frame {
    fn of(base: &Placed) -> Option<Self> {
        let BaseShape::Rect { width, depth } = base.shape else {
            return None;
        };
        let u = Vec2::from_angle(base.facing);
        Some(Self {
            c: base.center,
            u,
            v: u.perp(),
            h: Vec2::new(width, depth) / 2.0,
        })
    }

    /// Its shadow on the axis `n`, in units of `n`'s length.
    fn span(&self, n: Vec2) -> (f32, f32) {
        let r = self.h.x * self.u.dot(n).abs() + self.h.y * self.v.dot(n).abs();
        let m = self.c.dot(n);
        (m - r, m + r)
    }

    fn corners(&self) -> [Vec2; 4] {
        let (x, y) = (self.u * self.h.x, self.v * self.h.y);
        [
            self.c - x - y,
            self.c + x - y,
            self.c + x + y,
            self.c - x + y,
        ]
    }

    /// The squared distance from the point `p` to it (0 inside).
    fn distance_squared(&self, p: Vec2) -> f32 {
        let d = p - self.c;
        let x = (d.dot(self.u).abs() - self.h.x).max(0.0);
        let y = (d.dot(self.v).abs() - self.h.y).max(0.0);
        x * x + y * y
    }
}

/// How near, in inches of travel, a touch must come to the start of a move to count as
/// a start in contact: a ten-thousandth of an inch.
const AT_ONCE: f32 = 1e-4;

/// The least slope (inches in for each inch along the move) at which a move from
/// contact goes into the other: far above what rounding gives a move along a face
/// (about 1e-7), far below any turn a player means.
const INTO: f32 = 1e-4;

/// How near two shadows' overlaps must be, in inches, for both to count as the least:
/// where two outlines touch corner to corner, or a corner on a face's end.
const TIE: f32 = 1e-5;

/// Where `mover`, moved by `delta`, first touches `other`, as a fraction of `delta`, if
/// it does before the end. Outlines that touch or overlap where the move starts (or
/// touch within [`AT_ONCE`] of it) count as met at once only if the move goes into each
/// other ([`goes_in`]): a base touching another, or already a hair into it (inside the
/// overlap the rules allow), may slide along it or leave it. Farther along, a touch
/// counts only if the move comes in at more than [`INTO`]: a base sliding along a face
/// a hair off it is not stopped by rounding halfway along.
pub(super) fn sweep(mover: &Outline, delta: Vec2, other: &Outline) -> Option<f32> {
    let (enter, exit, rate) = overlapping(mover, delta, other)?;
    if enter > 1.0 || exit < 0.0 {
        return None;
    }
    let length = delta.length();
    if enter * length > AT_ONCE {
        // A graze, coming in at no more than [`INTO`]: rounding on a move along a face.
        return (rate > INTO * length).then_some(enter);
    }
    goes_in(mover, delta, other, length).then_some(enter.max(0.0))
}

/// The moments, as fractions of `delta` (any, not only those of the move), between
/// which the outlines overlap or touch, and how fast (inches of overlap for a whole
/// `delta`) the last shadows to meet come into each other: None if they never do.
fn overlapping(mover: &Outline, delta: Vec2, other: &Outline) -> Option<(f32, f32, f32)> {
    let (mut enter, mut exit, mut rate) = (f32::NEG_INFINITY, f32::INFINITY, f32::INFINITY);
    for n in normals(mover, other) {
        let (a0, a1) = mover.span(n);
        let (b0, b1) = other.span(n);
        // Shadows overlap at t when b0 - a1 <= v t <= b1 - a0.
        let (lo, hi) = (b0 - a1, b1 - a0);
        let v = delta.dot(n);
        if v == 0.0 {
            if lo > 0.0 || hi < 0.0 {
                return None;
            }
            continue;
        }
        let (t0, t1) = if v > 0.0 {
            (lo / v, hi / v)
        } else {
            (hi / v, lo / v)
        };
        if t0 > enter {
            enter = t0;
            rate = v.abs() / n.length();
        }
        exit = exit.min(t1);
        if enter > exit {
            return None;
        }
    }
    Some((enter, exit, rate))
}

/// Whether `mover`, touching or overlapping `other` (or all but), goes into it when moved
/// along `delta` (of this `length`): whether the depth of their overlap — the least
/// [`overlap`] of their shadows on the edge normals of both, as [`rect_gap`] finds it —
/// grows as the move begins at more than [`INTO`] an inch along it. Where several
/// shadows tie for the least, the depth grows only as fast as the slowest of them.
fn goes_in(mover: &Outline, delta: Vec2, other: &Outline, length: f32) -> bool {
    if length <= f32::EPSILON {
        return false;
    }
    // Each unit normal's overlap, and how fast it grows an inch along the move.
    let axes = || {
        normals(mover, other)
            .filter_map(|n| n.try_normalize())
            .map(|n| {
                let ((a0, a1), (b0, b1)) = (mover.span(n), other.span(n));
                let v = delta.dot(n) / length;
                // The other lies ahead along n (up) or behind it (down).
                let (up, down) = (a1 - b0, b1 - a0);
                let rate = if up < down {
                    v
                } else if down < up {
                    -v
                } else {
                    -v.abs()
                };
                (up.min(down), rate)
            })
    };
    let least = axes().map(|(o, _)| o).fold(f32::INFINITY, f32::min);
    let rate = axes()
        .filter(|(o, _)| *o <= least + TIE)
        .map(|(_, r)| r)
        .fold(f32::INFINITY, f32::min);
    rate > INTO
}

/// The signed gap between two rectangular bases (None if either is round): how far
/// apart they stand — the least distance from a corner of one to the other — or, where
/// they overlap, how deep (negative): the least move that parts them, the least
/// [`overlap`] of their shadows on the four edge normals.
pub(super) fn rect_gap(a: &Placed, b: &Placed) -> Option<f32> {
    let (fa, fb) = (Frame::of(a)?, Frame::of(b)?);
    let mut depth = f32::INFINITY;
    for n in [fa.u, fa.v, fb.u, fb.v] {
        let overlap = overlap(fa.span(n), fb.span(n));
        if overlap < 0.0 {
            let nearest = |from: &Frame, to: &Frame| {
                from.corners()
                    .map(|p| to.distance_squared(p))
                    .into_iter()
                    .fold(f32::INFINITY, f32::min)
            };
            return Some(nearest(&fa, &fb).min(nearest(&fb, &fa)).sqrt());
        }
        depth = depth.min(overlap);
    }
    Some(-depth)
}

/// The signed gap between a rectangular base and a convex polygon (corners in order),
/// as [`rect_gap`] finds it between two rectangles: how far apart they stand (the least
/// distance from a corner of either to the other), or, where they overlap, how deep
/// (negative). None for a round base.
pub(super) fn rect_polygon_gap(base: &Placed, corners: &[Vec2]) -> Option<f32> {
    let frame = Frame::of(base)?;
    let polygon = Outline::Polygon(corners);
    let axes = [frame.u, frame.v]
        .into_iter()
        .chain((0..corners.len()).filter_map(|i| polygon.normal(i).try_normalize()));
    let mut depth = f32::INFINITY;
    for n in axes {
        let overlap = overlap(frame.span(n), polygon.span(n));
        if overlap < 0.0 {
            let to_rect = corners.iter().map(|p| frame.distance_squared(*p).sqrt());
            let edges = (0..corners.len()).map(|i| (corners[i], corners[(i + 1) % corners.len()]));
            let to_polygon = edges.flat_map(|(a, b)| {
                frame
                    .corners()
                    .map(|p| super::convert::distance_to_segment(p, a, b))
            });
            return Some(to_rect.chain(to_polygon).fold(f32::INFINITY, f32::min));
        }
        depth = depth.min(overlap);
    }
    Some(-depth)
}

/// How far one shadow must move along its axis to part from the other (negative where
/// they are apart).
fn overlap((a0, a1): (f32, f32), (b0, b1): (f32, f32)) -> f32 {
    (a1 - b0).min(b1 - a0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(centre: Vec2, half: f32) -> [Vec2; 4] {
        [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .map(|(x, y)| centre + Vec2::new(x, y) * half)
    }

    fn cast(a: &[Vec2; 4], delta: Vec2, b: &[Vec2; 4]) -> Option<f32> {
        sweep(&Outline::Polygon(a), delta, &Outline::Polygon(b))
    }

    #[test]
    fn a_move_meets_the_other_where_the_gap_closes() {
        let a = square(Vec2::ZERO, 1.0);
        let b = square(Vec2::new(5.0, 0.0), 1.0);
        assert_eq!(cast(&a, Vec2::new(2.9, 0.0), &b), None);
        let t = cast(&a, Vec2::new(6.0, 0.0), &b).unwrap();
        assert!((t - 0.5).abs() < 1e-6, "{t}");
        // Corner first, on a slant: the gap along x closes at x = 3, y = 1.5 < 2.
        let t = cast(&a, Vec2::new(6.0, 3.0), &b).unwrap();
        assert!((t - 0.5).abs() < 1e-6, "{t}");
        // Moving away, or past on a diagonal.
        assert_eq!(cast(&a, Vec2::new(-6.0, 0.0), &b), None);
        assert_eq!(cast(&a, Vec2::new(10.0, 10.0), &b), None);
    }

    #[test]
    fn from_contact_only_a_move_into_the_other_meets_it() {
        let a = square(Vec2::ZERO, 1.0);
        let flush = square(Vec2::new(2.0, 0.0), 1.0);
        assert_eq!(cast(&a, Vec2::new(1.0, 0.0), &flush), Some(0.0));
        assert_eq!(cast(&a, Vec2::new(1.0, 3.0), &flush), Some(0.0));
        // However shallow a slant in, past rounding: no creeping into a wall.
        assert_eq!(cast(&a, Vec2::new(0.005, 6.0), &flush), Some(0.0));
        assert_eq!(cast(&a, Vec2::new(0.0012, 6.0), &flush), Some(0.0));
        // Sliding along it (to rounding), or leaving it.
        assert_eq!(cast(&a, Vec2::new(0.0, 3.0), &flush), None);
        assert_eq!(cast(&a, Vec2::new(1e-6, 6.0), &flush), None);
        assert_eq!(cast(&a, Vec2::new(-1.0, 1.0), &flush), None);
        // A hair into it already: sliding along or leaving, not going deeper.
        let into = square(Vec2::new(1.9995, 0.0), 1.0);
        assert_eq!(cast(&a, Vec2::new(0.0, -3.0), &into), None);
        assert_eq!(cast(&a, Vec2::new(-3.0, 0.0), &into), None);
        assert_eq!(cast(&a, Vec2::new(0.5, 3.0), &into), Some(0.0));
        // A millionth apart: a slant in meets it within a few thousandths, a slide not.
        let all_but = square(Vec2::new(2.000_001, 0.0), 1.0);
        assert!(cast(&a, Vec2::new(0.005, 6.0), &all_but).is_some_and(|t| t * 6.0 < 0.002));
        assert_eq!(cast(&a, Vec2::new(1e-6, 6.0), &all_but), None);
        // A hair apart: sliding along never touches.
        let near = square(Vec2::new(2.001, 0.0), 1.0);
        assert_eq!(cast(&a, Vec2::new(0.0, 3.0), &near), None);
        assert_eq!(cast(&a, Vec2::new(-1.0, 0.0), &near), None);
    }

    #[test]
    fn corner_to_corner_a_move_along_either_face_slides() {
        let a = square(Vec2::ZERO, 1.0);
        let corner = square(Vec2::new(2.0, 2.0), 1.0);
        // Past the corner along either face's line, or away: no hit.
        assert_eq!(cast(&a, Vec2::new(0.0, -3.0), &corner), None);
        assert_eq!(cast(&a, Vec2::new(-3.0, 0.0), &corner), None);
        // Straight at it, between the two faces: a hit at once.
        assert_eq!(cast(&a, Vec2::new(1.0, 1.0), &corner), Some(0.0));
    }

    #[test]
    fn rotated_outlines_meet_at_the_corner_that_leads() {
        // A diamond (a square turned 45°, half-diagonal √2) moving along x at a square.
        let r = std::f32::consts::SQRT_2;
        let diamond = [
            Vec2::new(0.0, -r),
            Vec2::new(r, 0.0),
            Vec2::new(0.0, r),
            Vec2::new(-r, 0.0),
        ];
        let b = square(Vec2::new(5.0, 0.0), 1.0);
        let t = cast(&diamond, Vec2::new(10.0, 0.0), &b).unwrap();
        assert!((t - (4.0 - r) / 10.0).abs() < 1e-6, "{t}");
    }

    #[test]
    fn the_gap_is_the_distance_apart_or_the_depth_within() {
        let square = |x: f32, y: f32, facing: f32| Placed {
            shape: BaseShape::Rect {
                width: 2.0,
                depth: 2.0,
            },
            center: Vec2::new(x, y),
            facing,
        };
        let a = square(0.0, 0.0, 0.0);
        let gap = |b: &Placed| rect_gap(&a, b).unwrap();
        assert!((gap(&square(5.0, 0.0, 0.0)) - 3.0).abs() < 1e-6);
        // Corner to corner, on the diagonal; a corner of the turned one to a face.
        let d = gap(&square(3.0, 3.0, 0.0));
        assert!((d - std::f32::consts::SQRT_2).abs() < 1e-5, "{d}");
        let d = gap(&square(4.0, 0.0, std::f32::consts::FRAC_PI_4));
        assert!((d - (3.0 - std::f32::consts::SQRT_2)).abs() < 1e-5, "{d}");
        assert!(gap(&square(2.0, 0.5, 0.0)).abs() < 1e-6);
        let d = gap(&square(1.5, 0.2, 0.0));
        assert!((d + 0.5).abs() < 1e-6, "{d}");
        assert_eq!(rect_gap(&a, &Placed::round(Vec2::ZERO, 1.0)), None);
    }
}
