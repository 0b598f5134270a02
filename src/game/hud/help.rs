//! How to play, in a window F1 or ? opens over the battle: the ruleset in short, its
//! keys and the mouse, then what every table shares (the camera, the tape, casualties).

use crate::game::desk::Desk;
use bevy::prelude::*;
use bevy_egui::egui;

/// Whether How to play (F1) is open.
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
    ("F1 or ?", "show or hide How to play (this window)"),
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
    ("T", "show or hide each side's last moves"),
    ("Hold M and drag", "measure with the tape"),
    ("C", "show or hide the casualties"),
    ("Esc", "put the spell away; again, drop the model"),
    (
        "Deployment by hand",
        "click in your lit zone to set a model down; click one of your ringed models to set it first",
    ),
];

/// Whether F1 or ? (Shift and /) was just pressed: the key that opens and closes help.
pub fn help_key(keys: &ButtonInput<KeyCode>) -> bool {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    keys.just_pressed(KeyCode::F1) || (shift && keys.just_pressed(KeyCode::Slash))
}

/// F1 or ? opens and closes the window; Esc closes it.
pub fn toggle(keys: &ButtonInput<KeyCode>, help: &mut Help) {
    if help_key(keys) {
        help.open = !help.open;
    } else if keys.just_pressed(KeyCode::Escape) {
        help.open = false;
        help.rules = false;
    }
    if keys.just_pressed(KeyCode::F2) {
        help.rules = !help.rules;
    }
}

/// The window, while open: the ruleset in short, as the main menu's How to play gives
/// it, then a grid of keys and what they do (F1 in battle opened the keys alone, under
/// another name than the menu's "How to play (F1)").
pub fn show<R: Desk>(ctx: &egui::Context, help: &mut Help) {
    let mut open = help.open;
    egui::Window::new(format!("How to play {}", R::RULESET.title()))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(560.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, battle_help::<R>);
        });
    help.open = open;
}

/// In battle: the ruleset in short, its keys, then every table's (F2: the rules).
fn battle_help<R: Desk>(ui: &mut egui::Ui) {
    in_short(ui, "help-ruleset", R::primer(), R::shortcuts());
    ui.small("F2 opens the rules, in our words.");
    ui.add_space(6.0);
    rows(ui, "help-shared", "Keys of every table", SHARED);
}

/// A ruleset in short, then its own keys: the same in the menu's How to play and in
/// battle.
fn in_short(ui: &mut egui::Ui, id: &str, primer: &[&str], keys: &[(&str, &str)]) {
    ui.strong("In short");
    for line in primer {
        ui.label(format!("• {line}"));
    }
    ui.add_space(4.0);
    rows(ui, id, "Its own keys", keys);
}

/// A first battle, step by step, as the main menu's How to play tells it.
pub const FIRST_BATTLE: &[&str] = &[
    "New battle: choose a scenario of any ruleset; the preview shows its table and both armies. Choose who plays each side: you, or a computer player (point at one to read how it plays). Start battle: the armies stand in their zones (tick \"by hand\" to set yours down yourself, in your lit zone).",
    "Your part: the left panel says what you may do now. In Marauders and Borderlands click one of your models to choose it, then the table to move it: the ghost shows where it would end, or why it cannot. In Toy Soldier click a unit to activate it (its tokens are paid), then click ahead to move it, Q / E to turn.",
    "Reading the table: each model is a miniature seen from above, in its side's coloured ring (side B's notched), with the icon of what it carries. In Marauders and Borderlands the ring under it shows its hit dice or points left (a segment each, one arc when there are many): green, then amber, then red as they fall, muted while it has them all. A word above it (below it or on it, in a packed rank; a dot of its colour where even that is taken) tells its state: Zz asleep, held, blind, ✚ dying. A Toy Soldier unit carries chips behind its rear edge instead (on it, where that room is another unit's): ⚠ its danger, ✚ its damage. A gold ★ marks each side's leader (in Toy Soldier, its command unit). Point at any model for its card.",
    "Point at an enemy before clicking it: its card gives the exact odds of the charge, fight, shot or spell a click would make.",
    "Space ends your part: a phase in Marauders, a step in Borderlands, an activation in Toy Soldier (its AP left are given up at once; Enter ends the turn). Marauders' movement asks first while none of your models has moved, and Borderlands' step while models are left to act. Z takes back a plain move.",
    "Every die lands in the dice tray with the rule that rolled it, and the log keeps them all. How to win (in the top bar) says what ends the battle.",
];

/// The main menu's How to play: a first battle step by step, then the keys of every
/// table and of each ruleset (each ruleset's folded until opened).
pub fn guide(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("How to play")
        .open(open)
        .collapsible(false)
        .default_width(620.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, guide_body);
        });
}

fn guide_body(ui: &mut egui::Ui) {
    for (n, step) in FIRST_BATTLE.iter().enumerate() {
        ui.label(format!("{}. {step}", n + 1));
    }
    ui.add_space(8.0);
    rows(ui, "guide-shared", "Keys of every table", SHARED);
    for r in warband_rules::Ruleset::ALL {
        ui.add_space(4.0);
        egui::CollapsingHeader::new(r.title())
            .id_salt(("guide", r.title()))
            .show(ui, |ui| {
                let desk = crate::game::desk::desk(r);
                in_short(ui, r.title(), desk.primer(), desk.shortcuts());
            });
    }
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

    /// The menu's How to play walks through a first battle and offers every ruleset's
    /// keys under its own heading.
    #[test]
    fn the_guide_tells_a_first_battle_and_names_every_ruleset() {
        let words = crate::game::test_app::egui_words(guide_body).join("\n");
        assert!(
            words.contains("1. New battle: choose a scenario"),
            "{words}"
        );
        assert!(words.contains("Space ends your part"), "{words}");
        assert!(words.contains("Keys of every table"), "{words}");
        for r in warband_rules::Ruleset::ALL {
            assert!(words.contains(r.title()), "{}: {words}", r.title());
            assert!(!crate::game::desk::desk(r).shortcuts().is_empty());
            assert!(
                crate::game::desk::desk(r).primer().len() >= 4,
                "{}",
                r.title()
            );
        }
    }

    /// No ruleset gives a key of its own that every table already answers to: a
    /// play-tester's T in Marauders hid the last moves and showed the threat rings.
    #[test]
    fn no_rulesets_key_is_a_shared_one() {
        for r in warband_rules::Ruleset::ALL {
            for (key, what) in crate::game::desk::desk(r).shortcuts() {
                let shared = SHARED.iter().find(|(k, _)| k == key);
                assert!(
                    shared.is_none(),
                    "{}: {key} ({what}) and {shared:?}",
                    r.title()
                );
            }
        }
    }

    /// F1 in battle gives what the menu's How to play gives of its ruleset: the
    /// ruleset in short, then its keys and every table's.
    #[test]
    fn f1_in_battle_tells_the_ruleset_in_short_and_its_keys() {
        use warband_borderlands::Borderlands;
        let words = crate::game::test_app::egui_words(battle_help::<Borderlands>).join("\n");
        assert!(words.contains("In short"), "{words}");
        for line in <Borderlands as Desk>::primer() {
            assert!(words.contains(line), "{line}: {words}");
        }
        assert!(words.contains("Its own keys"), "{words}");
        assert!(words.contains("Keys of every table"), "{words}");
    }

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
