//! Quick lab: pairings of the Toy Soldier players on every scenario, sides swapped every
//! other game. `cargo run --release -p warband-toy-soldier --example toy_soldier_lab
//! [games] [levels|think]` (see `warband_table::lab::lab`).

use std::path::Path;
use warband_toy_soldier::ToySoldier;

fn main() -> Result<(), String> {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    let scenarios = [
        "river-crossing",
        "wooded-hills",
        "village-fight",
        "open-meadow",
    ];
    warband_table::lab::lab::<ToySoldier>(&assets, &scenarios, 200, 7)
}
