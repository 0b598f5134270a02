//! The command fuzzer at length, in a release build (see `warband_table::fuzz::soak`):
//!
//! `cargo run --release -p warband-toy-soldier --example soak -- --steps 10000000 [--seed S] [SCENARIO…]`
//! `cargo run --release -p warband-toy-soldier --example soak -- --battles 10000 [--seed S]`

fn main() -> Result<(), String> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios");
    let names = [
        "river-crossing",
        "wooded-hills",
        "village-fight",
        "open-meadow",
    ];
    let said = warband_table::fuzz::soak::<warband_toy_soldier::ToySoldier>(
        std::env::args().skip(1),
        &root,
        &names,
    )?;
    println!("{said}");
    Ok(())
}
