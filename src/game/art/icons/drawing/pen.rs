//! The pen the drawings are written with: a few shorthands that turn points written as
//! `(x, y)` pairs in the unit box into [`Part`]s, so each drawing reads as a short list.

use super::{Form, Ink, Part};
use bevy::math::Vec2;

/// A point as the drawings write it.
pub(super) type P = (f32, f32);

fn vec(points: &[P]) -> Vec<Vec2> {
    points.iter().map(|&(x, y)| Vec2::new(x, y)).collect()
}

fn part(form: Form) -> Part {
    Part {
        form,
        ink: Ink::Colour,
    }
}

impl Part {
    /// The same part in the outline's ink: a socket, a gap, a charge on a shield.
    pub(super) fn dark(self) -> Part {
        Part {
            ink: Ink::Outline,
            ..self
        }
    }
}

/// A filled polygon through `points`.
pub(super) fn polygon(points: &[P]) -> Part {
    part(Form::Polygon(vec(points)))
}

/// A filled polygon symmetric about x = 0, from its right half written top to bottom
/// (points on the axis are kept once).
pub(super) fn mirrored(half: &[P]) -> Part {
    let left = half
        .iter()
        .rev()
        .filter(|(x, _)| *x != 0.0)
        .map(|&(x, y)| (-x, y));
    let all: Vec<P> = half.iter().copied().chain(left).collect();
    polygon(&all)
}

/// An open line through `points`, `width` wide.
pub(super) fn line(points: &[P], width: f32) -> Part {
    part(Form::Line {
        points: vec(points),
        width,
        closed: false,
    })
}

/// A closed line through `points`, `width` wide: a loop.
pub(super) fn ring(points: &[P], width: f32) -> Part {
    part(Form::Line {
        points: vec(points),
        width,
        closed: true,
    })
}

/// A filled circle.
pub(super) fn disc(x: f32, y: f32, radius: f32) -> Part {
    part(Form::Circle {
        center: Vec2::new(x, y),
        radius,
    })
}

/// A filled four-sided bar from `a` to `b`, `wide_a` across at `a` and `wide_b` at `b`:
/// a blade, a barrel, a tapering haft.
pub(super) fn bar(a: P, b: P, wide_a: f32, wide_b: f32) -> Part {
    let (a, b) = (Vec2::from(a), Vec2::from(b));
    let across = (b - a).normalize_or_zero().perp();
    let (ha, hb) = (across * wide_a / 2.0, across * wide_b / 2.0);
    part(Form::Polygon(vec![a + ha, b + hb, b - hb, a - ha]))
}

/// A filled rectangle between two corners.
pub(super) fn rect((x0, y0): P, (x1, y1): P) -> Part {
    polygon(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
}

/// Points along an ellipse round `c`, from `from` to `to` degrees (counter-clockwise
/// when `to` is larger), one every 10° or so, both ends included.
pub(super) fn arc(c: P, (rx, ry): P, from: f32, to: f32) -> Vec<P> {
    let steps = ((to - from).abs() / 10.0).ceil().max(1.0) as usize;
    (0..=steps)
        .map(|i| {
            let a = (from + (to - from) * i as f32 / steps as f32).to_radians();
            (c.0 + rx * a.cos(), c.1 + ry * a.sin())
        })
        .collect()
}

/// A filled ellipse (a polygon fine enough to read as round).
pub(super) fn ellipse(c: P, radii: P) -> Part {
    let mut points = arc(c, radii, 0.0, 360.0);
    points.pop();
    polygon(&points)
}

/// Rotates points by `degrees` round `c`: the same piece set at another angle.
pub(super) fn turned(points: &[P], c: P, degrees: f32) -> Vec<P> {
    let (s, k) = degrees.to_radians().sin_cos();
    points
        .iter()
        .map(|&(x, y)| {
            let (dx, dy) = (x - c.0, y - c.1);
            (c.0 + dx * k - dy * s, c.1 + dx * s + dy * k)
        })
        .collect()
}
