//! The editor's form: the scenario's name, ruleset, armies, length and table, its
//! terrain list, what is wrong with it, and Save, Undo and Redo.

use super::*;
use warband_table::table::{Look, Mat, TerrainDef};

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
    ui.push_id("editor-terrain", |ui| terrain(ui, e));
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

/// Whether `name` is the name a new piece of `kind` is given ("Wood 3").
fn is_numbered(name: &str, kind: TerrainKind) -> bool {
    name.strip_prefix(&format!("{kind:?} "))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Where a new piece goes: the table's middle, or the first spot near it, 5" apart,
/// with no piece under it (as a click there would find one), so that pieces added one
/// after another never hide each other.
fn free_spot(doc: &warband_table::scenario::Scenario) -> (f32, f32) {
    let (cx, cy) = (doc.table.0 / 2.0, doc.table.1 / 2.0);
    let covered = |p: (f32, f32)| super::canvas::piece_under(doc, p).is_some();
    let steps = [
        (0, 0),
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];
    steps
        .iter()
        .map(|&(i, j)| (cx + 5.0 * i as f32, cy + 5.0 * j as f32))
        .find(|p| !covered(*p))
        .unwrap_or((cx, cy))
}

/// A kind of terrain as the editor's buttons name it: "Low wall", not "LowWall".
fn kind_words(kind: TerrainKind) -> String {
    crate::game::hud::capitalised(crate::game::hud::terrain::kind_name(kind))
}

/// A piece's kind in the editor's list, with its look where that differs: "Cliff,
/// plays as building", not "Building" for a cliff.
fn piece_words(t: &TerrainDef) -> String {
    let seen = crate::game::hud::terrain::seen_as(t);
    let kind = crate::game::hud::terrain::kind_name(t.kind);
    if seen == kind {
        kind_words(t.kind)
    } else {
        format!("{}, plays as {kind}", crate::game::hud::capitalised(seen))
    }
}

/// Add a piece of each kind; the chosen piece's name, kind, look, turn, size and
/// removal.
fn terrain(ui: &mut egui::Ui, e: &mut Editor) {
    ui.label("Add terrain (drag it into place; drag its corners to reshape it):");
    ui.horizontal_wrapped(|ui| {
        for kind in TerrainKind::ALL {
            if ui.button(format!("+ {}", kind_words(kind))).clicked() {
                let centre = free_spot(&e.doc);
                let mut added = 0;
                e.edit(|d| added = d.add_piece(kind, centre));
                e.selected = Some(added);
            }
        }
    });
    for i in 0..e.doc.terrain.len() {
        let t = &e.doc.terrain[i];
        if ui
            .selectable_label(
                e.selected == Some(i),
                format!("{} ({})", t.name, piece_words(t)),
            )
            .clicked()
        {
            e.selected = Some(i);
        }
    }
    let Some(i) = e.selected.filter(|i| *i < e.doc.terrain.len()) else {
        return;
    };
    let mut piece = e.doc.terrain[i].clone();
    ui.text_edit_singleline(&mut piece.name);
    ui.horizontal(|ui| {
        ui.label("Kind");
        egui::ComboBox::from_id_salt("editor-kind")
            .selected_text(kind_words(piece.kind))
            .show_ui(ui, |ui| {
                for kind in TerrainKind::ALL {
                    ui.selectable_value(&mut piece.kind, kind, kind_words(kind));
                }
            });
        ui.label("Look");
        look_combo(ui, &mut piece);
    });
    let was = e.doc.terrain[i].kind;
    if piece.kind != was && is_numbered(&piece.name, was) {
        // "Wood 1" made rough ground is named afresh, "Rough 1", not left a wood.
        let n = e
            .doc
            .terrain
            .iter()
            .filter(|t| t.kind == piece.kind)
            .count()
            + 1;
        piece.name = format!("{:?} {n}", piece.kind);
    }
    if piece != e.doc.terrain[i] {
        e.edit(|d| d.terrain[i] = piece);
    }
    ui.horizontal(|ui| {
        for (label, turn, scale) in [
            ("⟲ 15°", 15.0, 1.0),
            ("⟳ 15°", -15.0, 1.0),
            ("bigger", 0.0, 1.1),
            ("smaller", 0.0, 1.0 / 1.1),
        ] {
            if ui.button(label).clicked() {
                e.edit(|d| d.turn_piece(i, turn, scale));
            }
        }
        if ui.button("Remove").clicked() {
            e.edit(|d| {
                d.terrain.remove(i);
            });
            e.selected = None;
        }
    });
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

/// How the chosen piece is drawn: any look, its kind's own marked. The kind's own look
/// is written as none, so the piece follows its kind if the kind changes.
fn look_combo(ui: &mut egui::Ui, piece: &mut TerrainDef) {
    let own = Look::of(piece.kind);
    let mut look = piece.look();
    let label = |l: Look| {
        if l == own {
            format!("{} (its kind's)", l.name())
        } else {
            l.name().to_string()
        }
    };
    egui::ComboBox::from_id_salt("editor-look")
        .selected_text(label(look))
        .show_ui(ui, |ui| {
            for l in Look::ALL {
                ui.selectable_value(&mut look, l, label(l));
            }
        })
        .response
        .on_hover_text("How the piece is drawn; the rules read its kind");
    piece.look = (look != own).then_some(look);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pieces added one after another each go where none stands yet; a piece keeps its
    /// given name unless it is the numbered name of its old kind.
    #[test]
    fn new_pieces_never_hide_each_other() {
        let first = PerSide {
            a: "a".to_string(),
            b: "b".to_string(),
        };
        let mut doc = warband_table::scenario::Scenario::new(Ruleset::ALL[0], first);
        let mut centres = Vec::new();
        for _ in 0..4 {
            let at = free_spot(&doc);
            assert!(!centres.contains(&at), "{at:?} twice");
            centres.push(at);
            doc.add_piece(TerrainKind::Wood, at);
        }
        assert!(is_numbered("Wood 12", TerrainKind::Wood));
        assert!(!is_numbered("Wood 1", TerrainKind::Hill));
        assert!(!is_numbered("Wood of Ash", TerrainKind::Wood));
        assert!(!is_numbered("Wood ", TerrainKind::Wood));
    }
}
