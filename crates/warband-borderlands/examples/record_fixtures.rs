//! Records the fixture corpus in `tests/fixtures/borderlands/`: battles of every pairing of
//! players on every shipped scenario, each a save, with `digests.ron` for
//! `tests/fixtures.rs` to check replays against. Run it only when the rules change on
//! purpose: `cargo run --release -p warband-borderlands --example record_fixtures`

use std::path::PathBuf;
use warband_borderlands::Borderlands;
use warband_borderlands::ai::AiKind;
use warband_borderlands::data::BattleSetup;
use warband_table::corpus::{Digests, record, write_digests};

fn main() -> Result<(), String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = root.join("tests/fixtures/borderlands");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let mut digests = Digests::new();
    for (i, name) in [
        "cave-mouth",
        "ravine-ambush",
        "lair-hall",
        "corridor-chambers",
    ]
    .into_iter()
    .enumerate()
    {
        let file = root.join(format!("assets/scenarios/{name}.ron"));
        let setup = BattleSetup::load(&file).map_err(|e| e.to_string())?;
        for (j, (a, b)) in AiKind::ALL
            .into_iter()
            .flat_map(|a| AiKind::ALL.map(|b| (a, b)))
            .enumerate()
        {
            let seed = 100 + (i * 10 + j) as u64;
            let save = format!("{name}-{a}-v-{b}.ron");
            record::<Borderlands>(&out, &save, &setup, seed, (a, b), &mut digests)?;
        }
    }
    write_digests(&out, &digests).map_err(|e| e.to_string())?;
    println!("recorded {} battles in {}", digests.len(), out.display());
    Ok(())
}
