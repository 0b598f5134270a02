//! The battle log panel of every ruleset: newest last, coloured by the side each line
//! concerns, filterable by side, with the dice hidden unless asked for.

use crate::game::desk::{Desk, LogLine};
use crate::game::palette;
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_rules::Side;
use warband_table::components::ModelId;
use warband_table::components::Team;
use warband_table::engine::ModelIndex;
use warband_table::log::Entry;
use warband_table::scenario::Setup;

/// The lines of the log a player asked to see.
#[derive(Resource, Clone, Debug, PartialEq)]
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

/// The log's lines as the panel shows them, kept from frame to frame: each entry is put
/// in words once, when it is logged (a battle of a thousand bases logs every frame), and
/// the newest lines of the whole log are worded again only when the filter changes, the
/// session's engine is made again (a seek along the timeline, a network resync: its log
/// may not go on from the old one), or more entries came at once than the panel shows.
#[derive(Resource, Default)]
pub struct LineCache {
    /// The session's count of engines made, and the filter, the lines were worded under.
    key: Option<(u32, LogFilter)>,
    /// Entries worded so far.
    seen: usize,
    lines: Folded,
}

impl LineCache {
    /// Brings the lines up to the log of `session` under `filter`.
    pub fn update<R: Desk>(&mut self, session: &GameSession<R>, filter: &LogFilter) {
        let len = session.engine.log().events.len();
        self.update_with(session.remade, len, filter, |from| {
            panel_lines(session, filter, from)
        });
    }

    /// Brings the lines up to a log of `len` entries of the `remade`-th engine under
    /// `filter`: `make(from)` words the newest lines of the entries from `from` on.
    fn update_with(
        &mut self,
        remade: u32,
        len: usize,
        filter: &LogFilter,
        make: impl FnOnce(usize) -> Vec<LogLine>,
    ) {
        let key = Some((remade, filter.clone()));
        // Past SHOWN new entries, their newest lines may not reach back to what was
        // worded: the newest lines of the whole log are the panel's then.
        if self.key != key || len < self.seen || len - self.seen > SHOWN {
            *self = Self {
                key,
                ..Self::default()
            };
        }
        if len > self.seen {
            make(self.seen).into_iter().for_each(|l| self.lines.push(l));
            self.lines.trim(SHOWN);
            self.seen = len;
        }
    }

    /// The newest [`SHOWN`] lines, oldest first.
    pub fn lines(&self) -> impl Iterator<Item = &LogLine> {
        self.lines.newest(SHOWN)
    }
}

/// The lines the panel shows of `session`'s log entries from `from` on: the ruleset's
/// words, the sides named by their armies.
pub fn panel_lines<R: Desk>(
    session: &GameSession<R>,
    filter: &LogFilter,
    from: usize,
) -> Vec<LogLine> {
    // Before a network battle starts, nothing on the table is yet the battle's.
    if session.net_waiting() {
        return Vec::new();
    }
    let armies = session.setup.armies();
    let names = [armies.a.name.as_str(), armies.b.name.as_str()];
    let mut lines = R::log_lines(session, filter, from);
    for l in &mut lines {
        l.text = sides_named(&l.text, names);
    }
    lines
}

/// Lines with each run of one side's plain moves told as one line once it is
/// [`FOLDED`] long: "Goblin #12 … Goblin #511 move (500 models)" — a horde's wave
/// reads as one. Lines are added one at a time, newest last.
#[derive(Default)]
struct Folded {
    /// The lines before the run, oldest first.
    done: Vec<LogLine>,
    /// The run of plain moves at the end, and the one line it is told as.
    run: Vec<LogLine>,
    run_line: Option<LogLine>,
    /// The newest line's own words and how many times in a row they were said: a
    /// repeat is told on that line, "Orc warboss moves ahead 2.0\" (×3)".
    again: Option<(String, usize)>,
}

/// The fewest plain moves of one side in a row told as one line.
const FOLDED: usize = 4;

impl Folded {
    fn push(&mut self, l: LogLine) {
        let a_move = plain_move(&l);
        if !(a_move && self.run.last().is_none_or(|r| r.side == l.side)) {
            self.flush();
        }
        if !a_move {
            self.said(l);
            return;
        }
        self.again = None;
        self.run.push(l);
        self.run_line = (self.run.len() >= FOLDED).then(|| {
            let who = |l: &LogLine| l.text.trim_end_matches(" moves").to_string();
            let (first, last) = (&self.run[0], &self.run[self.run.len() - 1]);
            LogLine {
                side: first.side,
                text: format!(
                    "{} … {} move ({} models)",
                    who(first),
                    who(last),
                    self.run.len()
                ),
                die: false,
                clause: None,
            }
        });
    }

    /// A line that is not a plain move: a repeat of the line before it (same words,
    /// same side, not a die) is counted on that line.
    fn said(&mut self, l: LogLine) {
        if let (Some((words, n)), Some(last)) = (&mut self.again, self.done.last_mut())
            && !l.die
            && last.side == l.side
            && *words == l.text
        {
            *n += 1;
            last.text = format!("{words} (×{n})");
            return;
        }
        self.again = (!l.die).then(|| (l.text.clone(), 1));
        self.done.push(l);
    }

    /// Ends the run of moves: told as one line, or each on its own when it is short.
    fn flush(&mut self) {
        if !self.run.is_empty() {
            self.again = None;
        }
        match self.run_line.take() {
            Some(folded) => {
                self.done.push(folded);
                self.run.clear();
            }
            None => self.done.append(&mut self.run),
        }
    }

    /// Lets go of all but the newest `keep` lines before the run, once there are twice
    /// as many.
    fn trim(&mut self, keep: usize) {
        if self.done.len() > 2 * keep {
            self.done.drain(..self.done.len() - keep);
        }
    }

    /// The newest `max` lines, oldest first.
    fn newest(&self, max: usize) -> impl Iterator<Item = &LogLine> {
        let tail = match &self.run_line {
            Some(folded) => std::slice::from_ref(folded),
            None => &self.run[..],
        };
        let skip = (self.done.len() + tail.len()).saturating_sub(max);
        self.done.iter().chain(tail).skip(skip)
    }
}

/// The most lines the panel holds: the newest (the whole log is in the save).
pub const SHOWN: usize = 400;

/// The newest `max` lines the filter lets through of the entries from `from` on,
/// oldest first, each entry put in words by `line` from its place in the log (None:
/// nothing worth a line). A die is left out before it is put in words when dice are
/// hidden.
pub fn newest_lines<C, E>(
    events: &[Entry<C, E>],
    from: usize,
    max: usize,
    filter: &LogFilter,
    line: impl Fn(usize, &Entry<C, E>) -> Option<LogLine>,
) -> Vec<LogLine> {
    // A run of one side's plain moves will be told as one line (`Folded`), and so will
    // a line said again at once: each counts as one of the `max`.
    let mut lines = 0;
    let mut run_of: Option<Option<Side>> = None;
    let mut newer: Option<(Option<Side>, String)> = None;
    let mut out: Vec<LogLine> = events
        .iter()
        .enumerate()
        .skip(from)
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
            let said = !plain && !l.die;
            let again = said
                && newer
                    .as_ref()
                    .is_some_and(|(s, t)| *s == l.side && *t == l.text);
            if !again && (!plain || run_of != Some(l.side)) {
                lines += 1;
            }
            run_of = plain.then_some(l.side);
            newer = said.then(|| (l.side, l.text.clone()));
            lines <= max
        })
        .collect();
    out.reverse();
    out
}

/// The newest lines of a log's entries from `from` on, which `words` puts in words (from
/// their place), each with the side that sent its command or won.
pub fn worded_lines<C, E: serde::Serialize>(
    world: &World,
    events: &[Entry<C, E>],
    from: usize,
    filter: &LogFilter,
    words: impl Fn(usize, &Entry<C, E>) -> Option<String>,
) -> Vec<LogLine> {
    let side_of = |id: ModelId| model_side(world, id);
    newest_lines(events, from, SHOWN, filter, |i, e| {
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

/// Why a battle ended, with each side's bare letter ("A has no model able to fight",
/// "A removed 10 HD, B removed 2 HD", "B's player did not come back") said as "side A",
/// which [`sides_named`] then names. An engine's reason uses the letters for nothing
/// else.
pub fn sided(reason: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for word in reason.split(' ') {
        let letter = word.trim_end_matches([',', ':', ';', '.']);
        let letter = letter.strip_suffix("'s").unwrap_or(letter);
        let after_side = out.last().is_some_and(|w| w.eq_ignore_ascii_case("side"));
        if matches!(letter, "A" | "B") && !after_side {
            out.push(format!("side {word}"));
        } else {
            out.push(word.to_string());
        }
    }
    out.join(" ")
}

/// `text` with the engines' "Side A" and "side B" put as the sides' army names, and a
/// side's letter that ends it ("initiative A") too.
pub fn sides_named(text: &str, names: [&str; 2]) -> String {
    let mut out = text.to_string();
    for (letter, name) in ["A", "B"].into_iter().zip(names) {
        for side in ["Side ", "side "] {
            out = out.replace(&format!("{side}{letter}"), name);
        }
        if let Some(head) = out.strip_suffix(&format!(" {letter}")) {
            out = format!("{head} {name}");
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
pub fn show<'a>(
    ui: &mut egui::Ui,
    lines: impl Iterator<Item = &'a LogLine>,
    filter: &mut LogFilter,
) -> Option<String> {
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
    let follow = Follow::load(ui);
    let out = egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let mut count = 0;
            for l in lines {
                count += 1;
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
            count
        });
    follow.after(ui, &out);
    asked
}

/// The log follows its newest line until the reader scrolls up (egui's stick to the
/// bottom); then a button over its foot says how many lines came since and brings the
/// reader back down to them.
#[derive(Clone, Copy, Default)]
struct Follow {
    /// The lines there were when the reader was last at the bottom.
    seen: usize,
}

impl Follow {
    fn id() -> egui::Id {
        egui::Id::new("battle_log_follow")
    }

    fn load(ui: &egui::Ui) -> Self {
        ui.data(|d| d.get_temp(Self::id())).unwrap_or_default()
    }

    fn after(mut self, ui: &mut egui::Ui, out: &egui::scroll_area::ScrollAreaOutput<usize>) {
        let bottom = out.state.offset.y + out.inner_rect.height() >= out.content_size.y - 4.0;
        if let Some(fresh) = self.unread(out.inner, bottom) {
            let words = match fresh {
                1 => "⬇ 1 new line".to_string(),
                n => format!("⬇ {n} new lines"),
            };
            let foot = out.inner_rect.center_bottom() - egui::vec2(0.0, 14.0);
            let at = egui::Rect::from_center_size(foot, egui::vec2(130.0, 22.0));
            if ui.put(at, egui::Button::new(words)).clicked() {
                // Stuck to the end again, as a new scroll area is: it goes to the newest
                // line next frame and follows the lines that come after.
                let mut state = egui::scroll_area::State::default();
                state.offset = out.state.offset;
                state.store(ui.ctx(), out.id);
                ui.ctx().request_repaint();
            }
        }
        ui.data_mut(|d| d.insert_temp(Self::id(), self));
    }

    /// The lines come since the reader left the bottom, where any have; a log that
    /// shrank (a filter, a new battle) starts the count again.
    fn unread(&mut self, count: usize, bottom: bool) -> Option<usize> {
        if bottom || count < self.seen {
            self.seen = count;
        }
        (count > self.seen).then(|| count - self.seen)
    }
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

    /// Each entry is worded once, when it is logged; the whole log again only when the
    /// filter changes, the log is shorter than what was worded, the engine was made
    /// again or more entries came at once than the panel shows.
    #[test]
    fn each_entry_is_worded_once_until_the_filter_or_the_log_turns_back() {
        let mut cache = LineCache::default();
        let asked = std::cell::RefCell::new(Vec::new());
        let make = |from: usize| {
            asked.borrow_mut().push(from);
            vec![line_of(Side::A, &format!("from {from}"))]
        };
        let mut filter = LogFilter::default();
        cache.update_with(0, 5, &filter, make);
        cache.update_with(0, 5, &filter, make);
        cache.update_with(0, 7, &filter, make);
        let texts: Vec<&str> = cache.lines().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["from 0", "from 5"]);
        filter.dice = true;
        cache.update_with(0, 7, &filter, make);
        cache.update_with(0, 3, &filter, make);
        // An engine made again (a seek, a resync), or more new entries than the panel
        // shows: the newest lines of the whole log.
        cache.update_with(1, 3, &filter, make);
        cache.update_with(1, 4, &filter, make);
        cache.update_with(1, 5 + SHOWN, &filter, make);
        assert_eq!(*asked.borrow(), [0, 5, 0, 0, 0, 3, 0]);
        assert_eq!(cache.lines().count(), 1);
    }

    fn line_of(side: Side, text: &str) -> LogLine {
        LogLine {
            side: Some(side),
            text: text.into(),
            die: false,
            clause: None,
        }
    }

    /// A wave's moves logged a few at a time fold as they would all at once, and the
    /// panel keeps only the newest lines.
    #[test]
    fn moves_logged_one_by_one_fold_as_a_wave() {
        let mut cache = LineCache::default();
        let filter = LogFilter::default();
        for i in 1..=6 {
            let l = line_of(Side::B, &format!("Goblin #{i} moves"));
            cache.update_with(0, i, &filter, |_| vec![l]);
        }
        let texts: Vec<&str> = cache.lines().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["Goblin #1 … Goblin #6 move (6 models)"]);
        for i in 7..=(7 + 3 * SHOWN) {
            let l = line_of(Side::A, &format!("line {i}"));
            cache.update_with(0, i, &filter, |_| vec![l]);
        }
        let texts: Vec<&str> = cache.lines().map(|l| l.text.as_str()).collect();
        assert_eq!(texts.len(), SHOWN);
        assert_eq!(texts[SHOWN - 1], format!("line {}", 7 + 3 * SHOWN));
        assert!(cache.lines.done.len() <= 2 * SHOWN);
    }

    #[test]
    fn a_waves_moves_are_one_line() {
        let line = line_of;
        let mut lines: Vec<LogLine> = (1..=5)
            .map(|i| line(Side::B, &format!("Goblin #{i} moves")))
            .collect();
        lines.push(line(Side::A, "Elf #9 moves"));
        lines.push(line(Side::A, "Elf #9 shoots at Goblin #2: hits"));
        let mut folded = Folded::default();
        lines.into_iter().for_each(|l| folded.push(l));
        let folded: Vec<&str> = folded.newest(SHOWN).map(|l| l.text.as_str()).collect();
        assert_eq!(
            folded,
            [
                "Goblin #1 … Goblin #5 move (5 models)",
                "Elf #9 moves",
                "Elf #9 shoots at Goblin #2: hits"
            ]
        );
    }

    /// A line said again at once is counted on it; the same words after another line,
    /// or from the other side, or a die, stand on their own.
    #[test]
    fn a_line_said_again_is_counted() {
        let line = line_of;
        let turn = "Orc warboss moves ahead 2.0\"";
        let mut lines = vec![
            line(Side::B, turn),
            line(Side::B, turn),
            line(Side::B, turn),
        ];
        lines.push(line(Side::A, turn));
        lines.push(line(Side::A, "Elf #9 holds"));
        lines.push(line(Side::A, turn));
        let mut die = line(Side::A, "d6 = 3");
        die.die = true;
        lines.extend([die.clone(), die]);
        let mut folded = Folded::default();
        lines.into_iter().for_each(|l| folded.push(l));
        let folded: Vec<&str> = folded.newest(SHOWN).map(|l| l.text.as_str()).collect();
        let thrice = format!("{turn} (×3)");
        assert_eq!(
            folded,
            [
                thrice.as_str(),
                turn,
                "Elf #9 holds",
                turn,
                "d6 = 3",
                "d6 = 3"
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
        let ended = |r: &str| sides_named(&sided(r), names);
        assert_eq!(
            ended("round limit 12 reached: A removed 10 HD, B removed 2 HD"),
            "round limit 12 reached: Border knights removed 10 HD, Orc warhost removed 2 HD"
        );
        assert_eq!(
            ended("B's player did not come back within 120 s"),
            "Orc warhost's player did not come back within 120 s"
        );
        assert_eq!(
            ended("side A has no model in play"),
            "Border knights has no model in play"
        );
        assert_eq!(sides_named("initiative B", names), "initiative Orc warhost");
        assert_eq!(
            sides_named("Plan B of A", names),
            "Plan B of Border knights"
        );
        let said = |side, words| sides_named(&crate::game::hud::said_by(side, words), names);
        assert_eq!(
            said(Side::A, "ends its step"),
            "Border knights ends its step"
        );
        assert_eq!(
            said(Side::B, "Orc #3 shoots at Elf #1"),
            "Orc #3 shoots at Elf #1"
        );
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
    fn lines_come_while_scrolled_up_are_counted_until_the_bottom() {
        let mut f = Follow::default();
        assert_eq!(f.unread(10, true), None);
        assert_eq!(f.unread(10, false), None, "scrolled up, nothing new");
        assert_eq!(f.unread(13, false), Some(3));
        assert_eq!(f.unread(14, false), Some(4));
        assert_eq!(f.unread(14, true), None, "back at the bottom");
        assert_eq!(f.unread(16, false), Some(2));
        assert_eq!(f.unread(5, false), None, "a shorter log starts again");
        assert_eq!(f.unread(7, false), Some(2));
    }

    /// One frame of the log panel alone, 300 × 200 points, at `time` seconds.
    fn log_frame(ctx: &egui::Context, n: usize, time: f64, events: Vec<egui::Event>) {
        let lines: Vec<LogLine> = (0..n)
            .map(|i| line_of(Side::A, &format!("line {i}")))
            .collect();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(300.0, 200.0),
            )),
            time: Some(time),
            events,
            ..Default::default()
        };
        let mut out = ctx.run_ui(input, |ui| {
            show(ui, lines.iter(), &mut LogFilter::default());
        });
        out.textures_delta.clear();
    }

    fn unread_in(ctx: &egui::Context, n: usize) -> Option<usize> {
        let mut f: Follow = ctx.data(|d| d.get_temp(Follow::id())).unwrap_or_default();
        f.unread(n, false)
    }

    #[test]
    fn the_new_lines_button_brings_the_reader_back_down() {
        let ctx = egui::Context::default();
        crate::game::theme::put_on(&ctx);
        let mut t = 0.0;
        for _ in 0..3 {
            t += 0.1;
            log_frame(&ctx, 40, t, vec![]);
        }
        let wheel = egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, 400.0),
            modifiers: egui::Modifiers::NONE,
            phase: egui::TouchPhase::Move,
        };
        log_frame(
            &ctx,
            40,
            t + 0.1,
            vec![egui::Event::PointerMoved(egui::pos2(150.0, 120.0)), wheel],
        );
        for i in 0..20 {
            log_frame(&ctx, 45, t + 0.2 + f64::from(i) * 0.1, vec![]);
        }
        assert_eq!(unread_in(&ctx, 45), Some(5), "scrolled up, five lines came");
        let at = egui::pos2(150.0, 186.0);
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        log_frame(&ctx, 45, t + 2.1, vec![egui::Event::PointerMoved(at)]);
        log_frame(&ctx, 45, t + 2.2, vec![button(true)]);
        log_frame(&ctx, 45, t + 2.3, vec![button(false)]);
        // Lines keep coming, one a frame, as the reader goes back down.
        for i in 0..20 {
            log_frame(&ctx, 46 + i, t + 3.0 + i as f64 * 0.1, vec![]);
        }
        assert_eq!(
            unread_in(&ctx, 65),
            None,
            "back at the bottom, and following"
        );
    }

    #[test]
    fn the_newest_lines_are_shown_oldest_first() {
        let events: Vec<E> = (1..=1000).map(Entry::Rules).collect();
        let lines = newest_lines(&events, 0, SHOWN, &LogFilter::default(), |_, e| words(e));
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
        let every = newest_lines(&events, 0, 10, &all, |_, e| words(e));
        assert_eq!(every.len(), 3);
        // A die's line carries its clause, for the rules it links to; no other line does.
        let clauses: Vec<Option<&str>> = every.iter().map(|l| l.clause.as_deref()).collect();
        assert_eq!(clauses, [None, Some("test"), None]);
        let no_b = LogFilter {
            show: [true, false],
            dice: false,
        };
        let kept = newest_lines(&events, 0, 10, &no_b, |_, e| words(e));
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].side, Some(Side::A));
    }
}
