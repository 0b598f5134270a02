//! Deployment by hand, for every ruleset: before the first round the sides take turns
//! setting down one model (a Toy Soldier unit) each, from side A, each wholly inside its
//! own zone, on the table, clear of every base already placed and of terrain that
//! blocks movement. A side may have the computer set down the rest of its models at
//! once. Placements are commands (`Placing`, carried by each ruleset's command), so they
//! are logged, saved and replayed like any other.
//!
//! Until a model is placed it waits where deployment in rows would put it; nothing is
//! judged against it, and if a placed base takes its spot the computer finds it the
//! nearest free one.

use crate::components::{Base, ModelId, Team, TerrainMap, bases_near, terrain_name};
use crate::engine::{ModelIndex, Rules};
use crate::geometry::{Placed, overlaps};
use crate::log::{Entry, Log};
use crate::table::{PerSide, Zone};
use crate::{Refusal, RefusalKind};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};
use warband_rules::Side;

/// `Rules::deploy` and `Rules::placing` for a ruleset whose `Command` carries a
/// placement as `Command::Deploy(Placing)`: `warband_table::deploy_commands!();` in its
/// `impl Rules`.
#[macro_export]
macro_rules! deploy_commands {
    () => {
        fn deploy(placing: $crate::deployment::Placing) -> Self::Command {
            Self::Command::Deploy(placing)
        }

        fn placing(command: &Self::Command) -> Option<&$crate::deployment::Placing> {
            match command {
                Self::Command::Deploy(p) => Some(p),
                _ => None,
            }
        }
    };
}

/// A command of deployment by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Placing {
    /// One model (a unit in Toy Soldier) set down with its centre at `at`, in inches.
    Model { model: ModelId, at: (f32, f32) },
    /// The rest of the side's models, each where the computer sets it.
    Rest,
}

/// Deployment under way: whose placement it is, what is still to place, and where each
/// side may place. Present only while deployment by hand lasts (and hashed only then).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Deployment {
    pub next: Side,
    /// The models not yet placed, in id order (kept sorted: it is searched).
    pub unplaced: Vec<ModelId>,
    pub zones: PerSide<Zone>,
    pub table: Vec2,
}

impl Deployment {
    /// The models of `side` still to place, in id order.
    pub fn unplaced_of<'a>(&'a self, world: &'a World, side: Side) -> Vec<ModelId> {
        self.unplaced
            .iter()
            .copied()
            .filter(|id| side_of(world, *id) == Some(side))
            .collect()
    }
}

/// Starts deployment by hand: every model waits to be placed, side A first (or B, if A
/// has none).
pub fn begin(world: &mut World, zones: PerSide<Zone>, table: Vec2) {
    let mut unplaced: Vec<ModelId> = world
        .resource::<ModelIndex>()
        .0
        .iter()
        .filter_map(|e| world.get::<ModelId>(*e).copied())
        .collect();
    unplaced.sort_unstable();
    let mut d = Deployment {
        next: Side::A,
        unplaced,
        zones,
        table,
    };
    if d.unplaced_of(world, Side::A).is_empty() {
        d.next = Side::B;
    }
    world.insert_resource(d);
}

/// Whether deployment by hand is under way.
pub fn underway(world: &World) -> bool {
    world.contains_resource::<Deployment>()
}

/// The side whose placement the battle awaits, while deployment lasts.
pub fn awaiting(world: &World) -> Option<Side> {
    world.get_resource::<Deployment>().map(|d| d.next)
}

fn side_of(world: &World, id: ModelId) -> Option<Side> {
    let e = world.resource::<ModelIndex>().entity(id)?;
    world.get::<Team>(e).map(|t| t.0)
}

fn base_of(world: &World, id: ModelId) -> Option<Placed> {
    let e = world.resource::<ModelIndex>().entity(id)?;
    world.get::<Base>(e).map(|b| b.0)
}

/// The deployment, if it is `side`'s placement.
fn turn_of(world: &World, side: Side) -> Result<&Deployment, Refusal> {
    let Some(d) = world.get_resource::<Deployment>() else {
        return Err(Refusal("deployment is over".into(), RefusalKind::OutOfTurn));
    };
    if d.next != side {
        return Err(Refusal(
            format!("it is {}'s placement", d.next),
            RefusalKind::OutOfTurn,
        ));
    }
    Ok(d)
}

/// Where model `model` of `side` would stand if set down at `at` now, or why it may
/// not be: what the placement command judges, and what the window shows under the
/// pointer.
pub fn check(world: &World, side: Side, model: ModelId, at: Vec2) -> Result<Placed, Refusal> {
    let d = turn_of(world, side)?;
    let no_model = |why: String| Refusal(why, RefusalKind::NoSuchModel);
    let base = base_of(world, model).ok_or_else(|| no_model(format!("no model {model}")))?;
    if side_of(world, model) != Some(side) {
        return Err(no_model(format!("model {model} is not {side}'s")));
    }
    if d.unplaced.binary_search(&model).is_err() {
        return Err(no_model(format!("model {model} is already placed")));
    }
    if !at.is_finite() {
        return Err(Refusal::table("the place is not a point on the table"));
    }
    let placed = base.at(at);
    fits(world, d, side, &placed, &[])?;
    Ok(placed)
}

/// Whether a base may stand there: in the side's zone, clear of placed bases and of
/// terrain that blocks movement.
fn fits(
    world: &World,
    d: &Deployment,
    side: Side,
    placed: &Placed,
    extra: &[Placed],
) -> Result<(), Refusal> {
    if !placed.on_table(d.table) {
        return Err(Refusal::table("the base would be off the table"));
    }
    let zone = d.zones.get(side);
    if !placed.within(Vec2::from(zone.min), Vec2::from(zone.max)) {
        return Err(Refusal::table(
            "the base must lie wholly inside the side's deployment zone",
        ));
    }
    let terrain = &world.resource::<TerrainMap>().0;
    if let Some(i) = terrain
        .iter()
        .position(|t| t.flags.blocks_movement && t.overlaps(placed))
    {
        return Err(Refusal::table(format!(
            "{} is no place to stand",
            terrain_name(world, i)
        )));
    }
    // Only the bases filed near it can touch it; a waiting model does not count
    // (`unplaced` is in id order).
    let (lo, hi) = placed.swept_bounds(Vec2::ZERO);
    let near = bases_near(world, lo, hi, 0.0);
    let placed_near = near
        .iter()
        .filter(|(id, ..)| d.unplaced.binary_search(id).is_err());
    if let Some((id, ..)) = placed_near.into_iter().find(|(.., b)| overlaps(placed, b)) {
        return Err(Refusal::table(format!("the base would overlap model {id}")));
    }
    if extra.iter().any(|b| overlaps(placed, b)) {
        return Err(Refusal::table(
            "the base would overlap another being placed",
        ));
    }
    Ok(())
}

/// Where the computer sets model `model` down: where deployment in rows put it if that
/// is free, else the free spot nearest it (on a half-inch lattice of the zone). None
/// only if the zone has no room left for it.
pub fn computer_spot(world: &World, side: Side, model: ModelId) -> Option<Vec2> {
    spot_among(world, side, model, &[]).map(|p| p.center)
}

/// [`computer_spot`], clear of the bases `extra` as well.
fn spot_among(world: &World, side: Side, model: ModelId, extra: &[Placed]) -> Option<Placed> {
    let d = world.get_resource::<Deployment>()?;
    let base = base_of(world, model)?;
    if fits(world, d, side, &base, extra).is_ok() {
        return Some(base);
    }
    let zone = d.zones.get(side);
    let step = 0.5;
    let nx = ((zone.max.0 - zone.min.0) / step).floor() as i32;
    let ny = ((zone.max.1 - zone.min.1) / step).floor() as i32;
    let mut spots: Vec<Vec2> = (0..=nx)
        .flat_map(|i| (0..=ny).map(move |j| (i, j)))
        .map(|(i, j)| Vec2::new(zone.min.0, zone.min.1) + Vec2::new(i as f32, j as f32) * step)
        .collect();
    spots.sort_by(|a, b| {
        a.distance_squared(base.center)
            .total_cmp(&b.distance_squared(base.center))
    });
    spots
        .into_iter()
        .map(|p| base.at(p))
        .find(|b| fits(world, d, side, b, extra).is_ok())
}

/// The placement the computer makes for `side`: its first model still to place, where
/// [`computer_spot`] puts it (the rest at once if no spot is left).
pub fn computer_placing(world: &World, side: Side) -> Placing {
    let Some(d) = world.get_resource::<Deployment>() else {
        return Placing::Rest;
    };
    let Some(model) = d.unplaced_of(world, side).first().copied() else {
        return Placing::Rest;
    };
    match computer_spot(world, side, model) {
        Some(p) => Placing::Model {
            model,
            at: (p.x, p.y),
        },
        None => Placing::Rest,
    }
}

/// Judges and applies a command while deployment lasts (`placing` is the command's
/// placement, if it is one). Ok(true) when the last model is placed: the caller then
/// starts the battle. A refusal changes nothing.
pub fn apply<R: Rules>(
    world: &mut World,
    side: Side,
    placing: Option<&Placing>,
) -> Result<bool, Refusal> {
    let Some(placing) = placing else {
        return Err(Refusal(
            "the armies are still being deployed".into(),
            RefusalKind::OutOfTurn,
        ));
    };
    let spots = match placing {
        Placing::Model { model, at } => {
            vec![(*model, check(world, side, *model, Vec2::new(at.0, at.1))?)]
        }
        Placing::Rest => rest_of(world, side)?,
    };
    for (model, placed) in spots {
        set_down::<R>(world, model, placed);
    }
    Ok(pass_turn(world, side))
}

/// The computer's spots for all of `side`'s models still to place, chosen one after
/// another (each clear of those before it); nothing is placed yet.
fn rest_of(world: &World, side: Side) -> Result<Vec<(ModelId, Placed)>, Refusal> {
    let d = turn_of(world, side)?;
    let models = d.unplaced_of(world, side);
    let mut chosen: Vec<Placed> = Vec::with_capacity(models.len());
    for model in &models {
        let Some(p) = spot_among(world, side, *model, &chosen) else {
            return Err(Refusal::table(format!(
                "no room is left in the zone for model {model}"
            )));
        };
        chosen.push(p);
    }
    Ok(models.into_iter().zip(chosen).collect())
}

fn set_down<R: Rules>(world: &mut World, model: ModelId, placed: Placed) {
    let e = world
        .resource::<ModelIndex>()
        .entity(model)
        .expect("checked");
    crate::components::set_base(world, e, placed);
    world
        .resource_mut::<Deployment>()
        .unplaced
        .retain(|m| *m != model);
    world
        .resource_mut::<Log<R::Command, R::Event>>()
        .push(Entry::Placed {
            model,
            at: (placed.center.x, placed.center.y),
        });
}

/// After `side` placed: the other side's turn if it has models left, else this side's
/// again; true (and deployment over) when none are left.
fn pass_turn(world: &mut World, side: Side) -> bool {
    let d = world.resource::<Deployment>().clone();
    let next = [side.other(), side]
        .into_iter()
        .find(|s| !d.unplaced_of(world, *s).is_empty());
    match next {
        Some(s) => {
            world.resource_mut::<Deployment>().next = s;
            false
        }
        None => {
            world.remove_resource::<Deployment>();
            true
        }
    }
}
