//! Simple Toy Soldier on screen: units drawn as bases with a front edge and figures,
//! danger and damage markers, the activation panel, and mouse play (activate, move
//! along or across the facing with the AP it costs, pivot with Q/E, shoot and charge,
//! defend, magic). It reads the engine through its checks and sends only `Command`s.

mod describe;
mod hud;
mod input;
mod models;
mod overlay;
mod panel;

use super::session::GameSession;
use bevy::prelude::*;
use warband_toy_soldier::ToySoldier;

/// The Toy Soldier battle on screen.
pub type ToySession = GameSession<ToySoldier>;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((models::plugin, input::plugin, overlay::plugin, hud::plugin));
}
