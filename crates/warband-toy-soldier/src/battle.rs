//! The battle's resource and the helpers every command uses: finding units, the
//! Command unit's reach, the dice (drained into the log).

use crate::components::*;
use crate::log::{BattleLog, LogEvent};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use std::sync::Arc;
use warband_rules::toy_soldier::{Fighter, Kind, UnitProfile, activation_ap};
use warband_rules::{DiceRoller, Side};
pub use warband_table::engine::{Dice, ModelIndex, Outcome};
use warband_table::geometry::{Placed, gap_at_most};
use warband_table::views::{Item, in_play_kept, with_id_kept};

/// "Within 6" of their Commander" (edge to edge).
pub const COMMAND_RANGE: f32 = 6.0;

/// The unit being activated and what it has left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Activation {
    pub unit: ModelId,
    pub ap: u32,
    /// Enemies it has already put a volley on (one volley a target an activation).
    pub volleys: Vec<ModelId>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideState {
    pub starting_units: u32,
    pub tokens: u32,
    /// Declared done for the turn.
    pub done: bool,
    /// Points of enemy units this side has removed.
    pub points_removed: u32,
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    pub seed: u64,
    pub turn: u32,
    pub turn_limit: u32,
    pub table: Vec2,
    /// Whose activation it is to start (or whose unit is active).
    pub acting: Option<Side>,
    pub activation: Option<Activation>,
    pub sides: [SideState; 2],
    pub outcome: Option<Outcome>,
}

impl Battle {
    pub fn side(&self, side: Side) -> &SideState {
        &self.sides[side.index()]
    }

    pub fn side_mut(&mut self, side: Side) -> &mut SideState {
        &mut self.sides[side.index()]
    }
}

/// A unit as the commands read it.
#[derive(Clone, Debug)]
pub struct View {
    pub entity: Entity,
    pub id: ModelId,
    pub side: Side,
    pub base: Placed,
    pub unit: Arc<UnitProfile>,
    pub marks: Marks,
    pub spent: u32,
    pub command: bool,
}

impl View {
    /// The unit as a melee sees it: its activation die, danger + damage, and whether
    /// it is guns.
    pub fn fighter(&self) -> Fighter {
        Fighter {
            die: self.unit.activation_die().sides(),
            penalty: self.marks.penalty(),
            artillery: self.unit.kind == Kind::Artillery,
        }
    }
}

/// What a [`View`] is read from (with the entity, id and whether out of action).
pub type ViewData = (
    &'static Team,
    &'static Base,
    &'static Unit,
    &'static Marks,
    &'static Spent,
    Has<Leader>,
);

fn view((entity, id, _, (team, base, unit, marks, spent, leader)): Item<ViewData>) -> View {
    View {
        entity,
        id: *id,
        side: team.0,
        base: base.0,
        unit: unit.0.clone(),
        marks: *marks,
        spent: spent.0,
        command: leader,
    }
}

/// What [`places`] reads: a unit's side and base alone.
pub type PlaceData = (&'static Team, &'static Base);

/// Every unit still on the table as the geometry sees it (id, side, base), in id order:
/// what a move or a pivot is checked against, thousands of times a turn, read without
/// the rest of each unit.
/// Remembered while a player decides (see [`warband_table::frozen`]).
pub fn places(world: &World) -> Rc<Vec<(ModelId, Side, Placed)>> {
    in_play_kept::<PlaceData, _>(world, |(_, id, _, (team, base))| (*id, team.0, base.0))
}

/// Every unit still on the table, in id order.
pub fn in_play(world: &World) -> Vec<View> {
    in_play_shared(world).to_vec()
}

/// [`in_play`] without copying the units out, for a reader that keeps few of them.
pub fn in_play_shared(world: &World) -> Rc<Vec<View>> {
    in_play_kept::<ViewData, _>(world, view)
}

/// One unit still in play, by id.
pub fn find(world: &World, id: ModelId) -> Option<View> {
    with_id_kept::<ViewData, _>(world, id, view, |v| v.id)
}

/// Whether the unit is its side's Command unit or within 6" of it (+1 to AP and
/// morale).
pub fn commander_near(units: &[View], v: &View) -> bool {
    v.command
        || units
            .iter()
            .any(|c| c.command && c.side == v.side && gap_at_most(&c.base, &v.base, COMMAND_RANGE))
}

/// Whether `v` is pinned: it carries at least as much danger as its best roll gives AP
/// (its die's most, +1 by its Command unit), so whatever it rolls when it next
/// activates it cannot defend all its danger and still move, shoot or fight (magic
/// needs no defending: a pinned wizard may still cast, and its danger then becomes
/// damage). The rule's certain form; `normal`'s own reckoning (`ai::pins`) counts a
/// unit out already on a middling roll.
pub fn pinned(units: &[View], v: &View) -> bool {
    let most = activation_ap(v.unit.activation_die().sides(), commander_near(units, v));
    v.marks.danger >= most
}

/// Rolls with the battle's dice and logs every die.
pub fn roll<T>(world: &mut World, f: impl FnOnce(&mut DiceRoller) -> T) -> T {
    warband_table::log::roll_logged::<crate::command::Command, LogEvent, T>(world, f)
}

pub fn log(world: &mut World, e: impl Into<crate::log::Entry>) {
    world.resource_mut::<BattleLog>().push(e);
}

/// Ends the battle: logs how, and records it.
pub fn end_battle(world: &mut World, outcome: Outcome) {
    log(world, crate::log::Entry::ended(&outcome));
    world.resource_mut::<Battle>().outcome = Some(outcome);
}

pub fn set_marks(world: &mut World, v: &View, marks: Marks) {
    world.entity_mut(v.entity).insert(marks);
}

impl warband_table::engine::Progress for Battle {
    fn round(&self) -> u32 {
        self.turn
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn end(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit is pinned once its danger reaches the AP of its best roll: a d6 unit far
    /// from its Command unit at 6 danger, not at 5; the Command unit itself (+1) only
    /// at 7.
    #[test]
    fn a_unit_is_pinned_at_its_best_rolls_ap() {
        let engine = crate::shipped("village-fight.ron", 1);
        let units = in_play(engine.world());
        let with = |v: &View, danger| {
            let mut v = v.clone();
            v.marks.danger = danger;
            pinned(&units, &v)
        };
        let far = units
            .iter()
            .find(|v| !commander_near(&units, v))
            .expect("a unit away from its commander");
        let most = u32::from(far.unit.activation_die().sides());
        assert!(!with(far, most - 1) && with(far, most), "{}", far.unit.name);
        let command = units.iter().find(|v| v.command).unwrap();
        let most = u32::from(command.unit.activation_die().sides()) + 1;
        assert!(!with(command, most - 1) && with(command, most));
    }
}
