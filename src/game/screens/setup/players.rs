//! Who plays each side on the setup form: the players a ruleset offers (only computer
//! players when watching), and those of the last battle of the same kind.

use super::{LastSetup, SetupForm, ruleset_of};
use crate::game::controller::Controller;
use crate::game::screens::menu::SetupPreset;

/// Who plays each side when the form opens: as in the last battle of the same kind
/// (new, or watched), else as the menu's preset has it; a hosted battle always starts
/// from its preset.
pub(super) fn remembered_players(
    preset: Option<&SetupPreset>,
    last: Option<&LastSetup>,
) -> [Controller; 2] {
    let preset_players = preset.map_or(SetupPreset::NEW_BATTLE.controllers, |p| p.controllers);
    match (preset, last) {
        (Some(p), _) if p.hosting => preset_players,
        (p, Some(l)) => {
            l.players[usize::from(p.is_some_and(|p| p.watching))].unwrap_or(preset_players)
        }
        (_, None) => preset_players,
    }
}

/// Who may play a side: you and the ruleset's computer players, with a remote player
/// too when hosting, and the computer players alone when watching.
pub(super) fn offered(f: &SetupForm) -> Vec<Controller> {
    let mut offered = if f.hosting.is_some() {
        Controller::hosting_choices(ruleset_of(f))
    } else {
        Controller::choices(ruleset_of(f))
    };
    if f.watching {
        offered.retain(|c| *c != Controller::Human);
    }
    offered
}

/// A computer player the new scenario's ruleset lacks becomes its `normal`.
pub(super) fn keep_players(f: &mut SetupForm) {
    let offered = offered(f);
    for c in &mut f.controllers {
        if !offered.contains(c) {
            *c = Controller::NORMAL;
        }
    }
}
