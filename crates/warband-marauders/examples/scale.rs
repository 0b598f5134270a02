//! How the cost of one battle grows with the armies: orc warbands of N models a side
//! (a chief and N − 1 orcs) on an open 120" × 120" table, one battle each, in a release
//! build of the headless crates:
//!
//! `cargo run --release -p warband-marauders --example scale -- [--players charge,normal] [--seed S] [--dense] [N…]`
//!
//! Prints one row per size and pairing: seconds for the whole battle (muster to end),
//! rounds, commands and the time per command, so growth with N reads straight off.
//! With `--dense` the table and its deployment zones shrink with the armies (side
//! 120" × √(N/500)), so every size is packed as densely as 500 a side on the full
//! table: what a command costs then no longer depends on how crowded its
//! neighbourhood is, only on how the engine and players grow with the army. The last
//! column is the longest single decision either player took.

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::PathBuf;
use std::time::Instant;
use warband_marauders::ai::{AiKind, play};
use warband_marauders::data::BattleSetup;
use warband_marauders::engine::{Engine, Marauders};
use warband_marauders::scale::open_table;
use warband_table::lab::Timed;
use warband_table::sim::Contest;

fn main() -> Result<(), String> {
    let mut sizes = Vec::new();
    let mut players = vec![AiKind::Charge];
    let mut seed = 1u64;
    let mut dense = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--players" => {
                let list = args.next().ok_or("--players needs a list")?;
                players = list.split(',').map(str::parse).collect::<Result<_, _>>()?;
            }
            "--dense" => dense = true,
            "--seed" => {
                seed = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or("--seed needs a whole number")?;
            }
            n => sizes.push(n.parse::<u16>().map_err(|e| format!("{n}: {e}"))?),
        }
    }
    if sizes.is_empty() {
        sizes = vec![50, 100, 250, 500];
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios");
    let base = BattleSetup::load(&root.join("open-field.ron")).map_err(|e| e.to_string())?;
    println!("models/side  players          seconds  rounds  commands  µs/command  longest ms");
    for &n in &sizes {
        for &kind in &players {
            let setup = open_table(&base, n, dense);
            let start = Instant::now();
            let mut engine = Engine::new(&setup, seed)?;
            let mut times = [Vec::new(), Vec::new()];
            let [ta, tb] = &mut times;
            let mut a = Timed {
                inner: Marauders::policy(kind, seed),
                times: ta,
            };
            let mut b = Timed {
                inner: Marauders::policy(kind, seed + 1),
                times: tb,
            };
            let played = play(&mut engine, &mut a, &mut b);
            let longest = times
                .iter()
                .flatten()
                .max()
                .map_or(0.0, |d| d.as_secs_f64())
                * 1e3;
            let secs = start.elapsed().as_secs_f64();
            let commands = played.commands.len();
            println!(
                "{n:>11}  {:<15} {secs:>8.3} {:>7} {commands:>9} {:>11.2} {longest:>11.2}{}",
                format!("{kind} v {kind}"),
                engine.battle().round,
                secs * 1e6 / commands.max(1) as f64,
                if played.finished {
                    ""
                } else {
                    "  (command cap hit)"
                }
            );
        }
    }
    Ok(())
}
