//! The Marauders parts of the battle screen: top line (round, phase, priority, who
//! acts), unit card and odds, the log in words, the phase's own controls (order of
//! play, melee groups, spells), the labels over the table and the tape's length. The
//! shared frame (`crate::game::hud`) lays them out with the dice tray and the watch
//! controls.

pub(super) mod card;
mod labels;
pub(super) mod log;
pub(crate) mod odds;
pub(super) mod phase;
mod spell_card;
pub(super) mod top_bar;

use crate::game::desk::on_table;
use crate::game::hud::PanelFrame;
use crate::game::marauders::input::Selection;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use warband_marauders::engine::Marauders;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (labels::draw, tape)
            .before(PanelFrame)
            .run_if(on_table::<Marauders>()),
    );
}

/// The tape measure's length beside the pointer while it is held out.
fn tape(mut contexts: EguiContexts, sel: Res<Selection>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some((a, b)) = sel.tape
        && let Some(pos) = ctx.pointer_latest_pos()
    {
        egui::Area::new("tape".into())
            .fixed_pos(pos + egui::vec2(16.0, -8.0))
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    // On one line (an Area near the window's edge would wrap it).
                    let words = format!("{:.1}\"", a.distance(b));
                    ui.add(egui::Label::new(words).wrap_mode(egui::TextWrapMode::Extend));
                });
            });
    }
    Ok(())
}
