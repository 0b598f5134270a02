//! Records the fixture corpus in `tests/fixtures/borderlands/`: battles of every pairing of
//! players on every shipped scenario, each a save, with `digests.ron` for
//! `tests/fixtures.rs` to check replays against. Run it only when the rules change on
//! purpose: `cargo run --release -p warband-borderlands --example borderlands_fixtures`;
//! with `redigest`, where only the log's words changed, it writes the digests of the
//! same saves again (and refuses if any battle ends otherwise).

use std::path::Path;
use warband_borderlands::Borderlands;
use warband_borderlands::ai::AiKind;

const SCENARIOS: [&str; 4] = [
    "cave-mouth",
    "ravine-ambush",
    "lair-hall",
    "corridor-chambers",
];

/// The corpus's players: the three the corpus was first recorded with (36 battles keep
/// its test short). `easy` and `hard` play `normal`'s moves with slips and a search,
/// and `a_recycled_world_plays_the_battle_a_new_one_does` checks `hard`'s battles.
const PLAYERS: [AiKind; 3] = [AiKind::Random, AiKind::Charge, AiKind::Normal];

fn main() -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    warband_table::lab::record_fixtures::<Borderlands>(&root, "borderlands", &SCENARIOS, &PLAYERS)
}
