//! The Marauders overlay: top bar (round, phase, priority, who acts), dice tray, unit
//! card and odds, the battle log, the phase's own controls (order of play, melee
//! groups, spells) and the watch controls. One system lays the panels out in one root
//! Ui, so they share the window without overlapping; each panel's contents live in their
//! own file.

mod card;
mod labels;
mod log;
mod odds;
mod phase;
mod top_bar;

use crate::game::camera::PANELS;
use crate::game::hud::{dice_tray, root_ui, watch};
use crate::game::marauders::input::Selection;
use crate::game::screens::Screen;
use crate::game::session::Session;
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
