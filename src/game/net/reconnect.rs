//! Coming back after the connection to the host dropped: tries on a thread of its own,
//! once a second for a minute, so the window never waits on the network; each failed try
//! is told to the panel, and the player may stop trying. A host that hosts the battle
//! again after its window closed (Resume battle on its menu) knows it by a new name: it
//! is joined afresh, and kept only if it plays this battle (the same seed).

use super::{NetPlay, NetState, client_of};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;
use warband_net::client::{Handshake, NetError, connect};
use warband_net::host::ANOTHER_BATTLE;
use warband_net::msg::Hello;
use warband_table::sim::Contest;

/// How many times the window tries to reach the host again before it gives up.
pub const TRIES: u32 = 60;

/// Whether the host at `addr` plays the battle begun from `seed` (a save hosted again
/// keeps its seed): it is asked as a spectator, who takes no seat.
fn same_battle(addr: &str, name: &str, seed: Option<u64>) -> Result<bool, NetError> {
    let look = connect(addr, &Hello::new(None, name))?;
    Ok(seed.is_some() && look.seeding().and_then(|s| s.known_seed()) == seed)
}

/// What the thread that comes back tells the window.
pub(super) enum Attempt {
    /// Try `n` failed, for this reason; another follows in a second.
    Failed(u32, String),
    /// The end: welcomed or not, and whether afresh (the host no longer knew the
    /// battle's name).
    Done(Result<Handshake, NetError>, bool),
}

/// The thread coming back, as the window holds it: what it says, whether it starts the
/// battle afresh (a resync), and its stop. Dropped (replaced, given up, the window
/// gone), it stops the thread before its next try: a leftover thread that reached the
/// host would take the seat, token in hand, from the window's own live connection.
pub(super) struct Coming {
    rx: Receiver<Attempt>,
    fresh: bool,
    stop: Arc<AtomicBool>,
}

impl Drop for Coming {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl<R: Contest> NetPlay<R> {
    /// Tries to reach the host again on a thread (for a minute), so the window never
    /// waits on the network.
    pub(super) fn come_back(&mut self, hello: Hello, fresh: bool) {
        let seed = self.seed;
        let (tx, rx) = channel();
        let addr = self.addr.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        std::thread::spawn(move || {
            let (mut hello, mut afresh) = (hello, false);
            let mut last = None;
            for n in 1..=TRIES {
                if stopped.load(Ordering::Relaxed) {
                    return;
                }
                match connect(&addr, &hello) {
                    Ok(h) => return drop(tx.send(Attempt::Done(Ok(h), afresh))),
                    Err(NetError::Refused(why))
                        if why == ANOTHER_BATTLE && hello.battle.is_some() =>
                    {
                        // Looked at as a spectator first: a seat is taken only in
                        // this battle hosted again, never in a stranger's.
                        match same_battle(&addr, &hello.name, seed) {
                            Ok(true) => {
                                (hello.battle, hello.token, hello.from_seq) = (None, None, 0);
                                afresh = true;
                                continue;
                            }
                            Ok(false) => {
                                let refused = NetError::Refused(why);
                                return drop(tx.send(Attempt::Done(Err(refused), afresh)));
                            }
                            Err(e) => last = Some(e),
                        }
                    }
                    Err(e) if !warband_net::client::worth_retrying(&e) => {
                        return drop(tx.send(Attempt::Done(Err(e), afresh)));
                    }
                    Err(e) => {
                        if tx.send(Attempt::Failed(n, e.to_string())).is_err() {
                            return; // The window stopped waiting for us.
                        }
                        last = Some(e);
                    }
                }
                std::thread::sleep(Duration::from_secs(1));
            }
            let last = last.unwrap_or(NetError::Protocol("no answer".into()));
            let _ = tx.send(Attempt::Done(Err(last), afresh));
        });
        self.retry = None;
        self.coming_back = Some(Coming { rx, fresh, stop });
    }

    /// Stops trying to reach the host: the battle is offline, to be saved and played on.
    pub fn give_up(&mut self) {
        let Some(coming) = self.coming_back.take() else {
            return;
        };
        // The tries told since the last frame count too.
        while let Ok(Attempt::Failed(n, why)) = coming.rx.try_recv() {
            self.retry = Some((n, why));
        }
        let said = match self.retry.take().map_or(0, |(n, _)| n) {
            0 => "you stopped trying".to_string(),
            1 => "you stopped trying after 1 try".to_string(),
            n => format!("you stopped trying after {n} tries"),
        };
        self.state = NetState::Lost(said);
    }

    /// Takes what the thread that comes back has found: a failed try, or the end.
    pub(super) fn take_handshake(&mut self) {
        let Some(coming) = &self.coming_back else {
            return;
        };
        let (result, afresh) = loop {
            match coming.rx.try_recv() {
                Ok(Attempt::Failed(n, why)) => self.retry = Some((n, why)),
                Ok(Attempt::Done(result, afresh)) => break (result, afresh),
                Err(_) => return,
            }
        };
        let fresh = coming.fresh || afresh;
        // Kept only if the host plays this battle: told when it starts.
        self.afresh = afresh;
        self.coming_back = None;
        self.retry = None;
        let outcome = result.map_err(|e| e.to_string()).and_then(|h| {
            if fresh {
                let (client, notices) = client_of::<R>(h)?;
                self.client = client;
                self.notices = notices;
                self.applied = 0;
                self.rebuild = true;
                Ok(())
            } else {
                self.client.reattach(h).map_err(|e| e.to_string())
            }
        });
        self.state = match outcome {
            Ok(()) => self.in_step(),
            Err(e) => NetState::Lost(e),
        };
    }
}
