//! Components of the battle world. Only this crate mutates them; the desktop game reads
//! them to draw and sends `Command`s to change them.

use crate::data::TerrainKind;
use crate::geometry::Placed;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};
use warband_rules::Side;
use warband_rules::marauders::Profile;

/// A model's stable id: dice are always rolled in id order.
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct ModelId(pub u32);

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Team(pub Side);

/// The bestiary profile the model was mustered from.
#[derive(Component, Clone, Debug)]
pub struct ModelProfile(pub std::sync::Arc<Profile>);

/// Full initial HD (what it attacks with) and HD left (what it can lose).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitDice {
    pub initial: u8,
    pub left: u8,
}

/// The model's base where it stands.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Base(pub Placed);

impl Base {
    pub fn center(&self) -> Vec2 {
        self.0.center
    }
}

/// The round the model's current engagement started, if it is engaged.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Engagement {
    pub since: Option<u32>,
}

/// Round-by-round state of a model.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conditions {
    pub moved: bool,
    pub shot: bool,
    /// Lost HD this round (interrupts its spell).
    pub hurt: bool,
    pub blinded: bool,
    /// Asleep: cannot act, counts as unarmoured until hit.
    pub asleep: bool,
}

/// A spell declared in phase 1, cast in phase 6.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Declared {
    pub spell: String,
    pub aim: SpellAim,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum SpellAim {
    Model(u32),
    Point(f32, f32),
}

/// Bless dice a caster's side has on one model's melee group in one round's attacking
/// phase (cast in phase 6, it serves the next round's fight and fades with it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blessing {
    pub target: u32,
    pub dice: u8,
    pub round: u32,
}

/// A model that knows spells.
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct Caster {
    pub slots: u8,
    pub declared: Option<Declared>,
    pub blessing: Option<Blessing>,
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
