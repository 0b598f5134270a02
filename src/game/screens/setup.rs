//! Battle setup: scenario, the army of each side, who controls each side, the seed.

use super::Screen;
use super::menu::SetupPreset;
use crate::game::hud::root_ui;
use crate::game::saves::assets_dir;
use crate::game::session::{Controller, Launch, PendingBattle};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;
use warband_marauders::ai::AiKind;
use warband_marauders::data::{BattleSetup, Scenario, load_ron};
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

fn open_form(mut commands: Commands, preset: Option<Res<SetupPreset>>) {
    let mut problems = Vec::new();
    let root = assets_dir();
    let scenarios: Vec<(PathBuf, Scenario)> = list(root.join("scenarios"), &mut problems);
    let mut armies: Vec<(PathBuf, ArmyList)> = list(root.join("armies"), &mut problems);
    armies.extend(list(crate::game::saves::armies_dir(), &mut problems));
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
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading("New battle");
        ui.separator();
        let f = &mut *form;
        egui::Grid::new("setup")
            .num_columns(2)
            .spacing([24.0, 10.0])
            .show(ui, |ui| {
                ui.label("Scenario");
                let before = f.scenario;
                egui::ComboBox::from_id_salt("scenario")
                    .width(320.0)
                    .selected_text(
                        f.scenarios
                            .get(f.scenario)
                            .map_or("(none found)", |(_, s)| s.name.as_str()),
                    )
                    .show_ui(ui, |ui| {
                        for (i, (_, s)) in f.scenarios.iter().enumerate() {
                            ui.selectable_value(
                                &mut f.scenario,
                                i,
                                format!(
                                    "{} — {}\"×{}\", {} rounds",
                                    s.name, s.table.0, s.table.1, s.round_limit
                                ),
                            );
                        }
                    });
                ui.end_row();
                if before != f.scenario
                    && let Some((_, s)) = f.scenarios.get(f.scenario)
                {
                    let find = |name: &str| {
                        f.armies
                            .iter()
                            .position(|(p, _)| p.file_stem().is_some_and(|n| n == name))
                    };
                    f.army = [
                        find(&s.armies.a).unwrap_or(f.army[0]),
                        find(&s.armies.b).unwrap_or(f.army[1]),
                    ];
                }
                for (i, label) in ["Side A (blue)", "Side B (red)"].into_iter().enumerate() {
                    ui.label(label);
                    ui.horizontal(|ui| {
                        egui::ComboBox::from_id_salt(("army", i))
                            .width(220.0)
                            .selected_text(
                                f.armies
                                    .get(f.army[i])
                                    .map_or("(none)", |(_, a)| a.name.as_str()),
                            )
                            .show_ui(ui, |ui| {
                                for (j, (_, a)) in f.armies.iter().enumerate() {
                                    let models = a.models().count();
                                    ui.selectable_value(
                                        &mut f.army[i],
                                        j,
                                        format!("{} ({models} models)", a.name),
                                    );
                                }
                            });
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
        ui.add_space(12.0);
        ui.horizontal(|ui| {
            if ui.button("◀ Back").clicked() {
                next.set(Screen::MainMenu);
            }
            if ui
                .add_enabled(
                    !f.scenarios.is_empty() && !f.armies.is_empty(),
                    egui::Button::new("Start battle ▶"),
                )
                .clicked()
            {
                match build(f) {
                    Ok(setup) => {
                        pending.0 = Some(Launch::New {
                            setup: Box::new(setup),
                            seed: f.seed,
                            controllers: f.controllers,
                            speed: f.speed,
                        });
                        next.set(Screen::Battle);
                    }
                    Err(problems) => f.problems = problems,
                }
            }
        });
        for p in &f.problems {
            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), p);
        }
    });
    Ok(())
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
