//! The fixture corpus (`tests/fixtures/borderlands/`, recorded by
//! `examples/borderlands_fixtures.rs`): every save replays to the same log, event for event,
//! and the same final state.

use std::path::PathBuf;
use warband_borderlands::Borderlands;

#[test]
fn every_fixture_replays_bit_exact() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/borderlands");
    let checked =
        warband_table::corpus::verify::<Borderlands>(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert!(checked >= 36, "only {checked} fixtures");
}

#[test]
fn a_timeline_reaches_any_point_as_a_replay_does() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/borderlands/lair-hall-normal-v-normal.ron");
    let save = warband_table::save::Save::<Borderlands>::read(&file).unwrap();
    warband_table::corpus::check_timeline(&save, &[0, 1, 24, 25, 26, 40, 77]).unwrap();
}
