//! No text the game prints falls back to egui's "◻": every character of the
//! desktop's string literals, of the data files it shows, and of every log line and
//! die of the recorded battles is in the fonts the theme loads.

use super::*;
use crate::game::desk::Desk;
use crate::game::hud::log::{self, LogFilter};
use crate::game::session::{Controller, GameSession};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use warband_table::scenario::Setup;

/// The characters met, each with the first few places it was met (for the message).
#[derive(Default)]
struct Seen(BTreeMap<char, Vec<String>>);

impl Seen {
    /// Notes the characters of `text` (none of its control characters, which egui
    /// lays out rather than draws) as met at `place`.
    fn add(&mut self, text: &str, place: impl Fn() -> String) {
        for c in text.chars().filter(|c| !c.is_control()) {
            let at = self.0.entry(c).or_default();
            if at.len() < 3 {
                at.push(place());
            }
        }
    }
}

/// The repository, where src/, assets/ and tests/fixtures/ are.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The string literals of Rust or RON source with the line each starts on: "…" with
/// its escapes undone, and raw r"…" / r#"…"#. Line comments and char literals are
/// skipped (a `'"'` opens no string).
fn literals(source: &str) -> Vec<(usize, String)> {
    let s: Vec<char> = source.chars().collect();
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    while i < s.len() {
        let (text, end) = token(&s, i);
        if let Some(text) = text {
            out.push((line, text));
        }
        let end = end.min(s.len() - 1);
        line += s[i..=end].iter().filter(|c| **c == '\n').count();
        i = end + 1;
    }
    out
}

/// What starts at `s[i]`, as far as literals go, and the index it ends on: a
/// literal and its text; a comment or char literal, to be skipped; else `s[i]` alone.
fn token(s: &[char], i: usize) -> (Option<String>, usize) {
    let next = |k: usize| s.get(i + k).copied();
    let in_a_word = i > 0 && (s[i - 1].is_alphanumeric() || s[i - 1] == '_');
    let hashes = s[i + 1..].iter().take_while(|c| **c == '#').count();
    match s[i] {
        '/' if next(1) == Some('/') => {
            let to_eol = s[i..].iter().position(|c| *c == '\n');
            (None, to_eol.map_or(s.len(), |k| i + k))
        }
        '\'' if next(1) == Some('\\') => (None, i + 2 + closing(&s[i + 2..], '\'')),
        '\'' if next(2) == Some('\'') => (None, i + 2),
        'r' if !in_a_word && next(1 + hashes) == Some('"') => {
            let body = &s[i + 2 + hashes..];
            let len = (0..body.len())
                .find(|&k| body[k] == '"' && body[k + 1..].starts_with(&vec!['#'; hashes]))
                .unwrap_or(body.len());
            let text = body[..len].iter().collect();
            (Some(text), i + 2 + hashes + len + hashes)
        }
        '"' => {
            let len = closing(&s[i + 1..], '"');
            (Some(unescaped(&s[i + 1..i + 1 + len])), i + 1 + len)
        }
        _ => (None, i),
    }
}

/// How far into `s` the unescaped `quote` that closes a literal is.
fn closing(s: &[char], quote: char) -> usize {
    let mut i = 0;
    while i < s.len() && s[i] != quote {
        i += if s[i] == '\\' { 2 } else { 1 };
    }
    i.min(s.len())
}

/// A literal's text with its escapes undone (`\u{2020}` is `†`; `\n` a control
/// character, which prints nothing).
fn unescaped(s: &[char]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < s.len() {
        match (s[i], s.get(i + 1)) {
            ('\\', Some('u')) => {
                let hex: String = s[i + 3..].iter().take_while(|c| **c != '}').collect();
                out.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
                i += 4 + hex.len();
            }
            ('\\', Some(c)) => {
                out.push(if c.is_alphanumeric() { '\n' } else { *c });
                i += 2;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// The string literals of every file under `dir` whose name ends in `ext`.
fn literals_under(dir: &Path, ext: &str, seen: &mut Seen) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            literals_under(&path, ext, seen);
        } else if path.extension().is_some_and(|e| e == ext) {
            let source = std::fs::read_to_string(&path).unwrap();
            let file = path
                .strip_prefix(root())
                .unwrap_or(&path)
                .display()
                .to_string();
            for (line, text) in literals(&source) {
                seen.add(&text, || format!("{file}:{line}"));
            }
        }
    }
}

/// Each recorded battle of `R` in tests/fixtures/`dir`, played command by command:
/// `each` is handed the session after every command, with how long its log was
/// before it.
fn fixture_battles<R: Desk>(dir: &str, mut each: impl FnMut(&str, &GameSession<R>, usize)) {
    let saves = warband_table::corpus::saves::<R>(&root().join("tests/fixtures").join(dir));
    for (file, save) in saves.unwrap() {
        let mut s =
            GameSession::<R>::new(save.setup.clone(), save.seed, [Controller::Human; 2]).unwrap();
        for (side, command) in &save.commands {
            let before = s.engine.log().events.len();
            let _ = s.submit(*side, command.clone());
            each(&file, &s, before);
        }
    }
}

/// Every line the log panel shows for each recorded battle of `R` in
/// tests/fixtures/`dir` (its armies named, a wave's moves folded), with each die's
/// purpose as the dice tray words it and its clause as the line's hover says it.
fn log_text<R: Desk>(dir: &str, seen: &mut Seen) -> usize {
    let mut count = 0;
    let mut folded = log::LineCache::default();
    fixture_battles::<R>(dir, |file, s, before| {
        let at = |text: &str| format!("{dir}/{file}: {text:?}");
        // Each command's entries, worded as the panel words them once logged.
        let len = s.engine.log().events.len();
        assert!(
            len - before <= log::SHOWN,
            "{dir}/{file}: {} entries at once",
            len - before
        );
        for l in log::panel_lines(s, &EVERYTHING, before..len) {
            seen.add(&l.text, || at(&l.text));
            seen.add(l.clause.as_deref().unwrap_or_default(), || at(&l.text));
            count += 1;
        }
        // The line a wave's moves are folded into: the newest while the wave goes on,
        // so every one is met there as it stands after each command.
        folded.update(s, &EVERYTHING, len);
        if let Some(l) = folded.lines().last() {
            seen.add(&l.text, || at(&l.text));
        }
        let armies = s.setup.armies();
        let names = [armies.a.name.as_str(), armies.b.name.as_str()];
        for d in s.engine.log().events[before..]
            .iter()
            .filter_map(|e| e.die())
        {
            let purpose = log::sides_named(&R::readable(s.engine.world(), &d.purpose), names);
            seen.add(&purpose, || format!("{dir}/{file}: die {purpose:?}"));
        }
    });
    count
}

/// Every line and die the log and the dice tray can show.
const EVERYTHING: LogFilter = LogFilter {
    show: [true, true],
    dice: true,
};

/// The log panel's lines, worded command by command as a battle is logged, are the
/// lines the whole log worded at once gives, all along each recorded battle (checked
/// each time half a panel of entries has come, so every line is compared).
fn worded_as_logged<R: Desk>(dir: &str) -> usize {
    let (mut cache, mut checked, mut compared) = (log::LineCache::default(), 0, 0);
    fixture_battles::<R>(dir, |file, s, _| {
        let len = s.engine.log().events.len();
        if len < checked {
            // The next battle.
            (cache, checked) = (log::LineCache::default(), 0);
        }
        cache.update(s, &EVERYTHING, len);
        if len - checked < log::SHOWN / 2 && s.engine.outcome().is_none() {
            return;
        }
        let mut whole = log::LineCache::default();
        whole.update(s, &EVERYTHING, len);
        assert!(
            cache.lines().eq(whole.lines()),
            "{dir}/{file}, {len} entries: worded as logged, the lines differ from the \
             whole log's"
        );
        (checked, compared) = (len, compared + cache.lines().count());
    });
    compared
}

#[test]
fn the_log_worded_as_it_is_logged_reads_as_the_whole_log() {
    let compared = [
        worded_as_logged::<warband_marauders::engine::Marauders>("marauders"),
        worded_as_logged::<warband_toy_soldier::ToySoldier>("toy-soldier"),
        worded_as_logged::<warband_borderlands::Borderlands>("borderlands"),
    ];
    assert!(
        compared.iter().all(|n| *n > 1000),
        "lines compared: {compared:?}"
    );
}

/// The characters of `seen` that `family` of the theme's fonts cannot draw, each
/// with where it was met. (egui's own `has_glyph` cannot tell: it answers "no" for
/// every character of the font that also holds its "◻".)
fn missing(seen: &Seen, family: &FontFamily) -> Vec<String> {
    let mut fonts = egui::epaint::Fonts::new(Default::default(), fonts());
    let mut font = fonts.fonts.font(family);
    let mapped = font.characters();
    seen.0
        .iter()
        .filter(|(c, _)| !drawn(mapped, **c))
        .map(|(c, at)| format!("{c:?} U+{:04X} in {family:?}: {}", *c as u32, at.join(", ")))
        .collect()
}

/// Whether egui draws `c` with fonts that map `mapped` (each character with the
/// fonts that have it): a font maps it (Phosphor only its private-use icons: its
/// letters are the blank pieces of its ligatures), or it is a space egui draws as a
/// space or as nothing.
fn drawn(mapped: &BTreeMap<char, Vec<String>>, c: char) -> bool {
    let icon = ('\u{E000}'..='\u{F8FF}').contains(&c);
    let font = mapped
        .get(&c)
        .is_some_and(|fonts| icon || fonts.iter().any(|f| f != "phosphor"));
    font || matches!(
        c,
        '\u{2009}' | '\u{202F}' | '\u{200B}'..='\u{200F}' | '\u{FEFF}'
    )
}

#[test]
fn every_character_the_game_prints_is_in_its_fonts() {
    let mut seen = Seen::default();
    literals_under(&root().join("src/game"), "rs", &mut seen);
    literals_under(&root().join("assets"), "ron", &mut seen);
    let worded = [
        log_text::<warband_marauders::engine::Marauders>("marauders", &mut seen),
        log_text::<warband_toy_soldier::ToySoldier>("toy-soldier", &mut seen),
        log_text::<warband_borderlands::Borderlands>("borderlands", &mut seen),
    ];
    assert!(worded.iter().all(|n| *n > 0), "lines worded: {worded:?}");
    let families = [
        FontFamily::Proportional,
        FontFamily::Monospace,
        heading_family(),
    ];
    let missing: Vec<String> = families.iter().flat_map(|f| missing(&seen, f)).collect();
    assert!(
        missing.is_empty(),
        "{} characters print as ◻:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// A character no font has is told, with where it was met; a letter and an icon are not.
#[test]
fn a_character_no_font_has_is_told_with_its_place() {
    let mut seen = Seen::default();
    let icon = egui_phosphor::regular::SWORD;
    // Made here, not written: a literal of it would fail the test above.
    let nowhere = char::from_u32(0x10FFFD).unwrap();
    seen.add(&format!("a{icon}{nowhere}"), || "here".into());
    let missing = missing(&seen, &FontFamily::Proportional);
    assert_eq!(missing, ["'\\u{10fffd}' U+10FFFD in Proportional: here"]);
}

#[test]
fn literals_are_read_as_the_compiler_reads_them() {
    let source = "let a = \"x \\\"y\\\" \\u{2020}\"; // \"not this\"\nlet c = '\"'; f(r#\"r \"q\"\"#, 'a, \"z\");";
    let found = literals(source);
    assert_eq!(
        found,
        [
            (1, "x \"y\" †".to_string()),
            (2, "r \"q\"".to_string()),
            (2, "z".to_string())
        ]
    );
}
