//! Components of a Borderlands battle world (with the table's shared ones).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use warband_rules::borderlands::profile::Combatant;
pub use warband_table::components::{
    Base, Leader, ModelId, OutOfAction, Team, Terrain, TerrainMap, set_base,
};

/// The hero or monster the model is.
#[derive(Component, Clone, Debug)]
pub struct Stats(pub Arc<Combatant>);

/// Hit points: rolled at deployment, and what is left (below 0 for a dying hero).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hp {
    pub max: i32,
    pub now: i32,
}

/// A hero at 0 HP or below (RULINGS: a death save at the end of every round in which it
/// fell or was hit again, losing 1 HP a round while bleeding, dead at −CON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Down {
    /// Fell, and has not yet saved vs death.
    Fallen,
    /// Saved: incapacitated, bleeding 1 HP a round.
    Bleeding,
    /// First aid or curing magic stopped the bleeding: in a coma (a hit starts it again).
    Stable,
}

/// What a model is doing and suffering, round to round.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Condition {
    /// Took its action this round.
    pub acted: bool,
    /// Lost HP this round (a caster that has not yet acted loses its spell, outside a
    /// shared step; a hero down and hurt this round saves vs death at its end).
    pub hurt: bool,
    pub down: Option<Down>,
    /// Sleep: cannot act, hit automatically (no save; does not wear off in a battle).
    pub asleep: bool,
    /// Hold Person: cannot act, hit automatically; saves each round at its step.
    pub held: bool,
    /// Light in the eyes: −4 to hit, cannot shoot or cast; saves each round.
    pub blinded: bool,
    /// Mirror Image: images left; an attack that would hit the model strikes one instead.
    pub images: u8,
}

impl Condition {
    /// Whether the model can take an action at all this round.
    pub fn can_act(&self) -> bool {
        !self.acted && self.down.is_none() && !self.asleep && !self.held
    }

    /// Whether it counts as able to fight (for victory and morale).
    pub fn able(&self) -> bool {
        self.down.is_none() && !self.asleep && !self.held
    }

    /// Dying: fallen, or bleeding after its save; first aid or a cure may save it (a
    /// stable model is in a coma, not dying).
    pub fn dying(&self) -> bool {
        matches!(self.down, Some(Down::Fallen | Down::Bleeding))
    }

    /// Helpless: every attack on it hits.
    pub fn helpless(&self) -> bool {
        self.down.is_some() || self.asleep || self.held
    }
}

/// Spell slots a caster has left today, by spell level (first, second).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots(pub warband_rules::borderlands::profile::SpellSlots);
