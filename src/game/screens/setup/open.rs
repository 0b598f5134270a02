//! The setup form as it opens: as it was after a failed start, else on the scenario
//! and armies chosen last (or the editor's), with the players remembered.

use super::players::{keep_players, remembered_players};
use super::{Hosting, LISTEN, SetupForm};
use crate::game::screens::battle::StartFailed;
use crate::game::screens::menu::{SetupArmy, SetupPreset, SetupScenario};
use crate::game::screens::shelf::{armies, scenarios};
use crate::game::settings::LastSetup;
use bevy::prelude::*;
use std::path::PathBuf;
use warband_rules::Ruleset;
use warband_rules::army::ArmyList;
use warband_table::scenario::Scenario;

pub(super) fn open_form(
    mut commands: Commands,
    preset: Option<Res<SetupPreset>>,
    last: Option<Res<LastSetup>>,
    settings: Option<Res<crate::game::settings::Settings>>,
    (failed, kept): (Option<ResMut<StartFailed>>, Option<ResMut<SetupForm>>),
    (asked, army): (Option<ResMut<SetupScenario>>, Option<ResMut<SetupArmy>>),
) {
    // Back after the battle could not start: the form as it was, saying why.
    if let Some(mut kept) = kept
        && let Some(why) = failed.and_then(|mut f| f.0.take())
    {
        kept.start_failed = Some(why);
        return;
    }
    let mut problems = Vec::new();
    // Scenarios' problems first, then the armies', as they are told.
    let mut army_problems = Vec::new();
    let armies = armies(&mut army_problems);
    let scenarios = scenarios(&armies, &mut problems);
    problems.append(&mut army_problems);
    // A damaged units.ron or heroes.ron is told, not silently gone without.
    problems.extend(
        Ruleset::ALL
            .into_iter()
            .filter_map(|r| crate::game::desk::desk(r).own_data_problem()),
    );
    let (scenario, army) = opening(&scenarios, &armies, last.as_deref(), (asked, army));
    // One watch speed: the settings' (Settings' slider and this form's are the same).
    let speed = settings.map_or(1.0, |s| s.watch_speed);
    let watching = preset.as_ref().is_some_and(|p| p.watching);
    let mut form = SetupForm {
        scenarios,
        armies,
        scenario,
        army,
        hosting: preset.as_ref().filter(|p| p.hosting).map(|_| Hosting {
            listen: LISTEN.into(),
            fixed_seed: false,
        }),
        controllers: remembered_players(preset.as_deref(), last.as_deref()),
        watching,
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 100_000),
        speed,
        by_hand: last.as_ref().is_some_and(|l| l.by_hand),
        problems,
        start_failed: None,
        preview: None,
    };
    // The menu's preset (Watch: normal v hard) may name a player the remembered
    // scenario's ruleset lacks.
    keep_players(&mut form);
    commands.insert_resource(form);
}

/// The scenario and armies the form opens on: the editor's just saved (with its own
/// armies), else the army builder's army as side A (on the last table of its ruleset,
/// else its ruleset's first, against that table's own side B), else the last battle
/// set up, else the first scenario with its own.
fn opening(
    scenarios: &[(PathBuf, Scenario)],
    armies: &[(PathBuf, ArmyList)],
    last: Option<&LastSetup>,
    (asked, army): (Option<ResMut<SetupScenario>>, Option<ResMut<SetupArmy>>),
) -> (usize, [usize; 2]) {
    let find = |name: &str| {
        armies
            .iter()
            .position(|(p, _)| p.file_stem().is_some_and(|s| s == name))
    };
    let own = |s: &Scenario| [&s.armies.a, &s.armies.b].map(|a| find(a).unwrap_or(0));
    let path_of = |list: &[PathBuf], p: &PathBuf| list.iter().position(|q| q == p);
    let scenario_paths: Vec<PathBuf> = scenarios.iter().map(|(p, _)| p.clone()).collect();
    let army_paths: Vec<PathBuf> = armies.iter().map(|(p, _)| p.clone()).collect();
    let remembered = last.and_then(|l| {
        let scenario = path_of(&scenario_paths, &l.scenario)?;
        let a = path_of(&army_paths, &l.armies[0])?;
        Some((scenario, [a, path_of(&army_paths, &l.armies[1])?]))
    });
    // (An army the editor's scenario names that is not found is the list's first, as
    // the form shows.)
    let asked = asked.and_then(|mut a| a.0.take()).and_then(|p| {
        let i = path_of(&scenario_paths, &p)?;
        Some((i, own(&scenarios[i].1)))
    });
    let played = army.and_then(|mut a| a.0.take()).and_then(|p| {
        let a = path_of(&army_paths, &p)?;
        let of_ruleset = |i: &usize| scenarios[*i].1.ruleset == armies[a].1.ruleset;
        let table = remembered
            .map(|(s, _)| s)
            .filter(of_ruleset)
            .or_else(|| (0..scenarios.len()).find(of_ruleset))?;
        Some((table, [a, own(&scenarios[table].1)[1]]))
    });
    let first = scenarios.first().map_or([0, 0], |(_, s)| own(s));
    asked.or(played).or(remembered).unwrap_or((0, first))
}
