//! Who sits at each side of the battle on the table: whose part a person at this
//! machine must play now, whose side is theirs, and what the panel says while others act.

use super::{Controller, GameSession};
use warband_rules::Side;
use warband_table::sim::Contest;

impl<R: Contest> GameSession<R> {
    /// The side a person must act for now, if any (in a network battle, once the host
    /// has answered your last command).
    pub fn human_turn(&self) -> Option<Side> {
        let answered = self.net.as_ref().is_none_or(|n| !n.pending());
        self.person_awaited().filter(|_| answered)
    }

    /// The side a person's keys act for: [`Self::human_turn`]'s, and none while a
    /// question stands over the table (leave the battle?).
    pub fn keys_turn(&self) -> Option<Side> {
        self.human_turn().filter(|_| !self.asking)
    }

    /// The side awaited of a person at this machine, if any: in a network battle your
    /// seat, whether or not the host has answered your last command yet.
    pub(super) fn person_awaited(&self) -> Option<Side> {
        if self.replay.is_some() {
            return None;
        }
        if let Some(net) = &self.net {
            let playing = net.in_play();
            return self
                .engine
                .awaiting()
                .filter(|s| net.seat() == Some(*s) && playing);
        }
        self.engine
            .awaiting()
            .filter(|s| self.controllers[s.index()] == Controller::Human)
    }

    /// Whether the side awaited is played on another machine (a network battle).
    pub fn remote_awaited(&self) -> bool {
        self.engine
            .awaiting()
            .is_some_and(|s| self.controllers[s.index()] == Controller::Remote)
    }

    /// A network battle that has not started: the host waits for every seat to be
    /// taken (the battle on the table is only its setup).
    pub fn net_waiting(&self) -> bool {
        self.net
            .as_ref()
            .is_some_and(|n| n.state == crate::game::net::NetState::Waiting)
    }

    /// A network battle played on from a save.
    pub fn saved_battle_hosted(&self) -> bool {
        self.net.as_ref().is_some_and(|n| n.resumed())
    }

    /// What a network battle waits for before it starts, in words: a saved battle
    /// hosted again goes on from where it was saved.
    pub fn starts_when(&self) -> &'static str {
        if self.saved_battle_hosted() {
            "the saved battle goes on from where it stood once every seat is taken"
        } else {
            "the battle starts once every seat is taken"
        }
    }

    /// What the panel says while you wait: who is acting, when it is not you.
    pub fn others_acting(&self) -> &'static str {
        if self.engine.outcome().is_some() {
            "The battle is over."
        } else if self.net_waiting() && self.saved_battle_hosted() {
            "The saved battle goes on from where it stood once every seat is taken: waiting for the other player to join…"
        } else if self.net_waiting() {
            "The battle starts once every seat is taken: waiting for the other player to join…"
        } else if self.net.as_ref().is_some_and(|n| n.pending()) {
            "Sending your command to the host…"
        } else if let Some(words) = self
            .net
            .as_ref()
            .and_then(|n| n.stalled(self.engine.awaiting()))
        {
            words
        } else if self.net.is_some() && self.watching() {
            "You are watching: the players are acting…"
        } else if self.remote_awaited() || self.net.is_some() {
            "The other player is acting…"
        } else if self.watching() {
            "The computer players are acting."
        } else {
            "The computer is playing its part of the phase…"
        }
    }

    /// Whether this window joined a network battle another hosts (its host's to keep).
    pub fn joined(&self) -> bool {
        self.net.as_ref().is_some_and(|n| n.hosting.is_none())
    }

    /// The one side a person at this machine plays (your seat in a network battle);
    /// None when watching, or when people play both sides at this machine.
    pub fn own_side(&self) -> Option<Side> {
        if let Some(net) = &self.net {
            return net.seat();
        }
        if self.replay.is_some() {
            return None;
        }
        let mut people = Side::BOTH
            .into_iter()
            .filter(|s| self.controllers[s.index()] == Controller::Human);
        match (people.next(), people.next()) {
            (Some(side), None) => Some(side),
            _ => None,
        }
    }

    pub fn watching(&self) -> bool {
        if let Some(net) = &self.net {
            return net.seat().is_none();
        }
        self.replay.is_some() || self.controllers.iter().all(|c| *c != Controller::Human)
    }
}
