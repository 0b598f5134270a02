//! Measures the Borderlands players: `cargo run --release -p warband-borderlands
//! --example borderlands_lab [games] [levels|think]` plays each pairing on each scenario
//! with sides swapped every other game and prints the win rate of the first player with
//! its 95% interval (see `warband_table::lab::lab`).

use std::path::Path;
use warband_borderlands::Borderlands;

fn main() -> Result<(), String> {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    let scenarios = [
        "cave-mouth",
        "ravine-ambush",
        "lair-hall",
        "corridor-chambers",
        "open-ground",
    ];
    warband_table::lab::lab::<Borderlands>(&assets, &scenarios, 1000, 2026)
}
