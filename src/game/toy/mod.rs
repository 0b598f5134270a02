//! Simple Toy Soldier on screen: units drawn as bases with a front edge and figures,
//! danger and damage markers, the activation panel, and mouse play (activate, move
//! along or across the facing with the AP it costs, pivot with Q/E, shoot and charge,
//! defend, magic), and the unit designer of the army builder. It reads the engine
//! through its checks and sends only `Command`s.

mod describe;
mod designer;
mod desk;

pub(crate) use desk::load_units as own_units;
mod hud;
mod input;
mod models;
mod odds;
mod overlay;
mod panel;
mod reference;
mod spells;
mod turned;

use super::session::GameSession;
use warband_toy_soldier::ToySoldier;

/// The Toy Soldier battle on screen.
pub type ToySession = GameSession<ToySoldier>;
