//! Components of a Toy Soldier battle world (with the table's shared ones).

use bevy_ecs::prelude::*;
use std::sync::Arc;
use warband_rules::toy_soldier::UnitProfile;
pub use warband_table::components::{
    Base, Leader, ModelId, OutOfAction, Team, Terrain, TerrainMap, set_base,
};

/// The unit's profile. Its `Leader` marker makes it the side's Command unit.
#[derive(Component, Clone, Debug)]
pub struct Unit(pub Arc<UnitProfile>);

/// Danger markers (kept between turns until defended or turned into damage) and the
/// damage taken so far in the battle.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub danger: u32,
    pub damage: u32,
}

impl Marks {
    /// What a melee roll loses: danger and damage together.
    pub fn penalty(self) -> u32 {
        self.danger + self.damage
    }
}

/// Tokens spent activating the unit this turn (its next activation costs as many, at
/// least 1).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spent(pub u32);
