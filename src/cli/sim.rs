//! `warband sim`: thousands of headless battles in parallel, and who wins them.

use super::battle::Ai;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use warband_marauders::sim::{SimConfig, run};

#[derive(Args, Debug)]
pub struct SimArgs {
    /// Scenario file (RON).
    #[arg(long)]
    scenario: PathBuf,
    /// The first player.
    #[arg(long, value_enum)]
    a: Ai,
    /// The second player.
    #[arg(long, value_enum)]
    b: Ai,
    /// How many battles.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Master seed; game i uses a seed mixed from it and i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play every other game with the players' sides exchanged.
    #[arg(long)]
    swap: bool,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

pub fn sim(args: SimArgs) -> ExitCode {
    let setup = match super::load_setup(&args.scenario) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let config = SimConfig {
        a: args.a.kind(),
        b: args.b.kind(),
        games: args.games,
        seed: args.seed,
        swap: args.swap,
        threads: args.threads.map(|t| t as usize),
    };
    let bar = ProgressBar::new(u64::from(args.games));
    if std::io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} battles  {per_sec}  eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let report = run(&setup, &config, &|done| bar.set_position(done));
    bar.finish_and_clear();
    let r = match report {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if args.json {
        println!("{}", serde_json::to_string(&r).expect("a report encodes"));
        return ExitCode::SUCCESS;
    }
    let pct = |k: u32| 100.0 * f64::from(k) / f64::from(r.games);
    println!(
        "{} battles of {}: {} (a) against {} (b){}",
        r.games,
        setup.scenario.name,
        config.a,
        config.b,
        if config.swap {
            ", sides swapped every other game"
        } else {
            ""
        }
    );
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
        "  mean rounds {:.2}; mean HD lost: a {:.2}, b {:.2}",
        r.mean_rounds, r.mean_hd_lost[0], r.mean_hd_lost[1]
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
    ExitCode::SUCCESS
}
