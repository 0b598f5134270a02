//! The batch simulator's own throughput, as `warband sim --swap --json` reports it
//! (`battles_per_sec`), for the speed work: each ruleset's `*_throughput` example runs
//! `charge` v `charge` and `normal` v `normal` on a scenario, alternately, and prints
//! each run's figure and `normal`'s share of `charge`'s.
//!
//! `cargo run --release -p warband-marauders --example marauders_throughput -- woods-and-walls 2000 2 3`
//! (scenario, games a run, threads, rounds of the two runs; a fifth argument, `normal`
//! or `charge`, plays that one alone).

use super::{Contest, GameResult, SimConfig};
use std::path::Path;

/// Runs the example's arguments for ruleset `R`; scenarios are read from `assets`.
pub fn main_of<R: Contest>(assets: &Path, default_scenario: &str) -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.into());
    let name = arg(0, default_scenario);
    let number = |i: usize, d: &str| arg(i, d).parse::<u32>().map_err(|e| format!("{e}"));
    let (games, threads, rounds) = (number(1, "1000")?, number(2, "2")?, number(3, "3")?);
    let file = assets.join("scenarios").join(format!("{name}.ron"));
    let setup = R::load(&file).map_err(|e| e.to_string())?;
    let kinds = match args.get(4) {
        Some(one) => vec![one.as_str()],
        None => vec!["charge", "normal"],
    };
    for round in 1..=rounds {
        let mut figures = Vec::new();
        for &kind in &kinds {
            let player: R::Player = kind.parse()?;
            let config = SimConfig {
                a: player,
                b: player,
                games,
                seed: u64::from(round),
                swap: true,
                threads: Some(threads as usize),
                shard: None,
            };
            let (report, results) = super::run_games::<R>(&setup, &config, &|_| {})?;
            figures.push(report.battles_per_sec);
            println!(
                "{} {name} round {round}: {kind} v {kind} {:.0} battles/s ({games} games, {threads} threads), results {:016x}",
                R::RULESET.id(),
                report.battles_per_sec,
                digest(&results)
            );
        }
        if let [charge, normal] = figures[..] {
            println!("  normal at {:.0}% of charge", 100.0 * normal / charge);
        }
    }
    Ok(())
}

/// A hash of every game's result (winner, rounds, losses), in order: two builds that
/// play alike print the same.
fn digest(results: &[GameResult]) -> u64 {
    let mut h = crate::hash::Fnv::default();
    for r in results {
        h.write_str(&format!("{:?} {} {:?}", r.winner, r.rounds, r.losses));
    }
    h.finish()
}
