//! The battle's resources and the helpers every step uses: finding models, the dice
//! (drained into the log), damage, and "landing" what damage did.

use crate::components::*;
use crate::log::{BattleLog, LogEvent};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};
use warband_rules::borderlands::rules::{MoraleState, Order, bled_out};
use warband_rules::{DiceRoller, Side};
pub use warband_table::engine::{Dice, ModelIndex, Outcome};
use warband_table::views::{Item, in_play_kept, with_id_kept};

/// Morale triggers of the seed, each checked once a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    FirstDeath,
    BelowHalf,
    SoloBelowQuarter,
    LastStanding,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideState {
    /// A monster or NPC side (checks morale); a party never does.
    pub monsters: bool,
    pub starting_models: u32,
    pub morale: MoraleState,
    pub fired: Vec<Trigger>,
    /// A trigger fired since the last check: the side checks in resolution.
    pub check_due: bool,
    /// HP this side took off enemy models (down to 0 at most per model).
    pub hp_removed: u32,
}

/// Whose step it is.
impl SideState {
    /// Fires a trigger (once a battle) for a side that checks morale.
    pub fn fire(&mut self, t: Trigger) {
        if self.monsters && self.morale.checks() && !self.fired.contains(&t) {
            self.fired.push(t);
            self.check_due = true;
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub acting: Option<Side>,
    pub done: [bool; 2],
    /// Tied initiative: both sides act in one step, effects land together.
    pub together: bool,
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    pub seed: u64,
    pub round: u32,
    pub round_limit: u32,
    pub table: Vec2,
    pub order: Order,
    pub step: Step,
    pub sides: [SideState; 2],
    pub outcome: Option<Outcome>,
    /// (target, attacker) for every enemy model that made melee attacks on a target this
    /// round: the 4-to-1 limit counts them (RULINGS).
    #[serde(default)]
    pub melee_attackers: Vec<(ModelId, ModelId)>,
}

impl Battle {
    /// The different models that made melee attacks on `target` this round.
    pub fn attackers_of(&self, target: ModelId) -> Vec<ModelId> {
        self.melee_attackers
            .iter()
            .filter(|(t, _)| *t == target)
            .map(|(_, a)| *a)
            .collect()
    }

    /// Notes that `attacker` made melee attacks on `target` this round.
    pub fn note_attack(&mut self, target: ModelId, attacker: ModelId) {
        if !self.melee_attackers.contains(&(target, attacker)) {
            self.melee_attackers.push((target, attacker));
        }
    }

    pub fn side(&self, side: Side) -> &SideState {
        &self.sides[side.index()]
    }

    pub fn side_mut(&mut self, side: Side) -> &mut SideState {
        &mut self.sides[side.index()]
    }
}

/// A model as the steps read it.
#[derive(Clone, Debug)]
pub struct View {
    pub entity: Entity,
    pub id: ModelId,
    pub side: Side,
    pub base: warband_table::geometry::Placed,
    pub stats: std::sync::Arc<warband_rules::borderlands::profile::Combatant>,
    pub hp: Hp,
    pub cond: Condition,
}

impl View {
    /// Whether the blows it has taken already kill it when this step's blows land (in
    /// a step both sides take together they land when it ends: RULINGS): a monster at
    /// 0 HP or below, a hero past −CON. Another blow at it is spent on the dead.
    pub fn doomed(&self) -> bool {
        if self.stats.hero {
            warband_rules::borderlands::rules::bled_out(self.hp.now, self.stats.con)
        } else {
            self.hp.now <= 0
        }
    }
}

/// What a [`View`] is read from (with the entity, id and whether out of action).
pub type ViewData = (
    &'static Team,
    &'static Base,
    &'static Stats,
    &'static Hp,
    &'static Condition,
);

fn view((entity, id, _, (team, base, stats, hp, cond)): Item<ViewData>) -> View {
    View {
        entity,
        id: *id,
        side: team.0,
        base: base.0,
        stats: stats.0.clone(),
        hp: *hp,
        cond: *cond,
    }
}

/// Every model still on the table (not slain or fled), in id order.
/// Remembered while a player decides (see [`warband_table::frozen`]).
pub fn in_play(world: &World) -> Vec<View> {
    in_play_shared(world).to_vec()
}

/// [`in_play`] without copying the models out, for a reader that keeps few of them.
pub fn in_play_shared(world: &World) -> std::rc::Rc<Vec<View>> {
    in_play_kept::<ViewData, _>(world, view)
}

/// One model still in play, by id.
pub fn find(world: &World, id: ModelId) -> Option<View> {
    with_id_kept::<ViewData, _>(world, id, view, |v| v.id)
}

/// Rolls with the battle's dice and logs every die.
pub fn roll<T>(world: &mut World, f: impl FnOnce(&mut DiceRoller) -> T) -> T {
    warband_table::log::roll_logged::<crate::command::Command, LogEvent, T>(world, f)
}

pub fn log(world: &mut World, e: impl Into<crate::log::Entry>) {
    world.resource_mut::<BattleLog>().push(e);
}

/// Takes `amount` HP off a model; the side `by` is credited with what came off above 0
/// (never for hurting its own). What the damage does to the model lands later; a hero
/// already down keeps falling (RULINGS), and a stable one bleeds again.
pub fn hurt(world: &mut World, id: ModelId, amount: u16, by: Option<Side>) {
    let Some(v) = find(world, id) else { return };
    let before = v.hp.now;
    let now = before - i32::from(amount);
    let down = match v.cond.down {
        Some(Down::Stable) => Some(Down::Bleeding),
        d => d,
    };
    world.entity_mut(v.entity).insert(Hp { now, ..v.hp });
    world.entity_mut(v.entity).insert(Condition {
        hurt: true,
        down,
        ..v.cond
    });
    log(
        world,
        LogEvent::Damage {
            model: id,
            amount,
            hp: now,
        },
    );
    if let Some(by) = by.filter(|s| *s != v.side) {
        let removed = before.max(0).min(i32::from(amount)) as u32;
        world.resource_mut::<Battle>().side_mut(by).hp_removed += removed;
    }
}

/// Lands damage: a monster at 0 HP is slain; a hero at 0 or below falls, and at −CON
/// or below is dead at once, whether it had fallen already or not (RULINGS). Called
/// after each action, or once at the end of a simultaneous step.
pub fn land(world: &mut World) {
    for v in in_play(world) {
        if v.hp.now > 0 {
            continue;
        }
        if !v.stats.hero || bled_out(v.hp.now, v.stats.con) {
            slay(world, &v);
        } else if v.cond.down.is_none() {
            world.entity_mut(v.entity).insert(Condition {
                down: Some(Down::Fallen),
                ..v.cond
            });
            log(world, LogEvent::Fell { model: v.id });
        }
    }
}

/// Removes a model from play as slain.
pub fn slay(world: &mut World, v: &View) {
    world.entity_mut(v.entity).insert(OutOfAction);
    log(world, LogEvent::Slain { model: v.id });
    let mut b = world.resource_mut::<Battle>();
    let s = b.side_mut(v.side);
    s.fire(Trigger::FirstDeath);
}

/// Whether a side still has a model able to fight.
pub fn can_fight(world: &World, side: Side) -> bool {
    in_play_shared(world)
        .iter()
        .any(|v| v.side == side && v.cond.able())
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
