//! The icons as egui shapes, for lists and panels.

use super::drawing::{Form, Icon, Ink, marks};
use bevy::math::Vec2;
use bevy_egui::egui;
use warband_table::geometry::shapes::inside_convex;

/// The icon's colour in lists: the warm white of the bases' icons.
const LIGHT: egui::Color32 = egui::Color32::from_rgb(245, 237, 214);
const DARK: egui::Color32 = egui::Color32::from_rgb(16, 16, 16);

/// Paints `icon` filling the largest square centred in `rect`, in `colour` with a dark
/// outline.
pub fn paint_egui(painter: &egui::Painter, rect: egui::Rect, icon: Icon, colour: egui::Color32) {
    painter.extend(egui_shapes(rect, icon, colour, DARK));
}

/// A small square of `size` points showing `icon` (its name on hover), for a row of a
/// list.
pub fn icon_label(ui: &mut egui::Ui, icon: Icon, size: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::Vec2::splat(size), egui::Sense::hover());
    if ui.is_rect_visible(rect) {
        paint_egui(ui.painter(), rect, icon, LIGHT);
    }
    response.on_hover_text(icon.name())
}

/// A profile's name with its icon before it (none for a profile the data no longer
/// has), as every list of profiles shows it.
pub fn icon_and_name(ui: &mut egui::Ui, icon: Option<Icon>, name: &str) -> egui::Response {
    let size = ui.text_style_height(&egui::TextStyle::Body) + 8.0;
    ui.horizontal(|ui| {
        match icon {
            Some(icon) => icon_label(ui, icon, size),
            None => {
                ui.allocate_exact_size(egui::Vec2::splat(size), egui::Sense::hover())
                    .1
            }
        };
        ui.label(name)
    })
    .inner
}

/// An icon's egui shapes, bottom first, in the square centred in `rect`: a polygon is
/// a mesh with a thin edge in its own ink (so it is smooth), a line a path, a circle a
/// circle.
pub fn egui_shapes(
    rect: egui::Rect,
    icon: Icon,
    colour: egui::Color32,
    outline: egui::Color32,
) -> Vec<egui::Shape> {
    let half = rect.size().min_elem() / 2.0;
    let at = |p: Vec2| rect.center() + egui::vec2(p.x, -p.y) * half;
    let mut out = Vec::new();
    for m in marks(icon) {
        let c = match m.ink {
            Ink::Colour => colour,
            Ink::Outline => outline,
        };
        match &m.form {
            Form::Polygon(points) => {
                let points: Vec<egui::Pos2> = points.iter().map(|p| at(*p)).collect();
                out.push(egui::Shape::mesh(filled(&points, c)));
                out.push(egui::Shape::closed_line(points, egui::Stroke::new(0.6, c)));
            }
            Form::Line {
                points,
                width,
                closed,
            } => {
                let points = points.iter().map(|p| at(*p)).collect();
                let stroke = egui::Stroke::new(width * half, c);
                out.push(match closed {
                    true => egui::Shape::closed_line(points, stroke),
                    false => egui::Shape::line(points, stroke),
                });
            }
            Form::Circle { center, radius } => {
                out.push(egui::Shape::circle_filled(at(*center), radius * half, c));
            }
        }
    }
    out
}

/// A simple polygon (convex or not) as a mesh of one colour.
fn filled(points: &[egui::Pos2], colour: egui::Color32) -> egui::Mesh {
    let mut mesh = egui::Mesh::default();
    for p in points {
        mesh.colored_vertex(*p, colour);
    }
    let flat: Vec<Vec2> = points.iter().map(|p| Vec2::new(p.x, p.y)).collect();
    for [a, b, c] in triangles(&flat) {
        mesh.add_triangle(a as u32, b as u32, c as u32);
    }
    mesh
}

/// Twice the signed area of a polygon: positive when it winds counter-clockwise (in a
/// y-up frame).
fn area2(points: &[Vec2]) -> f32 {
    let n = points.len();
    (0..n)
        .map(|i| points[i].perp_dot(points[(i + 1) % n]))
        .sum()
}

/// A simple polygon cut into triangles by clipping ears: each time, a corner that bends
/// the polygon's way with no other corner inside its triangle.
pub(super) fn triangles(points: &[Vec2]) -> Vec<[usize; 3]> {
    let turn = area2(points).signum();
    let mut left: Vec<usize> = (0..points.len()).collect();
    let mut out = Vec::new();
    while left.len() > 3 {
        let n = left.len();
        let ear = (0..n).find(|&i| {
            let (a, b, c) = (left[(i + n - 1) % n], left[i], left[(i + 1) % n]);
            let (pa, pb, pc) = (points[a], points[b], points[c]);
            (pb - pa).perp_dot(pc - pb) * turn > 0.0
                && !left
                    .iter()
                    .filter(|&&k| k != a && k != b && k != c)
                    .any(|&k| inside_convex(points[k], &[pa, pb, pc]))
        });
        // A polygon with no ear left (its own edges crossing, or a flat run of corners):
        // take the corner anyway, so it still draws.
        let i = ear.unwrap_or(0);
        out.push([left[(i + n - 1) % n], left[i], left[(i + 1) % n]]);
        left.remove(i);
    }
    if left.len() == 3 {
        out.push([left[0], left[1], left[2]]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every polygon of every icon is cut into triangles that cover exactly its area.
    #[test]
    fn every_polygon_is_cut_into_triangles_covering_it() {
        for icon in Icon::ALL {
            for m in marks(icon) {
                let Form::Polygon(points) = &m.form else {
                    continue;
                };
                let tris = triangles(points);
                assert_eq!(tris.len(), points.len() - 2, "{}", icon.name());
                let sum: f32 = tris
                    .iter()
                    .map(|t| area2(&t.map(|i| points[i])).abs())
                    .sum();
                let whole = area2(points).abs();
                assert!(
                    (sum - whole).abs() < 1e-4 * whole.max(1.0),
                    "{}: {sum} vs {whole}",
                    icon.name()
                );
            }
        }
    }

    /// The egui shapes are the marks, in the same order, inks and points, mapped into
    /// the square they were painted in.
    #[test]
    fn the_egui_shapes_are_the_marks() {
        let rect = egui::Rect::from_min_size(egui::pos2(10.0, 20.0), egui::vec2(40.0, 40.0));
        let at = |p: &Vec2| egui::pos2(30.0 + p.x * 20.0, 40.0 - p.y * 20.0);
        let ink = |i: Ink| match i {
            Ink::Colour => egui::Color32::WHITE,
            Ink::Outline => egui::Color32::BLACK,
        };
        for icon in Icon::ALL {
            let shapes = egui_shapes(rect, icon, ink(Ink::Colour), ink(Ink::Outline));
            let mut shapes = shapes.iter();
            for m in marks(icon) {
                let c = ink(m.ink);
                match (&m.form, shapes.next()) {
                    (Form::Polygon(points), Some(egui::Shape::Mesh(mesh))) => {
                        let want: Vec<_> = points.iter().map(at).collect();
                        let got: Vec<_> = mesh.vertices.iter().map(|v| v.pos).collect();
                        assert_eq!(got, want, "{}", icon.name());
                        assert!(mesh.vertices.iter().all(|v| v.color == c));
                        assert!(matches!(shapes.next(), Some(egui::Shape::Path(p)) if p.closed));
                    }
                    (
                        Form::Line {
                            points,
                            width,
                            closed,
                        },
                        Some(egui::Shape::Path(p)),
                    ) => {
                        let want: Vec<_> = points.iter().map(at).collect();
                        assert_eq!((&p.points, p.closed), (&want, *closed), "{}", icon.name());
                        assert!((p.stroke.width - width * 20.0).abs() < 1e-4);
                    }
                    (Form::Circle { center, radius }, Some(egui::Shape::Circle(k))) => {
                        assert_eq!((k.center, k.radius), (at(center), radius * 20.0));
                        assert_eq!(k.fill, c);
                    }
                    (form, shape) => panic!("{}: {form:?} painted as {shape:?}", icon.name()),
                }
            }
            assert!(shapes.next().is_none(), "{}", icon.name());
        }
    }

    #[test]
    fn a_concave_polygon_is_cut_inside_its_outline() {
        // An L: the ear at its inner corner must not be clipped.
        let l = [
            (0.0, 0.0),
            (2.0, 0.0),
            (2.0, 1.0),
            (1.0, 1.0),
            (1.0, 2.0),
            (0.0, 2.0),
        ]
        .map(|(x, y)| Vec2::new(x, y));
        let sum: f32 = triangles(&l)
            .iter()
            .map(|t| area2(&t.map(|i| l[i])).abs())
            .sum();
        assert!((sum - 2.0 * 3.0).abs() < 1e-5);
    }
}
