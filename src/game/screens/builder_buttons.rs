//! The army builder's verdict on the army and its buttons: New, Save (over the file it
//! came from, else under its name), Play with it, and a random legal army.

use super::{Ask, Builder, list_armies};
use crate::game::catalogue::random_army;
use crate::game::saves::{armies_dir, army_file_for};
use bevy_egui::egui;
use warband_table::files::save_ron_named;

/// Every problem with the army (or that it is legal), then New, Save (only a legal
/// army, over the file it came from) and a random legal army.
pub(super) fn verdict_and_buttons(ui: &mut egui::Ui, b: &mut Builder) {
    let problems = b.catalogue.problems(&b.army);
    if b.army.entries.is_empty() {
        // A new army is not wrong yet: it is waiting for its first models.
        ui.label("Add models from the list on the left; what the army still needs shows here.");
    } else {
        for p in &problems {
            let p = crate::game::hud::capitalised(&crate::game::hud::quoted(p));
            ui.colored_label(egui::Color32::from_rgb(240, 150, 100), format!("⚠ {p}"));
        }
    }
    if problems.is_empty() {
        ui.colored_label(egui::Color32::from_rgb(140, 220, 140), "✔ A legal army");
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button("New").clicked() {
            if b.unsaved() {
                b.asking = Some(Ask::New);
            } else {
                b.start_anew();
            }
        }
        if ui
            .add_enabled(problems.is_empty(), egui::Button::new("💾 Save"))
            .clicked()
        {
            save(b);
        }
        // A play-tester saved an army, then looked for it at the end of New battle's list.
        let saved = b
            .file
            .clone()
            .filter(|_| !b.unsaved() && problems.is_empty());
        let play = ui
            .add_enabled(saved.is_some(), egui::Button::new("▶ Play with it"))
            .on_hover_text("A new battle with this army as side A, on a table of its ruleset")
            .on_disabled_hover_text("Save the army first");
        if play.clicked() {
            b.play = saved;
        }
        let limit = b.army.points_limit.unwrap_or(b.catalogue.default_limit);
        let unit = b.catalogue.unit;
        // A party has no budget to name (the army drawn is the catalogue's own kind).
        let label = match b.catalogue.is_party(&b.army) {
            true => "🎲 Random legal army".to_string(),
            false => format!("🎲 Random legal army ({limit} {unit})"),
        };
        if ui.button(label).clicked()
            && let Some(random) = random_army(&b.catalogue, limit, &mut b.rng)
        {
            b.army = random;
            b.lead_chosen = true;
            b.file = None;
            b.message = None;
        }
    });
}

/// Saves the army over the file it came from, else under its name.
fn save(b: &mut Builder) {
    let dir = armies_dir();
    b.message = Some(match army_file_for(&dir, b.file.as_deref(), &b.army.name) {
        Ok(path) => match save_ron_named(&path, &b.army) {
            Ok(()) => saved(b, path),
            Err(e) => format!("Could not save: {e}"),
        },
        Err(e) => format!("Not saved: {e}"),
    });
    b.saved = list_armies(&dir);
}

/// The army now kept in `path`; a renamed army's old file goes, once the new one is
/// written. What to tell the player.
fn saved(b: &mut Builder, path: std::path::PathBuf) -> String {
    let moved = b.file.replace(path.clone()).filter(|old| *old != path);
    b.kept = b.army.clone();
    let name = &b.army.name;
    match moved.map(|old| (std::fs::remove_file(&old), old)) {
        Some((Err(e), old)) => {
            format!("Saved as {name}; its old file {} stays: {e}", old.display())
        }
        Some((Ok(()), _)) | None => format!("Saved as {name} (battle setup lists it)"),
    }
}
