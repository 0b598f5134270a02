//! Marauders on screen: round bases with HD pips, the overlay of phases, melee groups,
//! lines of fire and spells, the unit card and odds, and mouse play. It reads the engine
//! through its queries and sends only `Command`s.

pub mod hud;
pub mod input;
pub mod models;
mod overlay;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((models::plugin, input::plugin, overlay::plugin, hud::plugin));
}
