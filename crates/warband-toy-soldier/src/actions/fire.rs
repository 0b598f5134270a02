//! What stops a volley on its way: the line of fire [`check_shot`](super::check_shot)
//! judges, and where on it a shot it refuses is stopped (drawn for a player who points
//! at an enemy it cannot shoot).

use crate::battle::{View, places};
use crate::components::TerrainMap;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_table::components::ModelId;
use warband_table::geometry::{Crossed, LineOfFire, Placed, TerrainShape, line_of_fire_among};

/// The line of fire from `v` to `t` among every unit in play (`all`) and the terrain.
pub(super) fn line(
    all: &[(ModelId, Side, Placed)],
    v: &View,
    t: &View,
    terrain: &[TerrainShape],
) -> LineOfFire {
    let bases = all.iter().map(|(id, _, base)| (*id, base));
    line_of_fire_among((v.id, &v.base), (t.id, &t.base), bases, terrain)
}

/// What stops a volley along `line`: terrain that blocks sight, else the first unit in
/// the way (other obstacles only give cover).
pub(super) fn stopper(line: &LineOfFire) -> Option<Crossed> {
    if let Some(i) = line.sight_blocked_by {
        return Some(Crossed::Terrain(i));
    }
    line.obstacles
        .iter()
        .map(|c| c.what)
        .find(|w| matches!(w, Crossed::Base(_)))
}

/// Where a volley from `v` at `t` would be stopped, if something on its line of fire
/// stops it: where the line enters the terrain that blocks sight, or the first unit in
/// the way. None where nothing on the line does (the shot may still be refused for
/// its range, facing or AP).
pub fn shot_stopped_at(world: &World, v: &View, t: &View) -> Option<Vec2> {
    let terrain = &world.resource::<TerrainMap>().0;
    let line = line(&places(world), v, t, terrain);
    let (from, to) = (v.base.center, t.base.center);
    match stopper(&line)? {
        Crossed::Terrain(_) => line.blocked_at(from, to, terrain),
        base => Some(from.lerp(to, line.obstacles.iter().find(|c| c.what == base)?.at)),
    }
}
