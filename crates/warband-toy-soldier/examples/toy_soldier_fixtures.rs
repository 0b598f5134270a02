//! Records the fixture corpus in `tests/fixtures/toy-soldier/`: battles of every pairing of
//! players on every shipped scenario, each a save, with `digests.ron` for
//! `tests/fixtures.rs` to check replays against. Run it only when the rules change on
//! purpose: `cargo run --release -p warband-toy-soldier --example toy_soldier_fixtures`;
//! with `redigest`, where only the log's events changed, it writes the digests of the
//! same saves again (and refuses if any battle ends otherwise).

use std::path::Path;
use warband_toy_soldier::ToySoldier;
use warband_toy_soldier::ai::AiKind;

const SCENARIOS: [&str; 4] = [
    "river-crossing",
    "wooded-hills",
    "village-fight",
    "open-meadow",
];

/// The corpus's players: the three the corpus was first recorded with (36 battles keep
/// its test short). `easy` and `hard` play `normal`'s moves with slips and a search,
/// and `a_recycled_world_plays_the_battle_a_new_one_does` checks `hard`'s battles.
const PLAYERS: [AiKind; 3] = [AiKind::Random, AiKind::Charge, AiKind::Normal];

fn main() -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    warband_table::lab::record_fixtures::<ToySoldier>(&root, "toy-soldier", &SCENARIOS, &PLAYERS)
}
