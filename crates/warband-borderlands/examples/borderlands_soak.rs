//! The command fuzzer at length, in a release build (see `warband_table::fuzz::soak`):
//!
//! `cargo run --release -p warband-borderlands --example borderlands_soak -- --steps 10000000 [--seed S] [SCENARIO…]`
//! `cargo run --release -p warband-borderlands --example borderlands_soak -- --battles 10000 [--seed S]`

warband_table::soak_example!(
    warband_borderlands::Borderlands,
    [
        "cave-mouth",
        "ravine-ambush",
        "lair-hall",
        "corridor-chambers"
    ]
);
