//! `warband balance`: a lopsided scenario is resized towards a fair fight, the result
//! is printed with its measured rate, and `--write` saves a scenario and armies that
//! load and validate.

mod common;

use common::warband;

#[test]
fn balance_resizes_a_lopsided_table_and_writes_what_it_found() {
    let dir = std::env::temp_dir().join(format!("warband-balance-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // Woods and walls as it shipped before it was balanced: the keep garrison at full
    // strength wins about 71% of games as side A.
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    let shipped = std::fs::read_to_string("assets/scenarios/woods-and-walls.ron").unwrap();
    let lopsided = shipped.replace("woods-and-walls-keep-garrison", "keep-garrison");
    assert_ne!(lopsided, shipped);
    let scenario_in = dir.join("scenarios/lopsided.ron");
    std::fs::write(&scenario_in, lopsided).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_warband"))
        .args([
            "balance",
            "--scenario",
            scenario_in.to_str().unwrap(),
            "--games",
            "100",
            "--json",
            "--write",
        ])
        .env("WARBAND_DATA", &dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let trials = v["trials"].as_array().unwrap();
    assert!(!trials.is_empty() && trials.len() <= 40, "{v}");
    assert_eq!(v["games"], 100);
    let rate = v["a_win_rate"].as_f64().unwrap();
    let ci = v["ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() - 1e-9 <= rate && rate <= ci[1].as_f64().unwrap() + 1e-9);
    // Nearer an even fight than it stood (100 games rarely pin it inside 40-60%).
    let first = trials[0]["report"]["a_win_rate"].as_f64().unwrap();
    assert!((rate - 0.5).abs() <= (first - 0.5).abs() + 1e-9, "{v}");
    let changes = v["changes"].as_array().unwrap();
    assert!(!changes.is_empty(), "{v}");
    for c in changes {
        assert!(["a", "b"].contains(&c["side"].as_str().unwrap()), "{c}");
        assert_ne!(c["from"], c["to"]);
    }
    let scenario = dir.join("scenarios/lopsided-balanced.ron");
    let check = warband(&["validate", scenario.to_str().unwrap()]);
    assert!(check.status.success(), "{check:?}");
    let battle = std::process::Command::new(env!("CARGO_BIN_EXE_warband"))
        .args(["battle", "--scenario", scenario.to_str().unwrap(), "--json"])
        .env("WARBAND_DATA", &dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(battle.status.success(), "{battle:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn balance_refuses_a_bad_game_count() {
    let out = warband(&[
        "balance",
        "--scenario",
        "assets/scenarios/open-field.ron",
        "--games",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
