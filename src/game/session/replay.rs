//! A saved battle played back: its timeline, and the table moved along it.

use super::{Controller, GameSession};
use warband_table::engine::{Engine, Rules};
use warband_table::save::Save;
use warband_table::sim::Contest;
use warband_table::timeline::Timeline;

impl<R: Contest> GameSession<R> {
    /// A session that plays a save back, command by command, at the watch pace, and can
    /// move to any point of it.
    pub fn replay_of(save: &Save<R>) -> Result<Self, String> {
        let mut s = Self::new(save.setup.clone(), save.seed, [Controller::Human; 2])?;
        s.replayed_by = save.players;
        s.earlier = save.earlier.clone();
        let timeline =
            Timeline::salted(&save.setup, save.seed, save.commands.clone(), save.salts())?;
        // Its end from the timeline's last snapshot on, not a second whole replay.
        let mut end = timeline.at(timeline.len());
        save.conclude(&mut end);
        s.replay_differs = save.divergence(&end);
        s.agreed = save.agreed.clone();
        s.timeline = Some(timeline);
        s.seek(0);
        Ok(s)
    }

    /// How far into the replay the table stands: commands played of the whole.
    pub fn replay_at(&self) -> Option<(usize, usize)> {
        let t = self.timeline.as_ref()?;
        let left = self.replay.as_ref().map_or(0, Vec::len);
        Some((t.len() - left, t.len()))
    }

    /// Moves the replay to just after its first `at` commands (paused there); the rest
    /// plays on from it.
    pub fn seek(&mut self, at: usize) {
        let Some(t) = &self.timeline else { return };
        let at = at.min(t.len());
        self.engine = t.at(at);
        self.remade += 1;
        let mut rest = t.commands()[at..].to_vec();
        rest.reverse();
        self.replay = Some(rest);
        self.roll_start = last_roll(&self.engine);
        self.moved_before = self.replayed_moves();
        self.conclude_replay();
    }

    /// A replay at its last command ends as its battle was agreed to end (a
    /// concession), if it was: the table says so, as it did when the battle ended.
    pub(crate) fn conclude_replay(&mut self) {
        let at_end = self.replay.as_ref().is_some_and(Vec::is_empty);
        if let Some(outcome) = self.agreed.clone().filter(|_| at_end)
            && self.engine.outcome().is_none()
        {
            self.engine.end_by_agreement(outcome);
        }
    }
}

/// Where the latest roll of dice begins in a battle's log: after the last event that is
/// not a die, before the dice that follow it.
fn last_roll<R: Rules>(engine: &Engine<R>) -> usize {
    let events = &engine.log().events;
    let last_die = events.iter().rposition(|e| e.die().is_some());
    last_die.map_or(events.len(), |i| {
        events[..=i]
            .iter()
            .rposition(|e| e.die().is_none())
            .map_or(0, |j| j + 1)
    })
}
