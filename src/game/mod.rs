//! The desktop game: one Bevy App with the table, the camera and the egui overlay.

mod camera;
mod hud;
mod table;

use bevy::prelude::*;
use bevy_egui::EguiPlugin;
use bevy_prototype_lyon::prelude::ShapePlugin;

/// Opens the game window and runs until it is closed.
pub fn run() {
    App::new()
        .insert_resource(ClearColor(Color::srgb(0.11, 0.12, 0.13)))
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Warband".into(),
                resolution: (1280, 800).into(),
                ..default()
            }),
            ..default()
        }))
        .add_plugins((EguiPlugin::default(), ShapePlugin))
        .add_plugins((camera::plugin, table::plugin, hud::plugin))
        .run();
}
