//! What the setup, lab and editor screens offer to pick from: every scenario and army,
//! shipped and the player's own, in the order lists show them.

use crate::game::saves::assets_dir;
use bevy_egui::egui;
use std::path::PathBuf;
use warband_rules::Ruleset;
use warband_rules::army::ArmyList;
use warband_table::files::load_ron;
use warband_table::scenario::Scenario;

/// Every scenario, shipped and the player's own, grouped by ruleset as lists show them,
/// and within a ruleset from the smallest table to the largest (then by name): the first
/// offered is a quick battle, not the 1,000-model field. A file that does not read is
/// told in `problems`.
pub(super) fn scenarios(problems: &mut Vec<String>) -> Vec<(PathBuf, Scenario)> {
    let mut scenarios: Vec<(PathBuf, Scenario)> = list(assets_dir().join("scenarios"), problems);
    scenarios.extend(list(crate::game::saves::scenarios_dir(), problems));
    scenarios.sort_by(|(_, a), (_, b)| {
        let rank = |s: &Scenario| Ruleset::ALL.iter().position(|r| *r == s.ruleset);
        let area = |s: &Scenario| s.table.0 * s.table.1;
        rank(a)
            .cmp(&rank(b))
            .then(area(a).total_cmp(&area(b)))
            .then_with(|| a.name.cmp(&b.name))
    });
    scenarios
}

/// Every army, shipped and the player's own; a file that does not read is told in
/// `problems`.
pub(super) fn armies(problems: &mut Vec<String>) -> Vec<(PathBuf, ArmyList)> {
    let mut armies: Vec<(PathBuf, ArmyList)> = list(assets_dir().join("armies"), problems);
    armies.extend(list(crate::game::saves::armies_dir(), problems));
    armies
}

fn list<T: serde::de::DeserializeOwned>(
    dir: PathBuf,
    problems: &mut Vec<String>,
) -> Vec<(PathBuf, T)> {
    let files = crate::game::saves::ron_files(&dir);
    files
        .into_iter()
        .filter_map(|p| match load_ron::<T>(&p) {
            Ok(v) => Some((p, v)),
            Err(e) => {
                problems.push(e.to_string());
                None
            }
        })
        .collect()
}

/// A list of scenarios grouped under their ruleset's title.
pub(super) fn scenario_picker(
    ui: &mut egui::Ui,
    salt: &str,
    scenarios: &[(PathBuf, Scenario)],
    chosen: &mut usize,
) {
    let own = crate::game::saves::scenarios_dir();
    let selected = match scenarios.get(*chosen) {
        Some((p, s)) => with_mark(s.name.clone(), p.starts_with(&own)),
        None if scenarios.is_empty() => "(none found)".to_string(),
        None => "choose a scenario…".to_string(),
    };
    // Tall enough for every shipped scenario under its ruleset's heading.
    let tall = ui.ctx().viewport_rect().height() * 0.7;
    egui::ComboBox::from_id_salt(salt)
        // As wide as there is room for, up to 320 (the editor's panel has less).
        .width(ui.available_width().min(320.0))
        .height(tall)
        .selected_text(selected)
        .show_ui(ui, |ui| {
            for (ruleset, mine) in by_ruleset(scenarios) {
                ui.label(egui::RichText::new(ruleset.title()).strong());
                for i in mine {
                    let (p, s) = &scenarios[i];
                    let text = format!("   {} — {}\"×{}\"", s.name, s.table.0, s.table.1);
                    // No file path under the pointer: it covered the next line.
                    ui.selectable_value(chosen, i, with_mark(text, p.starts_with(&own)));
                }
            }
        });
}

/// The scenarios' places in `scenarios`, under each ruleset that has any, in
/// [`Ruleset::ALL`]'s order.
pub(super) fn by_ruleset(scenarios: &[(PathBuf, Scenario)]) -> Vec<(Ruleset, Vec<usize>)> {
    Ruleset::ALL
        .into_iter()
        .map(|r| {
            let mine = (0..scenarios.len()).filter(|i| scenarios[*i].1.ruleset == r);
            (r, mine.collect::<Vec<usize>>())
        })
        .filter(|(_, mine)| !mine.is_empty())
        .collect()
}

/// A scenario's line, marked as the player's own when it is (made in the editor).
pub(super) fn with_mark(line: String, own: bool) -> String {
    if own {
        format!("{line} · yours")
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_own_scenario_is_marked() {
        assert_eq!(with_mark("Hill".into(), true), "Hill · yours");
        assert_eq!(with_mark("Hill".into(), false), "Hill");
    }

    /// The shipped scenarios all read, grouped by ruleset in the order of
    /// `Ruleset::ALL`, each group from the smallest table up; so the first battle offered
    /// is Marauders' smallest table, not its 1,000-model field.
    #[test]
    fn scenarios_come_by_ruleset_smallest_table_first() {
        let mut problems = Vec::new();
        let list = scenarios(&mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        let rank = |s: &Scenario| Ruleset::ALL.iter().position(|r| *r == s.ruleset);
        for pair in list.windows(2) {
            let (a, b) = (&pair[0].1, &pair[1].1);
            assert!(rank(a) <= rank(b), "{} before {}", a.name, b.name);
            if a.ruleset == b.ruleset {
                assert!(
                    a.table.0 * a.table.1 <= b.table.0 * b.table.1,
                    "{} before {}",
                    a.name,
                    b.name
                );
            }
        }
        let first = &list.first().expect("shipped scenarios").1;
        assert_eq!(first.ruleset, Ruleset::ALL[0]);
        assert_eq!(first.table, (24.0, 24.0), "{}", first.name);
    }
}
