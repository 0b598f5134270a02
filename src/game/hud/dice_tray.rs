//! The dice of the latest roll, each face coloured by what it did, with its clause.

use crate::game::session::GameSession;
use bevy_egui::egui;
use warband_rules::marauders::clauses;
use warband_table::sim::Contest;

/// The tray of any ruleset's battle: the dice since the latest roll began.
pub fn show<R: Contest>(ui: &mut egui::Ui, session: &GameSession<R>) {
    let events = &session.engine.log().events;
    let start = session.roll_start.min(events.len());
    let dice: Vec<_> = events[start..].iter().filter_map(|e| e.die()).collect();
    ui.horizontal(|ui| {
        ui.strong("Dice tray");
        if let Some(r) = &session.last_refusal {
            ui.separator();
            ui.colored_label(egui::Color32::from_rgb(250, 170, 90), r);
        }
    });
    if dice.is_empty() {
        ui.weak("No dice rolled by the last action.");
        return;
    }
    egui::ScrollArea::horizontal().show(ui, |ui| {
        ui.horizontal(|ui| {
            let mut last_clause = None;
            for d in dice.iter().take(60) {
                if last_clause != Some(&d.clause) {
                    ui.separator();
                    ui.vertical(|ui| {
                        ui.small(d.clause.as_str());
                        ui.small(&d.purpose);
                    });
                    last_clause = Some(&d.clause);
                }
                let (fill, text) = face_colours(d);
                // A mark as well as the colour, for colour-blind players.
                let face = match did_its_job(d) {
                    Some(true) => format!("{} ✔", d.value),
                    Some(false) => format!("{} ✖", d.value),
                    None => d.value.to_string(),
                };
                egui::Frame::new()
                    .fill(fill)
                    .corner_radius(4.0)
                    .inner_margin(egui::Margin::symmetric(7, 4))
                    .show(ui, |ui| {
                        ui.label(egui::RichText::new(face).strong().color(text).size(18.0))
                            .on_hover_text(format!("{}: {} ({})", d.die, d.purpose, d.clause));
                    });
            }
        });
    });
}

/// Whether a die did its job for whoever rolled it (None for dice that only count
/// against others: contests, initiative, morale). An obstacle die "passes" when it stops
/// the shot: bad for the shooter.
fn did_its_job(d: &warband_rules::DieRoll) -> Option<bool> {
    let passed = d.passed()?;
    Some(if d.clause == clauses::SHOOT_OBSTACLE {
        !passed
    } else {
        passed
    })
}

/// Green for a die that did its job, red for one that did not; dice that only count
/// against others (contests, initiative, morale) are plain, sixes gold.
fn face_colours(d: &warband_rules::DieRoll) -> (egui::Color32, egui::Color32) {
    match did_its_job(d) {
        Some(true) => (egui::Color32::from_rgb(60, 140, 70), egui::Color32::WHITE),
        Some(false) => (egui::Color32::from_rgb(150, 60, 55), egui::Color32::WHITE),
        None if d.die.sides() == 6 && d.value == 6 => {
            (egui::Color32::from_rgb(230, 200, 90), egui::Color32::BLACK)
        }
        None => (egui::Color32::from_rgb(200, 200, 190), egui::Color32::BLACK),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_rules::{Clause, Die, DieRoll};

    fn die(value: u8, need: Option<u8>, clause: Clause) -> DieRoll {
        DieRoll {
            die: Die::D6,
            value,
            purpose: "test".into(),
            clause,
            need,
        }
    }

    #[test]
    fn each_die_is_marked_by_what_it_did_for_its_roller() {
        let damage = clauses::DAMAGE;
        assert_eq!(did_its_job(&die(4, Some(4), damage.clone())), Some(true));
        assert_eq!(did_its_job(&die(3, Some(4), damage)), Some(false));
        // An obstacle die that stops the shot failed the shooter.
        let obstacle = clauses::SHOOT_OBSTACLE;
        assert_eq!(did_its_job(&die(5, Some(4), obstacle.clone())), Some(false));
        assert_eq!(did_its_job(&die(2, Some(4), obstacle)), Some(true));
        // A contest die has no face to meet: no mark.
        assert_eq!(did_its_job(&die(6, None, clauses::INITIATIVE)), None);
    }
}
