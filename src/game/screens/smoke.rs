//! Hooks for testing the real binary from outside, as a person would use it:
//! `--screenshot FILE` saves a picture of the window after a while and quits;
//! `--trace` prints one JSON line whenever the battle changes (phase, whose turn, and
//! every model's table and window position), so a script driving the pointer with
//! xdotool knows where to click and can see what happened.

use crate::game::camera::TableCamera;
use crate::game::desk::on_table;
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;
use warband_table::components::{Base, ModelId, OutOfAction, Team};
use warband_table::engine::ModelIndex;
use warband_table::sim::Contest;

/// This run takes a picture and quits: it leaves no battle to resume.
#[derive(Resource)]
pub struct PictureRun;

pub fn screenshot_plugin(app: &mut App, path: PathBuf, after: f32) {
    app.insert_resource(PictureRun).add_systems(
        Update,
        move |time: Res<Time>,
              mut commands: Commands,
              mut taken: Local<Option<f32>>,
              mut frames: Local<u32>,
              mut exit: MessageWriter<AppExit>| {
            let now = time.elapsed_secs();
            // Frames drawn over the second half of the wait, once the screen has settled.
            if now >= after / 2.0 && taken.is_none() {
                *frames += 1;
            }
            match *taken {
                None if now >= after => {
                    commands
                        .spawn(Screenshot::primary_window())
                        .observe(save_to_disk(path.clone()));
                    *taken = Some(now);
                    let span = now - after / 2.0;
                    eprintln!(
                        "frame rate: {} frames in {span:.1} s = {:.1} frames/s",
                        *frames,
                        *frames as f32 / span.max(1e-3)
                    );
                }
                Some(at) if now >= at + 1.5 => {
                    exit.write(AppExit::Success);
                }
                _ => {}
            }
        },
    );
}

/// Print the battle as JSON lines whenever it changes (`--trace`, for pointer tests).
#[derive(Resource)]
pub struct Tracing;

pub fn trace_plugin(app: &mut App) {
    app.insert_resource(Tracing);
}

/// The trace of a battle of ruleset `R`, when asked for.
pub fn trace_of<R: Contest>(app: &mut App) {
    app.add_systems(
        Last,
        trace::<R>.run_if(resource_exists::<Tracing>.and_then(on_table::<R>())),
    );
}

/// One JSON line of the battle whenever it changes: round, phase, whose turn, and each
/// model's id, side, place, facing, whether it is in play, and where it is on screen.
fn trace<R: Contest>(
    session: NonSend<GameSession<R>>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    mut last: Local<String>,
) {
    let (cam, at) = *camera;
    let world = session.engine.world();
    let ms: Vec<serde_json::Value> = world
        .resource::<ModelIndex>()
        .0
        .iter()
        .filter_map(|e| {
            let id = world.get::<ModelId>(*e)?.0;
            let side = world.get::<Team>(*e)?.0;
            let base = world.get::<Base>(*e)?.0;
            let screen = cam.world_to_viewport(at, base.center.extend(0.0)).ok();
            Some(serde_json::json!({
                "id": id,
                "side": side.lowercase(),
                "x": base.center.x,
                "y": base.center.y,
                "facing": base.facing,
                "in_play": world.get::<OutOfAction>(*e).is_none(),
                "sx": screen.map(|s| s.x),
                "sy": screen.map(|s| s.y),
            }))
        })
        .collect();
    let line = serde_json::json!({
        "ruleset": R::RULESET.id(),
        "round": R::round(world),
        "phase": format!("{:?}", session.engine.phase()),
        "awaiting": session.engine.awaiting().map(|s| s.lowercase()),
        "human": session.human_turn().map(|s| s.lowercase()),
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
