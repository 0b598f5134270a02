//! Saved battles: watch one again or play on from where it stopped.

use super::Screen;
use crate::game::hud::root_ui;
use crate::game::saves::{SaveEntry, list_saves};
use crate::game::session::{Controller, Launch, PendingBattle};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use warband_marauders::ai::AiKind;
use warband_marauders::save::Save;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        saves.run_if(in_state(Screen::Saves)),
    );
}

fn saves(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Screen>>,
    mut pending: ResMut<PendingBattle>,
    mut listing: Local<Option<Vec<SaveEntry>>>,
    mut problem: Local<Option<String>>,
) -> Result {
    let entries = listing.take().unwrap_or_else(list_saves);
    let mut keep = true;
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading("Saved battles");
        ui.label(format!("In {}", crate::game::saves::saves_dir().display()));
        ui.separator();
        if entries.is_empty() {
            ui.label("No saved battles yet. Save one from the result screen, or with `warband battle --save`.");
        }
        egui::ScrollArea::vertical().max_height(ui.available_height() - 80.0).show(ui, |ui| {
            for entry in entries.iter() {
                ui.horizontal(|ui| {
                    ui.label(&entry.title).on_hover_text(entry.path.display().to_string());
                    match &entry.save {
                        Ok(save) => {
                            if ui.button("Watch").clicked() {
                                pending.0 = Some(Box::new(Launch::Replay(Box::new(save.clone()))));
                                next.set(Screen::Battle);
                            }
                            if ui.button("Play on").clicked() {
                                *problem = continue_from(save, &mut pending).err();
                                if problem.is_none() {
                                    next.set(Screen::Battle);
                                }
                            }
                        }
                        Err(e) => {
                            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), e);
                        }
                    }
                });
            }
        });
        if let Some(p) = &*problem {
            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), p);
        }
        if ui.button("◀ Back").clicked() {
            keep = false;
            next.set(Screen::MainMenu);
        }
    });
    *listing = keep.then_some(entries);
    Ok(())
}

/// Plays a save's commands into a fresh session, then hands side A to the player and
/// side B to the normal AI.
fn continue_from(save: &Save, pending: &mut PendingBattle) -> Result<(), String> {
    pending.0 = Some(Box::new(Launch::Resume {
        save: Box::new(save.clone()),
        controllers: [Controller::Human, Controller::Ai(AiKind::Normal)],
    }));
    Ok(())
}
