//! The battle log panel of every ruleset: newest last, coloured by the side each line
//! concerns, filterable by side, with the dice hidden unless asked for.

use crate::game::desk::LogLine;
use crate::game::palette;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_rules::Side;
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

/// The most lines the panel holds: the newest (the whole log is in the save).
pub const SHOWN: usize = 400;

/// The newest `max` lines the filter lets through, oldest first, each entry put in
/// words by `line` (None: nothing worth a line). A die is left out before it is put in
/// words when dice are hidden.
pub fn newest_lines<C, E>(
    events: &[Entry<C, E>],
    filter: &LogFilter,
    max: usize,
    line: impl Fn(&Entry<C, E>) -> Option<LogLine>,
) -> Vec<LogLine> {
    let mut out: Vec<LogLine> = events
        .iter()
        .rev()
        .filter(|e| filter.dice || e.die().is_none())
        .filter_map(line)
        .filter(|l| filter.keeps(l))
        .take(max)
        .collect();
    out.reverse();
    out
}

/// The newest lines of a log whose entries `words` puts in words, each with the side
/// that sent its command or won.
pub fn worded_lines<C, E>(
    events: &[Entry<C, E>],
    filter: &LogFilter,
    words: impl Fn(&Entry<C, E>) -> Option<String>,
) -> Vec<LogLine> {
    newest_lines(events, filter, SHOWN, |e| {
        Some(LogLine {
            side: entry_side(e),
            text: words(e)?,
            die: e.die().is_some(),
        })
    })
}

/// The side a table entry concerns: who sent the command, who won.
pub fn entry_side<C, E>(e: &Entry<C, E>) -> Option<Side> {
    match e {
        Entry::Accepted { side, .. } | Entry::Refused { side, .. } => Some(*side),
        Entry::BattleEnded { winner, .. } => *winner,
        Entry::Die(_) | Entry::Rules(_) => None,
    }
}

/// The log panel: its heading with the filters, then the lines.
pub fn show(ui: &mut egui::Ui, lines: &[LogLine], filter: &mut LogFilter) {
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
                let colour = l.side.map_or(egui::Color32::LIGHT_GRAY, palette::side_egui);
                ui.label(egui::RichText::new(&l.text).color(colour).size(12.5));
            }
        });
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

    #[test]
    fn the_newest_lines_are_shown_oldest_first() {
        let events: Vec<E> = (1..=1000).map(Entry::Rules).collect();
        let lines = newest_lines(&events, &LogFilter::default(), SHOWN, words);
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
        assert_eq!(newest_lines(&events, &all, 10, words).len(), 3);
        let no_b = LogFilter {
            show: [true, false],
            dice: false,
        };
        let kept = newest_lines(&events, &no_b, 10, words);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].side, Some(Side::A));
    }
}
