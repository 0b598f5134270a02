//! The command fuzzer at length, in a release build (see `warband_table::fuzz::soak`):
//!
//! `cargo run --release -p warband-toy-soldier --example toy_soldier_soak -- --steps 10000000 [--seed S] [SCENARIO…]`
//! `cargo run --release -p warband-toy-soldier --example toy_soldier_soak -- --battles 10000 [--seed S]`

warband_table::soak_example!(
    warband_toy_soldier::ToySoldier,
    [
        "river-crossing",
        "wooded-hills",
        "village-fight",
        "open-meadow"
    ]
);
