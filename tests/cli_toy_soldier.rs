//! Simple Toy Soldier from the command line: exact odds, battles, replays, sims and
//! validation.

mod common;

use common::warband;
use std::path::PathBuf;

const SCENARIOS: [&str; 4] = [
    "assets/scenarios/river-crossing.ron",
    "assets/scenarios/wooded-hills.ron",
    "assets/scenarios/village-fight.ron",
    "assets/scenarios/open-meadow.ron",
];

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("warband-ts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn odds(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["odds", "toy-soldier"];
    all.extend(args);
    all.push("--json");
    let out = warband(&all);
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

fn close(v: &serde_json::Value, want: f64) {
    let got = v.as_f64().unwrap();
    assert!((got - want).abs() < 1e-9, "{got} != {want}");
}

#[test]
fn melee_odds_are_exact() {
    // d8 charging (+1) a d6 from the front: 48 rolls. Tie when a + 1 = d: a in 1..=5.
    let v = odds(&["melee", "--attacker", "8", "--defender", "6"]);
    close(&v["tie"], 5.0 / 48.0);
    // The defender takes 8 only on a = 8, d = 1.
    close(&v["to_defender"][8], 1.0 / 48.0);
    assert_eq!(v["to_defender"].as_array().unwrap().len(), 9);
    // The attacker takes 1 when d = a + 2: a in 1..=4.
    close(&v["to_attacker"][1], 4.0 / 48.0);
    // Side: doubled; penalties first. d4+1−1 doubled against d4−3.
    let v = odds(&[
        "melee",
        "--attacker",
        "4",
        "--defender",
        "4",
        "--attacker-penalty",
        "1",
        "--defender-penalty",
        "3",
        "--zone",
        "side",
    ]);
    // The attacker scores 2a, the defender max(d − 3, 0) ≤ 1: the attacker always wins.
    close(&v["to_attacker"][0], 1.0);
    close(&v["to_defender"][8], 1.0 / 4.0 * 3.0 / 4.0);
    let v = odds(&[
        "melee",
        "--attacker",
        "6",
        "--defender",
        "6",
        "--defender-artillery",
    ]);
    // Guns halve their roll: the defender scores d / 2 (0..3) against a + 1 (2..7), and
    // beats it only with a 6 against a 1.
    close(&v["to_attacker"][1], 1.0 / 36.0);
    close(&v["to_attacker"][0], 35.0 / 36.0);
}

#[test]
fn shot_and_morale_odds_are_exact() {
    let v = odds(&["shot", "--danger", "2", "--cover", "--shields"]);
    close(&v["distribution"][0], 1.0 / 3.0);
    close(&v["distribution"][1], 2.0 / 3.0);
    close(&v["mean"], 2.0 / 3.0);
    let v = odds(&["shot", "--danger", "5"]);
    close(&v["distribution"][5], 1.0);
    close(&v["mean"], 5.0);
    let v = odds(&["morale", "--die", "6", "--damage", "3"]);
    close(&v["holds"], 4.0 / 6.0);
    close(&v["retreats"], 2.0 / 6.0);
    let v = odds(&["morale", "--die", "6", "--damage", "3", "--commander"]);
    close(&v["holds"], 5.0 / 6.0);
    let out = warband(&[
        "odds",
        "toy-soldier",
        "morale",
        "--die",
        "7",
        "--damage",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("d7 is not a die"));
}

#[test]
fn a_toy_soldier_battle_reports_the_common_fields() {
    for scenario in SCENARIOS {
        common::battle_summary(scenario, "4", 8, "points_lost");
    }
}

#[test]
fn a_toy_soldier_save_replays_and_verifies() {
    common::save_and_verify(SCENARIOS[1], &temp("hills.ron"), "toy-soldier");
}

#[test]
fn the_log_names_the_clause_of_every_die() {
    let args = [
        "battle",
        "--scenario",
        SCENARIOS[3],
        "--seed",
        "3",
        "--a",
        "charge",
        "--b",
        "charge",
    ];
    common::log_names(
        &args,
        &[
            "Toy Soldier Turn: roll off",
            "Toy Soldier Activation",
            "Toy Soldier Melee",
            "Toy Soldier Morale",
        ],
    );
}

#[test]
fn sim_plays_toy_soldier() {
    common::sim_plays(SCENARIOS[0], "normal", "charge");
    common::sim_plays(SCENARIOS[0], "easy", "random");
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
fn validate_checks_points_and_the_command_unit() {
    let mut args = vec!["validate", "assets/bestiary/toy-soldier.ron"];
    args.extend(SCENARIOS);
    let out = warband(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let root = temp("data");
    common::data_folder(&root, &["bestiary/toy-soldier.ron"]);
    let army = root.join("armies/two-bosses.ron");
    std::fs::write(&army, "ArmyList(\n    name: \"Two bosses\",\n    ruleset: \"toy-soldier\",\n    leader: \"Orc warboss\",\n    entries: [ArmyEntry(profile: \"Orc warboss\", count: 2), ArmyEntry(profile: \"Troll\", count: 6)],\n)\n").unwrap();
    let out = warband(&["validate", army.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(text.contains("168 points, over its limit of 150"), "{text}");
    assert!(text.contains("has 2 Command units"), "{text}");
    let units = root.join("bestiary/bad-units.ron");
    std::fs::write(&units, "Units(\n    bases: Bases(infantry: (1.6, 0.8), cavalry: (1.6, 1.2), artillery: (1.6, -1.0)),\n    units: [UnitProfile(name: \"Odd\", race: \"Men\", quality: Regular, morale: 7)],\n)\n").unwrap();
    let out = warband(&["validate", units.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1.6\" × -1\""), "{text}");
    let broken = root.join("scenarios/broken.ron");
    std::fs::write(&broken, "Scenario(\n    name: \"Broken\",\n    ruleset: \"toy-soldier\",\n    table: (24.0, 24.0),\n    turn_limit: eight,\n)\n").unwrap();
    let out = warband(&["validate", broken.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("broken.ron:5:"), "{text}");
}
