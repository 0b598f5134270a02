//! Saved battles of every ruleset, read afresh each time the screen opens: watch one
//! again, or play on from where it stopped with a controller chosen for each side.

use super::Screen;
use crate::game::hud::root_ui;
use crate::game::saves::{SaveEntry, list_saves};
use crate::game::session::{Controller, PendingBattle};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavesListing>();
    app.add_systems(OnEnter(Screen::Saves), read_listing);
    app.add_systems(
        EguiPrimaryContextPass,
        saves.run_if(in_state(Screen::Saves)),
    );
}

/// The saves on screen, read when the screen opens (so a battle saved since shows).
#[derive(Resource, Default)]
pub struct SavesListing {
    pub entries: Vec<SaveEntry>,
    /// The entry whose "Play on" row is open, and the controllers chosen for it.
    pub resuming: Option<(usize, [Controller; 2])>,
}

pub fn read_listing(mut listing: ResMut<SavesListing>) {
    *listing = SavesListing {
        entries: list_saves(),
        resuming: None,
    };
}

fn saves(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Screen>>,
    mut pending: ResMut<PendingBattle>,
    mut listing: ResMut<SavesListing>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading("Saved battles");
        ui.label(format!("In {}", crate::game::saves::saves_dir().display()));
        ui.separator();
        if listing.entries.is_empty() {
            ui.label("No saved battles yet. Save one from the result screen, or with `warband battle --save`.");
        }
        let height = ui.available_height() - 80.0;
        egui::ScrollArea::vertical().max_height(height).show(ui, |ui| {
            let SavesListing { entries, resuming } = &mut *listing;
            for (i, entry) in entries.iter().enumerate() {
                if let Some(screen) = entry_row(ui, entry, i, resuming, &mut pending) {
                    next.set(screen);
                }
            }
        });
        if ui.button("◀ Back").clicked() {
            next.set(Screen::MainMenu);
        }
    });
    Ok(())
}

/// One saved battle: Watch, and Play on with a controller chosen for each side.
fn entry_row(
    ui: &mut egui::Ui,
    entry: &SaveEntry,
    i: usize,
    resuming: &mut Option<(usize, [Controller; 2])>,
    pending: &mut PendingBattle,
) -> Option<Screen> {
    let mut go = None;
    ui.horizontal(|ui| {
        ui.label(&entry.title)
            .on_hover_text(entry.path.display().to_string());
        match &entry.save {
            Ok(save) => {
                if ui.button("Watch").clicked() {
                    pending.0 = Some(save.replay());
                    go = Some(Screen::Battle);
                }
                if ui.button("Play on…").clicked() {
                    let default = [Controller::Human, Controller::NORMAL];
                    *resuming = Some((i, default));
                }
            }
            Err(e) => {
                ui.colored_label(egui::Color32::from_rgb(240, 120, 100), e);
            }
        }
    });
    let (Ok(save), Some((open, controllers))) = (&entry.save, resuming.as_mut()) else {
        return go;
    };
    if *open != i {
        return go;
    }
    ui.horizontal(|ui| {
        ui.add_space(24.0);
        for (side, c) in ["Side A", "Side B"].into_iter().zip(controllers.iter_mut()) {
            ui.label(side);
            egui::ComboBox::from_id_salt(("play on", side))
                .selected_text(c.label())
                .show_ui(ui, |ui| {
                    for choice in Controller::choices(save.ruleset()) {
                        ui.selectable_value(c, choice, choice.label());
                    }
                });
        }
        if ui.button("▶ Play on").clicked() {
            pending.0 = Some(save.resume(*controllers));
            go = Some(Screen::Battle);
        }
    });
    go
}
