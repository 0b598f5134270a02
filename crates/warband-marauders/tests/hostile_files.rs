//! Damaged and hostile data files: every shipped kind (army, scenario, bestiary, spells,
//! a save) truncated at many places and with bytes flipped, and scenarios whose numbers
//! and shapes make no sense. Each is refused with an error naming where (or the field)
//! within a second, never a panic.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use warband_marauders::data::{
    BattleSetup, Bestiary, Scenario, SpellList, parse_ron, validate_file,
};
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

/// Every problem reading `path` gives, by its kind (its folder in the corpus).
fn problems_of(path: &Path, bestiary: &[warband_rules::marauders::Profile]) -> Vec<String> {
    let kind = path.parent().and_then(Path::file_name).unwrap_or_default();
    match kind.to_str() {
        Some("scenarios") => match BattleSetup::load(path) {
            Ok(setup) => setup.problems(),
            Err(e) => vec![e.to_string()],
        },
        Some("armies") => validate_file(path, Some(bestiary)),
        Some("bestiary") => validate_file(path, None),
        _ => Save::read(path)
            .err()
            .into_iter()
            .map(|e| e.to_string())
            .collect(),
    }
}

/// `tests/fixtures/hostile/`: every nasty file is refused with the error it expects.
#[test]
fn every_nasty_file_is_refused_as_it_expects() {
    let corpus = root().join("tests/fixtures/hostile");
    let bestiary: Bestiary =
        warband_marauders::data::load_ron(&corpus.join("bestiary/marauders.ron")).unwrap();
    let mut seen = 0;
    for kind in ["scenarios", "armies", "bestiary", "saves"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join(kind))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let Some(expect) = text
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("// expect: "))
            else {
                continue; // a good file the nasty ones sit beside
            };
            let started = Instant::now();
            let problems = problems_of(&path, &bestiary.profiles);
            assert!(
                started.elapsed() < Duration::from_secs(1),
                "{}",
                path.display()
            );
            assert!(
                problems.iter().any(|p| p.contains(expect)),
                "{}: expected `{expect}` in {problems:?}",
                path.display()
            );
            seen += 1;
        }
    }
    assert!(seen >= 35, "only {seen} nasty files");
}

/// A spell that is no Marauders spell is an error where the bestiary or the spell list
/// is read, naming the spell and where it stands, not a name dropped in play.
#[test]
fn an_unknown_spell_is_refused_where_the_file_is_read() {
    let bestiary = root().join("assets/bestiary/marauders.ron");
    let text = std::fs::read_to_string(&bestiary).unwrap();
    let bad = text.replacen("\"Sleep\"", "\"Wish\"", 1);
    assert_ne!(bad, text, "the shipped bestiary names Sleep");
    let e = parse_ron::<Bestiary>(&bestiary, &bad).unwrap_err();
    assert!(
        e.position.is_some() && e.to_string().contains("unknown spell `Wish`"),
        "{e}"
    );
    let spells = root().join("assets/spells.ron");
    let text = std::fs::read_to_string(&spells).unwrap();
    let bad = text.replacen("\"Light\"", "\"Darkness\"", 1);
    let e = parse_ron::<SpellList>(&spells, &bad).unwrap_err();
    assert!(e.to_string().contains("unknown spell `Darkness`"), "{e}");
}
