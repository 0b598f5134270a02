//! The battle log panel of every ruleset: newest last, coloured by the side each line
//! concerns, filterable by side, with the dice hidden unless asked for.

use crate::game::desk::{Desk, LogLine};
use crate::game::palette;
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_rules::Side;
use warband_table::components::ModelId;
use warband_table::log::Entry;
use warband_table::scenario::Setup;

mod words;
use words::model_side;
pub use words::*;

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

/// The most models a folded line's hover names: a horde's wave says how many more.
const NAMED: usize = 24;

/// Names joined with commas, the first [`NAMED`] of them, then how many more.
fn named_few(names: impl ExactSizeIterator<Item = String>) -> String {
    let more = names.len().saturating_sub(NAMED);
    let mut out = names.take(NAMED).collect::<Vec<_>>().join(", ");
    if more > 0 {
        out.push_str(&format!(" and {more} more"));
    }
    out
}

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
                detail: Some(named_few(self.run.iter().map(who))),
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
            detail: None,
        })
    })
}

/// A line that tells only that a model moved.
fn plain_move(l: &LogLine) -> bool {
    !l.die && l.text.ends_with(" moves")
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
                        let line = ui.label(text);
                        if let Some(d) = &l.detail {
                            line.on_hover_text(d);
                        }
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
mod tests;
