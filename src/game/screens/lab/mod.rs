//! The lab: batches of AI battles played from the game, with live charts, exported as
//! CSV and JSON; and the calibration of a profile's points cost by play.

pub(crate) mod balance;
mod calibration;
pub(crate) mod plots;

use super::Screen;
use super::shelf::{armies, scenario_picker, scenarios};
use crate::game::desk::desk;
use crate::game::hud::root_ui;
use crate::game::jobs::{CalibrationJob, SimAsk, SimJob};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;
use warband_table::player::PlayerKind;
use warband_table::scenario::Scenario;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Lab), open_lab)
        .add_systems(OnExit(Screen::Lab), close_lab)
        .add_systems(EguiPrimaryContextPass, lab.run_if(in_state(Screen::Lab)));
}

/// What the lab starts with when the command line opens it (`warband lab …`).
#[derive(Resource, Clone, Debug)]
pub struct LabPreset {
    pub scenario: PathBuf,
    pub a: PlayerKind,
    pub b: PlayerKind,
    pub games: u32,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tab {
    Battles,
    Calibrate,
    Balance,
}

/// Profiles with their listed costs, or why they could not be read.
type Profiles = Result<Vec<(String, u32)>, String>;

#[derive(Resource)]
struct Lab {
    scenarios: Vec<(PathBuf, Scenario)>,
    scenario: usize,
    players: [PlayerKind; 2],
    games: u32,
    seed: u64,
    swap: bool,
    tab: Tab,
    sim: Option<SimJob>,
    /// The profiles of the chosen scenario's ruleset (for the scenario they were read for).
    profiles: Option<(usize, Profiles)>,
    profile: usize,
    calibration_games: u32,
    calibration: Option<CalibrationJob>,
    balance: balance::BalanceTab,
    message: Option<String>,
    /// Back was pressed while a batch, calibration or balancing ran: asked to confirm.
    leaving: bool,
}

impl Lab {
    /// Whether a batch, a calibration or a balancing is still running.
    fn busy(&self) -> bool {
        self.sim.as_ref().is_some_and(|j| j.report().is_none())
            || self
                .calibration
                .as_ref()
                .is_some_and(|j| j.result().is_none())
            || self.balance.running()
    }

    fn scenario_path(&self) -> Option<PathBuf> {
        self.scenarios.get(self.scenario).map(|(p, _)| p.clone())
    }

    fn start_sim(&mut self) {
        let Some(scenario) = self.scenario_path() else {
            return;
        };
        let ask = SimAsk {
            scenario,
            a: self.players[0].name().into(),
            b: self.players[1].name().into(),
            games: self.games,
            seed: self.seed,
            swap: self.swap,
        };
        match SimJob::start(&ask) {
            Ok(job) => {
                self.sim = Some(job);
                self.message = None;
            }
            Err(e) => self.message = Some(e),
        }
    }
}

fn open_lab(mut commands: Commands, preset: Option<Res<LabPreset>>) {
    commands.insert_resource(Lab::open(preset.as_deref()));
}

impl Lab {
    /// The lab as it opens: the shipped and saved scenarios, and a batch already
    /// started where another screen asked for one.
    fn open(preset: Option<&LabPreset>) -> Lab {
        let mut problems = Vec::new();
        // Army files are this screen's only to count the scenarios' models by: a
        // broken one is the army builder's to tell.
        let scenarios = scenarios(&armies(&mut Vec::new()), &mut problems);
        let find = |p: &PathBuf| {
            scenarios
                .iter()
                .position(|(s, _)| s.file_name() == p.file_name())
        };
        let mut lab = Lab {
            scenario: preset.and_then(|p| find(&p.scenario)).unwrap_or(0),
            scenarios,
            players: preset.map_or([PlayerKind::Normal, PlayerKind::Charge], |p| [p.a, p.b]),
            games: preset.map_or(400, |p| p.games),
            seed: 1,
            swap: true,
            tab: Tab::Battles,
            sim: None,
            profiles: None,
            profile: 0,
            calibration_games: 200,
            calibration: None,
            balance: balance::BalanceTab::default(),
            leaving: false,
            message: problems.first().cloned(),
        };
        if preset.is_some() {
            lab.start_sim();
        }
        lab
    }

    /// Stops every batch, calibration and balancing under way.
    fn stop_all(&self) {
        if let Some(j) = &self.sim {
            j.stop();
        }
        if let Some(j) = &self.balance.job {
            j.stop();
        }
        if let Some(j) = &self.calibration {
            j.stop();
        }
    }
}

/// Leaving the lab stops what it was playing.
fn close_lab(mut commands: Commands, lab: Option<Res<Lab>>) {
    if let Some(lab) = lab {
        lab.stop_all();
    }
    commands.remove_resource::<Lab>();
}

/// The way back to the menu; while work runs, a question first. True when the lab is
/// to be left.
fn back_or_ask(ui: &mut egui::Ui, l: &mut Lab) -> bool {
    if ui.button("◀ Back to the menu").clicked() {
        if !l.busy() {
            return true;
        }
        l.leaving = true;
    }
    if !(l.leaving && l.busy()) {
        return false;
    }
    ui.colored_label(
        egui::Color32::from_rgb(250, 200, 120),
        "Work is still running here: leave, and its results are lost.",
    );
    ui.horizontal(|ui| {
        if ui.button("Leave without them").clicked() {
            l.stop_all();
            return true;
        }
        if ui.button("Stay").clicked() {
            l.leaving = false;
        }
        false
    })
    .inner
}

fn lab(
    mut contexts: EguiContexts,
    lab: Option<ResMut<Lab>>,
    mut next: ResMut<NextState<Screen>>,
    mut busy: ResMut<crate::game::awake::Busy>,
) -> Result {
    let Some(mut lab) = lab else { return Ok(()) };
    let working = lab.busy();
    if working {
        busy.keep();
    }
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let l = &mut *lab;
    egui::Panel::left("lab-form")
        .exact_size(360.0)
        .show(&mut root, |ui| {
            ui.heading("Lab");
            ui.separator();
            ui.horizontal(|ui| {
                ui.selectable_value(&mut l.tab, Tab::Battles, "Battles");
                ui.selectable_value(&mut l.tab, Tab::Calibrate, "Calibrate");
                ui.selectable_value(&mut l.tab, Tab::Balance, "Balance");
            });
            ui.add_space(8.0);
            ui.label("Scenario");
            scenario_picker(ui, "lab-scenario", &l.scenarios, &mut l.scenario);
            ui.add_space(8.0);
            match l.tab {
                Tab::Battles => battles_form(ui, l),
                Tab::Calibrate => calibration::form(ui, l),
                Tab::Balance => {
                    let scenario = l.scenario_path();
                    balance::form(ui, &mut l.balance, scenario);
                }
            }
            ui.add_space(16.0);
            if back_or_ask(ui, l) {
                next.set(Screen::MainMenu);
            }
            if let Some(m) = &l.message {
                ui.add_space(8.0);
                ui.label(m);
            }
        });
    egui::CentralPanel::default().show(&mut root, |ui| match l.tab {
        Tab::Battles => battles_view(ui, l),
        Tab::Calibrate => calibration::view(ui, l),
        Tab::Balance => balance::view(ui, &mut l.balance),
    });
    if working {
        ctx.request_repaint();
    }
    Ok(())
}

fn battles_form(ui: &mut egui::Ui, l: &mut Lab) {
    let ruleset = l.scenarios.get(l.scenario).map(|(_, s)| s.ruleset);
    egui::Grid::new("lab-battles")
        .num_columns(2)
        .show(ui, |ui| {
            for (i, label) in ["Player a", "Player b"].into_iter().enumerate() {
                ui.label(label);
                egui::ComboBox::from_id_salt(("lab-player", i))
                    .selected_text(l.players[i].name())
                    .show_ui(ui, |ui| {
                        let kinds = ruleset.map(|r| desk(r).kinds()).unwrap_or_default();
                        for kind in kinds {
                            ui.selectable_value(&mut l.players[i], kind, kind.name());
                        }
                    });
                ui.end_row();
            }
            ui.label("Games");
            ui.add(egui::DragValue::new(&mut l.games).range(1..=1_000_000));
            ui.end_row();
            ui.label("Seed");
            super::seed_field::seed_field(ui, "lab seed", &mut l.seed);
            ui.end_row();
        });
    ui.checkbox(&mut l.swap, "Swap sides every other game");
    let running = l.sim.as_ref().is_some_and(|j| j.report().is_none());
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!running, egui::Button::new("▶ Play the battles"))
            .clicked()
        {
            l.start_sim();
        }
        if ui
            .add_enabled(running, egui::Button::new("■ Stop"))
            .clicked()
            && let Some(j) = &l.sim
        {
            j.stop();
        }
    });
    if let Some(job) = &l.sim
        && job.report().is_some()
    {
        ui.horizontal(|ui| {
            if ui.button("Export CSV").clicked() {
                l.message = Some(export(job, "csv", job.csv()));
            }
            if ui.button("Export JSON").clicked()
                && let Some(Ok(r)) = job.report()
                && let Ok(text) = serde_json::to_string_pretty(&described(job, &r))
            {
                l.message = Some(export(job, "json", text));
            }
        });
    }
}

/// A batch's report with what it was a batch of, so the file is read without its name
/// (a play-tester found only the numbers in it): the batch, its armies and players,
/// games, seed and swapping, what a side loses, and what `decision_ms` holds.
fn described(job: &SimJob, r: &warband_table::sim::SimReport) -> serde_json::Value {
    let c = &job.config;
    serde_json::json!({
        "batch": job.title,
        "armies": job.armies,
        "players": [c.a, c.b],
        "games": c.games,
        "seed": c.seed.to_string(),
        "swap": c.swap,
        "losses_in": job.losses,
        "decision_ms_is": "[[median, max] of player A, [median, max] of player B], ms per side-phase",
        "report": r,
    })
}

/// Writes an export to the lab folder and says where (or why not).
fn export(job: &SimJob, ext: &str, text: String) -> String {
    let c = &job.config;
    let name = format!(
        "{}-{}-seed{}.{ext}",
        crate::game::saves::slug(&job.title),
        c.games,
        c.seed
    );
    let path = crate::game::saves::lab_dir().join(name);
    match warband_table::files::write_atomic(&path, &text) {
        Ok(()) => format!("Saved {}", path.display()),
        Err(e) => format!("Could not save: {e}"),
    }
}

fn battles_view(ui: &mut egui::Ui, l: &Lab) {
    let Some(job) = &l.sim else {
        ui.heading("Play a batch of battles");
        ui.label(
            "Choose a scenario and two players, then ▶. The charts fill in as the games finish.",
        );
        return;
    };
    let games = job.leading_games();
    let total = u64::from(job.config.games);
    ui.heading(&job.title);
    ui.label(&job.armies);
    ui.add(
        egui::ProgressBar::new(job.done() as f32 / total.max(1) as f32).text(format!(
            "{} of {total} battles{}",
            job.done(),
            if job.stopped() { " (stopped)" } else { "" }
        )),
    );
    match job.report() {
        Some(Ok(r)) => {
            let pct = |k: u32| 100.0 * f64::from(k) / f64::from(r.games.max(1));
            ui.label(
                egui::RichText::new(format!(
                    "a ({}) wins {:.1}% [95%: {:.1}–{:.1}] · b ({}) wins {:.1}% · draws {:.1}%",
                    job.config.a,
                    100.0 * r.a_win_rate,
                    100.0 * r.ci95[0],
                    100.0 * r.ci95[1],
                    job.config.b,
                    pct(r.b_wins),
                    pct(r.draws)
                ))
                .size(16.0)
                .strong(),
            );
            let wins = [r.a_wins, r.b_wins];
            ui.label(crate::game::jobs::verdict(
                &job.config.a,
                &job.config.b,
                wins,
            ));
            ui.label(format!(
                "{:.2} {}s on average · {} lost: a ({}) {:.1}, b ({}) {:.1} · {:.0} battles/s · {} refused commands",
                r.mean_rounds, job.round, job.losses, job.config.a, r.mean_losses[0], job.config.b, r.mean_losses[1], r.battles_per_sec, r.refused_commands
            ))
            .on_hover_text(format!(
                "{} lost: what each player lost on average a battle. Refused commands: moves a player sent that the rules refused (a sound player sends none).",
                job.losses
            ));
        }
        Some(Err(e)) => {
            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), e);
        }
        None => {}
    }
    // Less two rows of chart keys (titles above the charts).
    let h = (ui.available_height() - 90.0).max(240.0);
    // The players as the summary names them: a and b are players, not sides, since
    // they may swap sides every other game.
    let players = [
        format!("a ({})", job.config.a),
        format!("b ({})", job.config.b),
    ];
    plots::win_rate(ui, &games, &players, h * 0.5);
    ui.columns(2, |cols| {
        plots::rounds(&mut cols[0], &games, (job.round, h * 0.45));
        plots::losses(&mut cols[1], &games, (job.losses, &players), h * 0.45);
    });
}

#[cfg(test)]
mod tests;
