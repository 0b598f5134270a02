//! Damaged and hostile data files: every shipped kind (army, scenario, bestiary, spells,
//! a save) truncated at many places and with bytes flipped, and scenarios whose numbers
//! and shapes make no sense. Each is refused with an error naming where (or the field)
//! within a second, never a panic.

use std::path::{Path, PathBuf};
use warband_marauders::data::{
    BattleSetup, Bestiary, Scenario, SpellList, parse_ron, validate_file,
};
use warband_marauders::save::Save;
use warband_rules::Ruleset;
use warband_rules::army::ArmyList;
use warband_table::hostile::{Checked, assert_nasty_refused, shipped_of};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Parses `text` as the kind of file `path` is.
fn parse_as(path: &Path, text: &str) -> Checked {
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
    r.map(|()| Vec::new())
}

/// The shipped Marauders files: bestiary, spells, a save, its armies and scenarios.
fn shipped() -> Vec<PathBuf> {
    let mut out = vec![
        root().join("assets/bestiary/marauders.ron"),
        root().join("assets/spells.ron"),
        root().join("tests/fixtures/marauders/river-ford-hostile.ron"),
    ];
    out.extend(shipped_of(&root().join("assets"), Ruleset::Marauders));
    out
}

warband_table::hostile_file_tests! {
    shipped: shipped(),
    check: parse_as,
    seed: 7,
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
    let kinds = ["scenarios", "armies", "bestiary", "saves"];
    let seen = assert_nasty_refused(&corpus, &kinds, |p| problems_of(p, &bestiary.profiles));
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
