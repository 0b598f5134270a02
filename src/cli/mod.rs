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

/// The ruleset a scenario, army or save file is for (a save of format 1, which names
/// none, is Marauders).
pub fn ruleset_of(file: &std::path::Path) -> Result<warband_rules::Ruleset, ExitCode> {
    file_ruleset(file).map_err(data_error)
}

/// [`ruleset_of`] without printing: the problem if the file cannot say.
pub fn file_ruleset(
    file: &std::path::Path,
) -> Result<warband_rules::Ruleset, warband_table::files::DataError> {
    use warband_table::files::DataError;
    let value: ron::Value = warband_table::files::load_ron(file)?;
    let named = match &value {
        ron::Value::Map(m) => m.get(&ron::Value::String("ruleset".into())).cloned(),
        _ => None,
    };
    match named {
        None => Ok(warband_rules::Ruleset::Marauders),
        Some(ron::Value::String(id)) => id.parse().map_err(|e: String| DataError::new(file, e)),
        Some(other) => Err(DataError::new(
            file,
            format!("`ruleset` should be a ruleset id, not {other:?}"),
        )),
    }
}

/// Prints a data error and gives the failure exit code.
pub fn data_error(e: warband_table::files::DataError) -> ExitCode {
    eprintln!("error: {e}");
    ExitCode::FAILURE
}

/// A ruleset whose battles cannot be played yet.
pub fn not_playable(r: warband_rules::Ruleset) -> ExitCode {
    eprintln!("error: {} battles cannot be played yet", r.title());
    ExitCode::FAILURE
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
