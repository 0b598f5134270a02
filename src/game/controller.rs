//! Who plays each side of the battle on screen: you, or a computer player of a kind
//! the ruleset has.

use super::desk::playable;
use warband_rules::Ruleset;
use warband_table::player::PlayerKind;

/// Who plays a side: a person, or a computer player by kind (each ruleset has some of
/// the kinds: `Controller::choices`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Controller {
    Human,
    Ai(PlayerKind),
    /// A player on another machine, in a network battle.
    Remote,
}

impl Controller {
    /// Every controller a side can have: you, or any computer player the command line
    /// offers (the `random` and `charge` baselines included).
    pub const CHOICES: [Controller; 6] = [
        Controller::Human,
        Controller::Ai(PlayerKind::Easy),
        Controller::Ai(PlayerKind::Normal),
        Controller::Ai(PlayerKind::Hard),
        Controller::Ai(PlayerKind::Random),
        Controller::Ai(PlayerKind::Charge),
    ];

    /// The computer player every ruleset has, offered first.
    pub const NORMAL: Controller = Controller::Ai(PlayerKind::Normal);

    /// What a side of a battle this window hosts may be: you, a remote player, or a
    /// computer player the ruleset has.
    pub fn hosting_choices(ruleset: Ruleset) -> Vec<Controller> {
        let mut offered = Self::choices(ruleset);
        offered.insert(1, Controller::Remote);
        offered
    }

    /// The controllers a ruleset offers: you, and the computer players it has.
    pub fn choices(ruleset: Ruleset) -> Vec<Controller> {
        Self::CHOICES
            .into_iter()
            .filter(|c| match c {
                Controller::Human => true,
                Controller::Ai(kind) => playable(ruleset, *kind),
                Controller::Remote => false,
            })
            .collect()
    }

    /// The computer player's kind; `None` for a person, here or over the network.
    pub fn kind(self) -> Option<PlayerKind> {
        match self {
            Controller::Ai(kind) => Some(kind),
            Controller::Human | Controller::Remote => None,
        }
    }

    /// Who played a side of a save, as a side of a battle here: the computer player
    /// it was, or you.
    pub fn seated(kind: Option<PlayerKind>) -> Self {
        kind.map_or(Controller::Human, Controller::Ai)
    }

    /// Who plays a side, as a network battle's window shows it: a side played elsewhere
    /// by the host's computer (`there`, as the host says) is that computer player.
    pub fn as_told(self, there: Option<PlayerKind>) -> Self {
        match (self, there) {
            (Controller::Remote, Some(kind)) => Controller::Ai(kind),
            _ => self,
        }
    }

    /// Who played a side, as the result says it: "a person", "the computer (hard)",
    /// "a remote player".
    pub fn player_words(self) -> String {
        match self {
            Controller::Human => "a person".into(),
            Controller::Ai(kind) => format!("the computer ({kind})"),
            Controller::Remote => "a remote player".into(),
        }
    }

    /// Who plays, in a word: "you", the computer player's kind, or "remote".
    pub fn short(self) -> &'static str {
        match self {
            Controller::Human => "you",
            Controller::Ai(kind) => kind.name(),
            Controller::Remote => "remote",
        }
    }

    /// Who plays the two sides, as "you v hard"; a battle of two people (at one machine,
    /// or over the network and saved) is "two people", not "you v you".
    pub fn versus([a, b]: [Controller; 2]) -> String {
        if (a, b) == (Controller::Human, Controller::Human) {
            return "two people".into();
        }
        format!("{} v {}", a.short(), b.short())
    }

    /// What this controller is, in a line (the hover of each choice).
    pub fn about(self) -> String {
        match self {
            Controller::Human => "You play this side, with the mouse and keys".into(),
            Controller::Ai(kind) => format!("The computer, {kind}: {}", kind.about()),
            Controller::Remote => "A person on another machine, playing over the network".into(),
        }
    }

    pub fn label(self) -> String {
        match self {
            Controller::Human => "Human".into(),
            Controller::Ai(kind) => format!("AI: {kind}"),
            Controller::Remote => "Remote player".into(),
        }
    }
}

/// One entry of a list of controllers to choose from, what it means shown beside the
/// list as it is pointed at, not over the next entry (a play-tester's words for "AI:
/// easy" hid "AI: normal" below it).
pub fn choice_entry(ui: &mut bevy_egui::egui::Ui, current: &mut Controller, choice: Controller) {
    use bevy_egui::egui;
    let r = ui.selectable_value(current, choice, choice.label());
    egui::Popup::from_response(&r)
        .kind(egui::PopupKind::Tooltip)
        .align(egui::RectAlign::RIGHT_START)
        .align_alternatives(&[egui::RectAlign::LEFT_START])
        .width(ui.style().spacing.tooltip_width)
        .open(r.hovered())
        .show(|ui| ui.label(choice.about()));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A joiner's window shows the host's computer as that computer, a person as one.
    #[test]
    fn a_side_played_elsewhere_is_shown_as_the_host_tells_it() {
        let normal = Some(PlayerKind::Normal);
        assert_eq!(
            Controller::Remote.as_told(normal),
            Controller::Ai(PlayerKind::Normal)
        );
        assert_eq!(Controller::Remote.as_told(None), Controller::Remote);
        assert_eq!(Controller::Human.as_told(normal), Controller::Human);
    }

    #[test]
    fn every_computer_player_can_be_chosen_on_screen() {
        for kind in PlayerKind::ALL {
            let c = Controller::Ai(kind);
            assert!(Controller::CHOICES.contains(&c), "{kind}");
            assert_eq!(c.label(), format!("AI: {kind}"));
            assert_eq!(c.short(), kind.name());
            assert!(c.about().contains(kind.about()), "{kind}");
        }
        assert!(Controller::CHOICES.contains(&Controller::Human));
    }

    #[test]
    fn two_people_are_not_both_you() {
        let normal = Controller::NORMAL;
        assert_eq!(
            Controller::versus([Controller::Human, normal]),
            "you v normal"
        );
        assert_eq!(
            Controller::versus([normal, Controller::Human]),
            "normal v you"
        );
        let remote = Controller::versus([Controller::Human, Controller::Remote]);
        assert_eq!(remote, "you v remote");
        let both = Controller::versus([Controller::Human, Controller::Human]);
        assert_eq!(both, "two people");
    }

    #[test]
    fn each_ruleset_offers_you_and_the_players_it_has() {
        for r in Ruleset::ALL {
            let offered = Controller::choices(r);
            assert!(offered.contains(&Controller::Human), "{r:?}");
            for kind in PlayerKind::ALL {
                assert!(offered.contains(&Controller::Ai(kind)), "{r:?}: {kind}");
            }
            assert_eq!(offered.len(), 6, "{r:?}");
        }
    }
}
