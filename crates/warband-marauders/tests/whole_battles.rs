//! Whole battles with the built-in policy: they end, they are deterministic, and a save
//! replays to the same final state.

use std::path::PathBuf;
use warband_marauders::ai::{Charge, play};
use warband_marauders::data::BattleSetup;
use warband_marauders::save::Save;
use warband_marauders::{Engine, Phase};

fn shipped_setup() -> BattleSetup {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios/woods-and-walls.ron");
    BattleSetup::load(&root).expect("the shipped scenario loads")
}

fn run(
    setup: &BattleSetup,
    seed: u64,
) -> (
    Engine,
    Vec<(warband_marauders::Side, warband_marauders::Command)>,
) {
    let mut e = Engine::new(setup, seed).expect("valid setup");
    let played = play(&mut e, &mut Charge::default(), &mut Charge::default());
    assert!(played.refused.is_empty(), "{:?}", played.refused);
    (e, played.commands)
}

#[test]
fn battles_end_and_the_same_seed_gives_the_same_log() {
    let setup = shipped_setup();
    let mut hashes = Vec::new();
    for seed in 0..100 {
        let (a, _) = run(&setup, seed);
        let (b, _) = run(&setup, seed);
        assert_eq!(a.phase(), Phase::Over, "seed {seed} ended");
        assert!(a.outcome().is_some());
        assert!(a.battle().round <= 13);
        assert_eq!(a.log().events, b.log().events, "seed {seed}");
        let h = a.state_hash();
        assert_eq!(h, b.state_hash());
        hashes.push(h);
    }
    hashes.sort_unstable();
    hashes.dedup();
    assert!(hashes.len() > 90, "different seeds give different battles");
}

#[test]
fn save_then_load_replays_to_the_same_state() {
    let setup = shipped_setup();
    let (e, commands) = run(&setup, 42);
    let save = Save::new(setup, 42, commands, e.state_hash());
    let dir = std::env::temp_dir().join(format!("warband-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("battle.ron");
    save.write(&path).unwrap();
    let loaded = Save::read(&path).unwrap();
    assert_eq!(loaded, save);
    let replayed = loaded.replay().unwrap();
    assert_eq!(replayed.state_hash(), save.final_hash);
    assert_eq!(replayed.log().events, e.log().events);
    // A truncated save is refused with a position, not a panic.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let err = Save::read(&path).unwrap_err();
    assert!(err.position.is_some(), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_shipped_scenario_loads_and_deploys() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let scenario: warband_marauders::data::Scenario =
            warband_marauders::data::load_ron(&path).unwrap();
        if scenario.ruleset != warband_rules::Ruleset::Marauders {
            continue;
        }
        let setup = BattleSetup::load(&path).unwrap_or_else(|e| panic!("{e}"));
        Engine::new(&setup, 1).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        count += 1;
    }
    assert!(count >= 4);
}

#[test]
fn a_zone_too_small_for_its_army_is_a_problem() {
    let mut setup = shipped_setup();
    setup.scenario.deployment.a.max.1 = setup.scenario.deployment.a.min.1 + 1.0;
    let problems = setup.problems();
    assert!(
        problems.iter().any(|p| p.contains("too small")),
        "{problems:?}"
    );
}
