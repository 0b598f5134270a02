//! The battle's resources and read helpers over the world.

use crate::components::*;
use crate::geometry::{Grouped, Placed, TerrainShape};
use crate::phases::Phase;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};
use warband_rules::marauders::{Armour, Profile};
use warband_rules::{DiceRoller, Side};

/// The battle's one seeded stream of dice.
#[derive(Resource)]
pub struct Dice(pub DiceRoller);

/// Terrain geometry, indexed as in the scenario.
#[derive(Resource, Default)]
pub struct TerrainMap(pub Vec<TerrainShape>);

/// Morale triggers (RULINGS), each checked once per battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    FirstRemoved,
    BelowHalf,
    SoloBelowQuarter,
    LastStanding,
}

impl Trigger {
    pub const ALL: [Trigger; 4] = [
        Trigger::FirstRemoved,
        Trigger::BelowHalf,
        Trigger::SoloBelowQuarter,
        Trigger::LastStanding,
    ];

    pub fn describe(self) -> &'static str {
        match self {
            Trigger::FirstRemoved => "its first model was removed",
            Trigger::BelowHalf => "fewer than half its models remain",
            Trigger::SoloBelowQuarter => "its solo model is below a quarter of its HD",
            Trigger::LastStanding => "its last model stands",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideState {
    pub starting_models: u32,
    /// HD this side has removed from the enemy.
    pub hd_removed: u32,
    pub broken: bool,
    /// Triggers that have fired (checked or waiting for the morale phase).
    pub fired: Vec<Trigger>,
    pub pending: Vec<Trigger>,
}

/// Who acts in the current phase, and who has finished.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub acting: Option<Side>,
    pub done: [bool; 2],
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: String,
}

#[derive(Resource, Clone, Debug)]
pub struct Battle {
    pub seed: u64,
    pub round: u32,
    pub round_limit: u32,
    pub table: Vec2,
    pub priority: Option<Side>,
    pub last_priority: Option<Side>,
    /// Which side acts first in each phase this round.
    pub first: Vec<(Phase, Side)>,
    pub turn: Turn,
    pub sides: [SideState; 2],
    pub outcome: Option<Outcome>,
}

impl Battle {
    pub fn first_in(&self, phase: Phase) -> Side {
        self.first
            .iter()
            .find(|(p, _)| *p == phase)
            .map(|(_, s)| *s)
            .or(self.priority)
            .unwrap_or(Side::A)
    }

    pub fn side(&self, side: Side) -> &SideState {
        &self.sides[side.index()]
    }

    pub fn side_mut(&mut self, side: Side) -> &mut SideState {
        &mut self.sides[side.index()]
    }
}

/// A read-only copy of one model, for rules code that looks at many models at once.
#[derive(Clone, Debug)]
pub struct ModelView {
    pub entity: Entity,
    pub id: u32,
    pub side: Side,
    pub profile: std::sync::Arc<Profile>,
    pub base: Placed,
    pub hd: HitDice,
    pub conditions: Conditions,
    pub engaged_since: Option<u32>,
    pub declared: Option<Declared>,
    pub slots: u8,
    pub leader: bool,
    pub in_play: bool,
}

impl ModelView {
    /// Armour as the damage table sees it: a sleeping model counts as unarmoured.
    pub fn effective_armour(&self) -> Armour {
        if self.conditions.asleep {
            Armour::Unarmoured
        } else {
            self.profile.armour
        }
    }

    pub fn grouped(&self) -> Grouped {
        Grouped {
            id: self.id,
            side: self.side,
            base: self.base,
        }
    }
}

type ViewQuery<'a> = (
    Entity,
    &'a ModelId,
    &'a Team,
    &'a ModelProfile,
    &'a Base,
    &'a HitDice,
    &'a Conditions,
    &'a Engagement,
    Option<&'a Caster>,
    Option<&'a Leader>,
    Option<&'a OutOfAction>,
);

/// Every model, sorted by id.
pub fn models(world: &mut World) -> Vec<ModelView> {
    let mut q = world.query::<ViewQuery>();
    let mut out: Vec<ModelView> = q
        .iter(world)
        .map(
            |(entity, id, team, profile, base, hd, cond, eng, caster, leader, out)| ModelView {
                entity,
                id: id.0,
                side: team.0,
                profile: profile.0.clone(),
                base: base.0,
                hd: *hd,
                conditions: *cond,
                engaged_since: eng.since,
                declared: caster.and_then(|c| c.declared.clone()),
                slots: caster.map_or(0, |c| c.slots),
                leader: leader.is_some(),
                in_play: out.is_none(),
            },
        )
        .collect();
    out.sort_by_key(|m| m.id);
    out
}

/// Models in play, sorted by id.
pub fn in_play(world: &mut World) -> Vec<ModelView> {
    models(world).into_iter().filter(|m| m.in_play).collect()
}

/// The model with this id, in play or not.
pub fn model(world: &mut World, id: u32) -> Option<ModelView> {
    models(world).into_iter().find(|m| m.id == id)
}

pub fn entity_of(world: &mut World, id: u32) -> Option<Entity> {
    let mut q = world.query::<(Entity, &ModelId)>();
    q.iter(world).find(|(_, m)| m.0 == id).map(|(e, _)| e)
}
