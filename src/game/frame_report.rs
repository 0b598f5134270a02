//! `--frame-report N`: what a frame of battle costs the CPU. Once a battle is on screen
//! and has settled (the first [`WARM_UP`] frames are not counted), it times `N` frames
//! in three parts and prints them as one JSON line, then closes the window:
//! - `main`: the main world's update, `First` to `Last` — the game's systems (models,
//!   markers, motion, the panels) and Bevy's own (transforms, visibility, egui, picking);
//! - `extract`: copying what is drawn into the render world;
//! - `prepare`: the render world up to drawing — meshes, queues, sorting, batching,
//!   buffers and bind groups — but not the render graph, where a software rasteriser
//!   (Xvfb's) spends its time and a GPU does the work.
//!
//! Beside them, the CPU time a frame cost every thread of the process but the
//! rasteriser's, and the rasteriser's, averaged over the frames timed.
//!
//! Each part is the CPU time of the thread that does it (the time the thread ran, so what the
//! rasteriser's threads take from it does not count; the render world's schedule runs on
//! its own thread alone while timed), reported as its median and
//! 95th percentile in milliseconds; the main world's wall-clock time is reported beside
//! it for context. Compare a battle of 20 bases with one of 1,000 on the same machine
//! (`docs/ai.md`, "The CPU cost of a frame").

use super::minis::Mini;
use super::screens::Screen;
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::render::renderer::render_system;
use bevy::render::{Render, RenderApp, RenderSystems};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Frames of battle drawn before the timing starts (meshes and fonts made, the camera
/// fitted).
pub const WARM_UP: u32 = 120;

/// Milliseconds of each part of each frame timed.
#[derive(Default)]
struct Times {
    main: Vec<f64>,
    main_wall: Vec<f64>,
    extract: Vec<f64>,
    prepare: Vec<f64>,
    /// Whether the frames being drawn count (set by the main world).
    counting: bool,
}

#[derive(Resource, Clone)]
struct Shared(Arc<Mutex<Times>>);

impl Shared {
    fn with<T>(&self, f: impl FnOnce(&mut Times) -> T) -> T {
        f(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// When this world's part of the frame began: the wall clock, and the thread's CPU
/// clock in milliseconds.
#[derive(Resource, Clone, Copy)]
struct Began(Instant, f64);

impl Began {
    fn now() -> Self {
        Self(Instant::now(), thread_cpu_ms())
    }

    fn cpu_ms(self) -> f64 {
        thread_cpu_ms() - self.1
    }
}

/// This thread's CPU time in milliseconds: Linux's count of the nanoseconds it has run
/// (`/proc/thread-self/schedstat`), else the wall clock.
fn thread_cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(wall_ms, |ns| ns / 1e6)
}

fn wall_ms() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// How many frames to time, how many battle frames have been drawn, and the process's
/// CPU time when the timing began.
#[derive(Resource)]
struct Want {
    frames: u32,
    drawn: u32,
    cpu_at_start: Option<ProcessCpu>,
}

/// Milliseconds of CPU the process's threads have run: the rasteriser's (Mesa's
/// `llvmpipe-*` threads under Xvfb) and all the others.
#[derive(Clone, Copy, Default)]
struct ProcessCpu {
    ours: f64,
    rasteriser: f64,
}

impl ProcessCpu {
    fn now() -> Self {
        let mut cpu = Self::default();
        let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
            return cpu;
        };
        for task in tasks.flatten() {
            let read = |f: &str| std::fs::read_to_string(task.path().join(f)).ok();
            let ran = read("schedstat")
                .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
                .unwrap_or(0.0)
                / 1e6;
            if read("comm").is_some_and(|c| c.starts_with("llvmpipe")) {
                cpu.rasteriser += ran;
            } else {
                cpu.ours += ran;
            }
        }
        cpu
    }
}

pub fn plugin(app: &mut App, frames: u32) {
    let shared = Shared(Arc::new(Mutex::new(Times::default())));
    app.insert_resource(shared.clone())
        .insert_resource(Want {
            frames,
            drawn: 0,
            cpu_at_start: None,
        })
        .insert_resource(Began::now())
        .add_systems(First, begin)
        .add_systems(Last, end_main);
    let render = app.sub_app_mut(RenderApp);
    if let Some(mut inner) = render.take_extract() {
        let times = shared.clone();
        render.set_extract(move |main, world| {
            let began = Began::now();
            inner(main, world);
            times.with(|t| {
                if t.counting {
                    t.extract.push(began.cpu_ms());
                }
            });
        });
    }
    // Timed on one thread, the render thread, so that the thread's CPU clock counts
    // exactly the work between the marks (and no system waits on the main thread).
    render.edit_schedule(Render, |s| {
        s.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    });
    render
        .insert_resource(shared)
        .insert_resource(Began::now())
        .add_systems(Render, begin_prepare.in_set(RenderSystems::ExtractCommands))
        .add_systems(
            Render,
            end_prepare
                .in_set(RenderSystems::Render)
                .before(render_system),
        );
}

fn begin(mut began: ResMut<Began>, _on_this_thread: NonSendMarker) {
    *began = Began::now();
}

fn begin_prepare(mut began: ResMut<Began>) {
    *began = Began::now();
}

fn end_prepare(began: Res<Began>, shared: Res<Shared>) {
    shared.with(|t| {
        if t.counting {
            t.prepare.push(began.cpu_ms());
        }
    });
}

fn end_main(
    began: Res<Began>,
    shared: Res<Shared>,
    mut want: ResMut<Want>,
    screen: Res<State<Screen>>,
    minis: Query<(), With<Mini>>,
    mut exit: MessageWriter<AppExit>,
    _on_this_thread: NonSendMarker,
) {
    if *screen.get() != Screen::Battle || minis.is_empty() {
        return;
    }
    want.drawn += 1;
    let counting = want.drawn > WARM_UP;
    if counting && want.cpu_at_start.is_none() {
        want.cpu_at_start = Some(ProcessCpu::now());
    }
    let done = shared.with(|t| {
        if t.counting {
            t.main.push(began.cpu_ms());
            t.main_wall.push(began.0.elapsed().as_secs_f64() * 1000.0);
        }
        t.counting = counting;
        t.main.len() >= want.frames as usize
    });
    if done {
        let start = want.cpu_at_start.unwrap_or_default();
        let end = ProcessCpu::now();
        let per_frame = |a: f64, b: f64| (b - a) / f64::from(want.frames.max(1));
        let cpu = ProcessCpu {
            ours: per_frame(start.ours, end.ours),
            rasteriser: per_frame(start.rasteriser, end.rasteriser),
        };
        println!("{}", shared.with(|t| report(t, minis.iter().count(), cpu)));
        exit.write(AppExit::Success);
    }
}

/// The median and 95th percentile of `v`, in milliseconds.
fn spread(v: &mut [f64]) -> serde_json::Value {
    v.sort_by(f64::total_cmp);
    let at = |q: f64| {
        v.get(((v.len() as f64 - 1.0) * q).round() as usize)
            .copied()
    };
    serde_json::json!({ "median": at(0.5), "p95": at(0.95) })
}

fn report(t: &mut Times, bases: usize, cpu: ProcessCpu) -> String {
    let frames = t.main.len();
    serde_json::json!({
        "bases": bases,
        "frames": frames,
        "cpu_ms_per_frame": cpu.ours,
        "rasteriser_ms_per_frame": cpu.rasteriser,
        "main_ms": spread(&mut t.main),
        "main_wall_ms": spread(&mut t.main_wall),
        "extract_ms": spread(&mut t.extract),
        "prepare_ms": spread(&mut t.prepare),
    })
    .to_string()
}
