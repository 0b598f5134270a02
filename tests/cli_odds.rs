//! The headless `warband odds` commands, run as a user runs them.

mod common;

use common::warband;

fn json(args: &[&str]) -> serde_json::Value {
    let out = warband(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).expect("valid JSON on stdout")
}

fn close(v: &serde_json::Value, expected: f64) -> bool {
    (v.as_f64().expect("a number") - expected).abs() < 1e-12
}

#[test]
fn melee_json_has_the_three_outcomes() {
    let v = json(&["odds", "melee", "--a", "1", "--b", "1", "--json"]);
    assert!(close(&v["a_wins"], 5.0 / 12.0), "{v}");
    assert!(close(&v["b_wins"], 5.0 / 12.0));
    assert!(close(&v["both"], 1.0 / 6.0));
}

#[test]
fn damage_json_has_distribution_and_mean() {
    let v = json(&[
        "odds",
        "damage",
        "--dice",
        "2",
        "--armour",
        "medium",
        "--modifier",
        "-1",
        "--json",
    ]);
    // Medium 4+ at −1 needs a natural 5+: p = 1/3.
    let d = v["distribution"].as_array().expect("an array");
    assert_eq!(d.len(), 3);
    assert!(close(&d[0], 4.0 / 9.0) && close(&d[1], 4.0 / 9.0) && close(&d[2], 1.0 / 9.0));
    assert!(close(&v["mean"], 2.0 / 3.0));
}

#[test]
fn shot_json_has_reaches_stopped_by_and_damages() {
    let v = json(&[
        "odds",
        "shot",
        "--armour",
        "unarmoured",
        "--moved",
        "--obstacles",
        "3",
        "--json",
    ]);
    assert!(close(&v["reaches"], 0.125));
    let stopped: Vec<f64> = v["stopped_by"]
        .as_array()
        .expect("an array")
        .iter()
        .map(|p| p.as_f64().expect("a number"))
        .collect();
    assert_eq!(stopped, vec![0.5, 0.25, 0.125]);
    // Unarmoured 2+ at −2 needs a natural 4+: 1/2.
    assert!(close(&v["damages"], 0.0625));
}

#[test]
fn readable_table_without_json() {
    let out = warband(&["odds", "melee", "--a", "2", "--b", "1"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("A wins") && text.contains("both damage"),
        "{text}"
    );
    assert!(text.contains("60.65%"), "{text}"); // 131/216
}

#[test]
fn bad_arguments_are_usage_errors_with_exit_2() {
    for args in [
        &["odds", "melee", "--a", "one", "--b", "1"][..],
        &["odds", "damage", "--dice", "2", "--armour", "mithril"],
        &["odds", "shot"],
        &["odds", "melee", "--a", "1000", "--b", "1"],
    ] {
        let out = warband(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("error"), "{args:?}: {err}");
    }
}

#[test]
fn the_ruleset_may_be_named_and_both_forms_agree() {
    let named = json(&[
        "odds",
        "marauders",
        "melee",
        "--a",
        "3",
        "--b",
        "2",
        "--json",
    ]);
    let bare = json(&["odds", "melee", "--a", "3", "--b", "2", "--json"]);
    assert_eq!(named, bare);
    let out = warband(&["odds", "chess", "melee", "--a", "1", "--b", "1"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

#[test]
fn borderlands_attack_json_is_exact() {
    let v = json(&[
        "odds",
        "borderlands",
        "attack",
        "--thac0",
        "19",
        "--ac",
        "5",
        "--bonus",
        "-1",
        "--damage",
        "1d8",
        "--hp",
        "6",
        "--json",
    ]);
    // Needs 14 on d20 − 1: faces 15–20.
    assert!(close(&v["hit"], 0.30), "{v}");
    assert!(close(&v["cover"], 0.0) && close(&v["miss"], 0.70), "{v}");
    let damage = v["damage"].as_array().unwrap();
    assert_eq!(damage.len(), 9);
    assert!(close(&damage[0], 0.0) && close(&damage[8], 0.125), "{v}");
    assert!(close(&v["kills"], 0.30 * 3.0 / 8.0), "{v}");
    let covered = json(&[
        "odds",
        "borderlands",
        "attack",
        "--thac0",
        "19",
        "--ac",
        "7",
        "--cover",
        "--json",
    ]);
    // 16+ hits, 12–15 hit the cover; no --hp, no kills.
    assert!(
        close(&covered["hit"], 0.25) && close(&covered["cover"], 0.20),
        "{covered}"
    );
    assert!(covered.get("kills").is_none(), "{covered}");
}

#[test]
fn borderlands_save_and_morale_json() {
    let s = json(&["odds", "borderlands", "save", "--target", "14", "--json"]);
    assert!(close(&s["saves"], 0.35), "{s}");
    let m = json(&["odds", "borderlands", "morale", "--score", "8", "--json"]);
    assert!(
        close(&m["holds"], 26.0 / 36.0) && close(&m["flees"], 10.0 / 36.0),
        "{m}"
    );
}
