//! Phase 3 for a broken side (RULINGS): its models flee, each the full allowance away
//! from the nearest enemy along a legal path.

use super::movement::{lose_spell, mover_along, place, strike_leaver};
use crate::battle::{Battle, ModelView, TerrainMap, in_play, model};
use crate::effects::remove;
use crate::geometry::{FleeEnd, flee_path};
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
    let enemies: Vec<(ModelId, Vec2)> = all
        .iter()
        .filter(|m| m.side != side)
        .map(|m| (m.id, m.base.center))
        .collect();
    for id in ids {
        let Some(m) = model(world, id).filter(|m| m.in_play) else {
            continue;
        };
        let Some(toward) = flee_target(&enemies, &m) else {
            return;
        };
        flee_one(world, &m, toward);
    }
}

/// Where a full flee of `m` would take it: straight away from the nearest enemy (None:
/// no enemy is left).
/// `enemies`: (id, centre) of each enemy in play.
fn flee_target(enemies: &[(ModelId, Vec2)], m: &ModelView) -> Option<Vec2> {
    let (_, nearest) = enemies.iter().min_by(|(ia, a), (ib, b)| {
        a.distance_squared(m.base.center)
            .total_cmp(&b.distance_squared(m.base.center))
            .then(ia.cmp(ib))
    })?;
    let away = (m.base.center - *nearest).normalize_or(Vec2::Y);
    Some(m.base.center + away * m.profile.armour.movement_allowance())
}

fn flee_one(world: &mut World, m: &ModelView, toward: Vec2) {
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
    let (mover, others) = mover_along(world, m, toward);
    let table = world.resource::<Battle>().table;
    let end = flee_path(
        &mover,
        toward,
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
            remove(world, m.id, "fled off the table");
        }
    }
}

fn held(world: &mut World, id: ModelId, why: &str) {
    world.resource_mut::<BattleLog>().push(LogEvent::FleeHeld {
        model: id,
        why: why.into(),
    });
}
