//! The command fuzzer at length, in a release build:
//!
//! `cargo run --release -p warband-marauders --example soak -- --steps 10000000 [--seed S] [SCENARIO…]`
//! `cargo run --release -p warband-marauders --example soak -- --battles 10000 [--seed S]`
//!
//! With `--steps`, plays fuzzed battles on each scenario in turn (all four shipped ones
//! by default) until the steps are spent, checking the invariants after every command.
//! With `--battles`, plays that many AI battles over every pairing of players, each to
//! its end, and saves, reads back and replays one in ten bit-exact. Prints what it did;
//! exits 1 at the first failure.

use std::path::PathBuf;
use std::time::Instant;
use warband_marauders::data::BattleSetup;
use warband_marauders::fuzz;

fn main() -> Result<(), String> {
    let mut steps = 100_000u64;
    let mut battles = 0u64;
    let mut seed = 1u64;
    let mut scenarios = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |what: &str| -> Result<u64, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{what} needs a whole number"))
        };
        match a.as_str() {
            "--steps" => steps = number("--steps")?,
            "--battles" => battles = number("--battles")?,
            "--seed" => seed = number("--seed")?,
            path => scenarios.push(PathBuf::from(path)),
        }
    }
    if scenarios.is_empty() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios");
        for name in ["woods-and-walls", "ruined-keep", "river-ford", "open-field"] {
            scenarios.push(root.join(format!("{name}.ron")));
        }
    }
    let setups: Vec<BattleSetup> = scenarios
        .iter()
        .map(|p| BattleSetup::load(p).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let started = Instant::now();
    if battles > 0 {
        let r = fuzz::ai_battles(&setups, battles, seed, 10)?;
        println!(
            "soak: {} AI battles ended within their limits ({} refused commands), {} saved, \
             read back and replayed bit-exact, {:.0} s",
            r.battles,
            r.refused,
            r.replayed,
            started.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    let mut total = fuzz::FuzzReport::default();
    let chunk = 10_000u64;
    let mut round = 0u64;
    while total.steps < steps {
        let setup = &setups[(round as usize) % setups.len()];
        let r = fuzz::run(
            setup,
            seed.wrapping_add(round),
            chunk.min(steps - total.steps),
        )?;
        total.steps += r.steps;
        total.battles += r.battles;
        total.hostile += r.hostile;
        total.refused += r.refused;
        round += 1;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "soak: {} steps in {} battles ({} hostile, {} refused), no invariant broken, {:.0} s, {:.0} steps/s",
        total.steps,
        total.battles,
        total.hostile,
        total.refused,
        secs,
        total.steps as f64 / secs
    );
    Ok(())
}
