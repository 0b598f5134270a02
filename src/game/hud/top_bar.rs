//! The right end of every ruleset's top bar: save the battle, leave it.

use crate::game::saves::write_save;
use crate::game::screens::Screen;
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_table::sim::Contest;

/// The right end of any ruleset's top bar: save the battle, leave it.
pub fn leave_and_save<R: Contest>(
    ui: &mut egui::Ui,
    session: &mut GameSession<R>,
    next: &mut NextState<Screen>,
) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        if ui.button("Leave").clicked() {
            next.set(Screen::MainMenu);
        }
        if session.replay.is_none()
            && ui
                .button("Save")
                .on_hover_text("Save this battle to the saves folder")
                .clicked()
        {
            let save = session.save();
            session.last_refusal = Some(match write_save(&save) {
                Ok(p) => format!("Saved to {}", p.display()),
                Err(e) => format!("Could not save: {e}"),
            });
        }
    });
}
