//! A miniature put on the table: its base, shadow and what else a ruleset stands on it.

use super::body::Part;
use super::ring::Ring;
use super::{BUILD_SCALE, Mini};
use crate::game::models::MODEL_Z;
use crate::game::motion::Glide;
use bevy::prelude::*;
use warband_rules::Side;
use warband_rules::icon::Icon;
use warband_table::components::ModelId;
use warband_table::geometry::Placed;

/// No more on a base than the miniature: what a ruleset passes to [`spawn_mini`] when
/// it adds nothing (no entity is spawned to hold it).
pub const BARE: Option<fn(&mut ChildSpawnerCommands)> = None;

/// A casualty's miniature lying where `base` stood, fallen `fell_ago` seconds ago, for
/// tests of what a click on one does.
#[cfg(test)]
pub fn spawn_casualty(
    world: &mut World,
    (id, side): (ModelId, Side),
    base: &Placed,
    fell_ago: f32,
) {
    let mut commands = world.commands();
    spawn_mini(
        &mut commands,
        format!("casualty {id}"),
        (id, side),
        base,
        None,
        BARE,
    );
    world.flush();
    let mut minis = world.query::<&mut Mini>();
    for mut m in minis.iter_mut(world).filter(|m| m.id == id) {
        m.gone_for = crate::game::models::FALL;
        m.fell_ago = fell_ago;
    }
}

/// Spawns model `id`'s miniature where `base` stands; `extra` adds what else stands on
/// its base, in inches in the base's own frame (front towards +y).
pub fn spawn_mini(
    commands: &mut Commands,
    name: String,
    (id, side): (ModelId, Side),
    base: &Placed,
    icon: Option<Icon>,
    extra: Option<impl FnOnce(&mut ChildSpawnerCommands)>,
) {
    let s = BUILD_SCALE;
    let ring = crate::game::palette::side(side);
    commands
        .spawn((
            Name::new(name),
            DespawnOnExit(crate::game::screens::Screen::Battle),
            Mini {
                id,
                side,
                gone_for: 0.0,
                fell_ago: f32::INFINITY,
                glide: Glide::default(),
                health: None,
                since_hit: f32::INFINITY,
            },
            Ring(ring),
            Part::Body(base.shape, side, icon),
            upright(base.center, base.facing),
            Visibility::Inherited,
        ))
        .with_children(|p| {
            p.spawn((
                Part::Shadow(base.shape),
                Transform::from_xyz(0.07 * s, -0.09 * s, -40.0),
                Visibility::Inherited,
            ));
            if let Some(extra) = extra {
                p.spawn((Transform::from_scale(Vec3::splat(s)), Visibility::Inherited))
                    .with_children(extra);
            }
        });
}

/// A model standing at `center` facing `facing`, drawn at the inverse of the build scale.
pub(super) fn upright(center: Vec2, facing: f32) -> Transform {
    Transform::from_translation(center.extend(MODEL_Z))
        .with_rotation(Quat::from_rotation_z(facing))
        .with_scale(Vec3::splat(1.0 / BUILD_SCALE))
}
