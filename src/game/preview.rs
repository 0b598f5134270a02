//! What the setup screen shows of the battle it describes, for any ruleset: the table
//! as it will be laid (terrain, deployment zones and each base where the engine deploys
//! it) and each side's roster with points, and the battle built from its choices,
//! ready to launch. It decides nothing.

use crate::game::desk::Desk;
use crate::game::net::launch::{HostLaunch, HostSeat};
use crate::game::palette;
use crate::game::session::{Controller, Launch, Starter, TableLayout};
use bevy::prelude::*;
use bevy_egui::egui;
use std::path::Path;
use warband_rules::Side;
use warband_rules::army::ArmyList;
use warband_table::components::{Base, Team};
use warband_table::engine::{Engine, ModelIndex};
use warband_table::geometry::facing::corners;
use warband_table::geometry::{BaseShape, Placed};
use warband_table::scenario::Setup;
use warband_table::table::{PerSide, Zone};

pub fn egui_colour(c: Color) -> egui::Color32 {
    let s = c.to_srgba();
    egui::Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}

/// The table drawn to fit `width` points across, north up: terrain, deployment zones,
/// and every base where the engine deploys it.
pub fn map(
    ui: &mut egui::Ui,
    layout: &TableLayout,
    zones: &PerSide<Zone>,
    bases: &[(Side, Placed)],
    width: f32,
) {
    let table = layout.size;
    let scale = (width / table.x).min(360.0 / table.y);
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(table.x, table.y) * scale, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    // Table inches to screen points (y up on the table, down on screen).
    let at = |p: Vec2| egui::pos2(rect.left() + p.x * scale, rect.bottom() - p.y * scale);
    painter.rect_filled(rect, 2.0, egui_colour(palette::mat(layout.mat)));
    let grid = egui::Stroke::new(1.0, egui_colour(palette::GRID));
    for i in (6..table.x as u32).step_by(6) {
        let x = i as f32;
        painter.line_segment([at(Vec2::new(x, 0.0)), at(Vec2::new(x, table.y))], grid);
    }
    for i in (6..table.y as u32).step_by(6) {
        let y = i as f32;
        painter.line_segment([at(Vec2::new(0.0, y)), at(Vec2::new(table.x, y))], grid);
    }
    for side in Side::BOTH {
        let z = zones.get(side);
        let zone = egui::Rect::from_two_pos(at(z.min.into()), at(z.max.into()));
        painter.rect_filled(zone, 0.0, egui_colour(palette::side(side).with_alpha(0.22)));
    }
    for t in &layout.terrain {
        let (fill, line) = palette::look(t.look());
        let points: Vec<egui::Pos2> = t.corners.iter().map(|c| at((*c).into())).collect();
        painter.add(egui::Shape::convex_polygon(
            points,
            egui_colour(fill),
            egui::Stroke::new(1.0, egui_colour(line)),
        ));
    }
    let outline = egui::Stroke::new(1.0, egui::Color32::from_gray(20));
    for (side, base) in bases {
        let fill = egui_colour(palette::side(*side));
        match base.shape {
            BaseShape::Round { .. } => {
                let r = base.shape.reach() * scale;
                painter.circle(at(base.center), r.max(2.0), fill, outline);
            }
            BaseShape::Rect { .. } => {
                let points = corners(base).iter().map(|c| at(*c)).collect();
                painter.add(egui::Shape::convex_polygon(points, fill, outline));
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

/// One side's roster: its size in the ruleset's pieces ("6 units"), each entry with
/// its count, profile and cost (`unit`: points or XP), and the total, against `limit`
/// where one binds the army.
pub fn roster(
    ui: &mut egui::Ui,
    army: &ArmyList,
    side: Side,
    (entry, unit, limit): (impl Fn(&str) -> Option<(String, u32)>, &str, Option<u32>),
) {
    let total = army.total_points(|n| entry(n).map(|(_, p)| p));
    let total = match limit {
        Some(l) => format!("{total} of {l} {unit}"),
        None => crate::game::catalogue::amount(total, unit),
    };
    let pieces = army.ruleset.pieces(army.size());
    ui.label(
        egui::RichText::new(format!("{} — {pieces}, {total}", army.name))
            .strong()
            .color(palette::side_egui(side)),
    );
    // The profile's words wrap in what the count, name and cost leave of the width,
    // so a long line never pushes the list past its panel.
    let words = (ui.available_width() - 280.0).max(120.0);
    egui::Grid::new(("roster", side.index()))
        .striped(true)
        .show(ui, |ui| {
            for e in &army.entries {
                let Some((what, cost)) = entry(&e.profile) else {
                    continue;
                };
                let leader = leader_mark(e.profile == army.leader, e.count);
                ui.label(format!("{}×", e.count));
                ui.label(format!("{}{leader}", e.profile));
                ui.scope(|ui| {
                    ui.set_max_width(words);
                    ui.add(egui::Label::new(egui::RichText::new(what).small()).wrap());
                });
                ui.label(crate::game::catalogue::amount(
                    cost * u32::from(e.count),
                    unit,
                ));
                ui.end_row();
            }
        });
}

/// What a roster row's name carries when the army's leader is of it: one of a row
/// leads (a play-tester read "36× Kobold ★" as 36 leaders).
fn leader_mark(leads: bool, count: u16) -> &'static str {
    match (leads, count) {
        (false, _) => "",
        (true, 1) => " ★",
        (true, _) => " (one leads ★)",
    }
}

/// The battle built from the form, or what stops it.
pub type Building = Result<Box<dyn Built>, Vec<String>>;

/// A battle built from the form, of any ruleset: it shows itself and launches.
pub trait Built: Send + Sync {
    fn show(&self, ui: &mut egui::Ui);
    /// The battle to start, its models deployed by hand (`by_hand`) or in rows.
    fn launch(
        &self,
        seed: u64,
        controllers: [Controller; 2],
        speed: f32,
        by_hand: bool,
    ) -> Box<dyn Starter>;
    /// The network battle to host: who plays each side, where to listen, the seed if
    /// it is given.
    fn host(
        &self,
        seats: [HostSeat; 2],
        listen: &str,
        seed: Option<u64>,
        by_hand: bool,
    ) -> Box<dyn Starter>;
}

struct BuiltOf<R: Desk> {
    setup: R::Setup,
    /// Every base where the engine deploys it.
    bases: Vec<(Side, Placed)>,
}

impl<R: Desk> Built for BuiltOf<R> {
    fn show(&self, ui: &mut egui::Ui) {
        let layout = R::layout(&self.setup);
        ui.label(format!(
            "{} · {}\" × {}\" · {}",
            R::RULESET.title(),
            layout.size.x,
            layout.size.y,
            R::length(&self.setup)
        ));
        // Weak, not italic: egui slants a face it has no italic of, and its thin
        // letters ("ll") break up at small sizes.
        ui.label(egui::RichText::new(R::RULESET.about()).small().weak());
        ui.label(egui::RichText::new(format!("To win: {}", R::victory(&self.setup))).small());
        map(
            ui,
            &layout,
            R::zones(&self.setup),
            &self.bases,
            ui.available_width(),
        );
        if !layout.terrain.is_empty() {
            ui.add_space(4.0);
            ui.strong("Terrain");
            for t in &layout.terrain {
                ui.small(crate::game::hud::terrain::legend_line(t));
            }
        }
        ui.add_space(8.0);
        for side in Side::BOTH {
            let army = self.setup.armies().get(side).clone();
            let unit = R::cost_unit(&self.setup, &army);
            let limit = army
                .points_limit
                .filter(|_| R::budgeted(&self.setup, &army));
            roster(ui, &army, side, (|n| R::entry(&self.setup, n), unit, limit));
            ui.add_space(6.0);
        }
    }

    fn launch(
        &self,
        seed: u64,
        controllers: [Controller; 2],
        speed: f32,
        by_hand: bool,
    ) -> Box<dyn Starter> {
        let mut setup = self.setup.clone();
        setup.scenario_mut().hand_deployment = by_hand;
        Box::new(Launch::<R>::New {
            setup: Box::new(setup),
            seed,
            controllers,
            speed,
        })
    }

    fn host(
        &self,
        seats: [HostSeat; 2],
        listen: &str,
        seed: Option<u64>,
        by_hand: bool,
    ) -> Box<dyn Starter> {
        let mut setup = self.setup.clone();
        setup.scenario_mut().hand_deployment = by_hand;
        Box::new(HostLaunch::<R> {
            setup,
            seats,
            listen: listen.to_string(),
            seed,
            resume: None,
        })
    }
}

/// The battle of a scenario file with these two armies, or what is wrong with it.
pub fn build_of<R: Desk>(path: &Path, armies: [Option<&ArmyList>; 2]) -> Building {
    let mut setup = R::load_own(path).map_err(|e| vec![e.to_string()])?;
    for (side, army) in Side::BOTH.into_iter().zip(armies) {
        if let Some(army) = army {
            let sides = setup.armies_mut();
            *(if side == Side::A {
                &mut sides.a
            } else {
                &mut sides.b
            }) = army.clone();
        }
    }
    let problems = setup.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let engine = Engine::<R>::new(&setup, 1).map_err(|e| vec![e])?;
    let world = engine.world();
    let bases = world
        .resource::<ModelIndex>()
        .0
        .iter()
        .filter_map(|e| Some((world.get::<Team>(*e)?.0, world.get::<Base>(*e)?.0)))
        .collect();
    Ok(Box::new(BuiltOf::<R> { setup, bases }))
}

#[cfg(test)]
mod tests {
    /// The star names one leader, whether its row counts one model or many.
    #[test]
    fn a_row_of_many_says_one_of_them_leads() {
        assert_eq!(super::leader_mark(true, 1), " ★");
        assert_eq!(super::leader_mark(true, 36), " (one leads ★)");
        assert_eq!(super::leader_mark(false, 36), "");
    }
}
