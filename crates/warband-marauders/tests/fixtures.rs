//! The Marauders fixture corpus (`tests/fixtures/marauders/`, recorded by
//! `examples/record_fixtures.rs`): every save replays to the same log, event for
//! event, and the same final state. Code may move under the battles; they must not
//! change.

use std::collections::BTreeMap;
use std::path::PathBuf;
use warband_marauders::data::load_ron;
use warband_marauders::log::Entry;
use warband_marauders::save::Save;
use warband_table::components::ModelId;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/marauders")
}

#[test]
fn every_fixture_replays_bit_exact() {
    let digests: BTreeMap<String, (u64, u64, usize)> =
        load_ron(&corpus().join("digests.ron")).expect("the digests load");
    assert!(digests.len() >= 50, "only {} fixtures", digests.len());
    let mut hostile_refusals = 0;
    for (file, (hash, digest, events)) in &digests {
        let save = Save::read(&corpus().join(file)).unwrap_or_else(|e| panic!("{e}"));
        let engine = save.replay().unwrap_or_else(|e| panic!("{file}: {e}"));
        let log = engine.log();
        assert_eq!(log.events.len(), *events, "{file}: event count");
        assert_eq!(log.digest(), *digest, "{file}: the log differs");
        if file.ends_with("hostile.ron") {
            hostile_refusals += log
                .events
                .iter()
                .filter(|e| matches!(e, Entry::Refused { .. }))
                .count();
        }
        assert_eq!(
            engine.state_hash(),
            *hash,
            "{file}: the final state differs"
        );
        assert_eq!(save.final_hash, *hash, "{file}: the save's own hash");
        assert!(engine.outcome().is_some(), "{file}: the battle did not end");
    }
    assert!(hostile_refusals >= 20, "only {hostile_refusals} refusals");
}

#[test]
fn saves_name_their_ruleset_and_version_one_still_loads() {
    use warband_rules::Ruleset;
    let file = corpus().join("open-field-normal-v-normal.ron");
    let text = std::fs::read_to_string(&file).unwrap();
    let save = Save::read(&file).unwrap();
    assert_eq!(save.format_version, 2);
    assert_eq!(save.ruleset, Ruleset::Marauders);
    assert!(text.contains("ruleset: \"marauders\""));
    // The same battle written as version 1: no ruleset field.
    let v1 = text
        .replacen("format_version: 2,", "format_version: 1,", 1)
        .replacen("    ruleset: \"marauders\",\n", "", 1);
    assert!(!v1.contains("    ruleset: \"marauders\",\n    setup"));
    let dir = std::env::temp_dir().join(format!("warband-v1-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let old = dir.join("old.ron");
    std::fs::write(&old, v1).unwrap();
    let loaded = Save::read(&old).unwrap();
    assert_eq!(loaded.format_version, 1);
    assert_eq!(loaded.ruleset, Ruleset::Marauders);
    let engine = loaded.replay().unwrap();
    assert_eq!(engine.state_hash(), save.final_hash);
    // A save that claims another ruleset than its scenario is refused.
    let lying = text.replacen("ruleset: \"marauders\"", "ruleset: \"borderlands\"", 1);
    std::fs::write(&old, lying).unwrap();
    let e = Save::read(&old).unwrap_err().to_string();
    assert!(e.contains("ruleset `borderlands`"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_component_of_a_model_is_registered_state() {
    let save = Save::read(&corpus().join("ruined-keep-normal-v-hard.ron")).unwrap();
    let engine = save.replay().unwrap();
    assert_eq!(engine.unregistered_state(), Vec::<String>::new());
    assert_eq!(engine.unkept_resources(), Vec::<String>::new());
    // A component nobody registered is caught.
    let mut engine = engine;
    #[derive(bevy_ecs::component::Component)]
    struct Stray;
    let first = warband_marauders::battle::entity_of(engine.world(), ModelId(1)).unwrap();
    engine.world_mut().entity_mut(first).insert(Stray);
    assert_eq!(engine.unregistered_state().len(), 1);
}

/// `hard` forks the battle at each decision, so its forks run on recycled worlds too.
#[test]
fn a_recycled_world_plays_the_battle_a_new_one_does() {
    use warband_marauders::ai::AiKind::{Charge, Hard, Normal};
    let assets = corpus().join("../../../assets");
    let check = warband_table::corpus::check_recycled::<warband_marauders::engine::Marauders>;
    let before = [("ruined-keep", 4), ("river-ford", 5)];
    check(&assets, "woods-and-walls", &before, 6, (Hard, Normal)).unwrap();
    check(
        &assets,
        "woods-and-walls",
        &[("woods-and-walls", 7)],
        8,
        (Charge, Charge),
    )
    .unwrap();
}

#[test]
fn a_timeline_reaches_any_point_as_a_replay_does() {
    let save = Save::read(&corpus().join("woods-and-walls-normal-v-hard.ron")).unwrap();
    warband_table::corpus::check_timeline(&save, &[0, 1, 24, 25, 26, 60, 99]).unwrap();
}
