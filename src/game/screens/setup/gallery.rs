//! Every scenario at a glance, under the form: grouped by ruleset, each with its table,
//! length and armies, one click to choose it (a play-tester found the form's left half
//! empty and the scenarios hidden in a drop-down).

use super::SetupForm;
use super::armies::{army_named, scenario_armies};
use super::players::keep_players;
use crate::game::screens::shelf::by_ruleset;
use bevy_egui::egui;
use warband_table::scenario::Scenario;

/// The gallery; a click on a scenario chooses it, with its own armies.
pub(super) fn gallery(ui: &mut egui::Ui, f: &mut SetupForm) {
    let mut picked = None;
    for (ruleset, mine) in by_ruleset(&f.scenarios) {
        ui.add_space(6.0);
        ui.label(egui::RichText::new(ruleset.title()).strong())
            .on_hover_text(ruleset.about());
        for i in mine {
            let line = line(f, &f.scenarios[i].1);
            let chosen = i == f.scenario;
            let name = egui::RichText::new(&f.scenarios[i].1.name).strong();
            ui.horizontal(|ui| {
                if ui.selectable_label(chosen, name).clicked() && !chosen {
                    picked = Some(i);
                }
                ui.weak(line);
            });
        }
    }
    if let Some(i) = picked {
        f.scenario = i;
        f.army = scenario_armies(f);
        keep_players(f);
    }
}

/// A scenario in a line: its table, its length and its two armies.
fn line(f: &SetupForm, s: &Scenario) -> String {
    let army = |stem: &str| {
        army_named(f, stem).map_or_else(|| stem.to_string(), |j| f.armies[j].1.name.clone())
    };
    let length = crate::game::desk::desk(s.ruleset)
        .rounds_word()
        .to_lowercase();
    format!(
        "{}\" × {}\" · {} {length} · {} v {}",
        s.table.0,
        s.table.1,
        s.round_limit,
        army(&s.armies.a),
        army(&s.armies.b)
    )
}
