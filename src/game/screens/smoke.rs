//! Hooks for testing the real binary from outside, as a person would use it:
//! `--screenshot FILE` saves a picture of the window after a while and quits;
//! `--trace` prints one JSON line whenever the battle changes (phase, whose turn, and
//! every model's table and window position), so a script driving the pointer with
//! xdotool knows where to click and can see what happened.

use super::Screen;
use crate::game::camera::TableCamera;
use crate::game::session::Session;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;
use warband_marauders::MaraudersEngine as _;
use warband_marauders::battle::models;

pub fn screenshot_plugin(app: &mut App, path: PathBuf, after: f32) {
    app.add_systems(
        Update,
        move |time: Res<Time>,
              mut commands: Commands,
              mut taken: Local<Option<f32>>,
              mut exit: MessageWriter<AppExit>| {
            let now = time.elapsed_secs();
            match *taken {
                None if now >= after => {
                    commands
                        .spawn(Screenshot::primary_window())
                        .observe(save_to_disk(path.clone()));
                    *taken = Some(now);
                }
                Some(at) if now >= at + 1.5 => {
                    exit.write(AppExit::Success);
                }
                _ => {}
            }
        },
    );
}

pub fn trace_plugin(app: &mut App) {
    app.add_systems(Last, trace.run_if(in_state(Screen::Battle)));
}

fn trace(
    session: Option<NonSend<Session>>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    mut last: Local<String>,
) {
    let Some(session) = session else { return };
    let (cam, at) = *camera;
    let world = session.engine.world();
    let ms: Vec<serde_json::Value> = models(world)
        .iter()
        .map(|m| {
            let screen = cam.world_to_viewport(at, m.base.center.extend(0.0)).ok();
            serde_json::json!({
                "id": m.id,
                "side": m.side.lowercase(),
                "x": m.base.center.x,
                "y": m.base.center.y,
                "in_play": m.in_play,
                "sx": screen.map(|s| s.x),
                "sy": screen.map(|s| s.y),
            })
        })
        .collect();
    let line = serde_json::json!({
        "round": session.engine.battle().round,
        "phase": format!("{:?}", session.engine.phase()),
        "awaiting": session.engine.awaiting().map(|s| s.lowercase()),
        "commands": session.commands.len(),
        "refusal": session.last_refusal,
        "models": ms,
    })
    .to_string();
    if *last != line {
        println!("{line}");
        *last = line;
    }
}
