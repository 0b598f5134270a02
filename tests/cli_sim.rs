//! `warband sim --shard I/N` and `warband sim merge`, run as separate processes as a
//! cluster would run them: the merged shards give exactly the whole batch's result.

mod common;

use common::warband;

fn sim(extra: &[&str]) -> String {
    let mut args = vec![
        "sim",
        "--scenario",
        "assets/scenarios/open-field.ron",
        "--a",
        "normal",
        "--b",
        "charge",
        "--games",
        "30",
        "--seed",
        "9",
        "--swap",
    ];
    args.extend_from_slice(extra);
    let out = warband(&args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn shards_merge_into_the_whole_batch() {
    let dir = std::env::temp_dir().join(format!("warband-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for i in 0..3 {
        let path = dir.join(format!("shard-{i}.json"));
        std::fs::write(&path, sim(&["--shard", &format!("{i}/3")])).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    let whole: serde_json::Value = serde_json::from_str(&sim(&["--json"])).unwrap();
    let mut args = vec!["sim", "merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let out = warband(&args);
    assert!(out.status.success(), "{out:?}");
    let merged: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "games",
        "a_wins",
        "b_wins",
        "draws",
        "a_win_rate",
        "ci95",
        "mean_rounds",
        "mean_losses",
        "refused_commands",
    ] {
        assert_eq!(merged[key], whole[key], "{key}");
    }
    // The same shard twice is refused; a shard alone is a batch with games missing.
    let twice = warband(&["sim", "merge", &files[0], &files[0]]);
    assert!(!twice.status.success());
    assert!(String::from_utf8_lossy(&twice.stderr).contains("more than one result"));
    let alone = warband(&["sim", "merge", &files[1]]);
    assert!(String::from_utf8_lossy(&alone.stderr).contains("20 of the batch's 30 games"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_shard_is_a_usage_error() {
    for bad in ["3/3", "1/0", "x/2", "2"] {
        let out = warband(&[
            "sim",
            "--scenario",
            "assets/scenarios/open-field.ron",
            "--a",
            "random",
            "--b",
            "random",
            "--shard",
            bad,
        ]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {out:?}");
    }
}

#[test]
fn sim_writes_one_csv_row_per_game_that_adds_up_to_the_report() {
    let file = std::env::temp_dir().join(format!("warband-sim-{}.csv", std::process::id()));
    let path = file.to_str().unwrap();
    // The scenario and players of the batch, and of its first game played alone.
    let matchup = [
        "--scenario",
        "assets/scenarios/wooded-hills.ron",
        "--a",
        "normal",
        "--b",
        "charge",
    ];
    let batch = ["--games", "12", "--swap", "--json", "--csv", path];
    let out = warband(&[&["sim"][..], &matchup, &batch].concat());
    assert!(out.status.success(), "{out:?}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(
        text.lines().next(),
        Some("game,seed,a_side,winner,rounds,lost_a,lost_b,refused")
    );
    assert_eq!(rows.len(), 12);
    let count = |w: &str| rows.iter().filter(|r| r[3] == w).count() as u64;
    assert_eq!(count("a"), report["a_wins"].as_u64().unwrap());
    assert_eq!(count("b"), report["b_wins"].as_u64().unwrap());
    assert_eq!(count("draw"), report["draws"].as_u64().unwrap());
    assert_eq!(rows[1][2], "B", "every other game the sides swap");
    let seed = rows[0][1];
    assert!(
        seed.starts_with("0x") && seed.len() == 18,
        "a seed a spreadsheet keeps whole: {seed}"
    );
    let battle = warband(&[&["battle"][..], &matchup, &["--json", "--seed", seed]].concat());
    assert!(battle.status.success(), "{battle:?}");
    let one: serde_json::Value = serde_json::from_slice(&battle.stdout).unwrap();
    let winner = one["winner"].as_str().unwrap_or("draw");
    assert_eq!(
        winner, rows[0][3],
        "the row's seed plays the row's game again"
    );
    assert_eq!(one["rounds"].to_string(), rows[0][4]);
}

/// Named players or none, `sim` plays `normal` where a side's player is not named, as
/// `battle` does (a play-tester found its help did not say --a and --b were needed).
#[test]
fn a_player_not_named_is_normal() {
    let out = warband(&[
        "sim",
        "--scenario",
        "assets/scenarios/open-field.ron",
        "--games",
        "4",
        "--b",
        "charge",
    ]);
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("normal (a) against charge (b)"), "{said}");
    let out = warband(&["sim"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("needs --scenario"), "{said}");
}
