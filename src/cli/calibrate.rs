//! `warband calibrate`: the points cost at which a profile wins half its games against
//! a reference army of equal points, by simulation (see `warband_table::calibrate`).

use clap::Args;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use warband_rules::Ruleset;
use warband_table::calibrate::{Calibrate, Calibration, CalibrationConfig, Trial, calibrate};
use warband_table::sim::Contest;

#[derive(Args, Debug)]
pub struct CalibrateArgs {
    /// The ruleset: marauders, toy-soldier or borderlands (default: the scenario's).
    #[arg(long, value_parser = |s: &str| s.parse::<Ruleset>())]
    ruleset: Option<Ruleset>,
    /// The profile to price (a unit's name as its bestiary writes it).
    #[arg(long, conflicts_with = "all", required_unless_present = "all")]
    profile: Option<String>,
    /// Price every profile of the ruleset, one line each.
    #[arg(long)]
    all: bool,
    /// The table to fight on (default: the ruleset's open table).
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// Games at each reference army size (half with each side of the table).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
    games: u32,
    /// Copies of the profile (default: a standard army's worth at its listed cost).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=500))]
    count: Option<u32>,
    /// Master seed; every army size is played on the same game seeds.
    #[arg(long, default_value_t = 1, value_parser = warband_table::sim::parse_seed)]
    seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// One JSON object per profile and line instead of a table.
    #[arg(long)]
    json: bool,
}

/// The open table each ruleset calibrates on unless told otherwise.
pub fn default_scenario(ruleset: Ruleset) -> PathBuf {
    warband_table::files::shipped_root()
        .join("scenarios")
        .join(crate::rulesets::calibration_ground(ruleset))
}

pub fn calibrate_cmd(args: CalibrateArgs) -> ExitCode {
    let (ruleset, scenario) = match (&args.ruleset, &args.scenario) {
        (Some(r), None) => (*r, default_scenario(*r)),
        (r, Some(s)) => match super::ruleset_of(s) {
            Ok(found) if r.is_none_or(|r| r == found) => (found, s.clone()),
            Ok(found) => {
                eprintln!(
                    "error: {} is a {found} scenario, not {}",
                    s.display(),
                    r.unwrap_or(found)
                );
                return ExitCode::from(2);
            }
            Err(code) => return code,
        },
        (None, None) => {
            eprintln!("error: `warband calibrate` needs --ruleset or --scenario");
            return ExitCode::from(2);
        }
    };
    super::with_rules!(ruleset, R => match R::load(&scenario) {
        Ok(setup) => run::<R>(&setup, &args),
        Err(e) => super::data_error(e),
    })
}

fn run<R: Calibrate>(setup: &R::Setup, args: &CalibrateArgs) -> ExitCode {
    let config = CalibrationConfig {
        games: args.games,
        seed: args.seed,
        threads: args.threads.map(|t| t as usize),
        count: args.count,
    };
    let profiles: Vec<String> = match &args.profile {
        Some(p) => vec![p.clone()],
        None => R::listed(setup).into_iter().map(|(n, _)| n).collect(),
    };
    let chatty = std::io::stderr().is_terminal();
    if !args.json {
        println!("{}", header());
    }
    for name in &profiles {
        let tell = |t: &Trial| {
            if chatty {
                eprintln!(
                    "  {name}: reference army {} ({:.0} points, {:.1} a copy) scores {:.3}",
                    t.reference, t.points, t.cost, t.score
                );
            }
        };
        match calibrate::<R>(setup, name, &config, &tell) {
            Ok(c) if args.json => println!("{}", serde_json::to_string(&c).expect("encodes")),
            Ok(c) => {
                println!("{}", row(&c));
                if let Some(why) = c.unbounded() {
                    println!("  {why}");
                }
            }
            Err(e) => {
                eprintln!("error: {name}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

fn header() -> String {
    format!(
        "{:<22} {:>6} {:>7}  {:<17} {:>11}  {}",
        "profile", "listed", "fair", "95% interval", "fair/listed", "tested as"
    )
}

fn row(c: &Calibration) -> String {
    let (fair, interval) = c.fair_text();
    let ratio = c.ratio().map_or("-".to_string(), |r| format!("{r:.2}"));
    format!(
        "{:<22} {:>6} {:>7}  {:<17} {:>11}  {} copies v {}",
        c.profile, c.listed, fair, interval, ratio, c.count, c.reference
    )
}
