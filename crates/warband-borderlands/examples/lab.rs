//! Measures the Borderlands players: `cargo run --release -p warband-borderlands
//! --example lab [GAMES]` plays each pairing on each scenario with sides swapped every
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
            println!(
                "{s:18} {a:>6} v {b:<6} a wins {:5.1}% [{:.1}, {:.1}] draws {:3} rounds {:5.2} lost a {:5.1} b {:5.1} {:6.0} battles/s refused {} think ms median {:.3} max {:.2}",
                r.a_win_rate * 100.0,
                r.ci95[0] * 100.0,
                r.ci95[1] * 100.0,
                r.draws,
                r.mean_rounds,
                r.mean_losses[0],
                r.mean_losses[1],
                r.battles_per_sec,
                r.refused_commands,
                r.decision_ms[0][0],
                r.decision_ms[0][1]
            );
        }
    }
    Ok(())
}
