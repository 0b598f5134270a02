//! Marauders on screen: round bases with their HD on the ring, the overlay of phases, melee groups,
//! lines of fire and spells, the unit card and odds, and mouse play. It reads the engine
//! through its queries and sends only `Command`s.

mod desk;
pub mod hud;
pub mod input;
pub mod models;
mod overlay;
mod reference;

use crate::game::session::GameSession;
use warband_marauders::engine::Marauders;

/// The Marauders battle on screen.
pub type Session = GameSession<Marauders>;
