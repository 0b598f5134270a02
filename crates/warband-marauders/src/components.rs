//! Components of the battle world. Only this crate mutates them; the desktop game reads
//! them to draw and sends `Command`s to change them.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};
use warband_rules::marauders::Profile;
pub use warband_table::components::{
    Base, BaseGrid, Leader, ModelId, OutOfAction, Team, Terrain, bases_near, set_base,
};

/// The bestiary profile the model was mustered from ([`ModelProfile::interned`]).
#[derive(Component, Clone, Copy, Debug)]
pub struct ModelProfile(pub &'static Profile);

/// Every distinct profile mustered so far, by name: one copy of each for the life of
/// the process.
static INTERNED: Mutex<BTreeMap<String, Vec<&'static Profile>>> = Mutex::new(BTreeMap::new());

impl ModelProfile {
    /// The process's one copy of `profile`, made the first time it is mustered. Models
    /// and every view of them point at it without counting references: a player reads
    /// thousands of views a battle, and counting each copy atomically cost 4% of a batch
    /// of battles. The copies live as long as the process; a process holds as many as
    /// distinct profiles were mustered in it (the bestiary's, and each one edited).
    pub fn interned(profile: &Profile) -> Self {
        let mut known = INTERNED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(p) = known
            .get(&profile.name)
            .and_then(|same_name| same_name.iter().find(|p| **p == profile))
        {
            return Self(p);
        }
        let made: &'static Profile = Box::leak(Box::new(profile.clone()));
        known.entry(profile.name.clone()).or_default().push(made);
        Self(made)
    }
}

/// Full initial HD (what it attacks with) and HD left (what it can lose).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitDice {
    pub initial: u8,
    pub left: u8,
}

/// The round the model's current engagement started, if it is engaged, or the later
/// round in which another enemy came into contact with it (which pins it: RULINGS).
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
    Model(ModelId),
    Point(f32, f32),
}

/// Bless dice a caster's side has on one model's melee group in one round's attacking
/// phase (cast in phase 6, it serves the next round's fight and fades with it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blessing {
    pub target: ModelId,
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
