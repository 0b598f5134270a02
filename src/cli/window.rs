//! `warband play` and `warband watch`: straight into a battle on screen.

use super::battle::Ai;
use crate::game::session::{Controller, Launch};
use crate::game::{Screen, Start};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

/// Who controls a side on screen: you, or a computer player.
#[derive(Clone, Copy, Debug)]
pub enum Ctrl {
    Human,
    Ai(Ai),
}

impl ValueEnum for Ctrl {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            Ctrl::Human,
            Ctrl::Ai(Ai::Random),
            Ctrl::Ai(Ai::Charge),
            Ctrl::Ai(Ai::Easy),
            Ctrl::Ai(Ai::Normal),
            Ctrl::Ai(Ai::Hard),
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            Ctrl::Human => Some(
                clap::builder::PossibleValue::new("human").help("You, with the mouse and keys"),
            ),
            Ctrl::Ai(ai) => ai.to_possible_value(),
        }
    }
}

impl Ctrl {
    fn controller(self) -> Controller {
        match self {
            Ctrl::Human => Controller::Human,
            Ctrl::Ai(ai) => Controller::Ai(ai.kind()),
        }
    }
}

/// Options every window command shares.
#[derive(Args, Debug)]
pub struct WindowArgs {
    /// Save a screenshot to FILE after --after seconds, then quit (for smoke tests).
    #[arg(long, hide = true)]
    screenshot: Option<PathBuf>,
    /// Seconds to wait before the screenshot.
    #[arg(long, hide = true, default_value_t = 4.0)]
    after: f32,
    /// Print the battle as JSON lines whenever it changes (for pointer tests).
    #[arg(long, hide = true)]
    trace: bool,
    /// Time FRAMES frames of battle, print what each part of a frame cost the CPU as
    /// JSON, then quit (docs/ai.md, "The CPU cost of a frame").
    #[arg(long, hide = true, value_name = "FRAMES", value_parser = clap::value_parser!(u32).range(1..))]
    frame_report: Option<u32>,
}

impl WindowArgs {
    fn screenshot(&self) -> Option<(PathBuf, f32)> {
        self.screenshot.clone().map(|p| (p, self.after))
    }
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Scenario file (RON).
    #[arg(long)]
    scenario: PathBuf,
    /// Who plays side A.
    #[arg(long, value_enum, default_value_t = Ctrl::Human)]
    a: Ctrl,
    /// Who plays side B.
    #[arg(long, value_enum, default_value_t = Ctrl::Ai(Ai::Normal))]
    b: Ctrl,
    /// Seed of the battle's dice (the same seed and commands give the same battle).
    #[arg(long, default_value_t = 1, value_parser = warband_table::sim::parse_seed)]
    seed: u64,
    #[command(flatten)]
    window: WindowArgs,
}

#[derive(Args, Debug)]
pub struct WatchArgs {
    /// Scenario file (RON).
    #[arg(long, required_unless_present_any = ["replay", "connect"])]
    scenario: Option<PathBuf>,
    /// Watch a hosted battle: ADDR:PORT of its host.
    #[arg(long, conflicts_with_all = ["scenario", "replay"])]
    connect: Option<String>,
    /// With --connect: no window; print the result at the end.
    #[arg(long, requires = "connect")]
    headless: bool,
    /// With --connect --headless: the result as JSON.
    #[arg(long, requires = "headless")]
    json: bool,
    /// A saved battle to watch again, with a timeline to move through it.
    #[arg(long, conflicts_with = "scenario")]
    replay: Option<PathBuf>,
    /// Who plays side A.
    #[arg(long, value_enum, default_value_t = Ai::Normal)]
    a: Ai,
    /// Who plays side B.
    #[arg(long, value_enum, default_value_t = Ai::Hard)]
    b: Ai,
    /// Seed of the battle's dice (the same seed and commands give the same battle).
    #[arg(long, default_value_t = 1, value_parser = warband_table::sim::parse_seed)]
    seed: u64,
    /// Playback speed, 0.25 to 16.
    #[arg(long, default_value_t = 1.0)]
    speed: f32,
    #[command(flatten)]
    window: WindowArgs,
}

/// The main menu.
pub fn menu() -> ExitCode {
    crate::game::run(Start::default());
    ExitCode::SUCCESS
}

#[derive(Args, Debug)]
pub struct LabArgs {
    /// Play a batch on this scenario at once (else the lab opens empty).
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// Who plays side A.
    #[arg(long, value_enum, default_value_t = Ai::Normal)]
    a: Ai,
    /// Who plays side B.
    #[arg(long, value_enum, default_value_t = Ai::Charge)]
    b: Ai,
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    #[command(flatten)]
    window: WindowArgs,
}

#[derive(Args, Debug)]
pub struct EditArgs {
    /// The scenario to start from (else a new Marauders table). The file itself is left
    /// as it is: Save writes your copy, named after the scenario, to the data folder's
    /// scenarios/, where battle setup lists it.
    #[arg(long)]
    scenario: Option<PathBuf>,
    #[command(flatten)]
    window: WindowArgs,
}

/// The scenario editor.
pub fn edit(args: EditArgs) -> ExitCode {
    crate::game::run(Start {
        screen: Screen::Editor,
        screenshot: args.window.screenshot(),
        editor: args
            .scenario
            .map(crate::game::screens::editor::EditorPreset),
        ..Start::default()
    });
    ExitCode::SUCCESS
}

/// The lab screen, playing a batch if a scenario is given.
pub fn lab(args: LabArgs) -> ExitCode {
    let lab = args
        .scenario
        .map(|scenario| crate::game::screens::lab::LabPreset {
            scenario,
            a: args.a.kind(),
            b: args.b.kind(),
            games: args.games,
        });
    crate::game::run(Start {
        screen: Screen::Lab,
        screenshot: args.window.screenshot(),
        lab,
        ..Start::default()
    });
    ExitCode::SUCCESS
}

fn open(
    scenario: &std::path::Path,
    seed: u64,
    controllers: [Controller; 2],
    speed: f32,
    window: &WindowArgs,
) -> ExitCode {
    let ruleset = match super::ruleset_of(scenario) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let mut controllers = controllers;
    for (c, side) in controllers.iter_mut().zip(["A", "B"]) {
        if let Controller::Ai(kind) = *c
            && !crate::game::desk::playable(ruleset, kind)
        {
            eprintln!(
                "note: {} has no `{kind}` player; `normal` plays side {side}",
                ruleset.title()
            );
            *c = Controller::NORMAL;
        }
    }
    super::with_rules!(ruleset, R => open_of::<R>(scenario, seed, controllers, speed, window))
}

fn open_of<R: crate::game::desk::Desk>(
    scenario: &std::path::Path,
    seed: u64,
    controllers: [Controller; 2],
    speed: f32,
    window: &WindowArgs,
) -> ExitCode {
    let setup = match R::load(scenario) {
        Ok(s) => s,
        Err(e) => return super::data_error(e),
    };
    crate::game::run(Start {
        screen: Screen::Battle,
        battle: Some(Box::new(Launch::<R>::New {
            setup: Box::new(setup),
            seed,
            controllers,
            speed: crate::game::settings::Settings::watch_speed(speed),
        })),
        screenshot: window.screenshot(),
        trace: window.trace,
        frame_report: window.frame_report,
        ..Start::default()
    });
    ExitCode::SUCCESS
}

pub fn play(args: PlayArgs) -> ExitCode {
    open(
        &args.scenario,
        args.seed,
        [args.a.controller(), args.b.controller()],
        1.0,
        &args.window,
    )
}

pub fn watch(args: WatchArgs) -> ExitCode {
    if let Some(addr) = &args.connect {
        if args.headless {
            return super::net::watch(addr, args.json);
        }
        return spectate(addr, &args.window);
    }
    if let Some(file) = &args.replay {
        return match super::ruleset_of(file) {
            Ok(ruleset) => super::with_rules!(ruleset, R => replay_of::<R>(file, &args)),
            Err(code) => code,
        };
    }
    let controllers = [args.a, args.b].map(|ai| Controller::Ai(ai.kind()));
    let scenario = args.scenario.as_deref().unwrap_or(std::path::Path::new(""));
    open(scenario, args.seed, controllers, args.speed, &args.window)
}

/// Opens a saved battle of ruleset `R` to watch again.
fn replay_of<R: crate::game::desk::Desk>(file: &std::path::Path, args: &WatchArgs) -> ExitCode {
    let save = match warband_table::save::Save::<R>::read(file) {
        Ok(s) => s,
        Err(e) => return super::data_error(e),
    };
    crate::game::run(Start {
        screen: Screen::Battle,
        battle: Some(Box::new(Launch::<R>::Replay {
            save: Box::new(save),
            speed: None,
        })),
        screenshot: args.window.screenshot(),
        trace: args.window.trace,
        frame_report: args.window.frame_report,
        ..Start::default()
    });
    ExitCode::SUCCESS
}

/// `warband host` with a window: the host runs on a thread of its own, and this window
/// joins it for the side a person plays here (or watches, if none).
pub fn host(args: &super::net::HostArgs) -> ExitCode {
    let ruleset = match args.ruleset() {
        Ok(r) => r,
        Err(code) => return code,
    };
    super::with_rules!(ruleset, R => host_of::<R>(args))
}

fn host_of<R: crate::game::desk::Desk>(args: &super::net::HostArgs) -> ExitCode {
    let (setup, resume) = match args.battle::<R>() {
        Ok(b) => b,
        Err(code) => return code,
    };
    let launch = crate::game::net::launch::HostLaunch::<R> {
        setup,
        seats: [args.a, args.b].map(super::net::HostSide::seat),
        listen: args.listen.clone(),
        seed: args.seed,
        resume,
    };
    open_net(Box::new(launch), &args.window)
}

/// `warband join` with a window: you play the side.
pub fn join(addr: &str, side: warband_rules::Side, window: &WindowArgs) -> ExitCode {
    connect_and_open(addr, Some(side), window)
}

/// `warband watch --connect` with a window.
fn spectate(addr: &str, window: &WindowArgs) -> ExitCode {
    connect_and_open(addr, None, window)
}

fn connect_and_open(
    addr: &str,
    seat: Option<warband_rules::Side>,
    window: &WindowArgs,
) -> ExitCode {
    let mut hello = warband_net::msg::Hello::new(seat, &crate::game::net::whoami());
    hello.token = seat.and_then(|s| crate::game::net::tokens::read(addr, s));
    match warband_net::client::connect(addr, &hello) {
        Ok(h) => {
            crate::game::net::tokens::remember(addr, seat);
            open_net(crate::game::net::launch::join_launch(h, addr), window)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn open_net(launch: Box<dyn crate::game::session::Starter>, window: &WindowArgs) -> ExitCode {
    crate::game::run(Start {
        screen: Screen::Battle,
        battle: Some(launch),
        screenshot: window.screenshot(),
        trace: window.trace,
        frame_report: window.frame_report,
        ..Start::default()
    });
    ExitCode::SUCCESS
}
