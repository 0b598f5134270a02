//! The editor's table: the scenario drawn to fit, and what the pointer does to it —
//! drag a piece to move it, its yellow corner handles to reshape it, a deployment zone
//! to move it and its corner handles to resize it; click a piece to choose it; and the
//! keys that undo, redo, turn, scale and remove it.

use super::Editor;
use crate::game::palette;
use crate::game::preview::egui_colour;
use bevy::color::Alpha;
use bevy_egui::egui;
use warband_rules::Side;
use warband_table::scenario::Scenario;

/// What the pointer holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Grab {
    Piece(usize),
    Corner(usize, usize),
    Zone(Side),
    /// A zone's `max` (true) or `min` corner.
    ZoneCorner(Side, bool),
}

const HANDLE: f32 = 7.0;

/// Table inches ↔ screen points for a table drawn in `rect`.
struct View {
    rect: egui::Rect,
    scale: f32,
}

impl View {
    fn at(&self, p: (f32, f32)) -> egui::Pos2 {
        egui::pos2(
            self.rect.left() + p.0 * self.scale,
            self.rect.bottom() - p.1 * self.scale,
        )
    }

    fn table(&self, p: egui::Pos2) -> (f32, f32) {
        (
            (p.x - self.rect.left()) / self.scale,
            (self.rect.bottom() - p.y) / self.scale,
        )
    }
}

pub fn show(ui: &mut egui::Ui, e: &mut Editor) {
    let (w, h) = e.doc.table;
    let room = ui.available_size() - egui::vec2(8.0, 8.0);
    let scale = (room.x / w).min(room.y / h).max(1.0);
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(w, h) * scale, egui::Sense::click_and_drag());
    let view = View { rect, scale };
    draw(
        &ui.painter_at(rect.expand(HANDLE)),
        &view,
        &e.doc,
        e.selected,
    );
    let (origin, now, held) = ui.input(|i| {
        let p = &i.pointer;
        (p.press_origin(), p.latest_pos(), p.primary_down())
    });
    if response.drag_started()
        && let Some(from) = origin
    {
        e.grab = grab_at(&view, &e.doc, e.selected, from).map(|g| (g, from));
        if let Some((Grab::Piece(i) | Grab::Corner(i, _), _)) = e.grab {
            e.selected = Some(i);
        }
        e.before_drag = Some(e.doc.clone());
    }
    // The document is the one before the drag, moved by the whole way the pointer has
    // come from where it was pressed: no frame's motion can be lost.
    if let (Some((grab, from)), Some(before), Some(to)) = (e.grab, &e.before_drag, now) {
        let d = (to - from) / scale;
        e.doc = before.clone();
        drag(&mut e.doc, grab, (d.x, -d.y), view.table(to));
    }
    if e.grab.is_some() && !held {
        e.grab = None;
        if let Some(before) = e.before_drag.take()
            && before != e.doc
        {
            e.history.push(before);
        }
    }
    let pointer = response.interact_pointer_pos();
    if response.clicked()
        && let Some(p) = pointer
    {
        e.selected = match grab_at(&view, &e.doc, e.selected, p) {
            Some(Grab::Piece(i) | Grab::Corner(i, _)) => Some(i),
            _ => None,
        };
    }
}

fn drag(doc: &mut Scenario, grab: Grab, by: (f32, f32), to: (f32, f32)) {
    match grab {
        Grab::Piece(i) => doc.move_piece(i, by),
        Grab::Corner(i, k) => doc.move_corner(i, k, to),
        Grab::Zone(side) => doc.move_zone(side, by),
        Grab::ZoneCorner(side, max) => doc.resize_zone(side, max, to),
    }
}

/// What lies under the pointer: the chosen piece's corners first, then zone corners,
/// then pieces (the last laid on top), then zones.
fn grab_at(view: &View, doc: &Scenario, selected: Option<usize>, p: egui::Pos2) -> Option<Grab> {
    let near = |q: (f32, f32)| view.at(q).distance(p) <= HANDLE + 2.0;
    if let Some(i) = selected
        && let Some(k) = doc.terrain.get(i)?.corners.iter().position(|c| near(*c))
    {
        return Some(Grab::Corner(i, k));
    }
    for side in Side::BOTH {
        let z = doc.deployment.get(side);
        if near(z.max) {
            return Some(Grab::ZoneCorner(side, true));
        }
        if near(z.min) {
            return Some(Grab::ZoneCorner(side, false));
        }
    }
    let at = view.table(p);
    if let Some(i) = piece_under(doc, at) {
        return Some(Grab::Piece(i));
    }
    Side::BOTH.into_iter().find_map(|side| {
        let z = doc.deployment.get(side);
        let within = (z.min.0..=z.max.0).contains(&at.0) && (z.min.1..=z.max.1).contains(&at.1);
        within.then_some(Grab::Zone(side))
    })
}

/// The piece that lies under a point of the table, the last laid on top. A piece
/// reshaped out of true (not convex) is under nothing: it is taken by its corners only.
pub(super) fn piece_under(doc: &Scenario, at: (f32, f32)) -> Option<usize> {
    let point = bevy::math::Vec2::new(at.0, at.1);
    let under = |t: &warband_table::table::TerrainDef| t.shape().is_ok_and(|s| s.contains(point));
    doc.terrain.iter().rposition(under)
}

fn draw(painter: &egui::Painter, view: &View, doc: &Scenario, selected: Option<usize>) {
    let rect = view.rect;
    painter.rect_filled(
        rect,
        2.0,
        egui_colour(palette::mat(doc.mat.unwrap_or_default())),
    );
    let grid = egui::Stroke::new(1.0, egui_colour(palette::GRID));
    let (w, h) = doc.table;
    for i in (1..w as u32).filter(|i| i % 6 == 0) {
        painter.line_segment([view.at((i as f32, 0.0)), view.at((i as f32, h))], grid);
    }
    for i in (1..h as u32).filter(|i| i % 6 == 0) {
        painter.line_segment([view.at((0.0, i as f32)), view.at((w, i as f32))], grid);
    }
    for side in Side::BOTH {
        let z = doc.deployment.get(side);
        let zone = egui::Rect::from_two_pos(view.at(z.min), view.at(z.max));
        let colour = palette::side(side);
        painter.rect_filled(zone, 0.0, egui_colour(colour.with_alpha(0.22)));
        painter.rect_stroke(
            zone,
            0.0,
            egui::Stroke::new(1.5, egui_colour(colour)),
            egui::StrokeKind::Inside,
        );
        for c in [z.min, z.max] {
            painter.circle_filled(view.at(c), HANDLE * 0.7, egui_colour(colour));
        }
        let label = format!("{side} deploys");
        painter.text(
            zone.center(),
            egui::Align2::CENTER_CENTER,
            label,
            egui::FontId::proportional(14.0),
            egui::Color32::WHITE,
        );
    }
    for (i, t) in doc.terrain.iter().enumerate() {
        let (fill, line) = palette::look(t.look());
        let points: Vec<egui::Pos2> = t.corners.iter().map(|c| view.at(*c)).collect();
        let chosen = selected == Some(i);
        let stroke = if chosen {
            egui::Stroke::new(2.5, egui_colour(palette::SELECT))
        } else {
            egui::Stroke::new(1.0, egui_colour(line))
        };
        painter.add(egui::Shape::convex_polygon(
            points.clone(),
            egui_colour(fill),
            stroke,
        ));
        let centre = points.iter().fold(egui::Vec2::ZERO, |a, p| a + p.to_vec2())
            / points.len().max(1) as f32;
        painter.text(
            centre.to_pos2(),
            egui::Align2::CENTER_CENTER,
            &t.name,
            egui::FontId::proportional(12.0),
            egui::Color32::from_gray(235),
        );
        if chosen {
            for p in points {
                painter.circle(
                    p,
                    HANDLE,
                    egui_colour(palette::SELECT),
                    egui::Stroke::new(1.0, egui::Color32::BLACK),
                );
            }
        }
    }
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(3.0, egui_colour(palette::EDGE)),
        egui::StrokeKind::Outside,
    );
}

/// Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes, Delete removes the chosen piece, Q and
/// E turn it 15°, + and − scale it (unless a text field has the keyboard).
pub(super) fn keys(ctx: &egui::Context, e: &mut Editor) {
    if ctx.text_edit_focused() {
        return;
    }
    let (undo, redo, del, q, ek, plus, minus) = ctx.input(|i| {
        let cmd = i.modifiers.command;
        (
            cmd && !i.modifiers.shift && i.key_pressed(egui::Key::Z),
            cmd && (i.key_pressed(egui::Key::Y)
                || (i.modifiers.shift && i.key_pressed(egui::Key::Z))),
            i.key_pressed(egui::Key::Delete),
            i.key_pressed(egui::Key::Q),
            i.key_pressed(egui::Key::E),
            i.key_pressed(egui::Key::Plus) || i.key_pressed(egui::Key::Equals),
            i.key_pressed(egui::Key::Minus),
        )
    });
    if undo {
        e.undo();
    }
    if redo {
        e.redo();
    }
    if let Some(i) = e.selected {
        let turn = if q {
            15.0
        } else if ek {
            -15.0
        } else {
            0.0
        };
        let scale = if plus {
            1.1
        } else if minus {
            1.0 / 1.1
        } else {
            1.0
        };
        if turn != 0.0 || scale != 1.0 {
            e.turn_piece(i, turn, scale);
        }
        if del {
            e.edit(|d| {
                d.terrain.remove(i);
            });
            e.selected = None;
        }
    }
}
