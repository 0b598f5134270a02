//! Damaged and hostile Borderlands files: the shipped bestiary (its B/X blocks), the
//! armoury, the armies and scenarios truncated at many places and with bytes flipped,
//! and the kept corpus of nasty ones (`tests/fixtures/hostile/borderlands/`: a party of
//! nine, heroes mixed with monsters, an XP budget exceeded, damage `0d6` and
//! `999999d999999`, hero level 0, an ability of 40, a zone inside out, a round limit of
//! 0, armies of another ruleset, the hero designer's own file damaged, …). Each is
//! refused with the error it expects, within a second, never a panic.

use std::path::{Path, PathBuf};
use warband_borderlands::data::{
    BattleSetup, DataError, Scenario, army_problems, monsters, parse_ron, party_tables, roster,
    validate_file,
};
use warband_rules::Ruleset;
use warband_rules::borderlands::profile::Combatant;
use warband_table::files::{data_file, load_armies};
use warband_table::hostile::{Checked, check_by_kind, shipped_of};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The roster of the bestiary and armoury beside a file's folder.
fn roster_for(path: &Path) -> Result<Vec<Combatant>, DataError> {
    roster(
        &data_file(path, "bestiary/marauders.ron"),
        &data_file(path, "bestiary/borderlands.ron"),
    )
}

/// A file's own parse error as it is; any other problem as a problem of what it holds.
fn checked(read: Result<Vec<String>, DataError>, path: &Path) -> Checked {
    match read {
        Err(e) if e.position.is_some() && e.file == path => Err(e),
        Err(e) => Ok(vec![e.to_string()]),
        Ok(problems) => Ok(problems),
    }
}

/// A scenario's text read with the armies, bestiary and armoury beside it: every
/// problem of the battle it sets up.
fn scenario_problems(path: &Path, text: &str) -> Checked {
    let scenario: Scenario = parse_ron(path, text)?;
    let read = load_armies(path, &scenario.armies).and_then(|armies| {
        let roster = roster_for(path)?;
        let setup = BattleSetup {
            scenario,
            armies,
            roster,
        };
        Ok(setup.problems())
    });
    checked(read, path)
}

/// Reads `text` as the kind of file `path` is (by its folder) and checks what it holds:
/// the armoury (`borderlands.ron`) or a bestiary in `bestiary/`.
fn check(path: &Path, text: &str) -> Checked {
    check_by_kind(
        path,
        text,
        scenario_problems,
        |p, army| checked(roster_for(p).map(|r| army_problems(&army, &r)), p),
        |p, t| {
            let read = if p.ends_with("borderlands.ron") {
                party_tables(p, t)
            } else {
                monsters(p, t)
            };
            checked(read.map(|_| Vec::new()), p)
        },
    )
}

/// The shipped bestiary and armoury, and the armies and scenarios of Borderlands.
fn shipped() -> Vec<PathBuf> {
    let assets = root().join("assets");
    let mut out = vec![
        assets.join("bestiary/marauders.ron"),
        assets.join("bestiary/borderlands.ron"),
    ];
    out.extend(shipped_of(&assets, Ruleset::Borderlands));
    out
}

warband_table::hostile_file_tests! {
    shipped: shipped(),
    check: check,
    seed: 13,
    corpus: root().join("tests/fixtures/hostile/borderlands"),
    good: [
        "armies/keep-adventurers.ron",
        "armies/kobold-warren.ron",
        "bestiary/marauders.ron",
        "bestiary/borderlands.ron",
    ],
    scenario: scenario_problems,
    validate: validate_file,
    at_least: 91,
}
