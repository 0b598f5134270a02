//! Hostile data files, for every ruleset's tests: each shipped file cut short at many
//! places and with bytes flipped, and a kept corpus of nasty files
//! (`tests/fixtures/hostile/`), each declaring on its first line (`// expect: TEXT`)
//! what its error must contain. A ruleset's test gives how it reads a file; the loops,
//! the time limits and the panics caught are here, once.

use crate::files::DataError;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use warband_rules::Ruleset;

/// What reading a file's text gives: Err when it does not parse (with the line and
/// column), else every problem of what it holds (none for a good file).
pub type Checked = Result<Vec<String>, DataError>;

/// How long one file may take to be read and refused.
pub const LIMIT: Duration = Duration::from_secs(1);

/// The places each file is cut and the times its bytes are flipped.
pub const TRIES: usize = 40;

/// The files of a folder, sorted by name; none for a folder that is not there.
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.is_file());
    files.sort();
    files
}

/// The shipped armies and scenarios (`assets/armies`, `assets/scenarios`) of a ruleset.
pub fn shipped_of(assets: &Path, ruleset: Ruleset) -> Vec<PathBuf> {
    let tag = format!("ruleset: \"{ruleset}\"");
    ["armies", "scenarios"]
        .iter()
        .flat_map(|dir| files_in(&assets.join(dir)))
        .filter(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains(&tag)))
        .collect()
}

/// The kind of a file, by its folder: `scenarios`, `armies`, `bestiary`, ….
pub fn kind_of(path: &Path) -> &str {
    path.parent()
        .and_then(Path::file_name)
        .and_then(|k| k.to_str())
        .unwrap_or_default()
}

/// Reads a file's text by its kind: a scenario with `scenario`, an army list parsed and
/// then checked by `army`, anything else with `other`.
pub fn check_by_kind(
    path: &Path,
    text: &str,
    scenario: impl Fn(&Path, &str) -> Checked,
    army: impl Fn(&Path, warband_rules::army::ArmyList) -> Checked,
    other: impl Fn(&Path, &str) -> Checked,
) -> Checked {
    match kind_of(path) {
        "scenarios" => scenario(path, text),
        "armies" => army(path, crate::files::parse_ron(path, text)?),
        _ => other(path, text),
    }
}

/// Runs `f`, failing with the file's name if it panics or takes past [`LIMIT`].
fn timed<T>(path: &Path, what: &str, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let out = catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|_| panic!("{}: reading it {what} panicked", path.display()));
    let took = started.elapsed();
    assert!(took < LIMIT, "{}: {what} took {took:?}", path.display());
    out
}

/// Each of `files` reads with no problem, and every cut of it (at [`TRIES`] places)
/// that cannot still be whole is refused with a line and column, within [`LIMIT`].
pub fn assert_cuts_refused(files: &[PathBuf], check: impl Fn(&Path, &str) -> Checked) {
    assert!(!files.is_empty(), "no files to cut");
    for path in files {
        cuts_refused(path, &check);
    }
}

fn cuts_refused(path: &Path, check: &impl Fn(&Path, &str) -> Checked) {
    let text = std::fs::read_to_string(path).unwrap();
    match check(path, &text) {
        Ok(problems) => assert!(problems.is_empty(), "{}: {problems:?}", path.display()),
        Err(e) => panic!("{e}"),
    }
    let cuts = TRIES.min(text.len());
    for k in 0..cuts {
        let mut at = text.len() * k / cuts;
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let cut = &text[..at];
        if cut.trim_end().ends_with(')') && cut.matches('(').count() == cut.matches(')').count() {
            continue; // a cut after the last bracket can still be whole
        }
        let read = timed(path, &format!("cut at byte {at}"), || check(path, cut));
        let e = read.expect_err("a truncated file parses");
        assert!(
            e.position.is_some(),
            "{}: no position in {e}",
            path.display()
        );
    }
}

/// [`TRIES`] copies of each of `files`, each with three bits flipped (where `seed`
/// says): none panics or takes past [`LIMIT`], and a parse error names the file.
pub fn assert_flips_never_panic(
    files: &[PathBuf],
    seed: u64,
    check: impl Fn(&Path, &str) -> Checked,
) {
    let mut state = seed;
    for path in files {
        flips_never_panic(path, &mut state, &check);
    }
}

fn flips_never_panic(path: &Path, state: &mut u64, check: &impl Fn(&Path, &str) -> Checked) {
    let bytes = std::fs::read(path).unwrap();
    for _ in 0..TRIES {
        let mut b = bytes.clone();
        for _ in 0..3 {
            *state = crate::sim::game_seed(*state, 1);
            let i = (*state % b.len() as u64) as usize;
            b[i] ^= 1 << (*state >> 61);
        }
        let text = String::from_utf8_lossy(&b);
        let read = timed(path, "with bytes flipped", || check(path, &text));
        if let Err(e) = read {
            let message = e.to_string();
            assert!(message.contains(&*path.to_string_lossy()), "{message}");
        }
    }
}

/// Every nasty file in the `kinds` folders of `corpus` (those whose first line is
/// `// expect: TEXT`; the rest are the good files they sit beside) is refused by
/// `problems` with an error containing its TEXT, within [`LIMIT`], never a panic.
/// Returns how many there were.
pub fn assert_nasty_refused(
    corpus: &Path,
    kinds: &[&str],
    problems: impl Fn(&Path) -> Vec<String>,
) -> usize {
    let (mut seen, mut wrong) = (0, Vec::new());
    for path in kinds.iter().flat_map(|k| files_in(&corpus.join(k))) {
        let text = std::fs::read_to_string(&path).unwrap();
        let Some(expect) = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect: "))
        else {
            continue;
        };
        let found = timed(&path, "as a nasty file", || problems(&path));
        if !found.iter().any(|p| p.contains(expect)) {
            wrong.push(format!(
                "{}: expected `{expect}` in {found:?}",
                path.display()
            ));
        }
        seen += 1;
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    seen
}

/// The corpus of a ruleset's nasty files (`scenarios/`, `armies/`, `bestiary/`): every
/// one refused as it expects ([`assert_nasty_refused`]), a scenario with every problem
/// of the battle it sets up (`scenario`, given its text), any other file with what
/// `validate` finds. The good files named in `good` have no problem. Returns how many
/// nasty files there were.
pub fn assert_corpus_refused(
    corpus: &Path,
    good: &[&str],
    scenario: impl Fn(&Path, &str) -> Checked,
    validate: impl Fn(&Path) -> Vec<String>,
) -> usize {
    for name in good {
        let problems = validate(&corpus.join(name));
        assert!(problems.is_empty(), "{name}: {problems:?}");
    }
    let problems = |path: &Path| {
        if kind_of(path) != "scenarios" {
            return validate(path);
        }
        let text = std::fs::read_to_string(path).unwrap();
        scenario(path, &text).unwrap_or_else(|e| vec![e.to_string()])
    };
    assert_nasty_refused(corpus, &["scenarios", "armies", "bestiary"], problems)
}

/// A ruleset's hostile-file tests, each a `#[test]` in the test file that names it: its
/// shipped files cut ([`assert_cuts_refused`]) and flipped ([`assert_flips_never_panic`])
/// read by `check`; with a `corpus`, its nasty files too ([`assert_corpus_refused`]),
/// at least `at_least` of them.
#[macro_export]
macro_rules! hostile_file_tests {
    (shipped: $shipped:expr, check: $check:expr, seed: $seed:expr $(,)?) => {
        #[test]
        fn truncated_files_are_refused_with_their_position() {
            $crate::hostile::assert_cuts_refused(&$shipped, $check);
        }

        #[test]
        fn flipped_bytes_never_panic() {
            $crate::hostile::assert_flips_never_panic(&$shipped, $seed, $check);
        }
    };
    (
        shipped: $shipped:expr, check: $check:expr, seed: $seed:expr,
        corpus: $corpus:expr, good: $good:expr, scenario: $scenario:expr,
        validate: $validate:expr, at_least: $least:expr $(,)?
    ) => {
        $crate::hostile_file_tests!(shipped: $shipped, check: $check, seed: $seed);

        /// The corpus: every nasty file is refused as it expects, and the good files
        /// beside them are good.
        #[test]
        fn every_nasty_file_is_refused_as_it_expects() {
            let seen =
                $crate::hostile::assert_corpus_refused(&$corpus, &$good, $scenario, $validate);
            assert!(seen >= $least, "only {seen} nasty files");
        }
    };
}
