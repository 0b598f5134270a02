//! What the host says of the battle beyond its moves: a saved battle it plays on, and
//! the computer players it seats.

use super::NetPlay;
use warband_rules::Side;
use warband_table::sim::Contest;

impl<R: Contest> NetPlay<R> {
    /// Whether the host plays a saved battle on (its commands come once every seat is
    /// taken), rather than a new one.
    pub fn resumed(&self) -> bool {
        matches!(
            self.client.welcome.seeding,
            warband_net::msg::Seeding::Resumed { .. }
        )
    }

    /// This hosted battle's own name, drawn by its host.
    pub fn battle(&self) -> &str {
        &self.client.welcome.battle
    }

    /// The computer player the host plays `side` with, where the host says so.
    pub fn computer_at_host(&self, side: Side) -> Option<warband_table::player::PlayerKind> {
        self.client.welcome.played_by.and_then(|p| p[side.index()])
    }

    /// The commands of a saved battle played on that the session has still to take:
    /// a spectator is shown them at once, not at the watch pace.
    pub fn saved_unshown(&self) -> usize {
        let saved = self.client.welcome.seeding.saved();
        usize::try_from(saved).map_or(0, |s| s.saturating_sub(self.applied))
    }
}
