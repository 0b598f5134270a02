//! The session's side of a network battle: each frame, what the host committed is
//! played on the session's engine, with its dice salt, exactly as the peer played it.

use crate::game::session::GameSession;
use warband_table::engine::Engine;
use warband_table::save::salted_seed;
use warband_table::sim::Contest;

impl<R: Contest> GameSession<R> {
    /// Reads the host and plays what it committed since the last frame.
    pub(crate) fn advance_net(&mut self) {
        let Some(net) = self.net.as_mut() else {
            return;
        };
        net.poll();
        let start = net.take_start();
        let committed = net.take_committed();
        let refused = net.refused.take();
        let agreed = net
            .finished
            .as_ref()
            .filter(|f| f.agreed)
            .map(|f| f.outcome.clone());
        if let Some(seed) = start {
            self.begin_net_battle(seed);
        }
        for entry in committed {
            if let Some(salt) = entry.salt {
                self.engine
                    .reseed_dice(salted_seed(self.seed, entry.seq, salt));
            }
            self.commands.push((entry.side, entry.command.clone()));
            let _ = self.send(entry.side, entry.command);
        }
        if refused.is_some() {
            self.last_refusal = refused;
        }
        if let Some(outcome) = agreed
            && self.engine.outcome().is_none()
        {
            self.engine.end_by_agreement(outcome);
        }
    }

    /// The battle as the host started it, from its seed (again, after a resync).
    fn begin_net_battle(&mut self, seed: u64) {
        match Engine::<R>::new(&self.setup, seed) {
            Ok(engine) => {
                self.engine = engine;
                self.seed = seed;
                self.commands.clear();
                self.roll_start = 0;
            }
            Err(e) => self.last_refusal = Some(e),
        }
    }
}
