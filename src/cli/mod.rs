//! The headless command line: everything here runs without opening a window.

mod balance;
mod battle;
mod calibrate;
mod host_side;
mod net;
mod odds;
mod odds_borderlands;
mod odds_toy_soldier;
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
    /// Find the points cost at which a profile wins half its games against a reference
    /// army of equal points: `warband calibrate --ruleset toy-soldier --all`.
    Calibrate(calibrate::CalibrateArgs),
    /// Make a scenario fair by simulation: resize one side's rank-and-file until side A
    /// wins 40–60% of `normal` v `normal` games (95% interval) with at most 20% drawn.
    Balance(balance::BalanceArgs),
    /// Check scenarios, armies, bestiaries and spell lists; exits non-zero on any problem.
    Validate(validate::ValidateArgs),
    /// Host a battle for players on other machines: `warband host --scenario F --a normal
    /// --b remote --headless`.
    Host(net::HostArgs),
    /// Join a hosted battle and play a side: `warband join 192.168.1.5:4740 --side b`.
    Join(net::JoinArgs),
    /// Open a battle on screen (default: you as side A against the normal AI).
    Play(window::PlayArgs),
    /// Watch computer players fight on screen.
    Watch(window::WatchArgs),
    /// Open the scenario editor, on a scenario or a new table.
    Edit(window::EditArgs),
    /// Open the lab: batches of battles with charts, and calibration, on screen.
    Lab(window::LabArgs),
}

/// The ruleset a scenario, army or save file is for, or the exit code after saying why
/// the file cannot say.
pub fn ruleset_of(file: &std::path::Path) -> Result<warband_rules::Ruleset, ExitCode> {
    crate::rulesets::file_ruleset(file).map_err(data_error)
}

/// Prints a data error and gives the failure exit code.
pub fn data_error(e: warband_table::files::DataError) -> ExitCode {
    eprintln!("error: {e}");
    ExitCode::FAILURE
}

pub(crate) use crate::rulesets::with_rules;

/// A battle's setup and its two players.
pub type Matchup<R> = (
    <R as warband_table::engine::Rules>::Setup,
    <R as warband_table::sim::Contest>::Player,
    <R as warband_table::sim::Contest>::Player,
);

/// A scenario's setup and the two players named on the command line, for ruleset `R`;
/// or the exit code after saying what is wrong.
pub fn setup_and_players<R: warband_table::sim::Contest>(
    scenario: &std::path::Path,
    a: &str,
    b: &str,
) -> Result<Matchup<R>, ExitCode> {
    let player = |name: &str| {
        name.parse::<R::Player>().map_err(|e| {
            eprintln!("error: {}: {e}", R::RULESET.title());
            ExitCode::from(2)
        })
    };
    let (pa, pb) = (player(a)?, player(b)?);
    let setup = R::load(scenario).map_err(data_error)?;
    Ok((setup, pa, pb))
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
        Command::Calibrate(args) => calibrate::calibrate_cmd(args),
        Command::Balance(args) => balance::balance_cmd(args),
        Command::Validate(args) => validate::validate(args),
        Command::Host(args) => net::host(args),
        Command::Join(args) => net::join(args),
        Command::Play(args) => window::play(args),
        Command::Watch(args) => window::watch(args),
        Command::Lab(args) => window::lab(args),
        Command::Edit(args) => window::edit(args),
    }
}
