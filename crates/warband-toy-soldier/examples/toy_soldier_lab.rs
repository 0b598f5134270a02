//! Quick lab: every pairing of the Toy Soldier players on every scenario, sides swapped
//! every other game. `cargo run --release -p warband-toy-soldier --example
//! toy_soldier_lab [games]`

use std::path::Path;
use warband_toy_soldier::ToySoldier;
use warband_toy_soldier::ai::AiKind::{Charge, Normal, Random};

fn main() -> Result<(), String> {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    warband_table::lab::pairings::<ToySoldier>(
        &assets,
        &[
            "river-crossing",
            "wooded-hills",
            "village-fight",
            "open-meadow",
        ],
        &[
            (Normal, Random),
            (Normal, Charge),
            (Charge, Random),
            (Normal, Normal),
        ],
        warband_table::lab::games_arg(200)?,
        7,
    )
}
