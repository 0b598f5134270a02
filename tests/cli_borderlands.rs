//! B/X Borderlands from the command line: battle, replay, sim and validate take their
//! ruleset from the file they are given.

mod common;

use common::warband;
use std::path::PathBuf;

const SCENARIOS: [&str; 4] = [
    "assets/scenarios/cave-mouth.ron",
    "assets/scenarios/ravine-ambush.ron",
    "assets/scenarios/lair-hall.ron",
    "assets/scenarios/corridor-chambers.ron",
];
/// Each scenario's round limit (the dead of the corridor are slow: 30 rounds).
const ROUND_LIMITS: [u64; 4] = [15, 15, 15, 30];

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("warband-bx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_borderlands_battle_reports_the_common_fields() {
    for (scenario, limit) in SCENARIOS.into_iter().zip(ROUND_LIMITS) {
        common::battle_summary(scenario, "5", limit, "hp_lost");
    }
}

#[test]
fn a_borderlands_save_replays_and_verifies() {
    common::save_and_verify(SCENARIOS[0], &temp("cave.ron"), "borderlands");
}

#[test]
fn the_log_names_the_clause_of_every_die() {
    // Charge players never cast, so the battle is fought out with weapons.
    let args = [
        "battle",
        "--scenario",
        SCENARIOS[2],
        "--seed",
        "2",
        "--a",
        "charge",
        "--b",
        "charge",
    ];
    common::log_names(
        &args,
        &[
            "B/X Hit points",
            "B/X Initiative",
            "B/X Rolling to Attack",
            "B/X Damage",
        ],
    );
}

#[test]
fn sim_plays_borderlands_and_refuses_players_it_lacks() {
    common::sim_plays(SCENARIOS[0], "normal", "random");
    common::sim_plays(SCENARIOS[0], "easy", "normal");
    let out = warband(&[
        "sim",
        "--scenario",
        SCENARIOS[0],
        "--a",
        "expert",
        "--b",
        "random",
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

#[test]
fn validate_checks_borderlands_files_with_their_positions() {
    let mut files: Vec<&str> = SCENARIOS.to_vec();
    files.extend([
        "assets/bestiary/borderlands.ron",
        "assets/bestiary/marauders.ron",
        "assets/armies/kobold-warren.ron",
        "assets/armies/keep-adventurers.ron",
    ]);
    let mut args = vec!["validate"];
    args.extend(files);
    let out = warband(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let root = temp("data");
    common::data_folder(
        &root,
        &["bestiary/marauders.ron", "bestiary/borderlands.ron"],
    );
    let greedy = root.join("armies/greedy.ron");
    std::fs::write(&greedy, "ArmyList(\n    name: \"Greedy\",\n    ruleset: \"borderlands\",\n    points_limit: Some(50),\n    leader: \"Ogre\",\n    entries: [ArmyEntry(profile: \"Ogre\"), ArmyEntry(profile: \"Dragon\")],\n)\n").unwrap();
    let out = warband(&["validate", greedy.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(
        text.contains("over its limit of 50") && text.contains("unknown profile `Dragon`"),
        "{text}"
    );
    let broken = root.join("scenarios/broken.ron");
    std::fs::write(&broken, "Scenario(\n    name: \"Broken\",\n    ruleset: \"borderlands\",\n    table: (24.0, oops),\n)\n").unwrap();
    let out = warband(&["validate", broken.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("broken.ron:4:"), "{text}");
}
