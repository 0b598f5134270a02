//! Controls for watching computer players: pause, step, speed, skip to the end.

use crate::game::session::GameSession;
use bevy_egui::egui;
use warband_table::sim::Contest;

pub fn show<R: Contest>(ui: &mut egui::Ui, session: &mut GameSession<R>) {
    ui.strong(if session.replay.is_some() {
        "Replay"
    } else {
        "Watching AI vs AI"
    });
    let pace = &mut session.pace;
    ui.horizontal(|ui| {
        if ui
            .button(if pace.paused { "▶ Play" } else { "⏸ Pause" })
            .clicked()
        {
            pace.paused = !pace.paused;
        }
        if ui.button("⏭ Step").clicked() {
            pace.paused = true;
            pace.step = true;
        }
        if ui.button("⏩ Skip to end").clicked() {
            pace.skip = true;
        }
    });
    ui.add(
        egui::Slider::new(&mut pace.speed, 0.5..=16.0)
            .logarithmic(true)
            .text("speed")
            .suffix("×"),
    );
}
