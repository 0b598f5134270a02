//! Measures the Borderlands players: `cargo run --release -p warband-borderlands
//! --example borderlands_lab [GAMES]` plays each pairing on each scenario with sides swapped every
//! other game and prints the win rate of the first player with its 95% interval.

use std::path::Path;
use warband_borderlands::ai::AiKind;
use warband_borderlands::data::BattleSetup;
use warband_borderlands::sim::{SimConfig, run};

fn main() -> Result<(), String> {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|g| g.parse().ok())
        .unwrap_or(1000);
    let pairs = [
        (AiKind::Normal, AiKind::Random),
        (AiKind::Normal, AiKind::Charge),
        (AiKind::Charge, AiKind::Random),
        (AiKind::Normal, AiKind::Normal),
    ];
    for s in [
        "cave-mouth",
        "ravine-ambush",
        "lair-hall",
        "corridor-chambers",
    ] {
        let setup = BattleSetup::load(Path::new(&format!("assets/scenarios/{s}.ron")))
            .map_err(|e| e.to_string())?;
        for (a, b) in pairs {
            let config = SimConfig {
                a,
                b,
                games,
                seed: 2026,
                swap: true,
                threads: None,
                shard: None,
            };
            let r = run(&setup, &config, &|_| {})?;
            println!("{s:18} {a:>6} v {b:<6} {}", r.summary());
        }
    }
    Ok(())
}
