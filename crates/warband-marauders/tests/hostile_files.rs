//! Damaged and hostile data files: every shipped kind (army, scenario, bestiary, spells,
//! a save) truncated at many places and with bytes flipped, and scenarios whose numbers
//! and shapes make no sense. Each is refused with an error naming where (or the field)
//! within a second, never a panic.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use warband_marauders::data::{BattleSetup, Bestiary, Scenario, SpellList, parse_ron};
use warband_marauders::save::Save;
use warband_rules::army::ArmyList;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Parses `text` as the kind of file `path` is; Err(message) or Ok.
fn parse_as(path: &Path, text: &str) -> Result<(), (Option<(usize, usize)>, String)> {
    let name = path.to_string_lossy();
    let r = if name.contains("armies") {
        parse_ron::<ArmyList>(path, text).map(|_| ())
    } else if name.contains("scenarios") {
        parse_ron::<Scenario>(path, text).map(|_| ())
    } else if name.contains("bestiary") {
        parse_ron::<Bestiary>(path, text).map(|_| ())
    } else if name.contains("spells") {
        parse_ron::<SpellList>(path, text).map(|_| ())
    } else {
        parse_ron::<Save>(path, text).map(|_| ())
    };
    r.map_err(|e| (e.position, e.to_string()))
}

fn shipped() -> Vec<PathBuf> {
    let mut out = vec![
        root().join("assets/bestiary/marauders.ron"),
        root().join("assets/spells.ron"),
        root().join("tests/fixtures/marauders/river-ford-hostile.ron"),
    ];
    for dir in ["assets/armies", "assets/scenarios"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

#[test]
fn truncated_files_are_refused_with_their_position() {
    for path in shipped() {
        let text = std::fs::read_to_string(&path).unwrap();
        // The whole file parses; every cut of it (at 40 places) does not, and says where.
        parse_as(&path, &text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let cuts = 40.min(text.len());
        for k in 0..cuts {
            let mut at = text.len() * k / cuts;
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let cut = &text[..at];
            if cut.trim_end().ends_with(')') && cut.matches('(').count() == cut.matches(')').count()
            {
                continue; // a cut after the last bracket can still be whole
            }
            let started = Instant::now();
            let err = parse_as(&path, cut).expect_err("a truncated file parses");
            assert!(started.elapsed() < Duration::from_secs(1));
            assert!(
                err.0.is_some(),
                "{}: no position in {}",
                path.display(),
                err.1
            );
        }
    }
}

#[test]
fn flipped_bytes_never_panic() {
    let mut state = 7u64;
    for path in shipped() {
        let bytes = std::fs::read(&path).unwrap();
        for _ in 0..40 {
            let mut b = bytes.clone();
            for _ in 0..3 {
                state = warband_marauders::sim::game_seed(state, 1);
                let i = (state % b.len() as u64) as usize;
                b[i] ^= 1 << (state >> 61);
            }
            let text = String::from_utf8_lossy(&b);
            let started = Instant::now();
            if let Err((_, message)) = parse_as(&path, &text) {
                assert!(message.contains(&*path.to_string_lossy()), "{message}");
            }
            assert!(started.elapsed() < Duration::from_secs(1));
        }
    }
}

/// The open field with one line replaced; the problems `BattleSetup` finds.
fn open_field_with(from: &str, to: &str) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!(
        "warband-hostile-{}-{}",
        std::process::id(),
        to.len()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["scenarios", "armies", "bestiary"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    for f in [
        "armies/adventuring-party.ron",
        "armies/goblin-raiders.ron",
        "bestiary/marauders.ron",
        "spells.ron",
    ] {
        std::fs::copy(root().join("assets").join(f), dir.join(f)).unwrap();
    }
    let text = std::fs::read_to_string(root().join("assets/scenarios/open-field.ron")).unwrap();
    assert!(text.contains(from), "{from}");
    let path = dir.join("scenarios/hostile.ron");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    let started = Instant::now();
    let problems = match BattleSetup::load(&path) {
        Ok(setup) => setup.problems(),
        Err(e) => vec![e.to_string()],
    };
    assert!(started.elapsed() < Duration::from_secs(1));
    std::fs::remove_dir_all(&dir).ok();
    problems
}

#[test]
fn scenarios_that_make_no_sense_are_refused() {
    let copse = "corners: [(9.0, 10.0), (14.0, 9.5), (15.0, 13.5), (10.0, 14.5)]";
    let zone_a = "a: Zone(min: (2.0, 0.5), max: (22.0, 5.5))";
    let cases = [
        ("table: (24.0, 24.0)", "table: (0.0, 24.0)", "table"),
        ("table: (24.0, 24.0)", "table: (-24.0, 24.0)", "table"),
        ("table: (24.0, 24.0)", "table: (NaN, 24.0)", "table"),
        ("table: (24.0, 24.0)", "table: (1e9, 24.0)", "table"),
        ("round_limit: 8", "round_limit: 0", "round"),
        ("round_limit: 8", "round_limit: 1000000000", "round"),
        ("round_limit: 8", "round_limit: -3", ":"),
        (
            zone_a,
            "a: Zone(min: (30.0, 0.5), max: (40.0, 5.5))",
            "zone",
        ),
        (
            zone_a,
            "a: Zone(min: (2.0, -9.0), max: (22.0, 5.5))",
            "zone",
        ),
        (zone_a, "a: Zone(min: (NaN, 0.5), max: (22.0, 5.5))", "zone"),
        (
            copse,
            "corners: [(9.0, 10.0), (12.0, 10.0), (15.0, 10.0)]",
            "terrain",
        ),
        (
            copse,
            "corners: [(9.0, 10.0), (14.0, 14.0), (14.0, 10.0), (9.0, 14.0)]",
            "terrain",
        ),
        (
            copse,
            "corners: [(9.0, 10.0), (NaN, 9.5), (15.0, 13.5)]",
            "terrain",
        ),
        (
            copse,
            "corners: [(90.0, 10.0), (95.0, 10.0), (95.0, 15.0)]",
            "terrain",
        ),
        (
            copse,
            "corners: [(9.0, 10.0), (1e30, 9.5), (15.0, 13.5)]",
            "terrain",
        ),
        ("ruleset: \"marauders\"", "ruleset: \"chess\"", "ruleset"),
    ];
    for (from, to, about) in cases {
        let problems = open_field_with(from, to);
        assert!(
            problems.iter().any(|p| p.contains(about)),
            "{to}: {problems:?}"
        );
    }
}

#[test]
fn a_bestiary_naming_two_profiles_alike_is_refused() {
    let dir = std::env::temp_dir().join(format!("warband-dup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bestiary.ron");
    let text = std::fs::read_to_string(root().join("assets/bestiary/marauders.ron")).unwrap();
    let twice = text.replacen("name: \"Goblin\", hd: 1", "name: \"Kobold\", hd: 1", 1);
    std::fs::write(&path, twice).unwrap();
    let problems = warband_marauders::data::validate_file(&path, None);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("two profiles are named `Kobold`")),
        "{problems:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
