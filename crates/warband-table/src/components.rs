//! Components and resources every ruleset's battle world has: a model's id, side and
//! base, its leader and out-of-action markers, and the terrain. Each ruleset registers
//! them in its state registry with its own.

use crate::geometry::{Grid, Placed, TerrainShape};
use crate::table::TerrainKind;
use crate::views::{ViewQuery, read_views};
use bevy_ecs::lifecycle::HookContext;
use bevy_ecs::prelude::*;
use bevy_ecs::world::DeferredWorld;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};
use warband_rules::Side;

/// A model's stable id: dice are always rolled in id order. It reads, writes and prints
/// (`Debug` and `Display`) as its bare number, so logs, saves, digests and hashes are
/// what they were when ids were plain `u32`s.
#[derive(
    Component, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct ModelId(pub u32);

impl std::fmt::Debug for ModelId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

impl std::fmt::Display for ModelId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl std::str::FromStr for ModelId {
    type Err = std::num::ParseIntError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(ModelId)
    }
}

/// An id compares with a plain number, as tests and hand-written saves give them.
impl PartialEq<u32> for ModelId {
    fn eq(&self, other: &u32) -> bool {
        self.0 == *other
    }
}

impl From<u32> for ModelId {
    fn from(id: u32) -> Self {
        ModelId(id)
    }
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Team(pub Side);

/// The model's base where it stands. Immutable: a move sets a new one ([`set_base`]), so
/// the [`BaseGrid`] hears of every move through its hooks.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
#[component(immutable, on_insert = file_base, on_discard = unfile_base)]
pub struct Base(pub Placed);

/// Every model's base filed by where it stands, kept by [`Base`]'s hooks: what a move
/// may meet is found from the cells along its path, not by reading every model. Derived,
/// not state: a fork files its bases as they are copied in.
#[derive(Resource, Default, Clone, Debug)]
pub struct BaseGrid(pub Grid<Entity>);

fn file_base(world: DeferredWorld, ctx: HookContext) {
    refile(world, ctx.entity, true);
}

fn unfile_base(world: DeferredWorld, ctx: HookContext) {
    refile(world, ctx.entity, false);
}

/// Files the entity's base in the [`BaseGrid`] where it stands (`file`), or takes it out.
fn refile(mut world: DeferredWorld, entity: Entity, file: bool) {
    let Some(base) = world.get::<Base>(entity).copied() else {
        return;
    };
    if let Some(mut grid) = world.get_resource_mut::<BaseGrid>() {
        if file {
            grid.0.insert(entity, &base.0);
        } else {
            grid.0.remove(entity, &base.0);
        }
    }
}

/// Stands `entity`'s base at `placed`: the old one is taken out of the [`BaseGrid`] and
/// the new one filed, by [`Base`]'s hooks, as an insert would, without an insert's
/// search for the entity's new set of components (a move changes none: a tenth of the
/// engine's cost of a move went on it).
pub fn set_base(world: &mut World, entity: Entity, placed: Placed) {
    let mut e = world.entity_mut(entity);
    if e.modify_component(|b: &mut Base| b.0 = placed).is_none() {
        e.insert(Base(placed));
    }
}

/// What [`bases_near`] reads of each base it finds, through the world's kept
/// [`ViewQuery`] (its component ids found once, not looked up by type for every base).
pub type BaseView = (&'static Team, &'static Base);

/// The bases in play (id, side, base) that may come within `margin` of the box from
/// `lo` to `hi`, in id order: all that do, perhaps a few more.
pub fn bases_near(world: &World, lo: Vec2, hi: Vec2, margin: f32) -> Vec<(ModelId, Side, Placed)> {
    let grid = &world.resource::<BaseGrid>().0;
    let m = Vec2::splat(margin);
    let found = grid.near(lo - m, hi + m);
    let mut out = Vec::with_capacity(found.len());
    read_views::<BaseView, _>(world, |q| {
        out.extend(
            found
                .iter()
                .filter_map(|e| q.get(*e).ok())
                .filter(|(_, _, out, _)| !out)
                .map(|(_, id, _, (team, base))| (*id, team.0, base.0)),
        )
    });
    out.sort_unstable_by_key(|(id, ..)| *id);
    out
}

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

/// The name of the terrain piece at `index` as the scenario gives it, for messages ("the
/// piece's index" where the world has no such piece, as in a look-ahead's fork).
pub fn terrain_name(world: &World, index: usize) -> String {
    if let Some(name) = world
        .get_resource::<TerrainNames>()
        .and_then(|n| n.0.get(index).cloned())
    {
        return name;
    }
    world
        .try_query::<&Terrain>()
        .and_then(|mut q| {
            q.iter(world)
                .find(|t| t.index == index)
                .map(|t| t.name.clone())
        })
        .unwrap_or_else(|| format!("terrain piece {index}"))
}

/// The terrain pieces' names, indexed as in the scenario: fixed, and copied into forks
/// (a replay's engine is one) where the `Terrain` entities are not.
#[derive(Resource, Clone, Default)]
pub struct TerrainNames(pub std::sync::Arc<[String]>);

/// Terrain geometry, indexed as in the scenario.
#[derive(Resource, Clone, Default)]
pub struct TerrainMap(pub std::sync::Arc<[TerrainShape]>);

/// Registers the [`BaseGrid`] and the kept query [`bases_near`] reads through: caches
/// every battle world starts afresh, together.
pub fn register_bases(app: &mut bevy_app::App) {
    crate::state::fresh_resource::<BaseGrid>(app);
    crate::state::fresh_resource::<ViewQuery<BaseView>>(app);
}

/// Registers what every ruleset's battle world has — each model's id, side, base, leader
/// and out-of-action markers, and the terrain — in the state registry. A ruleset calls it
/// first in its plugin, then registers its own.
pub fn register(app: &mut bevy_app::App) {
    use crate::state;
    app.init_resource::<TerrainMap>();
    register_bases(app);
    state::model_id(app);
    state::component::<Team>(app);
    state::component::<Base>(app);
    state::component::<Leader>(app);
    state::component::<OutOfAction>(app);
    state::fixed_resource::<TerrainMap>(app);
    state::fixed_resource::<TerrainNames>(app);
}
