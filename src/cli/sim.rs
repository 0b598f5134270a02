//! `warband sim`: thousands of headless battles in parallel, and who wins them.

use super::battle::Ai;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use warband_table::sim::{Contest, Shard, SimConfig, SimReport, Tally, csv, run_games, run_tally};

/// `warband sim …` plays a batch; `warband sim merge …` combines the shards of one.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct SimCli {
    #[command(subcommand)]
    merge: Option<SimSub>,
    #[command(flatten)]
    run: SimArgs,
}

#[derive(Subcommand, Debug)]
enum SimSub {
    /// Combine the results of shards (`--shard I/N`) into the result of the whole batch.
    Merge {
        /// Shard results, as `warband sim … --shard I/N` wrote them.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the merged tally (every game) instead of the report.
        #[arg(long)]
        tally: bool,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args, Debug)]
pub struct SimArgs {
    /// Scenario file (RON).
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// The first player (`normal` unless named, as in `warband battle`).
    #[arg(long, value_enum, default_value_t = Ai::Normal)]
    a: Ai,
    /// The second player (`normal` unless named).
    #[arg(long, value_enum, default_value_t = Ai::Normal)]
    b: Ai,
    /// How many battles.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Master seed; game i uses a seed mixed from it and i.
    #[arg(long, default_value_t = 1, value_parser = warband_table::sim::parse_seed)]
    seed: u64,
    /// Play every other game with the players' sides exchanged.
    #[arg(long)]
    swap: bool,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Play only shard I of N (I from 0): the games whose index is I modulo N, and print
    /// them as a mergeable JSON result for `warband sim merge`.
    #[arg(long)]
    shard: Option<Shard>,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Also write one CSV row per game (seed, winner, rounds, losses) to this file.
    #[arg(long)]
    csv: Option<PathBuf>,
}

pub fn sim(cli: SimCli) -> ExitCode {
    match cli.merge {
        Some(SimSub::Merge { files, tally, json }) => merge(&files, tally, json),
        None => play(cli.run),
    }
}

fn play(args: SimArgs) -> ExitCode {
    let (Some(scenario), a, b) = (&args.scenario, args.a, args.b) else {
        eprintln!("error: `warband sim` needs --scenario (or `warband sim merge FILES`)");
        return ExitCode::from(2);
    };
    let ruleset = match super::ruleset_of(scenario) {
        Ok(r) => r,
        Err(code) => return code,
    };
    super::with_rules!(ruleset, R => {
        match super::setup_and_players::<R>(scenario, a.name(), b.name()) {
            Ok((setup, pa, pb)) => {
                let name = warband_table::scenario::Setup::scenario(&setup).name.clone();
                play_of::<R>(&setup, &name, &args, pa, pb)
            }
            Err(code) => code,
        }
    })
}

fn play_of<R: Contest>(
    setup: &R::Setup,
    name: &str,
    args: &SimArgs,
    a: R::Player,
    b: R::Player,
) -> ExitCode {
    let config = SimConfig {
        a,
        b,
        games: args.games,
        seed: args.seed,
        swap: args.swap,
        threads: args.threads.map(|t| t as usize),
        shard: args.shard,
    };
    if args.shard.is_some() {
        return match run_tally::<R>(setup, &config, &|_| {}) {
            Ok(t) => {
                println!("{}", serde_json::to_string(&t).expect("a tally encodes"));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let bar = ProgressBar::new(u64::from(args.games));
    if std::io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} battles  {per_sec}  eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let played = run_games::<R>(setup, &config, &|done| bar.set_position(done));
    bar.finish_and_clear();
    let r = match played {
        Ok((r, games)) => {
            if let Some(path) = &args.csv
                && let Err(e) = warband_table::files::write_atomic(path, &csv(&config, &games))
            {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
            r
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if args.json {
        println!("{}", serde_json::to_string(&r).expect("a report encodes"));
        return ExitCode::SUCCESS;
    }
    let swap = if config.swap {
        ", sides swapped every other game"
    } else {
        ""
    };
    println!(
        "{} battles of {name}: {} (a) against {} (b){swap}",
        r.games,
        R::player_name(a),
        R::player_name(b)
    );
    print_report(&r);
    ExitCode::SUCCESS
}

/// Reads shard results, merges them and prints the whole batch's report.
fn merge(files: &[PathBuf], tally: bool, json: bool) -> ExitCode {
    let mut shards = Vec::new();
    for f in files {
        let read = std::fs::read_to_string(f)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<Tally>(&t).map_err(|e| e.to_string()));
        match read {
            Ok(t) => shards.push(t),
            Err(e) => {
                eprintln!("error: {}: {e}", f.display());
                return ExitCode::FAILURE;
            }
        }
    }
    let all = match Tally::merge(shards) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if all.missing() > 0 {
        eprintln!(
            "warning: {} of the batch's {} games are in no result",
            all.missing(),
            all.games
        );
    }
    if tally {
        println!("{}", serde_json::to_string(&all).expect("a tally encodes"));
        return ExitCode::SUCCESS;
    }
    let r = all.report();
    if json {
        println!("{}", serde_json::to_string(&r).expect("a report encodes"));
        return ExitCode::SUCCESS;
    }
    println!(
        "{} battles of {} merged from {} results: {} (a) against {} (b)",
        r.games,
        all.scenario,
        files.len(),
        all.a,
        all.b
    );
    print_report(&r);
    ExitCode::SUCCESS
}

fn print_report(r: &SimReport) {
    let pct = |k: u32| 100.0 * f64::from(k) / f64::from(r.games.max(1));
    println!(
        "  a wins  {:>6}  {:>6.2}%   95% CI [{:.2}%, {:.2}%]",
        r.a_wins,
        pct(r.a_wins),
        100.0 * r.ci95[0],
        100.0 * r.ci95[1]
    );
    println!("  b wins  {:>6}  {:>6.2}%", r.b_wins, pct(r.b_wins));
    println!("  draws   {:>6}  {:>6.2}%", r.draws, pct(r.draws));
    println!(
        "  mean rounds {:.2}; mean losses (HD or HP): a {:.2}, b {:.2}",
        r.mean_rounds, r.mean_losses[0], r.mean_losses[1]
    );
    println!(
        "  thinking per side-phase: a median {:.2} ms, max {:.2} ms; b median {:.2} ms, max {:.2} ms",
        r.decision_ms[0][0], r.decision_ms[0][1], r.decision_ms[1][0], r.decision_ms[1][1]
    );
    println!("  {:.1} battles per second", r.battles_per_sec);
    if r.refused_commands > 0 {
        println!(
            "  warning: the engine refused {} AI command(s)",
            r.refused_commands
        );
    }
}
