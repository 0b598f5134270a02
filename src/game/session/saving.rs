//! A battle on screen written down: a save of it (a replay's own commands, where it is
//! one), and a new battle from where a replay stands.

use super::{Controller, GameSession, Launch};
use warband_rules::Side;
use warband_table::salts::Salts;
use warband_table::save::Save;
use warband_table::sim::Contest;

impl<R: Contest> GameSession<R> {
    /// A new battle from where the replay (or a battle watched live, at one machine)
    /// stands: its commands so far are played again, then these controllers carry on.
    pub fn play_on_from_here(&mut self, controllers: [Controller; 2]) -> Option<Launch<R>> {
        if self.replay_at().is_none() && self.net.is_some() {
            return None;
        }
        Some(Launch::Resume {
            save: Box::new(self.save()),
            controllers,
            listed: false,
        })
    }

    /// The commands of the battle on the table and their dice salts: a replay's own as
    /// far as it stands, else every command sent (with a network battle's salts, or
    /// those of a network battle's save played on here).
    pub fn played(&self) -> (Vec<(Side, R::Command)>, Salts) {
        if let (Some(t), Some((at, _))) = (&self.timeline, self.replay_at()) {
            return (t.commands()[..at].to_vec(), t.salts().first(at));
        }
        let salts = self
            .net
            .as_ref()
            .map_or_else(|| self.salts.clone(), |n| n.salts(self.commands.len()));
        (self.commands.clone(), salts)
    }

    /// Who played each side of the battle on the table: a replay's as its save said
    /// (`None` where it did not), else this table's controllers (a remote player is
    /// saved as a person: playing the save on is a battle at one machine), a network
    /// battle's side the host's computer played as that computer player.
    pub fn played_by(&self) -> Option<[Controller; 2]> {
        // A network battle looked back along has a timeline too, and its own players.
        if self.timeline.is_some() && self.net.is_none() {
            return self.replayed_by.map(|p| p.map(Controller::seated));
        }
        Some(Side::BOTH.map(|s| {
            let here = self.controllers[s.index()];
            let computer = self.net.as_ref().and_then(|n| n.computer_at_host(s));
            match computer {
                Some(kind) if here == Controller::Remote => Controller::Ai(kind),
                _ => here,
            }
        }))
    }

    /// A save of the battle on the table as it stands (a replay's, as far as it stands).
    pub fn save(&mut self) -> Save<R> {
        let (commands, salts) = self.played();
        let mut save = Save::new(
            self.setup.clone(),
            self.seed,
            commands,
            self.engine.state_hash(),
        )
        .noting(&self.engine)
        .salted(&salts);
        save.players = self.played_by().map(|p| p.map(Controller::kind));
        // A replay saved short of a hand-over keeps only the players before it.
        let round = R::round(self.engine.world());
        save.earlier = self
            .earlier
            .iter()
            .filter(|(r, _)| *r <= round)
            .cloned()
            .collect();
        let agreed = match &self.net {
            Some(net) => net
                .finished
                .as_ref()
                .filter(|f| f.agreed)
                .map(|f| f.outcome.clone()),
            None => self.agreed.clone(),
        };
        // Agreed only where the table stands at the agreement (a replay, or a network
        // battle looked back along, saved short of its end was not yet conceded).
        save.agreed = agreed.filter(|a| self.engine.outcome() == Some(a));
        save
    }

    /// `side` gives the battle up: it ends at once, won by the other side, as a
    /// concession over the network ends one. Only a battle in play at this table, not
    /// a replay or a network battle (whose host is told instead).
    pub fn concede(&mut self, side: Side) {
        if self.replay.is_some() || self.net.is_some() || self.engine.outcome().is_some() {
            return;
        }
        let outcome = warband_table::engine::Outcome {
            winner: Some(side.other()),
            reason: format!("{side} conceded"),
        };
        self.engine.end_by_agreement(outcome.clone());
        self.agreed = Some(outcome);
        self.to_result = true;
    }

    /// The one side a person plays here against a computer, which may concede; none
    /// where both sides are people's (or both computers'), in a replay or a network
    /// battle, or once the battle is over.
    pub fn concedable(&self) -> Option<Side> {
        let live = self.net.is_none() && self.engine.outcome().is_none();
        self.own_side().filter(|_| live)
    }
}

#[cfg(test)]
mod tests;
