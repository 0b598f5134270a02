//! The right end of every ruleset's top bar: the keys, save the battle, leave it.

use crate::game::saves::write_save;
use crate::game::screens::Screen;
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy_egui::egui;
use egui_phosphor::regular as icon;
use warband_table::sim::Contest;

/// The right end of any ruleset's top bar: leave the battle, save it, the keys.
pub fn leave_and_save<R: Contest>(
    ui: &mut egui::Ui,
    session: &mut GameSession<R>,
    next: &mut NextState<Screen>,
    help: &mut super::help::Help,
) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        let asking = leave(ui, session, next);
        // The keys stay in the hover: the bar is full at 1280 points.
        let keys = ui.button(format!("{} Keys", icon::KEYBOARD));
        if keys.on_hover_text("The keys and the mouse (F1)").clicked() {
            help.open = !help.open;
        }
        let rules = ui.button(format!("{} Rules", icon::BOOK_OPEN));
        if rules.on_hover_text("The rules of this game (F2)").clicked() {
            help.rules = !help.rules;
        }
        if !asking
            && session.replay.is_none()
            && ui
                .button(format!("{} Save", icon::FLOPPY_DISK))
                .on_hover_text("Save this battle to the saves folder")
                .clicked()
        {
            let save = session.save();
            session.last_refusal = Some(crate::game::saves::saved_words(write_save(&save)));
        }
    });
}

/// Leave: at once from a replay or a finished battle; from one in progress only after
/// asking (save and leave, leave without saving, or stay).
fn leave<R: Contest>(
    ui: &mut egui::Ui,
    session: &mut GameSession<R>,
    next: &mut NextState<Screen>,
) -> bool {
    let asking = egui::Id::new("leave: asking");
    let in_progress = session.replay.is_none() && session.engine.outcome().is_none();
    let mut ask = ui.data(|d| d.get_temp::<bool>(asking).unwrap_or(false)) && in_progress;
    if ask {
        // Asked in a window of its own over the table, never squeezed into the bar.
        egui::Window::new("Leave the battle?")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ui.ctx(), |ui| {
                ui.label("The battle is not over. Save it to play on later from Load battle?");
                ui.horizontal(|ui| {
                    if ui.button("Save and leave").clicked() {
                        match write_save(&session.save()) {
                            Ok(_) => {
                                crate::game::autosave::forget(&crate::game::saves::data_dir());
                                next.set(Screen::MainMenu);
                            }
                            Err(e) => session.last_refusal = Some(format!("Could not save: {e}")),
                        }
                        ask = false;
                    }
                    if ui.button("Leave without saving").clicked() {
                        crate::game::autosave::forget(&crate::game::saves::data_dir());
                        next.set(Screen::MainMenu);
                        ask = false;
                    }
                    if ui.button("Stay").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape))
                    {
                        ask = false;
                        // Computers play on, unless the player had paused them.
                        let held = egui::Id::new("leave: paused by asking");
                        if ui.data(|d| d.get_temp::<bool>(held).unwrap_or(false)) {
                            session.pace.paused = false;
                        }
                    }
                });
            });
    }
    if ui.button(format!("{} Leave", icon::SIGN_OUT)).clicked() {
        if in_progress {
            ask = true;
            // Nothing moves on behind the question (a watched battle included).
            let held = egui::Id::new("leave: paused by asking");
            let was = session.pace.paused;
            ui.data_mut(|d| d.insert_temp(held, !was));
            session.pace.paused = true;
        } else {
            next.set(Screen::MainMenu);
        }
    }
    ui.data_mut(|d| d.insert_temp(asking, ask));
    ask
}
