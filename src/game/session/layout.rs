//! The table of the battle on screen, as the scene draws it.

use bevy::prelude::*;
use warband_table::scenario::Scenario;
use warband_table::table::{Mat, TerrainDef};

/// The table of the battle on screen: its size and terrain, the ground it is drawn as,
/// and the scenario's name, which seeds its picture.
#[derive(Resource, Clone, Debug)]
pub struct TableLayout {
    pub size: Vec2,
    pub terrain: Vec<TerrainDef>,
    pub mat: Mat,
    pub name: String,
}

/// The table of a scenario of any ruleset: its size, terrain, mat (grass where it
/// names none) and name.
pub fn layout(scenario: &Scenario) -> TableLayout {
    TableLayout {
        size: Vec2::new(scenario.table.0, scenario.table.1),
        terrain: scenario.terrain.clone(),
        mat: scenario.mat.unwrap_or_default(),
        name: scenario.name.clone(),
    }
}
