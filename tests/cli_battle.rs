//! `warband battle` and `warband replay`, run as a user runs them.

mod common;

use common::warband;

use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("warband-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

const SCENARIO: &str = "assets/scenarios/woods-and-walls.ron";

#[test]
fn battle_json_reports_winner_rounds_hd_lost_and_hash() {
    let out = warband(&["battle", "--scenario", SCENARIO, "--seed", "3", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        ["a", "b", "draw"].contains(&v["winner"].as_str().unwrap()),
        "{v}"
    );
    let rounds = v["rounds"].as_u64().unwrap();
    assert!((1..=12).contains(&rounds));
    assert!(v["hd_lost"]["a"].is_u64() && v["hd_lost"]["b"].is_u64());
    assert_eq!(v["final_hash"].as_str().unwrap().len(), 16);
    // The same seed plays the same battle.
    let again = warband(&["battle", "--scenario", SCENARIO, "--seed", "3", "--json"]);
    assert_eq!(out.stdout, again.stdout);
}

#[test]
fn a_saved_battle_replays_and_verifies() {
    let save = temp("saved.ron");
    let save_arg = save.to_str().unwrap();
    let out = warband(&[
        "battle",
        "--scenario",
        SCENARIO,
        "--seed",
        "9",
        "--save",
        save_arg,
    ]);
    assert!(out.status.success(), "{out:?}");
    let replay = warband(&["replay", save_arg, "--verify"]);
    assert!(replay.status.success(), "{replay:?}");
    assert!(String::from_utf8_lossy(&replay.stdout).contains("verified"));
    // Tamper with the recorded hash (another number that reads): verification must fail.
    let text = std::fs::read_to_string(&save).unwrap();
    let at = text.find("final_hash: ").unwrap() + "final_hash: ".len();
    let digits = text[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let hash: u64 = text[at..at + digits].parse().unwrap();
    let tampered = format!("{}{}{}", &text[..at], hash ^ 1, &text[at + digits..]);
    std::fs::write(&save, tampered).unwrap();
    let replay = warband(&["replay", save_arg, "--verify"]);
    assert!(!replay.status.success());
    // Without --verify the replay still runs, and says it is not the battle saved.
    let replay = warband(&["replay", save_arg]);
    assert!(replay.status.success(), "{replay:?}");
    let err = String::from_utf8_lossy(&replay.stderr);
    assert!(
        err.contains("warning:") && err.contains("does not end in the saved state"),
        "{err}"
    );
}

#[test]
fn a_broken_scenario_is_reported_with_file_line_and_column() {
    let bad = temp("bad-scenario.ron");
    std::fs::write(&bad, "Scenario(\n    name: \"x\",\n    table: 48.0,\n)").unwrap();
    let out = warband(&["battle", "--scenario", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad-scenario.ron:3:"), "{err}");
}

/// A reader that stops early closes the pipe: the battle log ends quietly, without a
/// panic (`warband battle --log | head -1`).
#[test]
fn a_closed_pipe_ends_the_log_quietly() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_warband"))
        // The great field's log is megabytes, far more than a pipe holds, so the
        // writer always meets the closed end.
        .args([
            "battle",
            "--scenario",
            "assets/scenarios/great-field.ron",
            "--a",
            "charge",
            "--b",
            "charge",
            "--log",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the warband binary runs");
    let mut first = [0u8; 64];
    let mut stdout = child.stdout.take().expect("piped");
    stdout.read_exact(&mut first).expect("the log starts");
    drop(stdout);
    let out = child.wait_with_output().expect("it ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
}
