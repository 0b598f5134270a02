//! The editor's form: the scenario's name, ruleset, armies, length and table, its
//! terrain list, what is wrong with it, and Save, Undo and Redo.

use super::*;
use warband_table::table::Mat;

/// Said when another scenario takes the place of one with unsaved changes.
const UNDO_BRINGS_BACK: &str =
    "The scenario you were editing had changes not saved: Undo (Ctrl+Z) brings it back.";

pub(super) fn show(ui: &mut egui::Ui, e: &mut Editor) {
    ui.heading("Scenario editor");
    ui.horizontal(|ui| {
        scenario_picker(ui, "editor-open", &e.scenarios, &mut e.open);
        if ui.button("Open").clicked()
            && let Some((_, d)) = e.scenarios.get(e.open)
        {
            e.message = (e.doc != e.kept).then(|| UNDO_BRINGS_BACK.to_string());
            let before = std::mem::replace(&mut e.doc, d.clone());
            e.history.push(before);
            e.kept = d.clone();
            e.selected = None;
        }
    });
    ui.horizontal(|ui| {
        ui.label("New:");
        for r in Ruleset::ALL {
            if ui.button(r.title()).clicked() {
                let armies = e
                    .armies
                    .iter()
                    .filter(|(_, a)| a.ruleset == r)
                    .map(|(n, _)| n.clone());
                let names: Vec<String> = armies.take(2).collect();
                let pick = |i: usize| names.get(i).or(names.first()).cloned().unwrap_or_default();
                e.message = (e.doc != e.kept).then(|| UNDO_BRINGS_BACK.to_string());
                e.edit(|d| {
                    *d = Scenario::new(
                        r,
                        PerSide {
                            a: pick(0),
                            b: pick(1),
                        },
                    )
                });
            }
        }
    });
    ui.separator();
    actions(ui, e);
    ui.separator();
    // Each under an id of its own: the lines above come and go (what saving said, what
    // the checks find), and a field's id must not move with them, or the field being
    // typed in loses its focus after one key (a play-tester's "Op" for "Open ").
    ui.push_id("editor-settings", |ui| settings(ui, e));
    ui.separator();
    ui.push_id("editor-terrain", |ui| super::pieces::terrain(ui, e));
}

/// Undo, redo and save, with what the checks found and what saving said: at the top,
/// where they stay put whatever is chosen below.
fn actions(ui: &mut egui::Ui, e: &mut Editor) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                !e.history.undo.is_empty(),
                egui::Button::new("Undo (Ctrl+Z)"),
            )
            .clicked()
        {
            e.undo();
        }
        if ui
            .add_enabled(
                !e.history.redo.is_empty(),
                egui::Button::new("Redo (Ctrl+Y)"),
            )
            .clicked()
        {
            e.redo();
        }
        let ok = e.problems().is_empty() && e.checked.is_some();
        if ui.add_enabled(ok, egui::Button::new("Save")).clicked()
            && let Some(path) = save(e)
        {
            e.message = Some(format!(
                "Saved {} — it is listed in battle setup",
                path.display()
            ));
        }
        if ui
            .add_enabled(ok, egui::Button::new("Play ▶"))
            .on_hover_text("Save, then set up a battle on it")
            .clicked()
        {
            e.play = save(e);
        }
        let button = egui::Button::new("Balance…");
        if ui
            .add_enabled(ok && !e.balance.running(), button)
            .on_hover_text("Save, then play normal v normal and resize a side's rank-and-file until the fight is fair")
            .clicked()
        {
            balance(e);
        }
    });
    ui.push_id("editor-findings", |ui| {
        let red = egui::Color32::from_rgb(240, 120, 100);
        if e.problems().is_empty() {
            ui.colored_label(egui::Color32::from_rgb(130, 210, 130), "✔ ready to play");
        }
        for p in e.problems() {
            ui.colored_label(red, p);
        }
        if let Some(m) = &e.message {
            ui.label(m);
        }
    });
}

/// Saves the scenario where battle setup lists it, its name without spaces at either
/// end ("Open " is saved as "Open"); where it went, or None after saying why not.
fn save(e: &mut Editor) -> Option<std::path::PathBuf> {
    if e.doc.name.trim() != e.doc.name {
        e.doc.name = e.doc.name.trim().to_string();
    }
    let path = save_path(&e.doc);
    match save_to(&path, &e.doc) {
        Ok(()) => {
            relist(e, &path);
            Some(path)
        }
        Err(err) => {
            e.message = Some(format!("Could not save: {err}"));
            None
        }
    }
}

/// Once the document is saved at `path`: it is what is kept, and the list of scenarios
/// is read again and shows it, under its new name if it was renamed.
fn relist(e: &mut Editor, path: &std::path::Path) {
    e.kept = e.doc.clone();
    e.scenarios = scenarios(&mut Vec::new());
    if let Some(i) = e.scenarios.iter().position(|(p, _)| p == path) {
        e.open = i;
    }
}

/// Saves the scenario and starts balancing it (1,000 games a trial) in the Balance
/// window.
fn balance(e: &mut Editor) {
    let Some(path) = save(e) else { return };
    match crate::game::balance_job::BalanceJob::start(&path, e.balance.games) {
        Ok(job) => {
            e.balance.job = Some(job);
            e.balance.saved = None;
            e.balance_open = true;
        }
        Err(err) => e.message = Some(format!("Could not balance: {err}")),
    }
}

/// Name, table size and mat, length and the two armies.
fn settings(ui: &mut egui::Ui, e: &mut Editor) {
    let mut d = e.doc.clone();
    egui::Grid::new("editor-settings")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Name");
            ui.text_edit_singleline(&mut d.name);
            ui.end_row();
            ui.label("Ruleset");
            ui.label(d.ruleset.title());
            ui.end_row();
            ui.label("Table (inches)");
            let mut size = d.table;
            ui.horizontal(|ui| {
                ui.add(
                    egui::DragValue::new(&mut size.0)
                        .range(6.0..=240.0)
                        .speed(0.5),
                );
                ui.label("×");
                ui.add(
                    egui::DragValue::new(&mut size.1)
                        .range(6.0..=240.0)
                        .speed(0.5),
                );
            });
            if size != d.table {
                d.resize_table(size);
            }
            ui.end_row();
            ui.label("Mat");
            mat_combo(ui, &mut d.mat);
            ui.end_row();
            ui.label(crate::game::desk::desk(d.ruleset).rounds_word());
            // The same bound as every scenario file's check (`validate`, loading).
            let most = warband_table::table::MAX_ROUNDS;
            ui.add(egui::DragValue::new(&mut d.round_limit).range(1..=most))
                .on_hover_text(format!("1 to {most}"));
            ui.end_row();
            for (label, side) in [("Side A army", 0), ("Side B army", 1)] {
                ui.label(label);
                let chosen = if side == 0 {
                    &mut d.armies.a
                } else {
                    &mut d.armies.b
                };
                egui::ComboBox::from_id_salt(("editor-army", side))
                    .selected_text(chosen.clone())
                    .show_ui(ui, |ui| {
                        for (name, a) in e.armies.iter().filter(|(_, a)| a.ruleset == d.ruleset) {
                            ui.selectable_value(
                                chosen,
                                name.clone(),
                                format!("{name} — {}", a.name),
                            );
                        }
                    });
                ui.end_row();
            }
        });
    if d != e.doc {
        e.edit(|doc| *doc = d);
    }
}

/// The ground the table is drawn as. Choosing the mat a scenario already has (grass,
/// where it names none) leaves it as written.
fn mat_combo(ui: &mut egui::Ui, mat: &mut Option<Mat>) {
    let mut chosen = mat.unwrap_or_default();
    egui::ComboBox::from_id_salt("editor-mat")
        .selected_text(chosen.name())
        .show_ui(ui, |ui| {
            for m in Mat::ALL {
                ui.selectable_value(&mut chosen, m, m.name());
            }
        });
    if chosen != mat.unwrap_or_default() {
        *mat = Some(chosen);
    }
}
