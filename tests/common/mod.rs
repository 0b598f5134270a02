//! Running the real `warband` binary from the integration tests.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `warband` with these arguments in the project folder.
pub fn warband(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_warband"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the warband binary runs")
}

/// Plays one headless battle of a scenario and checks the fields every ruleset's result
/// has: a winner, the rounds (at most `limit`), the losses of each side under the
/// ruleset's own name too (`hp_lost`, `points_lost`, …), and the final state hash.
pub fn battle_summary(scenario: &str, seed: &str, limit: u64, losses: &str) -> serde_json::Value {
    let out = warband(&["battle", "--scenario", scenario, "--seed", seed, "--json"]);
    assert!(out.status.success(), "{scenario}: {out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        ["a", "b", "draw"].contains(&v["winner"].as_str().unwrap()),
        "{v}"
    );
    assert!((1..=limit).contains(&v["rounds"].as_u64().unwrap()), "{v}");
    assert_eq!(v[losses], v["losses"], "{v}");
    assert!(
        v["losses"]["a"].is_u64() && v["losses"]["b"].is_u64(),
        "{v}"
    );
    assert_eq!(v["final_hash"].as_str().unwrap().len(), 16);
    v
}

/// Saves a headless battle, checks the save names its ruleset, and replays it with
/// `--verify`.
pub fn save_and_verify(scenario: &str, save: &std::path::Path, ruleset: &str) {
    let path = save.to_str().unwrap();
    let args = [
        "battle",
        "--scenario",
        scenario,
        "--seed",
        "9",
        "--a",
        "random",
        "--b",
        "charge",
        "--save",
        path,
    ];
    let out = warband(&args);
    assert!(out.status.success(), "{out:?}");
    let text = std::fs::read_to_string(save).unwrap();
    assert!(
        text.contains(&format!("ruleset: \"{ruleset}\"")),
        "{}",
        &text[..200]
    );
    let out = warband(&["replay", path, "--verify"]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("verified"));
}

/// A battle's run with the log printed: every clause named must be in it.
pub fn log_names(args: &[&str], clauses: &[&str]) {
    let mut all = args.to_vec();
    all.push("--log");
    let out = warband(&all);
    assert!(out.status.success(), "{out:?}");
    let log = String::from_utf8_lossy(&out.stdout);
    for clause in clauses {
        assert!(log.contains(clause), "no `{clause}` in the log");
    }
}

/// A sim of 20 swapped games as JSON: it plays them all and the engine refuses nothing.
pub fn sim_plays(scenario: &str, a: &str, b: &str) {
    let args = [
        "sim",
        "--scenario",
        scenario,
        "--a",
        a,
        "--b",
        b,
        "--games",
        "20",
        "--swap",
        "--json",
    ];
    let out = warband(&args);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 20);
    assert_eq!(v["refused_commands"], 0, "{v}");
}

/// A fresh data folder (`armies/`, `bestiary/`, `scenarios/`) in `dir`, with these files
/// copied from the shipped assets.
pub fn data_folder(dir: &std::path::Path, files: &[&str]) {
    for d in ["armies", "bestiary", "scenarios"] {
        std::fs::create_dir_all(dir.join(d)).unwrap();
    }
    for f in files {
        std::fs::copy(format!("assets/{f}"), dir.join(f)).unwrap();
    }
}
