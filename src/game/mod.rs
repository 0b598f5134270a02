//! The desktop game: screens, the table drawn with lyon, the camera, mouse play and the
//! egui overlay. The rules and the battle live in the headless crates; this module only
//! shows them and sends `Command`s.

mod art;
mod autosave;
mod awake;
pub mod balance_job;
mod bx;
mod camera;
pub mod catalogue;
mod controller;
mod course;
mod cues;
mod deploy;
pub mod desk;
mod floaters;
mod frame_report;
mod hud;
pub mod jobs;
mod last_action;
mod marauders;
mod minis;
mod models;
mod motion;
pub mod net;
mod palette;
mod pointer;
pub mod preview;
pub mod saves;
pub mod screens;
pub mod session;
pub mod settings;
mod sound;
mod table;
#[cfg(test)]
mod test_app;
mod theme;
mod toy;

/// The player's own designs, which the shared checks count as shipped profiles.
pub(crate) use bx::own_heroes;
pub(crate) use toy::own_units;
mod quick_clicks;
mod tape;
mod tracers;
mod trails;
mod window;

use bevy::prelude::*;
use bevy_egui::EguiPlugin;
use bevy_prototype_lyon::prelude::ShapePlugin;
pub use screens::Screen;
use session::{PendingBattle, Starter};
use std::path::PathBuf;

/// How the window starts.
#[derive(Default)]
pub struct Start {
    pub screen: Screen,
    pub battle: Option<Box<dyn Starter>>,
    /// Take a screenshot to this file after `after` seconds, then quit (smoke tests).
    pub screenshot: Option<(PathBuf, f32)>,
    /// Print the battle as JSON lines whenever it changes (pointer tests).
    pub trace: bool,
    /// Time this many frames of battle, print what they cost, then quit.
    pub frame_report: Option<u32>,
    /// Open the lab playing this batch.
    pub lab: Option<screens::lab::LabPreset>,
    /// Open the scenario editor on this scenario.
    pub editor: Option<screens::editor::EditorPreset>,
}

/// Opens the game window and runs until it is closed.
pub fn run(start: Start) {
    let mut app = App::new();
    let continuous = start.screenshot.is_some() || start.trace || start.frame_report.is_some();
    let (width, height) = window::opening_size(&settings::read(&saves::data_dir()).0);
    app.insert_resource(ClearColor(palette::BACKGROUND))
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Warband".into(),
                resolution: (width, height).into(),
                ..default()
            }),
            ..default()
        }))
        .add_plugins((EguiPlugin::default(), ShapePlugin))
        .insert_resource(PendingBattle(start.battle))
        .insert_state(start.screen)
        .add_plugins((
            camera::plugin,
            table::plugin,
            pointer::plugin,
            screens::plugin,
            desk::plugin,
            models::plugin,
            motion::plugin,
            trails::plugin,
            cues::plugin,
            tracers::plugin,
            floaters::plugin,
            settings::plugin,
            window::plugin,
            theme::plugin,
            hud::fold::plugin,
        ))
        .add_plugins((
            minis::plugin,
            tape::plugin,
            quick_clicks::plugin,
            sound::plugin,
        ));
    awake::plugin(&mut app, continuous);
    if let Some((path, after)) = start.screenshot {
        app.add_plugins(move |app: &mut App| {
            screens::smoke::screenshot_plugin(app, path.clone(), after)
        });
    }
    if let Some(frames) = start.frame_report {
        frame_report::plugin(&mut app, frames);
    }
    if let Some(preset) = start.lab {
        app.insert_resource(preset);
    }
    if let Some(preset) = start.editor {
        app.insert_resource(preset);
    }
    if start.trace {
        app.add_plugins(screens::smoke::trace_plugin);
    }
    app.run();
}
