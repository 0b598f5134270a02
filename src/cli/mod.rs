//! The headless command line: everything here runs without opening a window.

mod battle;
mod odds;
mod odds_borderlands;
mod sim;
mod validate;
mod window;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "warband",
    version,
    about = "A miniatures wargame that plays the rules for you",
    long_about = "Without a subcommand, opens the game window. The subcommands run headless."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Exact odds of a roll, computed in closed form: `warband odds marauders melee --a 3 --b 2`.
    Odds {
        #[command(subcommand)]
        what: odds::OddsCommand,
    },
    /// Play one battle headless and report the result.
    Battle(battle::BattleArgs),
    /// Replay a saved battle.
    Replay(battle::ReplayArgs),
    /// Play many battles headless, in parallel, and report who wins.
    Sim(sim::SimCli),
    /// Check scenarios, armies, bestiaries and spell lists; exits non-zero on any problem.
    Validate(validate::ValidateArgs),
    /// Open a battle on screen (default: you as side A against the normal AI).
    Play(window::PlayArgs),
    /// Watch computer players fight on screen.
    Watch(window::WatchArgs),
}

/// Loads a scenario and what it names, or says why not (the caller exits with 1).
pub fn load_setup(
    scenario: &std::path::Path,
) -> Result<warband_marauders::data::BattleSetup, ExitCode> {
    warband_marauders::data::BattleSetup::load(scenario).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::FAILURE
    })
}

/// Opens the game at its main menu.
pub fn menu() -> ExitCode {
    window::menu()
}

pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Odds { what } => odds::run(what),
        Command::Battle(args) => battle::battle(args),
        Command::Replay(args) => battle::replay(args),
        Command::Sim(args) => sim::sim(args),
        Command::Validate(args) => validate::validate(args),
        Command::Play(args) => window::play(args),
        Command::Watch(args) => window::watch(args),
    }
}
