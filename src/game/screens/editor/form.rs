//! The editor's form: the scenario's name, ruleset, armies, length and table, its
//! terrain list, what is wrong with it, and Save, Undo and Redo.

use super::*;
use warband_table::table::Mat;

/// What the list of scenarios is left at while the table is none of them (a new one).
pub(super) const NONE_OPEN: usize = usize::MAX;

/// Said when another scenario takes the place of one with unsaved changes.
const UNDO_BRINGS_BACK: &str =
    "The scenario you were editing had changes not saved: Undo (Ctrl+Z) brings it back.";

pub(super) fn show(ui: &mut egui::Ui, e: &mut Editor) {
    ui.heading("Scenario editor");
    ui.horizontal(|ui| {
        // Named as the row below is: a play-tester read the picker's "Open field" as
        // the table on screen, which was a new one.
        ui.label("Open:");
        // Picking a scenario opens it: an Open button beside the list stood past the
        // panel's edge at 1600 × 900, and a play-tester's picks opened nothing.
        let before = e.open;
        scenario_picker(ui, "editor-open", &e.scenarios, &mut e.open);
        if e.open != before
            && let Some((path, d)) = e.scenarios.get(e.open)
        {
            e.message = (e.doc != e.kept).then(|| UNDO_BRINGS_BACK.to_string());
            let before = std::mem::replace(&mut e.doc, d.clone());
            e.history.push(before);
            e.kept = d.clone();
            e.selected = None;
            e.own = owned(path, d);
            e.before_resize = None;
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
                e.own = None;
                e.before_resize = None;
                // A new table is none of those listed.
                e.open = NONE_OPEN;
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
        // Room for three lines kept whether or not anything is said, so the fields
        // below stay where they are as lines come and go (a play-tester's click landed
        // on the wrong field when "Saved …" pushed them down).
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        ui.set_min_height(line * 3.0);
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
    let taken = unclaimed_name(e, &scenarios_dir());
    let path = save_path(&e.doc);
    match save_to(&path, &e.doc) {
        Ok(()) => {
            relist(e, &path);
            e.own = Some(path.clone());
            if let Some(old) = taken {
                e.message = Some(format!(
                    "\"{old}\" is another of your scenarios, left as it was: this one is saved as \"{}\"",
                    e.doc.name
                ));
            }
            Some(path)
        }
        Err(err) => {
            // Not saved: the name stays the player's.
            if let Some(old) = taken {
                e.doc.name = old;
            }
            e.message = Some(format!("Could not save: {err}"));
            None
        }
    }
}

/// Where the document's name is that of another scenario in the player's folder (not
/// the one this editor opened or saved), names it anew with the first free number
/// ("New scenario 2"), so saving never writes over another table (a play-tester's
/// Play ▶ on a new table replaced the last new one). The name it had, if renamed.
fn unclaimed_name(e: &mut Editor, dir: &std::path::Path) -> Option<String> {
    let path = file_in(dir, &e.doc.name);
    if !path.exists() || e.own.as_deref() == Some(path.as_path()) {
        return None;
    }
    let old = e.doc.name.clone();
    let free = (2..)
        .map(|n| format!("{old} {n}"))
        .find(|name| !file_in(dir, name).exists())?;
    e.doc.name = free;
    Some(old)
}

/// Once the document is saved at `path`: it is what is kept, and the list of scenarios
/// is read again and shows it, under its new name if it was renamed.
fn relist(e: &mut Editor, path: &std::path::Path) {
    e.kept = e.doc.clone();
    e.scenarios = scenarios(&armies(&mut Vec::new()), &mut Vec::new());
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
            // Narrow enough for the panel: egui's usual width made the form wider than
            // its panel, and every row past it was cut off ("+ Low wal", "Balance.").
            ui.add(egui::TextEdit::singleline(&mut d.name).desired_width(230.0));
            ui.end_row();
            ui.label("Ruleset");
            ui.label(d.ruleset.title());
            ui.end_row();
            ui.label("Table (inches)");
            let size = table_size(ui, d.table);
            resize(e, &mut d, size);
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
                // Named as every other screen names an army; its file's name in the
                // hover, as the scenario file names it.
                let ours: Vec<&(String, ArmyList)> = e
                    .armies
                    .iter()
                    .filter(|(_, a)| a.ruleset == d.ruleset)
                    .collect();
                egui::ComboBox::from_id_salt(("editor-army", side))
                    .selected_text(army_label(&ours, chosen))
                    .show_ui(ui, |ui| {
                        for (name, _) in &ours {
                            let label = army_label(&ours, name);
                            ui.selectable_value(chosen, name.clone(), label)
                                .on_hover_text(format!("{name}.ron"));
                        }
                    })
                    .response
                    .on_hover_text(format!("{chosen}.ron"));
                ui.end_row();
            }
        });
    settle(e, d);
}

/// The settings' document `d` made the editor's: as it is while a resize is under way
/// (one undo step for all of it, taken when it ends), else as an edit.
fn settle(e: &mut Editor, d: Scenario) {
    if e.before_resize.is_some() {
        e.doc = d;
    } else if d != e.doc {
        e.edit(|doc| *doc = d);
    }
}

/// The table's size fields: the size they hold, and whether either is still being
/// changed (dragged, or typed in). A typed size counts once it is entered, not at each
/// key: a play-tester's "12" went through a 1" table on the way.
fn table_size(ui: &mut egui::Ui, mut size: (f32, f32)) -> ((f32, f32), bool) {
    let field = |ui: &mut egui::Ui, v: &mut f32| {
        let r = ui.add(
            egui::DragValue::new(v)
                .range(6.0..=240.0)
                .speed(0.5)
                .update_while_editing(false),
        );
        r.dragged() || r.has_focus()
    };
    let busy = ui
        .horizontal(|ui| {
            let w = field(ui, &mut size.0);
            ui.label("×");
            w | field(ui, &mut size.1)
        })
        .inner;
    (size, busy)
}

/// A resize of the table, made each frame from the document as it stood before the
/// resize began: shrinking and growing back gives back the layout (pieces pushed in
/// come out again), and the whole resize is one step to undo.
fn resize(e: &mut Editor, d: &mut Scenario, (size, busy): ((f32, f32), bool)) {
    if size != d.table {
        let before = e.before_resize.get_or_insert_with(|| e.doc.clone());
        let mut resized = before.clone();
        resized.resize_table(size);
        (d.table, d.terrain, d.deployment) = (resized.table, resized.terrain, resized.deployment);
    }
    if !busy && let Some(before) = e.before_resize.take() {
        // The resize is over: the document is what it made (whatever frames came
        // between), and one step to undo where the table changed.
        e.doc = d.clone();
        if before.table != d.table {
            e.history.push(before);
            e.message = None;
        }
    }
}

/// An army as the editor lists it: by its name, as every other screen names it, with
/// its file's name beside it only where another army of the ruleset has the same name.
fn army_label(armies: &[&(String, ArmyList)], file: &str) -> String {
    let Some((_, army)) = armies.iter().find(|(f, _)| f == file) else {
        return file.to_string();
    };
    let twins = armies.iter().filter(|(_, a)| a.name == army.name).count();
    match twins {
        1 => army.name.clone(),
        _ => format!("{} ({file})", army.name),
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

#[cfg(test)]
#[path = "form_tests.rs"]
mod tests;
