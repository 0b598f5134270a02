//! The army builder's list of army files: the player's own (load, duplicate, delete) and
//! the armies the game ships, to start a new list from a copy of one.

use crate::game::saves::ArmyFile;
use bevy_egui::egui;
use std::path::PathBuf;
use warband_rules::army::ArmyList;

/// What the player asked of a file in the list.
pub(super) enum FileAction {
    /// Edit this army (saving writes over its file, renamed or not).
    Load(ArmyList, PathBuf),
    /// Edit a copy of this army under a new name.
    Copy(ArmyList),
    Delete(PathBuf),
}

/// The player's saved armies, then the shipped ones; what was clicked, if anything.
pub(super) fn show(
    ui: &mut egui::Ui,
    folder: &str,
    saved: &[ArmyFile],
    shipped: &[ArmyFile],
    made_for: &[Option<String>],
) -> Option<FileAction> {
    let mut action = None;
    ui.heading("Saved armies");
    ui.small(folder);
    ui.separator();
    egui::ScrollArea::vertical()
        .max_height(ui.available_height() - 40.0)
        .show(ui, |ui| {
            if saved.is_empty() {
                ui.weak("None yet: build one, or start from a copy of one below.");
            }
            for f in saved {
                row(ui, f, true, None, &mut action);
            }
            ui.add_space(10.0);
            ui.strong("The game's armies");
            ui.small("Copy one to change it; the copy is saved as your own.");
            for (f, scenario) in shipped.iter().zip(made_for) {
                row(ui, f, false, scenario.as_deref(), &mut action);
            }
        });
    action
}

/// The scenario each shipped army was made for, if one (read once, when the builder
/// opens): the stems of the shipped scenario files matched against the armies' files.
pub fn made_for(shipped: &[ArmyFile]) -> Vec<Option<String>> {
    let dir = crate::game::saves::assets_dir().join("scenarios");
    let scenarios: Vec<String> = crate::game::saves::ron_files(&dir)
        .iter()
        .filter_map(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
        .collect();
    shipped
        .iter()
        .map(|f| fielded_in(&f.path, &scenarios))
        .collect()
}

/// The scenario a shipped army was made for, when its file is named after one
/// ("cave-mouth-kobold-warren.ron" → "Cave mouth"): the same army's other versions
/// share its name.
fn fielded_in(path: &std::path::Path, scenarios: &[String]) -> Option<String> {
    let stem = path.file_stem()?.to_string_lossy();
    let scenario = scenarios
        .iter()
        .filter(|s| stem.starts_with(&format!("{s}-")))
        .max_by_key(|s| s.len())?;
    let words = crate::game::hud::capitalised(&scenario.replace('-', " "));
    Some(words).filter(|w| !w.is_empty())
}

/// One file: its army's name and ruleset (and the scenario a shipped version was made
/// for, on the same line, so two versions of one army never read as a repeat) with its
/// buttons, or what is wrong with it.
fn row(
    ui: &mut egui::Ui,
    f: &ArmyFile,
    own: bool,
    fielded: Option<&str>,
    action: &mut Option<FileAction>,
) {
    ui.horizontal_wrapped(|ui| match &f.army {
        Ok(a) => {
            ui.label(format!("{} ({})", a.name, a.ruleset.title()));
            if let Some(scenario) = fielded {
                ui.weak(format!("as fielded in {scenario}"));
            }
            if own && ui.small_button("Load").clicked() {
                *action = Some(FileAction::Load(a.clone(), f.path.clone()));
            }
            let copy = if own { "Duplicate" } else { "Copy" };
            if ui.small_button(copy).clicked() {
                let mut a = a.clone();
                a.name = format!("{} (copy)", a.name);
                *action = Some(FileAction::Copy(a));
            }
            if own && ui.small_button("Delete").clicked() {
                *action = Some(FileAction::Delete(f.path.clone()));
            }
        }
        Err(e) => {
            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), e)
                .on_hover_text("This file is damaged; fix it by hand or delete it.");
            if own && ui.small_button("Delete").clicked() {
                *action = Some(FileAction::Delete(f.path.clone()));
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use crate::game::saves::{assets_dir, list_armies};

    /// A shipped army made for a scenario says which; the rest say nothing.
    #[test]
    fn an_army_made_for_a_scenario_says_which() {
        let scenarios = vec!["cave-mouth".to_string(), "open-field".to_string()];
        let at = |f: &str| super::fielded_in(std::path::Path::new(f), &scenarios);
        assert_eq!(
            at("a/cave-mouth-kobold-warren.ron").as_deref(),
            Some("Cave mouth")
        );
        assert_eq!(at("a/kobold-warren.ron"), None);
        assert_eq!(at("a/cave-mouthful.ron"), None);
    }

    /// Every army the game ships reads, so each can be copied from the list.
    #[test]
    fn every_shipped_army_can_be_copied() {
        let shipped = list_armies(&assets_dir().join("armies"));
        assert!(shipped.len() >= 10, "{} armies", shipped.len());
        for f in &shipped {
            assert!(f.army.is_ok(), "{}: {:?}", f.path.display(), f.army);
        }
    }
}
