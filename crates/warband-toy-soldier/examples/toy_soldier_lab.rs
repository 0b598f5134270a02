//! Quick lab: every pairing of the Toy Soldier players on every scenario.
//! `cargo run --release -p warband-toy-soldier --example toy_soldier_lab [games]`

use std::path::Path;
use warband_toy_soldier::ai::AiKind;
use warband_toy_soldier::data::BattleSetup;
use warband_toy_soldier::sim::{SimConfig, run};

fn main() -> Result<(), String> {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios");
    let pairs = [
        (AiKind::Normal, AiKind::Random),
        (AiKind::Normal, AiKind::Charge),
        (AiKind::Charge, AiKind::Random),
        (AiKind::Normal, AiKind::Normal),
    ];
    for name in [
        "river-crossing",
        "wooded-hills",
        "village-fight",
        "open-meadow",
    ] {
        let setup =
            BattleSetup::load(&root.join(format!("{name}.ron"))).map_err(|e| e.to_string())?;
        for (a, b) in pairs {
            let config = SimConfig {
                a,
                b,
                games,
                seed: 7,
                swap: true,
                threads: None,
                shard: None,
            };
            let r = run(&setup, &config, &|_| {})?;
            println!("{name:15} {a:>6} v {b:<6} {}", r.summary());
        }
    }
    Ok(())
}
