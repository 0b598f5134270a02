//! `warband balance`: a fair version of a scenario, found by simulation (see
//! `warband_table::balance`): the trials it played, what it changed, the armies as they
//! now stand and side A's measured rate; `--write` saves them, atomically, beside the
//! player's own files.

use clap::Args;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use warband_table::balance::{Ask, Balanced, Trial, balance};
use warband_table::calibrate::Calibrate;
use warband_table::sim::Contest;

#[derive(Args, Debug)]
pub struct BalanceArgs {
    /// Scenario file (RON).
    #[arg(long)]
    scenario: PathBuf,
    /// Games a trial (each a batch of `normal` v `normal`, sides as the scenario has them).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(20..=1_000_000))]
    games: u32,
    /// Master seed; every trial plays the same game seeds.
    #[arg(long, default_value_t = 1, value_parser = warband_table::sim::parse_seed)]
    seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Save the balanced armies and scenario in the data folder, beside the originals.
    #[arg(long)]
    write: bool,
    /// One JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

pub fn balance_cmd(args: BalanceArgs) -> ExitCode {
    let ruleset = match super::ruleset_of(&args.scenario) {
        Ok(r) => r,
        Err(code) => return code,
    };
    super::with_rules!(ruleset, R => match R::load(&args.scenario) {
        Ok(setup) => run::<R>(&setup, &args),
        Err(e) => super::data_error(e),
    })
}

fn run<R: Calibrate>(setup: &R::Setup, args: &BalanceArgs) -> ExitCode {
    let ask = Ask {
        games: args.games,
        seed: args.seed,
        threads: args.threads.map(|t| t as usize),
    };
    let chatty = std::io::stderr().is_terminal() && !args.json;
    let mut tell = |t: &Trial| {
        if chatty {
            eprintln!("  tried {}: {}", t.count, t.report.summary());
        }
        true
    };
    let balanced = match balance::<R>(setup, &ask, &mut tell) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let written = if args.write {
        let data = crate::game::saves::data_dir();
        match warband_table::balance::write_balanced(&data, &args.scenario, setup, &balanced) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        None
    };
    if args.json {
        println!("{}", json(&balanced, written.as_ref()));
    } else {
        print!("{}", table(&balanced, written.as_ref()));
    }
    ExitCode::SUCCESS
}

/// The changes in words: "Side B: Goblin 6 → 9".
fn change_words(b: &Balanced) -> String {
    if b.changes.is_empty() {
        return "none".into();
    }
    let words: Vec<String> = b
        .changes
        .iter()
        .map(|(side, profile, from, to)| format!("{side}: {profile} {from} → {to}"))
        .collect();
    words.join("; ")
}

fn table(b: &Balanced, written: Option<&(PathBuf, [PathBuf; 2])>) -> String {
    let r = &b.report;
    let mut out = format!(
        "change: {}\nside A wins {}, draws {:.1}% over {} games: {}\n",
        change_words(b),
        r.rate_text(),
        f64::from(r.draws) * 100.0 / f64::from(r.games.max(1)),
        r.games,
        if b.fair { "fair" } else { "not fair yet" }
    );
    for (side, army) in [("A", &b.armies.a), ("B", &b.armies.b)] {
        let entries: Vec<String> = army
            .entries
            .iter()
            .map(|e| format!("{}× {}", e.count, e.profile))
            .collect();
        out.push_str(&format!(
            "side {side}: {}: {}\n",
            army.name,
            entries.join(", ")
        ));
    }
    out.push_str(&format!("trials: {}\n", b.trials.len()));
    if let Some((scenario, armies)) = written {
        out.push_str(&format!(
            "wrote {}, {} and {}\n",
            scenario.display(),
            armies[0].display(),
            armies[1].display()
        ));
    }
    out
}

fn json(b: &Balanced, written: Option<&(PathBuf, [PathBuf; 2])>) -> String {
    let trials: Vec<_> = b
        .trials
        .iter()
        .map(|t| serde_json::json!({"side": t.side.map(|s| s.lowercase()), "count": t.count, "report": t.report}))
        .collect();
    serde_json::json!({
        "changes": b.changes.iter().map(|(s, p, from, to)| serde_json::json!({
            "side": s.lowercase(), "profile": p, "from": from, "to": to
        })).collect::<Vec<_>>(),
        "fair": b.fair,
        "a_win_rate": b.report.a_win_rate,
        "ci95": b.report.ci95,
        "draws": b.report.draws,
        "games": b.report.games,
        "armies": {"a": b.armies.a, "b": b.armies.b},
        "trials": trials,
        "written": written.map(|(s, a)| serde_json::json!({
            "scenario": s, "armies": a
        })),
    })
    .to_string()
}
