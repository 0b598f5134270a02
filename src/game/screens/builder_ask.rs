//! What the army builder asks before it throws work away: another ruleset, a new army
//! or the menu while the army on screen has unsaved changes, and a file to delete.

use super::{Builder, list_armies};
use crate::game::saves::armies_dir;
use bevy_egui::egui;
use std::path::PathBuf;
use warband_rules::Ruleset;

/// A question waiting on the player's word.
pub(super) enum Ask {
    Switch(Ruleset),
    New,
    Leave,
    Delete(PathBuf),
}

impl Builder {
    /// A blank army of the same ruleset, from no file.
    pub(super) fn start_anew(&mut self) {
        self.army = self.catalogue.blank();
        self.lead_chosen = false;
        self.kept = self.army.clone();
        self.file = None;
        self.message = None;
    }

    /// Another ruleset chosen: switched to at once unless work would be lost, else asked
    /// first. (A play-tester saved an army, switched, and was told its changes were
    /// lost: it asked whenever the army had models.)
    pub(super) fn choose_ruleset(&mut self, r: Ruleset) {
        if self.unsaved() {
            self.asking = Some(Ask::Switch(r));
        } else {
            self.switch(r);
        }
    }

    fn delete(&mut self, path: &PathBuf) {
        if self.file.as_ref() == Some(path) {
            self.file = None;
        }
        self.message = Some(match std::fs::remove_file(path) {
            Ok(()) => format!("Deleted {}", path.display()),
            Err(e) => format!("Could not delete: {e}"),
        });
        self.saved = list_armies(&armies_dir());
    }

    /// The last message, unless it says the army was saved and it has changed since.
    pub(super) fn message_now(&self) -> Option<&str> {
        match self.message.as_deref() {
            Some(m) if m.starts_with("Saved as") && self.unsaved() => {
                Some("Changed since it was saved: Save keeps the changes.")
            }
            m => m,
        }
    }
}

/// The question waiting, if one is, with its two answers; true when the answer is to
/// leave for the menu.
pub(super) fn ask(ui: &mut egui::Ui, b: &mut Builder) -> bool {
    let Some(asked) = &b.asking else {
        return false;
    };
    let unsaved = format!("{} has changes not saved", b.army.name);
    let (words, yes, no) = match asked {
        Ask::Switch(r) => (
            format!(
                "Build a {} army instead? {unsaved}: they are lost.",
                r.title()
            ),
            "Switch",
            "Keep this army",
        ),
        Ask::New => (
            format!("Start a new army? {unsaved}: they are lost."),
            "Start anew",
            "Keep this army",
        ),
        Ask::Leave => (
            format!("Leave for the menu? {unsaved}: they are lost."),
            "Leave without saving",
            "Stay",
        ),
        Ask::Delete(path) => {
            let file = path.file_name().map(|f| f.to_string_lossy().to_string());
            (
                format!("Delete {} for good?", file.unwrap_or_default()),
                "Delete",
                "Keep it",
            )
        }
    };
    let mut answer = None;
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(egui::Color32::from_rgb(250, 200, 120), words);
        if ui.button(yes).clicked() {
            answer = Some(true);
        }
        if ui.button(no).clicked() {
            answer = Some(false);
        }
    });
    let Some(yes) = answer else {
        return false;
    };
    let asked = b.asking.take().expect("asked above");
    if !yes {
        return false;
    }
    match asked {
        Ask::Switch(r) => b.switch(r),
        Ask::New => b.start_anew(),
        Ask::Leave => return true,
        Ask::Delete(path) => b.delete(&path),
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::catalogue::{Catalogue, add};

    fn builder() -> Builder {
        let catalogue = Catalogue::load(Ruleset::Marauders).unwrap();
        Builder {
            designer: None,
            kept: catalogue.blank(),
            army: catalogue.blank(),
            file: None,
            catalogue,
            saved: Vec::new(),
            shipped: Vec::new(),
            made_for: Vec::new(),
            filter: String::new(),
            message: None,
            rng: warband_rules::DiceRoller::from_seed(1),
            asking: None,
            lead_chosen: false,
            play: None,
            playing: false,
        }
    }

    /// An army with models not saved is unsaved work, asked about before it is thrown
    /// away; a saved or loaded one, or an empty one, is not.
    #[test]
    fn unsaved_work_is_known_and_a_question_says_what_is_lost() {
        let mut b = builder();
        assert!(!b.unsaved(), "a blank army");
        let first = b.catalogue.entries[0].name.clone();
        add(&mut b.army, &first);
        assert!(b.unsaved());
        b.asking = Some(Ask::New);
        let words = crate::game::test_app::egui_words(|ui| {
            ask(ui, &mut b);
        })
        .join(" ");
        assert!(words.contains("has changes not saved"), "{words}");
        assert!(b.asking.is_some(), "no answer yet");
        b.start_anew();
        assert!(!b.unsaved() && b.army.entries.is_empty());
        let army = b.army.clone();
        b.take(army, None);
        assert!(!b.unsaved());
        // Saved (or loaded) work switches ruleset unasked; unsaved work is asked about.
        let other = Ruleset::ALL
            .into_iter()
            .find(|r| *r != b.catalogue.ruleset)
            .expect("three rulesets");
        add(&mut b.army, &first);
        b.kept = b.army.clone();
        b.choose_ruleset(other);
        assert!(b.asking.is_none(), "saved work is not asked about");
        assert_eq!(b.catalogue.ruleset, other);
        let theirs = b.catalogue.entries[0].name.clone();
        add(&mut b.army, &theirs);
        let back = Ruleset::Marauders;
        b.choose_ruleset(back);
        assert!(matches!(b.asking, Some(Ask::Switch(r)) if r == back));
        assert_eq!(b.catalogue.ruleset, other, "not switched before the answer");
        b.asking = Some(Ask::Delete(PathBuf::from("/nowhere/orc-band.ron")));
        let words = crate::game::test_app::egui_words(|ui| {
            ask(ui, &mut b);
        })
        .join(" ");
        assert!(words.contains("Delete orc-band.ron for good?"), "{words}");
    }

    /// A play-tester read "Saved as …" after changing the army again: once it changes,
    /// the message says the changes are not saved.
    #[test]
    fn saved_is_said_only_while_the_army_is_as_saved() {
        let mut b = builder();
        let first = b.catalogue.entries[0].name.clone();
        add(&mut b.army, &first);
        b.kept = b.army.clone();
        b.message = Some("Saved as Orcs (battle setup lists it)".into());
        assert_eq!(
            b.message_now(),
            Some("Saved as Orcs (battle setup lists it)")
        );
        add(&mut b.army, &first);
        assert_eq!(
            b.message_now(),
            Some("Changed since it was saved: Save keeps the changes.")
        );
        b.message = Some("Not saved: no room".into());
        assert_eq!(b.message_now(), Some("Not saved: no room"));
    }

    /// A word found in one ruleset's catalogue is dropped on a switch to another; a
    /// word that finds nothing is said to.
    #[test]
    fn the_find_box_starts_empty_in_another_ruleset_and_says_when_nothing_is_found() {
        let mut b = builder();
        b.filter = "zzz-none".into();
        let words = crate::game::test_app::egui_words(|ui| {
            super::super::builder_catalogue::catalogue_panel(ui, &mut b);
        })
        .join(" ");
        assert!(
            words.contains("Nothing in this ruleset has \"zzz-none\""),
            "{words}"
        );
        let other = warband_rules::Ruleset::ALL
            .into_iter()
            .find(|r| *r != b.catalogue.ruleset)
            .unwrap();
        b.switch(other);
        assert_eq!((b.catalogue.ruleset, b.filter.as_str()), (other, ""));
    }
}
