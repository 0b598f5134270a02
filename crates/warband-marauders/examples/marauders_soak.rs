//! The command fuzzer at length, in a release build (see `warband_table::fuzz::soak`):
//!
//! `cargo run --release -p warband-marauders --example marauders_soak -- --steps 10000000 [--seed S] [SCENARIO…]`
//! `cargo run --release -p warband-marauders --example marauders_soak -- --battles 10000 [--seed S]`

warband_table::soak_example!(
    warband_marauders::engine::Marauders,
    ["woods-and-walls", "ruined-keep", "river-ford", "open-field"]
);
