//! Damaged and hostile Toy Soldier files: the shipped unit list, armies and scenarios
//! truncated at many places and with bytes flipped, and the kept corpus of nasty ones
//! (`tests/fixtures/hostile/toy-soldier/`: two Command units or none, over the points,
//! a morale die d7, a base of NaN, a zone inside out, a turn limit of 0, armies of
//! another ruleset, the unit designer's own file damaged, …). Each is refused with the
//! error it expects, within a second, never a panic.

use std::path::{Path, PathBuf};
use warband_rules::Ruleset;
use warband_table::files::{data_file, load_armies};
use warband_table::hostile::{Checked, check_by_kind, shipped_of};
use warband_toy_soldier::data::{
    BattleSetup, Scenario, Units, army_problems, parse_ron, validate_file,
};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The unit list beside a file's folder (`../bestiary/toy-soldier.ron`).
fn units_for(path: &Path) -> Units {
    Units::load(&data_file(path, "bestiary/toy-soldier.ron")).unwrap()
}

/// A scenario's text read with the armies and units beside it: every problem of the
/// battle it sets up.
fn scenario_problems(path: &Path, text: &str) -> Checked {
    let scenario: Scenario = parse_ron(path, text)?;
    let armies = match load_armies(path, &scenario.armies) {
        Ok(a) => a,
        Err(e) => return Ok(vec![e.to_string()]),
    };
    let units = units_for(path);
    Ok(BattleSetup {
        scenario,
        armies,
        units,
    }
    .problems())
}

/// Reads `text` as the kind of file `path` is (by its folder) and checks what it holds.
fn check(path: &Path, text: &str) -> Checked {
    check_by_kind(
        path,
        text,
        scenario_problems,
        |p, army| Ok(army_problems(&army, &units_for(p))),
        |p, t| parse_ron::<Units>(p, t).map(|u| u.problems()),
    )
}

/// The shipped unit list, armies and scenarios of Toy Soldier.
fn shipped() -> Vec<PathBuf> {
    let assets = root().join("assets");
    let mut out = vec![assets.join("bestiary/toy-soldier.ron")];
    out.extend(shipped_of(&assets, Ruleset::ToySoldier));
    out
}

warband_table::hostile_file_tests! {
    shipped: shipped(),
    check: check,
    seed: 11,
    corpus: root().join("tests/fixtures/hostile/toy-soldier"),
    good: ["armies/border-knights.ron", "armies/orc-warhost.ron", "bestiary/toy-soldier.ron"],
    scenario: scenario_problems,
    validate: validate_file,
    at_least: 60,
}
