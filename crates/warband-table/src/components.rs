//! Components and resources every ruleset's battle world has: a model's id, side and
//! base, its leader and out-of-action markers, and the terrain. Each ruleset registers
//! them in its state registry with its own.

use crate::geometry::{Placed, TerrainShape};
use crate::table::TerrainKind;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};
use warband_rules::Side;

/// A model's stable id: dice are always rolled in id order.
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct ModelId(pub u32);

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Team(pub Side);

/// The model's base where it stands.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Base(pub Placed);

impl Base {
    pub fn center(&self) -> Vec2 {
        self.0.center
    }
}

/// The side's leader (its morale is the side's while it is in play).
#[derive(Component, Clone, Copy, Debug)]
pub struct Leader;

/// Removed from play: slain, or fled off the table.
#[derive(Component, Clone, Copy, Debug)]
pub struct OutOfAction;

/// A piece of terrain; its geometry is in `TerrainMap` at `index`.
#[derive(Component, Clone, Debug)]
pub struct Terrain {
    pub index: usize,
    pub name: String,
    pub kind: TerrainKind,
}

/// Terrain geometry, indexed as in the scenario.
#[derive(Resource, Clone, Default)]
pub struct TerrainMap(pub std::sync::Arc<[TerrainShape]>);

/// Registers what every ruleset's battle world has — each model's id, side, base, leader
/// and out-of-action markers, and the terrain — in the state registry. A ruleset calls it
/// first in its plugin, then registers its own.
pub fn register(app: &mut bevy_app::App) {
    use crate::state;
    app.init_resource::<TerrainMap>();
    state::component::<ModelId>(app);
    state::component::<Team>(app);
    state::component::<Base>(app);
    state::component::<Leader>(app);
    state::component::<OutOfAction>(app);
    state::fixed_resource::<TerrainMap>(app);
}
