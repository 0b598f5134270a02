//! The lab's Balance tab: `warband balance` on the chosen scenario with a progress
//! list of its trials and Stop, then what it changed, side A's measured rate, and a
//! button that saves the fair version in the data folder.

use crate::game::balance_job::BalanceJob;
use bevy_egui::egui;
use warband_table::balance::{FAIR, MAX_DRAWS, Trial};

/// The tab's own state in the lab.
pub struct BalanceTab {
    pub games: u32,
    pub job: Option<BalanceJob>,
    pub saved: Option<Result<String, String>>,
}

impl Default for BalanceTab {
    fn default() -> Self {
        Self {
            games: 1000,
            job: None,
            saved: None,
        }
    }
}

impl BalanceTab {
    pub fn running(&self) -> bool {
        self.job.as_ref().is_some_and(BalanceJob::running)
    }
}

/// The form: games a trial, Balance, Stop.
pub fn form(ui: &mut egui::Ui, tab: &mut BalanceTab, scenario: Option<std::path::PathBuf>) {
    ui.label(format!(
        "Plays normal v normal and resizes one side's rank-and-file until side A wins \
         {:.0}–{:.0}% (95% interval) with at most {:.0}% drawn.",
        FAIR[0] * 100.0,
        FAIR[1] * 100.0,
        MAX_DRAWS * 100.0
    ));
    ui.horizontal(|ui| {
        ui.label("Games a trial");
        ui.add(egui::DragValue::new(&mut tab.games).range(20..=100_000));
    });
    let running = tab.running();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!running, egui::Button::new("▶ Balance"))
            .clicked()
            && let Some(path) = scenario
        {
            match BalanceJob::start(&path, tab.games) {
                Ok(job) => {
                    tab.job = Some(job);
                    tab.saved = None;
                }
                Err(e) => tab.saved = Some(Err(e)),
            }
        }
        if ui
            .add_enabled(running, egui::Button::new("■ Stop"))
            .clicked()
            && let Some(job) = &tab.job
        {
            job.stop();
        }
    });
}

fn trial_line(t: &Trial) -> String {
    let r = &t.report;
    let what = t.side.map_or("as it stands".to_string(), |s| {
        format!("{s} with {} rank-and-file", t.count)
    });
    format!(
        "{what}: side A {}, {} drawn of {}",
        r.rate_text(),
        r.draws,
        r.games
    )
}

/// The trials so far, and once done what changed and how it plays.
pub fn view(ui: &mut egui::Ui, tab: &mut BalanceTab) {
    let Some(job) = &tab.job else {
        ui.label("Choose a scenario and press Balance.");
        return;
    };
    ui.heading("Balancing");
    let trials = job.trials();
    if job.running() {
        ui.add(egui::ProgressBar::new(0.0).animate(true).text(format!(
            "{} trial{} played",
            trials.len(),
            if trials.len() == 1 { "" } else { "s" }
        )));
    }
    for t in &trials {
        ui.label(trial_line(t));
    }
    let Some(result) = job.result() else { return };
    ui.separator();
    match result {
        Err(e) => {
            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), e);
        }
        Ok(b) => {
            let r = &b.report;
            ui.strong(format!(
                "{}: side A {}, {} drawn",
                if b.fair { "Fair" } else { "Not fair yet" },
                r.rate_text(),
                r.draws
            ));
            for (side, profile, from, to) in &b.changes {
                ui.label(format!("{side}: {profile} {from} → {to}"));
            }
            if b.changes.is_empty() {
                ui.label("Nothing changed.");
            } else if ui.button("Save the balanced scenario").clicked() {
                tab.saved = Some(job.save().map(|p| p.display().to_string()));
            }
        }
    }
    match &tab.saved {
        Some(Ok(p)) => {
            ui.label(format!("Saved {p}"));
        }
        Some(Err(e)) => {
            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), e);
        }
        None => {}
    }
}
