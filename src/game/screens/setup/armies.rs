//! The setup form's army pickers: the armies a scenario fields, and each side's list
//! among those of the scenario's ruleset, named so that two lists of one name differ.

use super::SetupForm;
use bevy_egui::egui;
use std::path::PathBuf;
use warband_rules::army::ArmyList;

/// The armies the chosen scenario fields, by their place in the form's list.
pub(super) fn scenario_armies(f: &SetupForm) -> [usize; 2] {
    let Some((_, s)) = f.scenarios.get(f.scenario) else {
        return f.army;
    };
    [
        army_named(f, &s.armies.a).unwrap_or(f.army[0]),
        army_named(f, &s.armies.b).unwrap_or(f.army[1]),
    ]
}

/// The place in the form's list of the army whose file is named `stem`, as a scenario
/// names its armies.
pub(super) fn army_named(f: &SetupForm, stem: &str) -> Option<usize> {
    f.armies
        .iter()
        .position(|(p, _)| p.file_stem().is_some_and(|n| n == stem))
}

/// Side `i`'s army, among those of the scenario's ruleset.
pub(super) fn army_combo(ui: &mut egui::Ui, f: &mut SetupForm, i: usize) {
    let ruleset = f.scenarios.get(f.scenario).map(|(_, s)| s.ruleset);
    let offered: Vec<(usize, String)> = (0..f.armies.len())
        .filter(|j| Some(f.armies[*j].1.ruleset) == ruleset)
        .map(|j| {
            // Counted from the entries: a hostile list may hold billions.
            let size = f.armies[j].1.size();
            let pieces = ruleset.map_or_else(|| format!("{size}"), |r| r.pieces(size));
            (j, format!("{} ({pieces})", army_label(f, j)))
        })
        .collect();
    egui::ComboBox::from_id_salt(("army", i))
        .width(260.0)
        .selected_text(army_label(f, f.army[i]))
        .show_ui(ui, |ui| {
            for (j, text) in offered {
                ui.selectable_value(&mut f.army[i], j, text);
            }
        });
}

/// Army `j` as the pickers name it: its name; where another list of its ruleset has the
/// same name, the scenario it was made fair for (its file is named after that
/// scenario's), else its file's name; and "yours" for a list of the player's own.
fn army_label(f: &SetupForm, j: usize) -> String {
    label_among(
        &f.armies,
        &f.scenarios,
        &crate::game::saves::armies_dir(),
        j,
    )
}

/// [`army_label`] among these `armies` and `scenarios`, the player's own in `own`.
pub(super) fn label_among(
    armies: &[(PathBuf, ArmyList)],
    scenarios: &[(PathBuf, warband_table::scenario::Scenario)],
    own: &std::path::Path,
    j: usize,
) -> String {
    let Some((path, a)) = armies.get(j) else {
        return "(none)".into();
    };
    // The scenario that fields this list as its own copy: it names the list, whose
    // file is named after the scenario's.
    let fielded_in = |p: &std::path::Path| {
        let stem = stem_of(p);
        scenarios
            .iter()
            .find(|(file, s)| {
                s.ruleset == a.ruleset
                    && (s.armies.a == stem || s.armies.b == stem)
                    && stem.starts_with(&format!("{}-", stem_of(file)))
            })
            .map(|(_, s)| s.name.clone())
    };
    let twins: Vec<&PathBuf> = armies
        .iter()
        .filter(|(_, b)| b.ruleset == a.ruleset && b.name == a.name)
        .map(|(p, _)| p)
        .collect();
    let plain_twins = twins.iter().filter(|p| fielded_in(p).is_none()).count();
    let name = match fielded_in(path) {
        Some(scenario) if twins.len() > 1 => format!("{} (for {scenario})", a.name),
        None if plain_twins > 1 => format!("{} · {}", a.name, stem_of(path)),
        _ => a.name.clone(),
    };
    super::super::shelf::with_mark(name, path.starts_with(own))
}

/// A file's name without its extension.
fn stem_of(p: &std::path::Path) -> String {
    p.file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned())
}
