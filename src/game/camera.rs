//! The 2D camera over the table. World units are inches.

use super::table::TableSize;
use bevy::camera::ScalingMode;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
}

/// Room around the table edge, in inches, and for the overlay's top bar.
const MARGIN: f32 = 4.0;

fn spawn_camera(mut commands: Commands, table: Res<TableSize>) {
    commands.spawn((
        Name::new("Table camera"),
        Camera2d,
        Msaa::Sample4,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: table.0.x + 2.0 * MARGIN,
                min_height: table.0.y + 2.0 * MARGIN,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}
