//! The battle's resources and read helpers over the world.

use crate::components::*;
use crate::geometry::{Grouped, Placed};
use crate::phases::Phase;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};
use warband_rules::Side;
use warband_rules::marauders::{Armour, Profile};
use warband_table::kept_query::with_query;
use warband_table::views::{Item, by_id, in_play_by_id, read_views};

pub use warband_table::engine::{Dice, ModelIndex, Outcome};

pub use warband_table::components::TerrainMap;

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
#[derive(Clone, Debug, PartialEq)]
pub struct ModelView {
    pub entity: Entity,
    pub id: ModelId,
    pub side: Side,
    pub profile: &'static Profile,
    pub base: Placed,
    pub hd: HitDice,
    pub conditions: Conditions,
    pub engaged_since: Option<u32>,
    /// Boxed: few models have one, and held inline it made every view half as big again.
    pub declared: Option<Box<Declared>>,
    pub blessing: Option<Blessing>,
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

/// What a [`ModelView`] is read from (with the entity, id and whether out of action).
pub type ViewData = (
    &'static Team,
    &'static ModelProfile,
    &'static Base,
    &'static HitDice,
    &'static Conditions,
    &'static Engagement,
    Option<&'static Caster>,
    Has<Leader>,
);

fn view_of(item: Item<ViewData>) -> ModelView {
    let (entity, id, out, (team, profile, base, hd, conditions, engagement, caster, leader)) = item;
    ModelView {
        entity,
        id: *id,
        side: team.0,
        profile: profile.0,
        base: base.0,
        hd: *hd,
        conditions: *conditions,
        engaged_since: engagement.since,
        declared: caster.and_then(|c| c.declared.clone()).map(Box::new),
        blessing: caster.and_then(|c| c.blessing),
        slots: caster.map_or(0, |c| c.slots),
        leader,
        in_play: !out,
    }
}

fn view(world: &World, entity: Entity) -> Option<ModelView> {
    read_views::<ViewData, _>(world, |q| q.get(entity).ok().map(view_of))
}

/// Every model, sorted by id.
pub fn models(world: &World) -> Vec<ModelView> {
    by_id::<ViewData, _>(world, |item| Some(view_of(item)))
}

/// Each side's models and how many of them are still in play: [(models, in play); 2].
/// Read without copying any model out (what morale and the end of the battle count
/// after every removal).
pub fn head_counts(world: &mut World) -> [(u32, u32); 2] {
    let mut counts = [(0, 0); 2];
    // Folded over Bevy's storage tables (`for_each`), not stepped model by model: a
    // removal counts every model, a thousand in the biggest battles.
    with_query::<(&Team, Has<OutOfAction>), (), _>(world, |world, q| {
        q.iter(world).for_each(|(team, out)| {
            let c = &mut counts[team.0.index()];
            c.0 += 1;
            c.1 += u32::from(!out);
        });
    });
    counts
}

/// The hit dice of `side`'s first model in play (its only one, where this is asked).
pub fn solo_hd(world: &mut World, side: Side) -> Option<HitDice> {
    with_query::<(&Team, &HitDice), Without<OutOfAction>, _>(world, |world, q| {
        q.iter(world).find(|(t, _)| t.0 == side).map(|(_, hd)| *hd)
    })
}

/// Models in play, sorted by id.
pub fn in_play(world: &World) -> Vec<ModelView> {
    in_play_by_id::<ViewData, _>(world, view_of)
}

/// The model with this id in a list from [`models`] (ids run 1, 2, 3, …): None for an
/// id that names no model, such as 0 or one past the end in a hand-edited save.
pub fn find(all: &[ModelView], id: ModelId) -> Option<&ModelView> {
    let index = usize::try_from(id.0).ok()?.checked_sub(1)?;
    all.get(index).filter(|m| m.id == id)
}

/// The model with this id, in play or not.
pub fn model(world: &World, id: ModelId) -> Option<ModelView> {
    view(world, entity_of(world, id)?)
}

pub fn entity_of(world: &World, id: ModelId) -> Option<Entity> {
    world.resource::<ModelIndex>().entity(id)
}

impl warband_table::engine::Progress for Battle {
    fn round(&self) -> u32 {
        self.round
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn end(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }
}
