//! The drawings themselves, apart from any painter: each icon's parts in the unit box,
//! and the marks both painters paint. Plain data and arithmetic on `Vec2`, so it can be
//! checked (and looked at) without a window.

mod arms;
mod beings;
mod pen;

pub use warband_rules::icon::Icon;

use bevy::math::Vec2;

/// How wide the dark edge round an icon's silhouette is, in the unit box.
pub const OUTLINE: f32 = 0.09;

/// The shape of one part, in the unit box.
#[derive(Clone, Debug, PartialEq)]
pub enum Form {
    /// A simple closed polygon, filled (convex or not).
    Polygon(Vec<Vec2>),
    /// A line through `points`, `width` wide, its ends cut flat at the end points;
    /// `closed` joins the last point to the first.
    Line {
        points: Vec<Vec2>,
        width: f32,
        closed: bool,
    },
    /// A filled circle.
    Circle { center: Vec2, radius: f32 },
}

/// Which of the two colours a part is painted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ink {
    /// The icon's own (light) colour.
    Colour,
    /// The outline's (dark) colour: the edge, and details cut into the light parts.
    Outline,
}

/// One piece of a drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    pub form: Form,
    pub ink: Ink,
}

/// An icon's drawing: its parts, bottom first.
pub fn parts(icon: Icon) -> Vec<Part> {
    match icon {
        Icon::Sword => arms::sword(),
        Icon::Spear => arms::spear(),
        Icon::Axe => arms::axe(),
        Icon::Club => arms::club(),
        Icon::Mace => arms::mace(),
        Icon::Dagger => arms::dagger(),
        Icon::Bow => arms::bow(),
        Icon::Crossbow => arms::crossbow(),
        Icon::Sling => arms::sling(),
        Icon::Staff => arms::staff(),
        Icon::Shield => arms::shield(),
        Icon::Banner => arms::banner(),
        Icon::Cannon => arms::cannon(),
        Icon::Skull => beings::skull(),
        Icon::Horse => beings::horse(),
        Icon::Wolf => beings::wolf(),
        Icon::Giant => beings::giant(),
        Icon::Beast => beings::beast(),
    }
}

/// What both painters paint for an icon, bottom first: the outline under every part in
/// the icon's colour, then the parts themselves.
pub fn marks(icon: Icon) -> Vec<Part> {
    let parts = parts(icon);
    let edge = parts
        .iter()
        .filter(|p| p.ink == Ink::Colour)
        .flat_map(|p| grown(&p.form))
        .map(|form| Part {
            form,
            ink: Ink::Outline,
        });
    edge.collect::<Vec<_>>().into_iter().chain(parts).collect()
}

/// A form grown by [`OUTLINE`] all round, as the forms that cover it.
fn grown(form: &Form) -> Vec<Form> {
    match form {
        Form::Polygon(points) => vec![
            form.clone(),
            Form::Line {
                points: points.clone(),
                width: 2.0 * OUTLINE,
                closed: true,
            },
        ],
        Form::Line {
            points,
            width,
            closed,
        } => vec![Form::Line {
            points: if *closed {
                points.clone()
            } else {
                lengthened(points, OUTLINE)
            },
            width: width + 2.0 * OUTLINE,
            closed: *closed,
        }],
        Form::Circle { center, radius } => vec![Form::Circle {
            center: *center,
            radius: radius + OUTLINE,
        }],
    }
}

/// An open line with both ends carried on by `by` along their direction, so a square
/// end gets its edge too.
fn lengthened(points: &[Vec2], by: f32) -> Vec<Vec2> {
    let mut out = points.to_vec();
    let n = out.len();
    if n >= 2 {
        out[0] += (points[0] - points[1]).normalize_or_zero() * by;
        out[n - 1] += (points[n - 1] - points[n - 2]).normalize_or_zero() * by;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The box a form covers, ink and line width included (a mitred corner may reach a
    /// little further).
    fn reach(form: &Form) -> (Vec2, Vec2) {
        let spread = |points: &mut dyn Iterator<Item = Vec2>| {
            points.fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(lo, hi), p| {
                (lo.min(p), hi.max(p))
            })
        };
        match form {
            Form::Polygon(points) => spread(&mut points.iter().copied()),
            Form::Line {
                points,
                width,
                closed,
            } => {
                // Each run of the line is a rectangle with flat ends: its four corners.
                let n = points.len();
                let runs = if *closed { n } else { n - 1 };
                let corners = (0..runs).flat_map(|i| {
                    let (a, b) = (points[i], points[(i + 1) % n]);
                    let across = (b - a).normalize_or_zero().perp() * width / 2.0;
                    [a + across, a - across, b + across, b - across]
                });
                spread(&mut corners.into_iter())
            }
            Form::Circle { center, radius } => (center - radius, center + radius),
        }
    }

    #[test]
    fn every_icon_has_parts_in_its_colour() {
        for icon in Icon::ALL {
            let parts = parts(icon);
            assert!(
                parts.iter().any(|p| p.ink == Ink::Colour),
                "{}: no light part",
                icon.name()
            );
        }
    }

    /// Everything painted, outline included, stays inside the unit box: an icon never
    /// spills off the base it is sized to.
    #[test]
    fn every_icon_with_its_outline_lies_in_the_unit_box() {
        for icon in Icon::ALL {
            for (i, mark) in marks(icon).iter().enumerate() {
                let (lo, hi) = reach(&mark.form);
                assert!(
                    lo.cmpge(Vec2::splat(-1.0)).all() && hi.cmple(Vec2::splat(1.0)).all(),
                    "{} mark {i} reaches {lo}..{hi}",
                    icon.name()
                );
            }
        }
    }

    /// A drawing fills enough of its box to read: at least 1.2 across or tall.
    #[test]
    fn every_icon_fills_its_box() {
        for icon in Icon::ALL {
            let (lo, hi) = marks(icon)
                .iter()
                .map(|m| reach(&m.form))
                .fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(lo, hi), (l, h)| {
                    (lo.min(l), hi.max(h))
                });
            let size = hi - lo;
            assert!(size.max_element() > 1.6, "{}: {size}", icon.name());
        }
    }

    #[test]
    fn lines_and_polygons_have_points_enough_and_width() {
        for icon in Icon::ALL {
            for part in parts(icon) {
                match &part.form {
                    Form::Polygon(p) => assert!(p.len() >= 3, "{}", icon.name()),
                    Form::Line { points, width, .. } => {
                        assert!(points.len() >= 2 && *width > 0.0, "{}", icon.name())
                    }
                    Form::Circle { radius, .. } => assert!(*radius > 0.0),
                }
            }
        }
    }

    #[test]
    fn an_open_line_is_outlined_past_its_ends() {
        let line = Form::Line {
            points: vec![Vec2::new(0.0, -0.5), Vec2::new(0.0, 0.5)],
            width: 0.1,
            closed: false,
        };
        let (lo, hi) = reach(&grown(&line)[0]);
        assert!((hi.y - (0.5 + OUTLINE)).abs() < 1e-6 && (lo.y + 0.5 + OUTLINE).abs() < 1e-6);
        assert!((hi.x - (0.05 + OUTLINE)).abs() < 1e-6);
    }
}
