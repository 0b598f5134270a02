//! The egui overlay of the battle screen: top bar, dice tray, unit card and odds, the
//! battle log, the phase's own controls (order of play, melee groups, spells) and the
//! watch controls. One system lays the panels out in one root Ui, so they share the
//! window without overlapping; each panel's contents live in their own file.

mod card;
pub mod dice_tray;
mod labels;
mod log;
mod odds;
mod phase;
pub mod top_bar;
pub mod watch;

use super::camera::PANELS;
use super::input::Selection;
use super::screens::Screen;
use super::session::Session;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<log::LogFilter>().add_systems(
        EguiPrimaryContextPass,
        (labels::draw, battle_hud)
            .chain()
            .run_if(in_state(Screen::Battle)),
    );
}

/// A Ui covering the whole window, behind everything else, for egui 0.36 panels to be
/// shown into.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

fn battle_hud(
    mut contexts: EguiContexts,
    session: Option<NonSendMut<Session>>,
    mut sel: ResMut<Selection>,
    mut filter: ResMut<log::LogFilter>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let Some(mut session) = session else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let [left, right, top, bottom] = PANELS;
    egui::Panel::top("top_bar")
        .exact_size(top)
        .show(&mut root, |ui| {
            top_bar::show(ui, &mut session, &mut next);
        });
    egui::Panel::bottom("dice_tray")
        .exact_size(bottom)
        .show(&mut root, |ui| {
            dice_tray::show(ui, &session);
        });
    egui::Panel::left("card")
        .exact_size(left)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                if session.watching() {
                    watch::show(ui, &mut session);
                    ui.separator();
                }
                phase::show(ui, &mut session, &mut sel);
                ui.separator();
                card::show(ui, &mut session, &mut sel);
                odds::show(ui, &session, &sel);
            });
        });
    egui::Panel::right("log")
        .exact_size(right)
        .show(&mut root, |ui| {
            log::show(ui, &session, &mut filter);
        });
    if let Some((a, b)) = sel.tape
        && let Some(pos) = ctx.pointer_latest_pos()
    {
        egui::Area::new("tape".into())
            .fixed_pos(pos + egui::vec2(16.0, -8.0))
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(format!("{:.2}\"", a.distance(b)));
                });
            });
    }
    Ok(())
}
