//! Records the fixture corpus in `tests/fixtures/borderlands/`: battles of every pairing of
//! players on every shipped scenario, each a save, with `digests.ron` for
//! `tests/fixtures.rs` to check replays against. Run it only when the rules change on
//! purpose: `cargo run --release -p warband-borderlands --example borderlands_fixtures`

use std::path::PathBuf;
use warband_borderlands::Borderlands;
use warband_borderlands::ai::AiKind;

fn main() -> Result<(), String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = root.join("tests/fixtures/borderlands");
    let scenarios = [
        "cave-mouth",
        "ravine-ambush",
        "lair-hall",
        "corridor-chambers",
    ];
    let n = warband_table::corpus::record_all::<Borderlands>(
        &root.join("assets"),
        &out,
        &scenarios,
        &AiKind::ALL,
    )?;
    println!("recorded {n} battles in {}", out.display());
    Ok(())
}
