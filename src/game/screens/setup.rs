//! Battle setup: scenario, the army of each side, who controls each side, the seed.

use super::Screen;
use super::menu::SetupPreset;
use super::setup_preview;
use crate::game::hud::root_ui;
use crate::game::saves::assets_dir;
use crate::game::session::{Controller, Launch, PendingBattle};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;
use warband_marauders::Side;
use warband_marauders::ai::AiKind;
use warband_marauders::data::{BattleSetup, Scenario, load_ron};
use warband_rules::Ruleset;
use warband_rules::army::ArmyList;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Setup), open_form)
        .add_systems(EguiPrimaryContextPass, form.run_if(in_state(Screen::Setup)));
}

#[derive(Resource)]
struct SetupForm {
    scenarios: Vec<(PathBuf, Scenario)>,
    armies: Vec<(PathBuf, ArmyList)>,
    scenario: usize,
    army: [usize; 2],
    controllers: [Controller; 2],
    seed: u64,
    speed: f32,
    problems: Vec<String>,
    /// The battle the form describes as last built, and the choices it was built from.
    preview: Option<(Choice, Result<BattleSetup, Vec<String>>)>,
}

/// What the preview depends on: the scenario and the two armies chosen.
type Choice = (usize, [usize; 2]);

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

fn open_form(mut commands: Commands, preset: Option<Res<SetupPreset>>) {
    let mut problems = Vec::new();
    let root = assets_dir();
    // The window plays Marauders; the other rulesets' scenarios and armies are played
    // from the command line until their screens exist.
    let marauders = warband_rules::Ruleset::Marauders;
    let mut scenarios: Vec<(PathBuf, Scenario)> = list(root.join("scenarios"), &mut problems);
    scenarios.retain(|(_, s)| s.ruleset == marauders);
    let mut armies: Vec<(PathBuf, ArmyList)> = list(root.join("armies"), &mut problems);
    armies.extend(list(crate::game::saves::armies_dir(), &mut problems));
    armies.retain(|(_, a)| a.ruleset == marauders);
    let find = |name: &str| {
        armies
            .iter()
            .position(|(p, _)| p.file_stem().is_some_and(|s| s == name))
    };
    let (army_a, army_b) = scenarios
        .first()
        .map(|(_, s)| {
            (
                find(&s.armies.a).unwrap_or(0),
                find(&s.armies.b).unwrap_or(0),
            )
        })
        .unwrap_or((0, 0));
    commands.insert_resource(SetupForm {
        scenarios,
        armies,
        scenario: 0,
        army: [army_a, army_b],
        controllers: preset.map_or([Controller::Human, Controller::Ai(AiKind::Normal)], |p| {
            p.controllers
        }),
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 100_000),
        speed: 1.0,
        problems,
        preview: None,
    });
}

fn form(
    mut contexts: EguiContexts,
    form: Option<ResMut<SetupForm>>,
    mut next: ResMut<NextState<Screen>>,
    mut pending: ResMut<PendingBattle>,
) -> Result {
    let Some(mut form) = form else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let f = &mut *form;
    let choice = (f.scenario, f.army);
    if f.preview.as_ref().is_none_or(|(c, _)| *c != choice) {
        f.preview = Some((choice, build(f)));
    }
    egui::Panel::right("preview")
        .exact_size(560.0)
        .show(&mut root, |ui| preview(ui, f));
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading("New battle");
        ui.separator();
        choices(ui, f);
        ui.add_space(12.0);
        ui.horizontal(|ui| {
            if ui.button("◀ Back").clicked() {
                next.set(Screen::MainMenu);
            }
            let ready = matches!(&f.preview, Some((_, Ok(_))));
            if ui
                .add_enabled(ready, egui::Button::new("Start battle ▶"))
                .clicked()
                && let Some((_, Ok(setup))) = &f.preview
            {
                pending.0 = Some(Launch::New {
                    setup: Box::new(setup.clone()),
                    seed: f.seed,
                    controllers: f.controllers,
                    speed: f.speed,
                });
                next.set(Screen::Battle);
            }
        });
        for p in &f.problems {
            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), p);
        }
    });
    Ok(())
}

/// The map and both rosters of the battle chosen, or why it cannot be played.
fn preview(ui: &mut egui::Ui, f: &SetupForm) {
    egui::ScrollArea::vertical().show(ui, |ui| match &f.preview {
        Some((_, Ok(setup))) => {
            let s = &setup.scenario;
            ui.heading(&s.name);
            ui.label(format!(
                "{} · {}\" × {}\" · {} rounds",
                s.ruleset.title(),
                s.table.0,
                s.table.1,
                s.round_limit
            ));
            setup_preview::map(ui, setup, ui.available_width());
            ui.add_space(8.0);
            for side in Side::BOTH {
                setup_preview::roster(ui, setup, side);
                ui.add_space(6.0);
            }
        }
        Some((_, Err(problems))) => {
            ui.heading("This battle cannot be played");
            for p in problems {
                ui.colored_label(egui::Color32::from_rgb(240, 120, 100), p);
            }
        }
        None => {}
    });
}

/// Scenario (grouped by ruleset), each side's army (of that ruleset) and controller,
/// the seed and the watch speed.
fn choices(ui: &mut egui::Ui, f: &mut SetupForm) {
    egui::Grid::new("setup")
        .num_columns(2)
        .spacing([24.0, 10.0])
        .show(ui, |ui| {
            ui.label("Scenario");
            let before = f.scenario;
            scenario_combo(ui, f);
            ui.end_row();
            if before != f.scenario {
                f.army = scenario_armies(f);
            }
            for (i, label) in ["Side A (blue)", "Side B (red)"].into_iter().enumerate() {
                ui.label(label);
                ui.horizontal(|ui| {
                    army_combo(ui, f, i);
                    egui::ComboBox::from_id_salt(("controller", i))
                        .selected_text(f.controllers[i].label())
                        .show_ui(ui, |ui| {
                            for c in Controller::CHOICES {
                                ui.selectable_value(&mut f.controllers[i], c, c.label());
                            }
                        });
                });
                ui.end_row();
            }
            ui.label("Seed");
            ui.add(egui::DragValue::new(&mut f.seed));
            ui.end_row();
            if f.controllers.iter().all(|c| *c != Controller::Human) {
                ui.label("Watch speed");
                ui.add(
                    egui::Slider::new(&mut f.speed, 0.5..=16.0)
                        .logarithmic(true)
                        .suffix("×"),
                );
                ui.end_row();
            }
        });
}

fn scenario_combo(ui: &mut egui::Ui, f: &mut SetupForm) {
    let selected = f
        .scenarios
        .get(f.scenario)
        .map_or("(none found)".to_string(), |(_, s)| s.name.clone());
    egui::ComboBox::from_id_salt("scenario")
        .width(320.0)
        .selected_text(selected)
        .show_ui(ui, |ui| {
            for ruleset in Ruleset::ALL {
                let mine: Vec<usize> = (0..f.scenarios.len())
                    .filter(|i| f.scenarios[*i].1.ruleset == ruleset)
                    .collect();
                if mine.is_empty() {
                    continue;
                }
                ui.label(egui::RichText::new(ruleset.title()).strong());
                for i in mine {
                    let s = &f.scenarios[i].1;
                    let text = format!(
                        "   {} — {}\"×{}\", {} rounds",
                        s.name, s.table.0, s.table.1, s.round_limit
                    );
                    ui.selectable_value(&mut f.scenario, i, text);
                }
            }
        });
}

/// The armies the chosen scenario names, where they are found.
fn scenario_armies(f: &SetupForm) -> [usize; 2] {
    let Some((_, s)) = f.scenarios.get(f.scenario) else {
        return f.army;
    };
    let find = |name: &str| {
        f.armies
            .iter()
            .position(|(p, _)| p.file_stem().is_some_and(|n| n == name))
    };
    [
        find(&s.armies.a).unwrap_or(f.army[0]),
        find(&s.armies.b).unwrap_or(f.army[1]),
    ]
}

/// Side `i`'s army, among those of the scenario's ruleset.
fn army_combo(ui: &mut egui::Ui, f: &mut SetupForm, i: usize) {
    let ruleset = f.scenarios.get(f.scenario).map(|(_, s)| s.ruleset);
    egui::ComboBox::from_id_salt(("army", i))
        .width(220.0)
        .selected_text(
            f.armies
                .get(f.army[i])
                .map_or("(none)", |(_, a)| a.name.as_str()),
        )
        .show_ui(ui, |ui| {
            for (j, (_, a)) in f.armies.iter().enumerate() {
                if Some(a.ruleset) != ruleset {
                    continue;
                }
                let models = a.models().count();
                ui.selectable_value(&mut f.army[i], j, format!("{} ({models} models)", a.name));
            }
        });
}

/// The battle the form describes, or what is wrong with it.
fn build(f: &SetupForm) -> Result<BattleSetup, Vec<String>> {
    let (path, _) = f
        .scenarios
        .get(f.scenario)
        .ok_or_else(|| vec!["choose a scenario".to_string()])?;
    let mut setup = BattleSetup::load(path).map_err(|e| vec![e.to_string()])?;
    for (i, side) in [&mut setup.armies.a, &mut setup.armies.b]
        .into_iter()
        .enumerate()
    {
        if let Some((_, army)) = f.armies.get(f.army[i]) {
            *side = army.clone();
        }
    }
    let problems = setup.problems();
    if problems.is_empty() {
        Ok(setup)
    } else {
        Err(problems)
    }
}
