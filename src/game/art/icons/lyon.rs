//! The icons as lyon shapes, for the bases on the table.

use super::drawing::{Form, Icon, Ink, marks};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;

/// The shapes are built this many times larger than the unit box and the icon drawn at
/// its inverse, so lyon's fixed tolerance (in drawing units) keeps the curves smooth at
/// any size.
const BUILD: f32 = 100.0;

/// How a batch of forms is painted: filled, or stroked this wide (in the unit box).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Pen {
    Fill,
    Stroke(f32),
}

fn pen(form: &Form) -> Pen {
    match form {
        Form::Line { width, .. } => Pen::Stroke(*width),
        Form::Polygon(_) | Form::Circle { .. } => Pen::Fill,
    }
}

/// One shape's worth of an icon: forms in one ink painted with one pen.
type Batch = (Ink, Pen, Vec<Form>);

/// An icon's marks gathered into as few shapes as paint the same picture: each run of
/// marks in one ink, split by pen. Within a run everything is one colour, so the order
/// does not show; the runs keep theirs.
fn batches(icon: Icon) -> Vec<Batch> {
    let mut out: Vec<Batch> = Vec::new();
    let mut run = 0;
    for m in marks(icon) {
        if out.last().is_some_and(|(ink, ..)| *ink != m.ink) {
            run = out.len();
        }
        let pen = pen(&m.form);
        match out[run..].iter_mut().find(|(_, p, _)| *p == pen) {
            Some((_, _, forms)) => forms.push(m.form),
            None => out.push((m.ink, pen, vec![m.form])),
        }
    }
    out
}

/// Forms as one lyon path, in unit-box coordinates times `scale`. Polygons and circles
/// all wind counter-clockwise, so filled with the non-zero rule overlapping ones merge.
pub fn lyon_path(forms: &[Form], scale: f32) -> ShapePath {
    let through = |mut path: ShapePath, points: &[Vec2], closed: bool| {
        path = path.move_to(points[0] * scale);
        for p in &points[1..] {
            path = path.line_to(*p * scale);
        }
        if closed { path.close() } else { path }
    };
    forms
        .iter()
        .fold(ShapePath::new(), |path, form| match form {
            Form::Polygon(points) => {
                let mut points = points.clone();
                let n = points.len();
                let area: f32 = (0..n)
                    .map(|i| points[i].perp_dot(points[(i + 1) % n]))
                    .sum();
                if area < 0.0 {
                    points.reverse();
                }
                through(path, &points, true)
            }
            Form::Line { points, closed, .. } => through(path, points, *closed),
            Form::Circle { center, radius } => {
                let (c, r) = (*center * scale, radius * scale);
                path.move_to(c + Vec2::new(r, 0.0))
                    .arc(c, Vec2::splat(r), std::f32::consts::TAU, 0.0)
                    .close()
            }
        })
}

/// An icon's shapes, bottom first, each in `colour` or `outline` as its ink says: built
/// [`BUILD`] times the unit box, to be drawn at [`scale_for`] the radius wanted (a base bakes them into its
/// body's mesh).
pub fn lyon_shapes(icon: Icon, colour: Color, outline: Color) -> Vec<Shape> {
    let fill = |c: Color| Fill {
        options: FillOptions::default().with_fill_rule(FillRule::NonZero),
        color: c,
    };
    batches(icon)
        .into_iter()
        .map(|(ink, pen, forms)| {
            let c = match ink {
                Ink::Colour => colour,
                Ink::Outline => outline,
            };
            let path = ShapeBuilder::with(&lyon_path(&forms, BUILD));
            match pen {
                Pen::Stroke(width) => path.stroke((c, width * BUILD)).build(),
                Pen::Fill => path.fill(fill(c)).build(),
            }
        })
        .collect()
}

/// The scale at which an icon's shapes ([`lyon_shapes`]) are drawn `radius` across
/// from centre to edge of their box.
pub fn scale_for(radius: f32) -> f32 {
    radius / BUILD
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_prototype_lyon::prelude::tess::path::Event;

    /// The box round a set of points.
    fn span(points: impl Iterator<Item = Vec2>) -> (Vec2, Vec2) {
        points.fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p), hi.max(p))
        })
    }

    fn form_span(forms: &[Form]) -> (Vec2, Vec2) {
        span(forms.iter().flat_map(|f| match f {
            Form::Polygon(points) | Form::Line { points, .. } => points.clone(),
            Form::Circle { center, radius } => vec![center - radius, center + radius],
        }))
    }

    /// Every mark is in exactly one shape, in its ink, painted with its pen, and the
    /// shape runs through the marks' points (a circle's through its four extremes).
    #[test]
    fn the_lyon_shapes_are_the_marks() {
        for icon in Icon::ALL {
            let batches = batches(icon);
            let shapes = lyon_shapes(icon, Color::WHITE, Color::BLACK);
            assert_eq!(shapes.len(), batches.len(), "{}", icon.name());
            let count: usize = batches.iter().map(|b| b.2.len()).sum();
            assert_eq!(count, marks(icon).len(), "{}", icon.name());
            for ((ink, pen, forms), shape) in batches.iter().zip(&shapes) {
                let painted = shape
                    .fill
                    .map(|f| f.color)
                    .or(shape.stroke.map(|s| s.color));
                let want = match ink {
                    Ink::Colour => Color::WHITE,
                    Ink::Outline => Color::BLACK,
                };
                assert_eq!(painted, Some(want), "{}", icon.name());
                assert!(forms.iter().all(|f| super::pen(f) == *pen));
                let begins = shape
                    .path
                    .iter()
                    .filter(|e| matches!(e, Event::Begin { .. }));
                assert_eq!(begins.count(), forms.len(), "{}", icon.name());
                let path = shape.path.iter().flat_map(|e| [e.from(), e.to()]);
                let (lo, hi) = span(path.map(|p| Vec2::new(p.x, p.y) / BUILD));
                let (want_lo, want_hi) = form_span(forms);
                let near = |a: Vec2, b: Vec2| (a - b).abs().max_element() < 1e-3;
                assert!(near(lo, want_lo) && near(hi, want_hi), "{}", icon.name());
                assert_eq!(shape.stroke.is_some(), matches!(pen, Pen::Stroke(_)));
            }
        }
    }

    /// Runs in another ink keep their order: a dark socket is never under the skull.
    #[test]
    fn a_dark_detail_stays_above_the_part_it_is_cut_into() {
        let inks: Vec<Ink> = batches(Icon::Skull).iter().map(|b| b.0).collect();
        assert_eq!(
            inks,
            [
                Ink::Outline,
                Ink::Outline,
                Ink::Colour,
                Ink::Outline,
                Ink::Outline
            ]
        );
    }
}
