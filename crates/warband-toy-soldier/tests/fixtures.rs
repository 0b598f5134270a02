//! The fixture corpus (`tests/fixtures/toy-soldier/`, recorded by
//! `examples/toy_soldier_fixtures.rs`): every save replays to the same log, event for event,
//! and the same final state.

use std::path::PathBuf;
use warband_toy_soldier::ToySoldier;

#[test]
fn every_fixture_replays_bit_exact() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/toy-soldier");
    let checked =
        warband_table::corpus::verify::<ToySoldier>(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert!(checked >= 36, "only {checked} fixtures");
}
