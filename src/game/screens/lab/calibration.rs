//! The lab's calibration tab: a profile's points cost found by play, with its chart.

use super::{Lab, plots};
use crate::game::jobs::CalibrationJob;
use bevy_egui::egui;

/// The calibration tab's form: scenario, profile, games, and ▶.
pub(super) fn form(ui: &mut egui::Ui, l: &mut Lab) {
    if l.profiles.as_ref().is_none_or(|(s, _)| *s != l.scenario)
        && let Some(path) = l.scenario_path()
    {
        l.profiles = Some((l.scenario, CalibrationJob::profiles(&path)));
        l.profile = 0;
    }
    let profiles = match &l.profiles {
        Some((_, Ok(p))) => p.clone(),
        Some((_, Err(e))) => {
            ui.label(e);
            return;
        }
        None => return,
    };
    ui.label("Profile");
    egui::ComboBox::from_id_salt("lab-profile")
        .width(320.0)
        .selected_text(profiles.get(l.profile).map_or("", |p| p.0.as_str()))
        .show_ui(ui, |ui| {
            for (i, (name, cost)) in profiles.iter().enumerate() {
                ui.selectable_value(&mut l.profile, i, format!("{name} — listed {cost}"));
            }
        });
    ui.horizontal(|ui| {
        ui.label("Games per army size");
        ui.add(egui::DragValue::new(&mut l.calibration_games).range(20..=100_000));
    });
    let running = l.calibration.as_ref().is_some_and(|j| j.result().is_none());
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!running, egui::Button::new("▶ Calibrate"))
            .clicked()
            && let (Some(path), Some((name, _))) = (l.scenario_path(), profiles.get(l.profile))
        {
            match CalibrationJob::start(&path, name, l.calibration_games) {
                Ok(job) => l.calibration = Some(job),
                Err(e) => l.message = Some(e),
            }
        }
        // It stops before its next army size: the one being played finishes first.
        if ui
            .add_enabled(running, egui::Button::new("■ Stop"))
            .on_hover_text("Stops before the next army size is played")
            .clicked()
            && let Some(job) = &l.calibration
        {
            job.stop();
        }
    });
}

/// The calibration tab's results: each army size tried and the cost found.
pub(super) fn view(ui: &mut egui::Ui, l: &Lab) {
    let Some(job) = &l.calibration else {
        ui.heading("Price a profile by play");
        ui.label("Copies of the profile meet reference armies of rising points, normal against normal on both sides of the table; the fair cost is where it wins half its games.");
        return;
    };
    ui.heading(format!("Calibrating {}", job.profile));
    let listed = match job.result() {
        Some(Ok(c)) => {
            let (fair, interval) = c.fair_text();
            ui.label(
                egui::RichText::new(format!(
                    "listed {} · fair {fair} · 95% interval {interval} · {} copies against {}",
                    c.listed, c.count, c.reference
                ))
                .size(16.0)
                .strong(),
            );
            if let Some(why) = c.unbounded() {
                ui.label(why);
            }
            f64::from(c.listed)
        }
        Some(Err(e)) => {
            ui.label(format!("{e} ({} army sizes tried)", job.trials().len()));
            return;
        }
        None => {
            let trials = job.trials();
            let games: u32 = trials.iter().map(|t| t.games).sum();
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "{} army sizes tried so far, {games} games: each adds a point to the chart",
                    trials.len()
                ));
            });
            l.profiles
                .as_ref()
                .and_then(|(_, p)| p.as_ref().ok()?.iter().find(|p| p.0 == job.profile))
                .map_or(0.0, |p| f64::from(p.1))
        }
    };
    // Less the chart's key above it.
    let h = (ui.available_height() - 50.0).max(240.0);
    plots::calibration(ui, &job.trials(), listed, h);
}
