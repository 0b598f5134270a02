//! A run of one side's plain moves (or holds) told as one line, and a line said again
//! at once counted on itself: how the log panel keeps a horde's wave to a line.

use super::plain_act;
use crate::game::desk::LogLine;

/// Lines with each run of one side's plain moves (or holds) told as one line once it
/// is [`FOLDED`] long: "Goblin #12 … Goblin #511 move (500 models)" — a horde's wave
/// reads as one. Lines are added one at a time, newest last.
#[derive(Default)]
pub(super) struct Folded {
    /// The lines before the run, oldest first.
    pub(super) done: Vec<LogLine>,
    /// The run of plain moves (or holds) at the end, and the one line it is told as.
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
pub(super) fn named_few(names: impl ExactSizeIterator<Item = String>) -> String {
    let more = names.len().saturating_sub(NAMED);
    let mut out = names.take(NAMED).collect::<Vec<_>>().join(", ");
    if more > 0 {
        out.push_str(&format!(" and {more} more"));
    }
    out
}

impl Folded {
    pub(super) fn push(&mut self, l: LogLine) {
        let act = plain_act(&l).map(|(verb, _)| verb);
        let same = |r: &LogLine| r.side == l.side && plain_act(r).map(|(verb, _)| verb) == act;
        if !(act.is_some() && self.run.last().is_none_or(same)) {
            self.flush();
        }
        let Some(verb) = act else {
            self.said(l);
            return;
        };
        self.again = None;
        self.run.push(l);
        self.run_line = (self.run.len() >= FOLDED).then(|| {
            let who = |l: &LogLine| plain_act(l).map_or("", |(_, who)| who).to_string();
            let (first, last) = (&self.run[0], &self.run[self.run.len() - 1]);
            LogLine {
                side: first.side,
                text: format!(
                    "{} … {} {verb} ({} models)",
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
    pub(super) fn flush(&mut self) {
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
    pub(super) fn trim(&mut self, keep: usize) {
        if self.done.len() > 2 * keep {
            self.done.drain(..self.done.len() - keep);
        }
    }

    /// The newest `max` lines, oldest first.
    pub(super) fn newest(&self, max: usize) -> impl Iterator<Item = &LogLine> {
        let tail = match &self.run_line {
            Some(folded) => std::slice::from_ref(folded),
            None => &self.run[..],
        };
        let skip = (self.done.len() + tail.len()).saturating_sub(max);
        self.done.iter().chain(tail).skip(skip)
    }
}
