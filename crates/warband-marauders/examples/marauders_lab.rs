//! The Marauders players and scenarios measured as the other rulesets' labs measure
//! theirs: `cargo run --release -p warband-marauders --example marauders_lab [games]
//! [levels|think|balance]` (see `warband_table::lab::lab`).

use std::path::Path;
use warband_marauders::engine::Marauders;

fn main() -> Result<(), String> {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    let scenarios = [
        "open-field",
        "woods-and-walls",
        "river-ford",
        "ruined-keep",
        "great-field",
    ];
    warband_table::lab::lab::<Marauders>(&assets, &scenarios, 200, 7)
}
