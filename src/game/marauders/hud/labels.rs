//! Marks that stay readable at any zoom: each model's HD in screen space on the ring under it, and a card under the pointer with the hovered model's
//! name and state. Drawn by egui over the table, beneath the panels.

use crate::game::camera::TableCamera;
use crate::game::hud::health;
use crate::game::marauders::Session;
use crate::game::marauders::input::Selection;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use warband_marauders::battle::{ModelView, in_play};

/// Screen pixels a base's radius must reach for its HD to be drawn: below this the
/// ring is too small to carry them (the great field seen whole, whose bases are
/// ~2.6 px). Zooming in brings them back.
const LABEL_FROM_RADIUS: f32 = 5.0;

pub fn draw(
    mut contexts: EguiContexts,
    session: NonSend<Session>,
    sel: Res<Selection>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    drawn: crate::game::minis::DrawnAt,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (cam, at) = *camera;
    // Clipped to the room the panels leave, as every ruleset's marks are: zoomed in, a
    // label no longer lies over the log or the panels.
    let painter = crate::game::hud::table_painter(ctx, "model labels");
    let all = in_play(session.engine.world());
    let screen = |p: Vec2| crate::game::hud::screen_point(ctx, cam, at, p);
    let mut marks = health::Marks::default();
    // By the miniature as it is drawn, mid-glide too (a charging model's health was
    // left behind on its old place).
    let places = drawn.places();
    for m in &all {
        let center = places.base(m.id, &m.base).center;
        let (Some(c), Some(edge)) = (
            screen(center),
            screen(center + Vec2::X * m.base.shape.reach()),
        ) else {
            continue;
        };
        let radius = edge.x - c.x;
        if radius >= LABEL_FROM_RADIUS {
            label(&painter, &mut marks, m, c, radius);
        }
    }
    marks.paint(&painter);
    if let Some(m) = sel.hover.and_then(|id| all.iter().find(|m| m.id == id)) {
        let broken = session.engine.battle().side(m.side).broken;
        crate::game::hud::hover_card(ctx, "hover card", |ui| hover_card(ui, m, &all, broken));
    }
    Ok(())
}

/// A model's HD left, on the ring under it (muted while it has them all), the leader's
/// star, and above it "Zz" while it sleeps or "blind" while blinded; the icon on the
/// base says what it is.
fn label(
    painter: &egui::Painter,
    marks: &mut health::Marks,
    m: &ModelView,
    centre: egui::Pos2,
    radius: f32,
) {
    let hd = (i32::from(m.hd.left), i32::from(m.hd.initial));
    marks.health(painter, centre, radius, hd);
    if m.leader {
        health::leader_star(painter, centre, radius);
    }
    let mark = if m.conditions.asleep {
        Some(health::ASLEEP)
    } else if m.conditions.blinded {
        Some(health::BLIND)
    } else {
        None
    };
    if let Some(mark) = mark {
        marks.mark(centre, radius, mark);
    }
}

/// The hovered model: name, HD, armour and what state it is in.
fn hover_card(ui: &mut egui::Ui, m: &ModelView, all: &[ModelView], broken: bool) {
    ui.strong(format!("{} #{}", m.profile.name, m.id));
    ui.label(format!(
        "HD {} of {} · {} (hit on {}+) · morale {}",
        m.hd.left,
        m.hd.initial,
        m.effective_armour(),
        m.effective_armour().threshold(),
        m.profile.morale
    ));
    let state = super::card::state_words(m, all, broken);
    if !state.is_empty() {
        ui.label(state.join(" · "));
    }
}
