//! The fair cost of every Toy Soldier unit by play, in release speed:
//! `cargo run --release -p warband-toy-soldier --example calibrate [games] [unit …]`
//! (every unit, or those named)
//! (what `warband calibrate --ruleset toy-soldier --all` prints, without the window's
//! build).

use std::path::Path;
use warband_table::calibrate::{Calibrate, CalibrationConfig, calibrate};
use warband_toy_soldier::ToySoldier;
use warband_toy_soldier::data::BattleSetup;

fn main() -> Result<(), String> {
    let games = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let scenario =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios/open-meadow.ron");
    let setup = BattleSetup::load(&scenario).map_err(|e| e.to_string())?;
    let config = CalibrationConfig {
        games,
        seed: 1,
        threads: None,
        count: None,
    };
    let named: Vec<String> = std::env::args().skip(2).collect();
    let units = ToySoldier::listed(&setup).into_iter().map(|(n, _)| n);
    for name in units.filter(|n| named.is_empty() || named.contains(n)) {
        let c = calibrate::<ToySoldier>(&setup, &name, &config, &|_| {})?;
        let (fair, interval) = c.fair_text();
        println!(
            "| {name} | {} | {fair} | {interval} | {} |",
            c.listed, c.count
        );
    }
    Ok(())
}
