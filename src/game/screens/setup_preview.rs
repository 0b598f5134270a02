//! What the setup screen shows of the battle it describes: the table as it will be
//! laid (terrain, deployment zones and each model where it deploys) and each side's
//! roster with points. It reads the data and the engine's own deployment; it decides
//! nothing.

use crate::game::palette;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_marauders::Side;
use warband_marauders::data::BattleSetup;
use warband_marauders::geometry::BaseShape;
use warband_rules::marauders::points::points;

fn egui_colour(c: Color) -> egui::Color32 {
    let s = c.to_srgba();
    egui::Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}

/// The table drawn to fit `width` points across, north up.
pub fn map(ui: &mut egui::Ui, setup: &BattleSetup, width: f32) {
    let s = &setup.scenario;
    let table = Vec2::new(s.table.0, s.table.1);
    let scale = (width / table.x).min(360.0 / table.y);
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(table.x, table.y) * scale, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    // Table inches to screen points (y up on the table, down on screen).
    let at = |x: f32, y: f32| egui::pos2(rect.left() + x * scale, rect.bottom() - y * scale);
    painter.rect_filled(rect, 2.0, egui_colour(palette::MAT));
    let grid = egui::Stroke::new(1.0, egui_colour(palette::GRID));
    for i in (6..table.x as u32).step_by(6) {
        painter.line_segment([at(i as f32, 0.0), at(i as f32, table.y)], grid);
    }
    for i in (6..table.y as u32).step_by(6) {
        painter.line_segment([at(0.0, i as f32), at(table.x, i as f32)], grid);
    }
    for side in Side::BOTH {
        let z = s.deployment.get(side);
        let zone = egui::Rect::from_two_pos(at(z.min.0, z.min.1), at(z.max.0, z.max.1));
        painter.rect_filled(zone, 0.0, egui_colour(palette::side(side).with_alpha(0.22)));
    }
    for t in &s.terrain {
        let (fill, line) = palette::terrain(t.kind);
        let points: Vec<egui::Pos2> = t.corners.iter().map(|(x, y)| at(*x, *y)).collect();
        painter.add(egui::Shape::convex_polygon(
            points,
            egui_colour(fill),
            egui::Stroke::new(1.0, egui_colour(line)),
        ));
    }
    for side in Side::BOTH {
        let army = setup.armies.get(side);
        let diameters: Vec<f32> = army
            .models()
            .filter_map(|n| setup.profile(n))
            .map(|p| p.base_diameter())
            .collect();
        let Ok(spots) = warband_table::table::deploy(*s.deployment.get(side), &diameters, table)
        else {
            continue;
        };
        for (spot, d) in spots.into_iter().zip(diameters) {
            let r = BaseShape::Round { diameter: d }.reach() * scale;
            painter.circle(
                at(spot.x, spot.y),
                r.max(2.0),
                egui_colour(palette::side(side)),
                egui::Stroke::new(1.0, egui::Color32::from_gray(20)),
            );
        }
    }
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(3.0, egui_colour(palette::EDGE)),
        egui::StrokeKind::Outside,
    );
}

/// One side's roster: each entry with its count, profile and points, and the total.
pub fn roster(ui: &mut egui::Ui, setup: &BattleSetup, side: Side) {
    let army = setup.armies.get(side);
    let cost = |name: &str| setup.profile(name).map(points);
    let total = army.total_points(cost);
    let limit = army
        .points_limit
        .map_or(String::new(), |l| format!(" of {l}"));
    ui.label(
        egui::RichText::new(format!("{} — {total}{limit} pts", army.name))
            .strong()
            .color(palette::side_egui(side)),
    );
    egui::Grid::new(("roster", side.index()))
        .striped(true)
        .show(ui, |ui| {
            for entry in &army.entries {
                let Some(p) = setup.profile(&entry.profile) else {
                    continue;
                };
                let leader = if entry.profile == army.leader {
                    " ★"
                } else {
                    ""
                };
                ui.label(format!("{}×", entry.count));
                ui.label(format!("{}{leader}", p.name));
                ui.label(format!("HD {} · {} · morale {}", p.hd, p.armour, p.morale));
                ui.label(format!("{} pts", points(p) * u32::from(entry.count)));
                ui.end_row();
            }
        });
}
