//! The battle log panel of every ruleset: newest last, coloured by the side each line
//! concerns, filterable by side, with the dice hidden unless asked for.

use crate::game::desk::LogLine;
use crate::game::palette;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_rules::Side;
use warband_table::components::ModelId;
use warband_table::components::Team;
use warband_table::engine::ModelIndex;
use warband_table::log::Entry;

/// The lines of the log a player asked to see.
#[derive(Resource, Clone, Debug)]
pub struct LogFilter {
    pub show: [bool; 2],
    pub dice: bool,
}

impl Default for LogFilter {
    fn default() -> Self {
        Self {
            show: [true, true],
            dice: false,
        }
    }
}

impl LogFilter {
    fn keeps(&self, line: &LogLine) -> bool {
        (self.dice || !line.die) && line.side.is_none_or(|s| self.show[s.index()])
    }
}

/// The log's lines as last put in words, and what they were worded from (how many
/// entries, which filter): the words are made again only when either changes, not each
/// frame.
#[derive(Resource, Default)]
pub struct LineCache {
    key: Option<(usize, [bool; 2], bool)>,
    lines: Vec<LogLine>,
}

impl LineCache {
    /// The lines of a log of `len` entries under `filter`, worded by `make` when they
    /// are not already kept.
    pub fn get(
        &mut self,
        len: usize,
        filter: &LogFilter,
        make: impl FnOnce() -> Vec<LogLine>,
    ) -> &[LogLine] {
        let key = Some((len, filter.show, filter.dice));
        if self.key != key {
            self.lines = make();
            self.key = key;
        }
        &self.lines
    }
}

/// The most lines the panel holds: the newest (the whole log is in the save).
pub const SHOWN: usize = 400;

/// The newest `max` lines the filter lets through, oldest first, each entry put in
/// words by `line` from its place in the log (None: nothing worth a line). A die is left
/// out before it is put in words when dice are hidden.
pub fn newest_lines<C, E>(
    events: &[Entry<C, E>],
    filter: &LogFilter,
    max: usize,
    line: impl Fn(usize, &Entry<C, E>) -> Option<LogLine>,
) -> Vec<LogLine> {
    // A run of one side's plain moves will be told as one line (`fold_moves`): it
    // counts as one of the `max`.
    let mut lines = 0;
    let mut run_of: Option<Option<Side>> = None;
    let mut out: Vec<LogLine> = events
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, e)| filter.dice || e.die().is_none())
        .filter_map(|(i, e)| {
            let mut l = line(i, e)?;
            l.clause = e.die().map(|d| d.clause.as_str().to_string());
            Some(l)
        })
        .filter(|l| filter.keeps(l))
        .take_while(|l| {
            let plain = plain_move(l);
            if !plain || run_of != Some(l.side) {
                lines += 1;
            }
            run_of = plain.then_some(l.side);
            lines <= max
        })
        .collect();
    out.reverse();
    out
}

/// The newest lines of a log whose entries `words` puts in words (from their place), each with the side
/// that sent its command or won.
pub fn worded_lines<C, E: serde::Serialize>(
    world: &World,
    events: &[Entry<C, E>],
    filter: &LogFilter,
    words: impl Fn(usize, &Entry<C, E>) -> Option<String>,
) -> Vec<LogLine> {
    let side_of = |id: ModelId| model_side(world, id);
    newest_lines(events, filter, SHOWN, |i, e| {
        let side = match e {
            Entry::Rules(r) => event_side(r, &side_of),
            _ => entry_side(e),
        };
        Some(LogLine {
            side,
            text: words(i, e)?,
            die: e.die().is_some(),
            clause: None,
        })
    })
}

/// A line that tells only that a model moved.
fn plain_move(l: &LogLine) -> bool {
    !l.die && l.text.ends_with(" moves")
}

/// Runs of at least [`FOLDED`] plain moves of one side ("Goblin #12 moves") told as one
/// line: "Goblin #12 … Goblin #511 move (500 models)" — a horde's wave reads as one.
pub fn fold_moves(lines: Vec<LogLine>) -> Vec<LogLine> {
    const FOLDED: usize = 4;
    let mut out: Vec<LogLine> = Vec::with_capacity(lines.len());
    let mut run: Vec<LogLine> = Vec::new();
    let flush = |run: &mut Vec<LogLine>, out: &mut Vec<LogLine>| {
        if run.len() >= FOLDED {
            let who = |l: &LogLine| l.text.trim_end_matches(" moves").to_string();
            out.push(LogLine {
                side: run[0].side,
                text: format!(
                    "{} … {} move ({} models)",
                    who(&run[0]),
                    who(&run[run.len() - 1]),
                    run.len()
                ),
                die: false,
                clause: None,
            });
            run.clear();
        } else {
            out.append(run);
        }
    };
    for l in lines {
        let a_move = plain_move(&l);
        if !(a_move && run.last().is_none_or(|r| r.side == l.side)) {
            flush(&mut run, &mut out);
        }
        if a_move {
            run.push(l);
        } else {
            out.push(l);
        }
    }
    flush(&mut run, &mut out);
    out
}

/// `text` with the engines' "Side A" and "side B" put as the sides' army names.
pub fn sides_named(text: &str, names: [&str; 2]) -> String {
    let mut out = text.to_string();
    for (letter, name) in ["A", "B"].into_iter().zip(names) {
        for side in ["Side ", "side "] {
            out = out.replace(&format!("{side}{letter}"), name);
        }
    }
    out
}

/// `text` with every "`word` N" (an engine's "unit 3") put as `name(N)`.
pub fn ids_named(text: &str, word: &str, name: &dyn Fn(ModelId) -> String) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let after = &rest[at + word.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        out.push_str(&rest[..at]);
        match after[..digits].parse() {
            Ok(id) => out.push_str(&name(id)),
            Err(_) => out.push_str(word),
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// The side of model `id` on the table, if there is such a model.
fn model_side(world: &World, id: ModelId) -> Option<Side> {
    let e = world.resource::<ModelIndex>().entity(id)?;
    world.get::<Team>(e).map(|t| t.0)
}

/// The fields that say whom a ruleset's event concerns, its first of them deciding: a
/// `side`, or a model (`model`, `unit`, `attacker`, `shooter`, `caster`, `aider`).
const CONCERNS: [&str; 7] = [
    "side:",
    "model:",
    "unit:",
    "attacker:",
    "shooter:",
    "caster:",
    "aider:",
];

/// The side a ruleset's event concerns, read from its fields as it is recorded (so an
/// event added later is coloured without a line here); None when it names neither.
pub fn event_side<E: serde::Serialize>(
    e: &E,
    side_of: &dyn Fn(ModelId) -> Option<Side>,
) -> Option<Side> {
    let text = ron::to_string(e).ok()?;
    let (at, key) = CONCERNS
        .iter()
        .filter_map(|k| {
            let open = text.find(&format!("({k}"));
            let next = text.find(&format!(",{k}"));
            open.into_iter().chain(next).min().map(|i| (i, *k))
        })
        .min()?;
    let value = &text[at + 1 + key.len()..];
    if key == "side:" {
        return match value.as_bytes().first() {
            Some(b'A') => Some(Side::A),
            Some(b'B') => Some(Side::B),
            _ => None,
        };
    }
    let digits = value.bytes().take_while(u8::is_ascii_digit).count();
    side_of(ModelId(value[..digits].parse().ok()?))
}

/// The side a table entry concerns: who sent the command, who won.
pub fn entry_side<C, E>(e: &Entry<C, E>) -> Option<Side> {
    match e {
        Entry::Accepted { side, .. } | Entry::Refused { side, .. } => Some(*side),
        Entry::BattleEnded { winner, .. } => *winner,
        Entry::Die(_) | Entry::Placed { .. } | Entry::Rules(_) => None,
    }
}

/// The log panel: its heading with the filters, then the lines; a die's line links to
/// its clause's rules (the clause clicked, if one was).
pub fn show(ui: &mut egui::Ui, lines: &[LogLine], filter: &mut LogFilter) -> Option<String> {
    let mut asked = None;
    ui.horizontal(|ui| {
        ui.strong("Battle log");
        for side in Side::BOTH {
            ui.checkbox(
                &mut filter.show[side.index()],
                egui::RichText::new(side.lowercase().to_uppercase())
                    .color(palette::side_egui(side)),
            );
        }
        ui.checkbox(&mut filter.dice, "dice");
    });
    ui.separator();
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for l in lines {
                let colour = l.side.map_or(ui.visuals().text_color(), palette::side_egui);
                let text = egui::RichText::new(&l.text)
                    .color(colour)
                    .text_style(crate::game::theme::log_style());
                match &l.clause {
                    Some(c) => {
                        let line = egui::Label::new(text).sense(egui::Sense::click());
                        if ui
                            .add(line)
                            .on_hover_text(format!("{c} — click for its rules"))
                            .clicked()
                        {
                            asked = Some(c.clone());
                        }
                    }
                    None => {
                        ui.label(text);
                    }
                }
            }
        });
    asked
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_rules::{Clause, Die, DieRoll};

    type E = Entry<u8, u32>;

    fn words(e: &E) -> Option<LogLine> {
        Some(LogLine {
            side: entry_side(e),
            text: match e {
                Entry::Rules(n) => format!("event {n}"),
                Entry::Die(d) => format!("die {}", d.value),
                _ => "command".into(),
            },
            die: e.die().is_some(),
            clause: None,
        })
    }

    fn die(value: u8) -> E {
        Entry::Die(DieRoll {
            die: Die::D6,
            value,
            purpose: "test".into(),
            clause: Clause::new("test"),
            need: None,
        })
    }

    #[derive(serde::Serialize)]
    enum Ev {
        Started { turn: u32 },
        Hit { target: ModelId, attacker: ModelId },
        Broke { round: u32, side: Side },
        Moved { model: ModelId },
    }

    /// The log is worded again only when an entry is added or the filter changes.
    #[test]
    fn the_words_are_kept_until_the_log_or_the_filter_changes() {
        let mut cache = LineCache::default();
        let made = std::cell::Cell::new(0);
        let make = || {
            made.set(made.get() + 1);
            Vec::new()
        };
        let mut filter = LogFilter::default();
        cache.get(5, &filter, make);
        cache.get(5, &filter, make);
        assert_eq!(made.get(), 1);
        cache.get(6, &filter, make);
        filter.dice = true;
        cache.get(6, &filter, make);
        assert_eq!(made.get(), 3);
    }

    #[test]
    fn a_waves_moves_are_one_line() {
        let line = |side, text: &str| LogLine {
            side: Some(side),
            text: text.into(),
            die: false,
            clause: None,
        };
        let mut lines: Vec<LogLine> = (1..=5)
            .map(|i| line(Side::B, &format!("Goblin #{i} moves")))
            .collect();
        lines.push(line(Side::A, "Elf #9 moves"));
        lines.push(line(Side::A, "Elf #9 shoots at Goblin #2: hits"));
        let folded: Vec<String> = fold_moves(lines).into_iter().map(|l| l.text).collect();
        assert_eq!(
            folded,
            [
                "Goblin #1 … Goblin #5 move (5 models)",
                "Elf #9 moves",
                "Elf #9 shoots at Goblin #2: hits"
            ]
        );
    }

    #[test]
    fn a_side_is_named_by_its_army() {
        let names = ["Border knights", "Orc warhost"];
        assert_eq!(
            sides_named("Side B takes priority over side A", names),
            "Orc warhost takes priority over Border knights"
        );
        assert_eq!(sides_named("Sidereal", names), "Sidereal");
    }

    #[test]
    fn an_engines_ids_are_put_as_names() {
        let name = |id: ModelId| format!("Knights #{id}");
        assert_eq!(
            ids_named("unit 1 is in the way of unit 12", "unit ", &name),
            "Knights #1 is in the way of Knights #12"
        );
        assert_eq!(ids_named("no unit here", "unit ", &name), "no unit here");
        assert_eq!(ids_named("a unit x", "unit ", &name), "a unit x");
    }

    /// A ruleset's event takes the side of the first model or side it names.
    #[test]
    fn an_event_is_coloured_by_the_side_it_concerns() {
        let side_of = |id: ModelId| Some(if id.0 < 10 { Side::A } else { Side::B });
        assert_eq!(event_side(&Ev::Started { turn: 3 }, &side_of), None);
        let hit = Ev::Hit {
            target: ModelId(4),
            attacker: ModelId(12),
        };
        assert_eq!(
            event_side(&hit, &side_of),
            Some(Side::B),
            "the attacker, not the target"
        );
        let broke = Ev::Broke {
            round: 2,
            side: Side::A,
        };
        assert_eq!(event_side(&broke, &side_of), Some(Side::A));
        assert_eq!(
            event_side(&Ev::Moved { model: ModelId(3) }, &side_of),
            Some(Side::A)
        );
        assert_eq!(
            event_side(&Ev::Moved { model: ModelId(3) }, &|_| None),
            None
        );
    }

    #[test]
    fn the_newest_lines_are_shown_oldest_first() {
        let events: Vec<E> = (1..=1000).map(Entry::Rules).collect();
        let lines = newest_lines(&events, &LogFilter::default(), SHOWN, |_, e| words(e));
        assert_eq!(lines.len(), SHOWN);
        assert_eq!(lines[0].text, "event 601");
        assert_eq!(lines[SHOWN - 1].text, "event 1000");
    }

    #[test]
    fn dice_and_a_side_are_left_out_when_the_filter_says() {
        let events: Vec<E> = vec![
            Entry::Accepted {
                side: Side::A,
                command: 1,
            },
            die(4),
            Entry::Refused {
                side: Side::B,
                command: 2,
                reason: "no".into(),
            },
        ];
        let all = LogFilter {
            show: [true, true],
            dice: true,
        };
        let every = newest_lines(&events, &all, 10, |_, e| words(e));
        assert_eq!(every.len(), 3);
        // A die's line carries its clause, for the rules it links to; no other line does.
        let clauses: Vec<Option<&str>> = every.iter().map(|l| l.clause.as_deref()).collect();
        assert_eq!(clauses, [None, Some("test"), None]);
        let no_b = LogFilter {
            show: [true, false],
            dice: false,
        };
        let kept = newest_lines(&events, &no_b, 10, |_, e| words(e));
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].side, Some(Side::A));
    }
}
