//! A die's face in the tray: tumbling, then settled with the colour and mark of what
//! it did.

use crate::game::desk::Desk;
use bevy_egui::egui;

/// One die of the tray: while it tumbles, a random face unmarked, bobbing up and down;
/// once settled, its face with its mark and colours.
pub(super) fn die_face<R: Desk>(
    ui: &mut egui::Ui,
    d: &warband_rules::DieRoll,
    noted: bool,
    (at, tumble): (usize, &crate::game::hud::tumble::Tumble),
    hover: String,
) {
    let (fill, text, face, bob) = if tumble.tumbling(at) {
        let face = tumble.face(at, d.die.sides(), d.value);
        let text = egui::Color32::WHITE;
        (TUMBLING, text, face.to_string(), tumble.bob(at))
    } else {
        let (fill, text, face) = if noted {
            (
                NOTED,
                egui::Color32::BLACK,
                format!("{} {}", d.value, egui_phosphor::regular::CIRCLE_HALF),
            )
        } else {
            settled::<R>(d)
        };
        (fill, text, face, 0)
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(4.0)
        .inner_margin(egui::Margin {
            left: 7,
            right: 7,
            top: 4 + bob,
            bottom: 4 - bob,
        })
        .show(ui, |ui| {
            let face = egui::RichText::new(face).strong().color(text).size(18.0);
            ui.label(face).on_hover_text(hover);
        });
}

/// A die whose roll came to something between its job done and not (its ruleset's
/// [`Desk::die_note`] says what): amber, a half-filled circle beside its face.
const NOTED: egui::Color32 = egui::Color32::from_rgb(225, 160, 70);

/// A die still tumbling: a dark stone, its random face unmarked.
const TUMBLING: egui::Color32 = egui::Color32::from_rgb(92, 84, 72);

/// A settled die: its colours and its face with the mark of what it did (a mark as well
/// as the colour, for colour-blind players).
pub(super) fn settled<R: Desk>(
    d: &warband_rules::DieRoll,
) -> (egui::Color32, egui::Color32, String) {
    let job = R::die_for_roller(d);
    let (fill, text) = face_colours(d, job);
    let face = match job {
        Some(true) => format!("{} ✔", d.value),
        Some(false) => format!("{} ✖", d.value),
        None => d.value.to_string(),
    };
    (fill, text, face)
}

/// Green for a die that did its job, red for one that did not; dice that only count
/// against others (contests, initiative, morale) are plain, sixes gold.
fn face_colours(d: &warband_rules::DieRoll, job: Option<bool>) -> (egui::Color32, egui::Color32) {
    match job {
        Some(true) => (egui::Color32::from_rgb(60, 140, 70), egui::Color32::WHITE),
        Some(false) => (egui::Color32::from_rgb(150, 60, 55), egui::Color32::WHITE),
        None if d.die.sides() == 6 && d.value == 6 => {
            (egui::Color32::from_rgb(230, 200, 90), egui::Color32::BLACK)
        }
        None => (egui::Color32::from_rgb(200, 200, 190), egui::Color32::BLACK),
    }
}
