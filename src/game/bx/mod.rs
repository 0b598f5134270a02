//! B/X Borderlands on screen: round bases with initials, HP bars and dying, asleep and
//! held markers; the initiative banner; each model's one action a round by mouse
//! (move, melee, missile, spells, first aid, withdrawal, retreat, hold) with the attack
//! card before committing. It reads the engine through its checks and sends only
//! `Command`s.

mod describe;
mod hud;
mod input;
mod models;
pub(crate) mod panel;

use super::session::GameSession;
use bevy::prelude::*;
use warband_borderlands::Borderlands;

/// The Borderlands battle on screen.
pub type BxSession = GameSession<Borderlands>;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((models::plugin, input::plugin, hud::plugin));
}
