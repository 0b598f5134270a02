//! `warband validate`: every shipped data file passes, and each kind of problem in an
//! army list is reported with the file it is in.

mod common;

use common::warband;

use std::path::{Path, PathBuf};

fn ron_files(dir: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_file_validates() {
    let mut files = ron_files("assets/scenarios");
    files.extend(ron_files("assets/armies"));
    files.extend(ron_files("assets/bestiary"));
    files.push("assets/spells.ron".into());
    assert!(files.len() >= 4 + 12 + 2, "{files:?}");
    let args: Vec<&str> = std::iter::once("validate")
        .chain(files.iter().map(String::as_str))
        .collect();
    let out = warband(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("ok ")).count(),
        files.len()
    );
}

/// Writes an army file into a scratch assets tree (so it is checked against the shipped
/// bestiary) and validates it.
fn check_army(name: &str, body: &str) -> (bool, String) {
    let root = std::env::temp_dir().join(format!("warband-validate-{}-{name}", std::process::id()));
    let armies = root.join("armies");
    std::fs::create_dir_all(&armies).unwrap();
    std::fs::create_dir_all(root.join("bestiary")).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/bestiary/marauders.ron"),
        root.join("bestiary/marauders.ron"),
    )
    .unwrap();
    let file: PathBuf = armies.join(format!("{name}.ron"));
    std::fs::write(&file, body).unwrap();
    let out = warband(&["validate", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    std::fs::remove_dir_all(&root).unwrap();
    assert!(
        text.contains(&format!("{name}.ron")),
        "problems name the file: {text}"
    );
    (out.status.success(), text)
}

fn army(ruleset: &str, limit: &str, leader: &str, entries: &str) -> String {
    format!(
        "ArmyList(name: \"Test\", ruleset: \"{ruleset}\", points_limit: {limit}, leader: \"{leader}\", entries: [{entries}])"
    )
}

#[test]
fn a_good_army_passes() {
    let (ok, text) = check_army(
        "good",
        &army(
            "marauders",
            "Some(50)",
            "Orc",
            "ArmyEntry(profile: \"Orc\", count: 3)",
        ),
    );
    assert!(ok, "{text}");
}

#[test]
fn unknown_profile() {
    let (ok, text) = check_army(
        "unknown",
        &army(
            "marauders",
            "None",
            "Orc",
            "ArmyEntry(profile: \"Orc\"), ArmyEntry(profile: \"Beholder\")",
        ),
    );
    assert!(!ok && text.contains("unknown profile `Beholder`"), "{text}");
}

#[test]
fn over_the_points_limit() {
    let (ok, text) = check_army(
        "over",
        &army(
            "marauders",
            "Some(20)",
            "Orc",
            "ArmyEntry(profile: \"Orc\", count: 3)",
        ),
    );
    assert!(
        !ok && text.contains("24 points, over its limit of 20"),
        "{text}"
    );
}

#[test]
fn no_leader() {
    let (ok, text) = check_army(
        "leaderless",
        &army(
            "marauders",
            "None",
            "Orc chief",
            "ArmyEntry(profile: \"Orc\", count: 3)",
        ),
    );
    assert!(
        !ok && text.contains("leader `Orc chief` is not among its entries"),
        "{text}"
    );
}

#[test]
fn empty_list() {
    let (ok, text) = check_army("empty", &army("marauders", "None", "Orc", ""));
    assert!(!ok && text.contains("has no models"), "{text}");
}

#[test]
fn wrong_ruleset() {
    let (ok, text) = check_army(
        "toy",
        &army("toy-soldiers", "None", "Orc", "ArmyEntry(profile: \"Orc\")"),
    );
    assert!(!ok && text.contains("ruleset `toy-soldiers`"), "{text}");
}

#[test]
fn syntax_errors_have_line_and_column() {
    let (ok, text) = check_army(
        "broken",
        "ArmyList(\n  name: \"Broken\",\n  ruleset: marauders,\n)",
    );
    assert!(!ok, "{text}");
    assert!(text.contains("broken.ron:3:"), "line and column: {text}");
}

/// The unit and hero designers' own files (`units.ron`, `heroes.ron`, written without
/// their type's name as the game writes them) are checked as the shipped lists are.
#[test]
fn the_designers_own_files_are_checked_as_the_shipped_ones() {
    for (file, expect) in [
        (
            "tests/fixtures/hostile/toy-soldier/bestiary/own-morale-d7.ron",
            "unit `Sellswords`: morale die d7 is not one of d4, d6, d8, d10, d12",
        ),
        (
            "tests/fixtures/hostile/borderlands/bestiary/own-heroes-level-zero.ron",
            "Aldric: level must be 1 to 5, not 0",
        ),
    ] {
        let out = warband(&["validate", file]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(!out.status.success(), "{file}: {text}");
        assert!(text.contains(expect), "{file}: {text}");
    }
}
