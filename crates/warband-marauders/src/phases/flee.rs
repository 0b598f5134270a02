//! Phase 3 for a broken side (RULINGS): its models flee, each the full allowance away
//! from the nearest enemy along a legal path (along a wall or a crowd that bars the way
//! straight away).

use super::disengage::strike_leaver;
use super::movement::{lose_spell, mover_along, mover_around, place};
use crate::battle::{Battle, ModelView, TerrainMap, in_play, model};
use crate::effects::remove;
use crate::geometry::{FleeEnd, Grid, Nearest, Placed, flee_from};
use crate::log::{BattleLog, LogEvent};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_rules::marauders::engagement::may_disengage;
use warband_table::components::ModelId;

/// A broken side (RULINGS): each model moves its full allowance away from the nearest
/// enemy along a legal path, never charging and never ending in contact with an enemy.
/// An engaged model disengages (struck by each enemy it leaves), unless its engagement
/// began this round. A model whose path is clear to the edge and whose allowance
/// carries it over leaves the table: out of action.
pub(super) fn flee(world: &mut World, side: Side) {
    let all = in_play(world);
    let ids: Vec<ModelId> = all
        .iter()
        .filter(|m| m.side == side && !m.conditions.asleep)
        .map(|m| m.id)
        .collect();
    // Fleeing moves only the side's own models (the blows it takes fall on them), so
    // the enemy stands where it stood for every flight.
    let enemies = Enemies::new(
        all.iter()
            .filter(|m| m.side != side)
            .map(|m| (m.id, m.base.center))
            .collect(),
    );
    for id in ids {
        let Some(m) = model(world, id).filter(|m| m.in_play) else {
            continue;
        };
        let Some((_, nearest)) = enemies.nearest(m.base.center) else {
            return;
        };
        flee_one(world, &m, nearest);
    }
}

/// The enemies a broken side flees from: (id, centre) of each in play, and on a big
/// table a grid of their centres (every model of a big side flees, and each looks
/// for the nearest enemy).
struct Enemies {
    list: Vec<(ModelId, Vec2)>,
    grid: Option<Grid<usize>>,
}

/// Fewer enemies than this are simply walked (as the snapshot walks a small table).
const GRID_FROM: usize = 64;
/// The grid's cells, inches: as the snapshot's, a nearest enemy is found within a
/// ring or two of them once the lines have met.
const GRID_CELL: f32 = 4.0;

impl Enemies {
    fn new(list: Vec<(ModelId, Vec2)>) -> Self {
        let grid = (list.len() >= GRID_FROM).then(|| {
            let mut grid = Grid::with_cell(GRID_CELL);
            for (i, (_, c)) in list.iter().enumerate() {
                grid.insert(i, &Placed::round(*c, 0.0));
            }
            grid
        });
        Self { list, grid }
    }

    /// The enemy whose centre is nearest `p` (by squared distance, then id), with its
    /// centre; None when no enemy is left.
    fn nearest(&self, p: Vec2) -> Option<(ModelId, Vec2)> {
        let mut best = Nearest::default();
        let offer = |best: &mut Nearest<(ModelId, Vec2)>, e: (ModelId, Vec2)| {
            best.offer(e.1.distance_squared(p), e, |(id, _)| *id);
        };
        match &self.grid {
            None => self.list.iter().for_each(|e| offer(&mut best, *e)),
            Some(grid) => grid.rings_out(
                p,
                &mut best,
                |best, i, _| offer(best, self.list[i]),
                |best, unseen| best.found.is_some_and(|(d2, _)| d2.sqrt() + 1e-3 < unseen),
            ),
        }
        best.found.map(|(_, e)| e)
    }
}

/// One model of a broken side flees from the enemy standing at `from`: straight
/// away, or along a wall or a crowd that bars the way (`flee_from`).
fn flee_one(world: &mut World, m: &ModelView, from: Vec2) {
    lose_spell(world, m, "its side is broken and it was forced to move");
    let round = world.resource::<Battle>().round;
    if m.engaged_since
        .is_some_and(|since| !may_disengage(since, round))
    {
        return held(
            world,
            m.id,
            "it was engaged by an enemy this round and may not disengage",
        );
    }
    let (mover, others) = mover_around(world, m);
    let table = world.resource::<Battle>().table;
    let (end, toward) = flee_from(
        &mover,
        from,
        table,
        &others,
        &world.resource::<TerrainMap>().0,
    );
    if end == FleeEnd::Stays {
        return held(world, m.id, "its way is blocked");
    }
    if m.engaged_since.is_some() {
        world
            .resource_mut::<BattleLog>()
            .push(LogEvent::Disengaged { model: m.id });
        strike_leaver(world, m);
        if !model(world, m.id).is_some_and(|m| m.in_play) {
            return;
        }
    }
    match end {
        FleeEnd::At(at) => {
            let (_, others) = mover_along(world, m, at);
            place(world, m, at, Vec::new(), &others);
        }
        _ => {
            world.resource_mut::<BattleLog>().push(LogEvent::Moved {
                model: m.id,
                from: (m.base.center.x, m.base.center.y),
                to: (toward.x, toward.y),
                charged: Vec::new(),
            });
            remove(world, m.id, FLED_OFF);
        }
    }
}

/// Why a model that fled past the table's edge is out of action, as its `Removed`
/// event says it (the window takes such a model off the table).
pub const FLED_OFF: &str = "fled off the table";

fn held(world: &mut World, id: ModelId, why: &str) {
    world.resource_mut::<BattleLog>().push(LogEvent::FleeHeld {
        model: id,
        why: why.into(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grid's nearest enemy is the one a walk over every enemy finds, ties by id
    /// included: over crowds round points on and off the table, with enemies standing
    /// on a lattice (many at the same distance, some on the same spot) and one far off
    /// the table (kept beside the grid's window).
    #[test]
    fn the_grid_finds_the_nearest_a_walk_finds() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: u32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % u64::from(n)) as f32
        };
        let mut ties = 0;
        for crowd in [64usize, 100, 400] {
            let mut list: Vec<(ModelId, Vec2)> = (0..crowd)
                .map(|i| {
                    let at = Vec2::new(next(60) * 2.0, next(30) * 2.0);
                    (ModelId(i as u32 + 1), at)
                })
                .collect();
            list[crowd / 2].1 = Vec2::new(1.0e5, 7.0);
            let enemies = Enemies::new(list.clone());
            assert!(enemies.grid.is_some(), "{crowd} enemies are filed");
            let walk = Enemies { list, grid: None };
            for k in 0..500 {
                let p = if k == 0 {
                    Vec2::new(1.0e5 - 3.0, 7.0)
                } else {
                    Vec2::new(next(200) - 40.0, next(140) - 40.0) + Vec2::splat(0.5)
                };
                let found = enemies.nearest(p);
                assert_eq!(found, walk.nearest(p), "from {p}");
                let d2 = found.map(|(_, c)| c.distance_squared(p));
                let level = walk
                    .list
                    .iter()
                    .filter(|(_, c)| Some(c.distance_squared(p)) == d2);
                ties += usize::from(level.count() > 1);
            }
        }
        // Many of the queries had more than one nearest enemy for the id to decide.
        assert!(ties > 50, "{ties} ties");
    }
}
