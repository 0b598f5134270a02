//! Measures the Borderlands players: `cargo run --release -p warband-borderlands
//! --example borderlands_lab [GAMES]` plays each pairing on each scenario with sides
//! swapped every other game and prints the win rate of the first player with its 95%
//! interval.

use std::path::Path;
use warband_borderlands::Borderlands;
use warband_borderlands::ai::AiKind::{Charge, Normal, Random};

fn main() -> Result<(), String> {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    warband_table::lab::pairings::<Borderlands>(
        &assets,
        &[
            "cave-mouth",
            "ravine-ambush",
            "lair-hall",
            "corridor-chambers",
        ],
        &[
            (Normal, Random),
            (Normal, Charge),
            (Charge, Random),
            (Normal, Normal),
        ],
        warband_table::lab::games_arg(1000)?,
        2026,
    )
}
