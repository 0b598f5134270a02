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

mod folded;
mod words;
use folded::Folded;
#[cfg(test)]
use folded::named_few;
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
            dice: true,
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
    /// Brings the lines up to the log of `session` under `filter`, as far as its first
    /// `settled` entries: those after them wait, as their dice still tumble in the tray
    /// (a watcher read a die's result before it landed).
    pub fn update<R: Desk>(
        &mut self,
        session: &GameSession<R>,
        filter: &LogFilter,
        settled: usize,
    ) {
        let len = session.engine.log().events.len().min(settled);
        self.update_with(session.remade, len, filter, |from| {
            panel_lines(session, filter, from..len)
        });
    }

    /// Brings the lines up to the first `len` entries of the `remade`-th engine's log
    /// under `filter`: `make(from)` words the newest lines of the entries from `from` up
    /// to `len`.
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

/// The lines the panel shows of `session`'s log `entries`: the ruleset's words, the
/// sides named by their armies.
pub fn panel_lines<R: Desk>(
    session: &GameSession<R>,
    filter: &LogFilter,
    entries: std::ops::Range<usize>,
) -> Vec<LogLine> {
    // Before a network battle starts, nothing on the table is yet the battle's.
    if session.net_waiting() {
        return Vec::new();
    }
    let armies = session.setup.armies();
    let names = [armies.a.name.as_str(), armies.b.name.as_str()];
    let mut lines = R::log_lines(session, filter, entries);
    for l in &mut lines {
        l.text = sides_named(&l.text, names);
    }
    lines
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
    // A run of one side's plain moves (or holds) will be told as one line (`Folded`),
    // and so will a line said again at once: each counts as one of the `max`.
    let mut lines = 0;
    let mut run_of: Option<(Option<Side>, &str)> = None;
    let mut newer: Option<(Option<Side>, String)> = None;
    let mut out: Vec<LogLine> = events
        .iter()
        .enumerate()
        .skip(from)
        .rev()
        .filter(|(_, e)| filter.dice || e.die().is_none())
        .filter_map(|(i, e)| {
            let mut l = line(i, e)?;
            if let Some(d) = e.die() {
                l.clause = Some(d.clause.as_str().to_string());
                l.side = l.side.or_else(|| explained_side(events, i, &line));
            }
            Some(l)
        })
        .filter(|l| filter.keeps(l))
        .take_while(|l| {
            let plain = plain_act(l).map(|(verb, _)| (l.side, verb));
            let said = plain.is_none() && !l.die;
            let again = said
                && newer
                    .as_ref()
                    .is_some_and(|(s, t)| *s == l.side && *t == l.text);
            if !again && (plain.is_none() || run_of != plain) {
                lines += 1;
            }
            run_of = plain;
            newer = said.then(|| (l.side, l.text.clone()));
            lines <= max
        })
        .collect();
    out.reverse();
    out
}

/// The side whose command the die at `i` was rolled for, for the log's filter: where
/// the nearest line before it that is not a die is that side's command (B's "attacks",
/// B's "shoots"), the die is hidden with B's lines. A die after any other line (a
/// round's heading before initiative, a morale check, a fight's outcome) may be either
/// side's, or both: it stays.
fn explained_side<C, E>(
    events: &[Entry<C, E>],
    i: usize,
    line: &impl Fn(usize, &Entry<C, E>) -> Option<LogLine>,
) -> Option<Side> {
    let j = (0..i)
        .rev()
        .take(EXPLAINED_WITHIN)
        .filter(|j| events[*j].die().is_none())
        .find(|j| line(*j, &events[*j]).is_some())?;
    match &events[j] {
        Entry::Accepted { side, .. } => Some(*side),
        _ => None,
    }
}

/// How far back a die's line is looked for (a volley's dice run to a few dozen).
const EXPLAINED_WITHIN: usize = 256;

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

/// A line that tells only that a model moved (how far, where it says) or held ("Orc #3
/// moves", "Orc #3 moves 3.5\"", "Kobold #25 holds"): the verb a run of them is told
/// with ("move", "hold"), and who. A side's "…, holds" at morale is no model's.
fn plain_act(l: &LogLine) -> Option<(&'static str, &str)> {
    if l.die {
        return None;
    }
    let inches = |s: &str| {
        s.strip_suffix('"')
            .is_some_and(|n| n.parse::<f32>().is_ok())
    };
    if let Some(who) = l.text.strip_suffix(" moves") {
        return Some(("move", who));
    }
    if let Some((who, far)) = l.text.rsplit_once(" moves ")
        && inches(far)
    {
        return Some(("move", who));
    }
    let who = l.text.strip_suffix(" holds")?;
    let (_, number) = who.rsplit_once(" #")?;
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then_some(("hold", who))
}

/// The log panel: its heading with the filters, then the lines; a die's line links to
/// its clause's rules (the clause clicked, if one was).
pub fn show<'a>(
    ui: &mut egui::Ui,
    lines: impl Iterator<Item = &'a LogLine>,
    filter: &mut LogFilter,
) -> Option<String> {
    let mut asked = None;
    // The filter the lines were made under (a box ticked now changes the next frame's).
    let made_under = (filter.show, filter.dice);
    // Wrapped: in a narrow window a row of fixed width would widen the panel's content
    // past the window's edge, and every line below with it (a play-tester's 640 × 480).
    ui.horizontal_wrapped(|ui| {
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
                // A die keeps the log's plain colour: its side only filters it.
                let colour = match l.side {
                    Some(side) if !l.die => palette::side_egui(side),
                    _ => ui.visuals().text_color(),
                };
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
    follow.after(ui, &out, made_under);
    asked
}

/// The log follows its newest line until the reader scrolls up (egui's stick to the
/// bottom); then a button over its foot says how many lines came since and brings the
/// reader back down to them.
#[derive(Clone, Copy, Default)]
struct Follow {
    /// The lines there were when the reader was last at the bottom.
    seen: usize,
    /// The filter they were counted under: another shows other lines, none of them new.
    filter: Option<([bool; 2], bool)>,
}

impl Follow {
    fn id() -> egui::Id {
        egui::Id::new("battle_log_follow")
    }

    fn load(ui: &egui::Ui) -> Self {
        ui.data(|d| d.get_temp(Self::id())).unwrap_or_default()
    }

    fn after(
        mut self,
        ui: &mut egui::Ui,
        out: &egui::scroll_area::ScrollAreaOutput<usize>,
        filter: ([bool; 2], bool),
    ) {
        let bottom = out.state.offset.y + out.inner_rect.height() >= out.content_size.y - 4.0;
        self.filtered(filter, out.inner);
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

    /// Counts afresh from `count` lines under another filter (a play-tester ticked B
    /// again and was told of 190 new lines).
    fn filtered(&mut self, filter: ([bool; 2], bool), count: usize) {
        if self.filter.replace(filter).is_some_and(|f| f != filter) {
            self.seen = count;
        }
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
