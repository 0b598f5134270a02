//! Base and terrain outlines.

use super::convert;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};

/// The outline of a base. Round bases carry one model (Marauders, Borderlands);
/// rectangular ones a unit with a facing (Toy Soldier).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum BaseShape {
    Round { diameter: f32 },
    Rect { width: f32, depth: f32 },
}

impl BaseShape {
    /// Half the extent of the base along x and y once turned by `facing` (radians).
    pub fn half_extents(self, facing: f32) -> Vec2 {
        match self {
            BaseShape::Round { diameter } => Vec2::splat(diameter / 2.0),
            BaseShape::Rect { width, depth } => {
                let (s, c) = facing.sin_cos();
                Vec2::new(
                    (width * c.abs() + depth * s.abs()) / 2.0,
                    (width * s.abs() + depth * c.abs()) / 2.0,
                )
            }
        }
    }

    /// The smallest distance from the centre to the outline: the radius of the largest
    /// circle inside the base.
    pub fn inner(self) -> f32 {
        match self {
            BaseShape::Round { diameter } => diameter / 2.0,
            BaseShape::Rect { width, depth } => width.min(depth) / 2.0,
        }
    }

    /// The largest distance from the centre to the outline.
    pub fn reach(self) -> f32 {
        match self {
            BaseShape::Round { diameter } => diameter / 2.0,
            BaseShape::Rect { width, depth } => Vec2::new(width, depth).length() / 2.0,
        }
    }
}

/// A base at a place on the table. `facing` turns a rectangular base (radians,
/// counter-clockwise, 0 = front edge towards +y).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placed {
    pub shape: BaseShape,
    pub center: Vec2,
    pub facing: f32,
}

impl Placed {
    pub fn round(center: Vec2, diameter: f32) -> Self {
        Self {
            shape: BaseShape::Round { diameter },
            center,
            facing: 0.0,
        }
    }

    pub fn at(self, center: Vec2) -> Self {
        Self { center, ..self }
    }

    /// The box (least, greatest corner) the base covers swept along `delta` (zero: where
    /// it stands), a square of its reach about each end: what lies clear of it, the
    /// base cannot meet.
    pub fn swept_bounds(&self, delta: Vec2) -> (Vec2, Vec2) {
        let end = self.center + delta;
        let r = Vec2::splat(self.shape.reach());
        (self.center.min(end) - r, self.center.max(end) + r)
    }

    /// Whether the outline may come within `margin` of the box from `lo` to `hi`: its
    /// centre lies within its reach (and the margin) of the box. The cheap test that
    /// clears far bases before an exact one.
    pub fn may_reach_box(&self, lo: Vec2, hi: Vec2, margin: f32) -> bool {
        let r = Vec2::splat(self.shape.reach() + margin);
        inside_box(self.center, lo - r, hi + r)
    }

    /// Whether the whole base lies on a table of this size.
    pub fn on_table(&self, table: Vec2) -> bool {
        self.within(Vec2::ZERO, table)
    }

    /// Whether the whole base lies inside the box from `lo` to `hi` (a table, a
    /// deployment zone).
    pub fn within(&self, lo: Vec2, hi: Vec2) -> bool {
        let half = self.shape.half_extents(self.facing);
        let eps = Vec2::splat(1e-4);
        (self.center - half).cmpge(lo - eps).all() && (self.center + half).cmple(hi + eps).all()
    }
}

/// What a terrain piece does (RULINGS: a wood is rough + cover + obstacle, a low wall
/// obstacle + cover, a house blocks movement and sight).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TerrainFlags {
    pub blocks_movement: bool,
    pub blocks_sight: bool,
    pub rough: bool,
    pub cover: bool,
    pub obstacle: bool,
}

/// A convex terrain polygon with its properties. Larger or concave features are made
/// of several pieces.
#[derive(Clone, Debug)]
pub struct TerrainShape {
    pub flags: TerrainFlags,
    pub(super) polygon: parry2d::shape::ConvexPolygon,
    pub(super) points: Vec<Vec2>,
    /// The corners' bounding box (least, greatest): what is clear of it is clear of
    /// the piece, found without the exact test.
    bounds: (Vec2, Vec2),
}

impl TerrainShape {
    /// Builds a piece from its corners, in order. Fails unless they make a convex
    /// polygon of at least three corners with a non-zero area.
    pub fn new(points: Vec<Vec2>, flags: TerrainFlags) -> Result<Self, String> {
        if points.len() < 3 {
            return Err(format!(
                "a terrain polygon needs at least 3 corners, found {}",
                points.len()
            ));
        }
        outline_problem(&points)?;
        let polygon = convert::convex_polygon(&points).ok_or_else(|| {
            "terrain corners must form a convex polygon with an area (split a concave \
             feature into convex pieces)"
                .to_string()
        })?;
        let hull = convert::polygon_points(&polygon);
        if polygon.points().len() != points.len() || !same_cycle(&points, &hull) {
            return Err(
                "terrain polygon is not convex, crosses itself or repeats a corner: list \
                 the corners of a convex outline in order around it"
                    .to_string(),
            );
        }
        let bounds = points.iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(lo, hi), p| (lo.min(*p), hi.max(*p)),
        );
        Ok(Self {
            flags,
            polygon,
            points,
            bounds,
        })
    }

    /// Whether the box `lo`–`hi`, grown by `margin`, meets the piece's bounding box.
    fn near(&self, lo: Vec2, hi: Vec2, margin: f32) -> bool {
        let (blo, bhi) = self.bounds;
        lo.x - margin <= bhi.x
            && lo.y - margin <= bhi.y
            && hi.x + margin >= blo.x
            && hi.y + margin >= blo.y
    }

    /// Whether a base's bounding box, grown by `margin`, meets the piece's.
    fn near_base(&self, base: &Placed, margin: f32) -> bool {
        let (lo, hi) = base.swept_bounds(Vec2::ZERO);
        self.near(lo, hi, margin)
    }

    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// Whether a point lies inside (or on the edge of) the piece.
    pub fn contains(&self, p: Vec2) -> bool {
        self.near(p, p, 1e-4) && convert::polygon_contains(&self.polygon, p)
    }

    /// Whether a base touches or lies inside the piece.
    pub fn touches(&self, base: &Placed) -> bool {
        self.near_base(base, super::CONTACT_GAP + 1e-4)
            && convert::base_polygon_gap(base, &self.polygon, &self.points) <= super::CONTACT_GAP
    }

    /// Whether a base lies partly over the piece (more than touching it).
    pub fn overlaps(&self, base: &Placed) -> bool {
        self.near_base(base, 0.0)
            && convert::base_polygon_gap(base, &self.polygon, &self.points)
                < -super::OVERLAP_TOLERANCE
    }

    /// The part of the segment `from → to` inside the piece, as fractions [t_in, t_out]
    /// of its length, if any.
    pub fn segment_inside(&self, from: Vec2, to: Vec2) -> Option<(f32, f32)> {
        if !self.near(from.min(to), from.max(to), 1e-4) {
            return None;
        }
        convert::segment_inside(&self.polygon, from, to)
    }

    /// Sweeps a base along `delta`: the fraction of `delta` at which it first touches the
    /// piece, if it does before the end.
    pub fn sweep_hit(&self, base: &Placed, delta: Vec2) -> Option<f32> {
        let (lo, hi) = base.swept_bounds(delta);
        if !self.near(lo, hi, 1e-3) {
            return None;
        }
        convert::sweep_hit_polygon(base, delta, &self.polygon, &self.points)
    }
}

/// The largest coordinate a terrain corner may have, in inches (a table is at most
/// 1,000" a side): beyond it, f32 geometry loses the precision a base needs.
pub const MAX_CORNER: f32 = 100_000.0;

/// The smallest area a piece may enclose, in square inches: less is a point or a line
/// (parry's hull panics on corners that all coincide), never a piece of terrain.
pub const MIN_AREA: f32 = 1e-3;

/// What makes `points` no outline at all, before any geometry sees them: a corner that
/// is not a finite number or lies absurdly far off, or corners that enclose no area.
fn outline_problem(points: &[Vec2]) -> Result<(), String> {
    if let Some(p) = points
        .iter()
        .find(|p| !p.is_finite() || p.abs().max_element() > MAX_CORNER)
    {
        return Err(format!(
            "terrain corner ({}, {}) must be a finite number of inches within \
             ±{MAX_CORNER}",
            p.x, p.y
        ));
    }
    // The shoelace formula: twice the signed area of the outline as listed.
    let n = points.len();
    let twice: f64 = (0..n)
        .map(|i| {
            let (a, b) = (points[i].as_dvec2(), points[(i + 1) % n].as_dvec2());
            a.x * b.y - b.x * a.y
        })
        .sum();
    if twice.abs() / 2.0 < f64::from(MIN_AREA) {
        return Err(format!(
            "terrain corners enclose no area (all on one point or one line, or an \
             outline that crosses itself so that its areas cancel): {n} corners, area \
             {:.4} sq in",
            twice.abs() / 2.0
        ));
    }
    Ok(())
}

/// Whether `points` run round the same cycle as `hull`, in either direction.
fn same_cycle(points: &[Vec2], hull: &[Vec2]) -> bool {
    let n = hull.len();
    let close = |a: Vec2, b: Vec2| a.distance_squared(b) < 1e-10;
    let Some(start) = hull.iter().position(|h| close(*h, points[0])) else {
        return false;
    };
    let forward = (0..n).all(|i| close(points[i], hull[(start + i) % n]));
    let backward = (0..n).all(|i| close(points[i], hull[(start + n - i) % n]));
    forward || backward
}

/// An axis-aligned rectangle of terrain from (x0, y0) to (x1, y1), for tests.
#[cfg(test)]
pub(super) fn square(x0: f32, y0: f32, x1: f32, y1: f32, flags: TerrainFlags) -> TerrainShape {
    TerrainShape::new(
        vec![
            Vec2::new(x0, y0),
            Vec2::new(x1, y0),
            Vec2::new(x1, y1),
            Vec2::new(x0, y1),
        ],
        flags,
    )
    .expect("a square is convex")
}

/// Whether `p` lies in the box from `lo` to `hi` (edges included), as one test rather
/// than four branches: filters over a crowd, whose bases pass or fail at random, ask it
/// tens of millions of times.
#[inline]
pub fn inside_box(p: Vec2, lo: Vec2, hi: Vec2) -> bool {
    (p.x >= lo.x) & (p.y >= lo.y) & (p.x <= hi.x) & (p.y <= hi.y)
}

/// Whether `p` lies inside (or on the edge of) the convex polygon whose corners are
/// `corners` in turn, either way round: every edge has `p` on the same side.
pub fn inside_convex(p: Vec2, corners: &[Vec2]) -> bool {
    let n = corners.len();
    let side = |k: usize| (corners[(k + 1) % n] - corners[k]).perp_dot(p - corners[k]);
    (0..n).all(|k| side(k) >= 0.0) || (0..n).all(|k| side(k) <= 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A point is inside a convex outline turned either way round, and outside a turned
    /// square's corner.
    #[test]
    fn a_point_is_inside_a_convex_outline_turned_any_way() {
        let v = |x, y| Vec2::new(x, y);
        let square = [v(0.0, 0.0), v(10.0, 0.0), v(10.0, 10.0), v(0.0, 10.0)];
        assert!(inside_convex(v(5.0, 5.0), &square));
        assert!(!inside_convex(v(11.0, 5.0), &square));
        let mut turned = square;
        turned.reverse();
        assert!(inside_convex(v(5.0, 5.0), &turned));
        let diamond = [v(5.0, 0.0), v(10.0, 5.0), v(5.0, 10.0), v(0.0, 5.0)];
        assert!(
            !inside_convex(v(1.0, 1.0), &diamond),
            "outside a turned base's corner"
        );
        let triangle = [v(0.0, 0.0), v(4.0, 0.0), v(0.0, 4.0)];
        assert!(inside_convex(v(2.0, 2.0), &triangle), "on its edge");
        assert!(!inside_convex(v(2.1, 2.1), &triangle));
    }

    fn shape(corners: &[(f32, f32)]) -> Result<TerrainShape, String> {
        let points = corners.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
        TerrainShape::new(points, TerrainFlags::default())
    }

    #[test]
    fn corners_on_one_point_are_refused_not_a_panic() {
        let e = shape(&[(5.0, 5.0); 4]).expect_err("refused");
        assert!(e.contains("enclose no area"), "{e}");
        // Every corner on one point but one: a line, no area.
        let e = shape(&[(5.0, 5.0), (5.0, 5.0), (5.0, 5.0), (9.0, 7.0)]).expect_err("refused");
        assert!(e.contains("enclose no area"), "{e}");
        // Three corners on a line.
        assert!(shape(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)]).is_err());
    }

    #[test]
    fn corners_that_are_no_number_or_absurd_are_refused() {
        for bad in [f32::NAN, f32::INFINITY, 1e30] {
            let e = shape(&[(0.0, 0.0), (bad, 0.0), (1.0, 1.0)]).expect_err("refused");
            assert!(e.contains("finite number of inches"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_sliver_with_area_is_still_a_piece() {
        assert!(shape(&[(0.0, 0.0), (4.0, 0.0), (4.0, 0.01)]).is_ok());
        assert!(shape(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]).is_ok());
    }
}
