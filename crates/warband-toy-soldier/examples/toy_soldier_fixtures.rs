//! Records the fixture corpus in `tests/fixtures/toy-soldier/`: battles of every pairing of
//! players on every shipped scenario, each a save, with `digests.ron` for
//! `tests/fixtures.rs` to check replays against. Run it only when the rules change on
//! purpose: `cargo run --release -p warband-toy-soldier --example toy_soldier_fixtures`

use std::path::PathBuf;
use warband_toy_soldier::ToySoldier;
use warband_toy_soldier::ai::AiKind;

fn main() -> Result<(), String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = root.join("tests/fixtures/toy-soldier");
    let scenarios = [
        "river-crossing",
        "wooded-hills",
        "village-fight",
        "open-meadow",
    ];
    let n = warband_table::corpus::record_all::<ToySoldier>(
        &root.join("assets"),
        &out,
        &scenarios,
        &AiKind::ALL,
    )?;
    println!("recorded {n} battles in {}", out.display());
    Ok(())
}
