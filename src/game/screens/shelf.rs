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
/// and within a ruleset from the fewest models to the most, then the smallest table
/// (then by name): the first offered is a quick battle, not the 1,000-model field nor
/// the party against 36 kobolds (a play-tester's first Borderlands battle). A file that
/// does not read is told in `problems`. Models are counted by `armies` ([`armies`]: a
/// screen that lists them too reads them once).
pub(super) fn scenarios(
    armies: &[(PathBuf, ArmyList)],
    problems: &mut Vec<String>,
) -> Vec<(PathBuf, Scenario)> {
    let mut scenarios: Vec<(PathBuf, Scenario)> = list(assets_dir().join("scenarios"), problems);
    scenarios.extend(list(crate::game::saves::scenarios_dir(), problems));
    let models = |s: &Scenario| models(s, armies);
    scenarios.sort_by_cached_key(|(_, s)| {
        let rank = Ruleset::ALL.iter().position(|r| *r == s.ruleset);
        let area = (s.table.0 * s.table.1 * 100.0) as u64;
        (rank, models(s), area, s.name.clone())
    });
    scenarios
}

/// How many models scenario `s` sets on the table, by its armies found in `armies` (by
/// file name; an army not found counts none).
fn models(s: &Scenario, armies: &[(PathBuf, ArmyList)]) -> u64 {
    warband_rules::Side::BOTH
        .iter()
        .filter_map(|side| {
            let name = s.armies.get(*side);
            armies
                .iter()
                .find(|(p, _)| p.file_stem().is_some_and(|f| f == name.as_str()))
        })
        .map(|(_, a)| a.size())
        .fold(0, u64::saturating_add)
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
    /// `Ruleset::ALL`, each group from the fewest models up; so the first battle offered
    /// is a small Marauders table, not its 1,000-model field, and Borderlands' first is
    /// not the cave mouth's 36 kobolds.
    #[test]
    fn scenarios_come_by_ruleset_fewest_models_first() {
        let mut problems = Vec::new();
        let armies = armies(&mut problems);
        let list = scenarios(&armies, &mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        let rank = |s: &Scenario| Ruleset::ALL.iter().position(|r| *r == s.ruleset);
        for pair in list.windows(2) {
            let (a, b) = (&pair[0].1, &pair[1].1);
            assert!(rank(a) <= rank(b), "{} before {}", a.name, b.name);
            if a.ruleset == b.ruleset {
                let (m, n) = (models(a, &armies), models(b, &armies));
                assert!(m > 0 && m <= n, "{} ({m}) before {} ({n})", a.name, b.name);
            }
        }
        let first = |r: Ruleset| list.iter().find(|(_, s)| s.ruleset == r).unwrap();
        assert_eq!(list[0].1.ruleset, Ruleset::ALL[0]);
        let bx = &first(Ruleset::Borderlands).1;
        assert!(models(bx, &armies) < 20, "{}", bx.name);
    }
}
