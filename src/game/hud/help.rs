//! The keys and the mouse, in a window F1 or ? opens over the battle: what every table
//! shares (the camera, the tape, casualties), then the ruleset's own.

use crate::game::desk::Desk;
use bevy::prelude::*;
use bevy_egui::egui;

/// Whether the keys window is open.
#[derive(Resource, Default)]
pub struct Help {
    pub open: bool,
    /// The rules window, and the clause it is to open at.
    pub rules: bool,
    pub rules_at: Option<String>,
}

impl Help {
    /// Opens the rules at the section of `clause` (a die's, clicked in the tray or log).
    pub fn open_rules_at(&mut self, clause: String) {
        self.rules = true;
        self.rules_at = Some(clause);
    }
}

/// What every battle's table answers to.
pub const SHARED: &[(&str, &str)] = &[
    ("F1 or ?", "show or hide this window"),
    (
        "F2, or a clause in the dice tray",
        "the rules, in our words",
    ),
    (
        "W A S D or the arrows, right- or middle-drag",
        "move the view",
    ),
    ("Wheel", "zoom"),
    ("F or Home", "fit the table in the window"),
    super::fold::KEYS,
    ("G", "show or hide the 6\" grid"),
    ("Hold M and drag", "measure with the tape"),
    ("C", "show or hide the casualties"),
    ("Esc", "put the spell away; again, drop the model"),
    (
        "Deployment by hand",
        "click in your lit zone to set a model down; click one of your ringed models to set it first",
    ),
];

/// F1 or ? (Shift and /) opens and closes the window; Esc closes it.
pub fn toggle(keys: &ButtonInput<KeyCode>, help: &mut Help) {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::F1) || (shift && keys.just_pressed(KeyCode::Slash)) {
        help.open = !help.open;
    } else if keys.just_pressed(KeyCode::Escape) {
        help.open = false;
        help.rules = false;
    }
    if keys.just_pressed(KeyCode::F2) {
        help.rules = !help.rules;
    }
}

/// The window, while open: a grid of keys and what they do.
pub fn show<R: Desk>(ctx: &egui::Context, help: &mut Help) {
    let mut open = help.open;
    egui::Window::new("Keys and mouse")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            rows(ui, "help-shared", "Every table", SHARED);
            ui.add_space(6.0);
            rows(ui, "help-ruleset", R::RULESET.title(), R::shortcuts());
        });
    help.open = open;
}

fn rows(ui: &mut egui::Ui, id: &str, heading: &str, keys: &[(&str, &str)]) {
    ui.strong(heading);
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([16.0, 3.0])
        .show(ui, |ui| {
            for (key, what) in keys {
                ui.monospace(*key);
                ui.label(*what);
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(keys: &[KeyCode], help: &mut Help) {
        let mut input = ButtonInput::<KeyCode>::default();
        for k in keys {
            input.press(*k);
        }
        toggle(&input, help);
    }

    #[test]
    fn f1_or_a_question_mark_opens_and_escape_closes() {
        let mut help = Help::default();
        press(&[KeyCode::F1], &mut help);
        assert!(help.open);
        press(&[KeyCode::F1], &mut help);
        assert!(!help.open);
        press(&[KeyCode::ShiftLeft, KeyCode::Slash], &mut help);
        assert!(help.open, "? is Shift and /");
        press(&[KeyCode::Slash], &mut help);
        assert!(help.open, "/ alone is not ?");
        press(&[KeyCode::Escape], &mut help);
        assert!(!help.open);
    }
}
