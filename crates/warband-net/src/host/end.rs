//! The end of a hosted battle: every peer told how it ended and let go, and the
//! battle's save.

use super::{Host, Hosted};
use crate::msg::ToPeer;
use crate::transport::Link;
use std::time::{Duration, Instant};
use warband_table::engine::{Engine, Outcome, Rules};
use warband_table::salts::Salts;
use warband_table::save::Save;

impl<R: Rules> Host<R> {
    /// Ends the relay: tells every peer how the battle ended and lets them go.
    pub(super) fn finish(mut self) -> Hosted<R> {
        let mut engine = self.engine.take().expect("started");
        let outcome = engine.outcome().cloned().unwrap_or_else(|| Outcome {
            winner: None,
            reason: "the battle stopped".into(),
        });
        let agreed = self.agreed.is_some();
        self.broadcast(&ToPeer::Ended { outcome, agreed });
        self.let_go();
        self.stats.commands = self.entries.len() - self.saved();
        self.stats.seconds = self.started.map_or(0.0, |t| t.elapsed().as_secs_f64());
        let save = self.save(&mut engine);
        Hosted {
            engine,
            save,
            stats: std::mem::take(&mut self.stats),
        }
    }

    /// Closes every connection once what it has still to write is written, waiting a
    /// few seconds in all, and stops listening.
    pub(super) fn let_go(&mut self) {
        let links: Vec<Link> = std::mem::take(&mut self.peers)
            .into_values()
            .map(|p| p.link)
            .collect();
        // No new connection is taken meanwhile: the port is let go at once.
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        // Each connection writes what is left on its own thread; the host waits for them
        // a few seconds in all, so a peer that reads a byte at a time cannot hold it.
        let (tx, rx) = std::sync::mpsc::channel();
        let n = links.len();
        for l in links {
            let tx = tx.clone();
            std::thread::spawn(move || {
                let _ = tx.send(l.finish());
            });
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        for _ in 0..n {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(bytes) => self.stats.bytes_out += bytes,
                Err(_) => break,
            }
        }
    }

    pub(super) fn save(&self, engine: &mut Engine<R>) -> Save<R> {
        let commands = self.entries.iter().map(|e| (e.side, e.command.clone()));
        let save = Save::new(
            self.welcome.setup.clone(),
            self.seed,
            commands.collect(),
            engine.state_hash(),
        )
        .noting(engine);
        // Salted from the first command salted on (a saved battle hosted again), or
        // from the first: the host salts every command after it.
        let salts = Salts::of(self.entries.iter().map(|e| e.salt))
            .expect("the host salts every command from the first salted");
        let mut save = save.salted(&salts);
        save.agreed = self.agreed.clone();
        save.players = self.welcome.played_by;
        if let Some(r) = &self.resume {
            save.earlier = r.earlier(save.players);
        }
        save
    }
}
