//! B/X Borderlands on screen: miniatures with their class's or kind's icon, HP segments and dying, asleep and
//! held markers; the initiative banner; each model's one action a round by mouse
//! (move, melee, missile, spells, first aid, withdrawal, retreat, hold) with the attack
//! card before committing; and the hero designer of the army builder. It reads the
//! engine through its checks and sends only `Command`s.

pub(crate) mod aid_card;
mod describe;
mod designer;
mod desk;

pub(crate) use roster::hero_combatants as own_heroes;
mod hud;
mod input;
mod models;
pub(crate) mod panel;
mod reference;
mod roster;
mod spell_card;

use super::session::GameSession;
use warband_borderlands::Borderlands;

/// The Borderlands battle on screen.
pub type BxSession = GameSession<Borderlands>;
