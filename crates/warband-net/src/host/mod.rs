//! The host: it owns the battle log and orders the commands. Peers propose; the host
//! checks each proposal with its own engine, and sends every committed command, its
//! dice salt and the state hash after it to every peer. Its own computer sides propose
//! through the same `commit`.
//!
//! One thread runs the battle ([`Host::run`]); an accept thread and two threads per
//! connection ([`crate::transport::Link`]) talk to it through one channel.

mod checkpoint;
mod end;
mod peers;

pub use peers::ANOTHER_BATTLE;
mod play;
mod resume;

pub use resume::{Earlier, Resumable};

use crate::msg::{Committed, Seat, Seeding, ToPeer, Welcome, encode};
use crate::transport::{Incoming, PeerId};
use peers::Peer;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};
use warband_rules::Side;
use warband_table::engine::{Engine, Outcome, Rules};
use warband_table::player::{PlayerKind, Policy};
use warband_table::save::Save;

/// Events handled between two steps of the battle.
const PUMP: usize = 256;

/// Makes a computer side's player once the battle seed is known.
pub type MakePolicy<R> = Box<dyn FnOnce(u64) -> Box<dyn Policy<R>> + Send>;

/// Who plays a side at the host.
pub enum SeatPlayer<R: Rules> {
    /// The host's own computer player.
    Computer(MakePolicy<R>),
    /// A joiner.
    Remote,
}

/// How a host runs.
#[derive(Clone, Debug)]
pub struct HostConfig {
    pub seeding: Seeding,
    /// How long the battle waits for a dropped player to come back before that side
    /// loses by its absence.
    pub wait: Duration,
    /// Connections at once (players and spectators); more are refused.
    pub max_peers: usize,
    /// How long a new connection has to say hello.
    pub hello_within: Duration,
    /// Start only once someone is connected, even with no remote seat: a window that
    /// hosts two computer players watches its own battle from the first command.
    pub await_a_peer: bool,
}

impl Default for HostConfig {
    fn default() -> Self {
        Self {
            seeding: Seeding::Drawn,
            wait: Duration::from_secs(120),
            max_peers: 32,
            hello_within: Duration::from_secs(3),
            await_a_peer: false,
        }
    }
}

/// A finished hosted battle: the engine as it ended, its save and the relay's figures.
pub struct Hosted<R: Rules> {
    pub engine: Engine<R>,
    pub save: Save<R>,
    pub stats: Stats,
}

/// What the host measured.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub commands: usize,
    /// From the start of the battle to its end.
    pub seconds: f64,
    /// Bytes written to every peer.
    pub bytes_out: u64,
    /// Connections the host closed, and why.
    pub dropped: Vec<String>,
}

enum SeatState<R: Rules> {
    Computer {
        make: Option<MakePolicy<R>>,
        policy: Option<Box<dyn Policy<R>>>,
    },
    Remote {
        token: Option<String>,
        peer: Option<PeerId>,
        gone: Option<Instant>,
    },
}

impl<R: Rules> SeatState<R> {
    /// A remote seat no player has taken yet (none holds its token).
    fn free(&self) -> bool {
        matches!(self, SeatState::Remote { token: None, .. })
    }
}

/// The commit-reveal of the battle seed, under way.
#[derive(Default)]
struct SeedDraw {
    host_nonce: Option<String>,
    commitments: BTreeMap<Seat, String>,
    nonces: BTreeMap<Seat, String>,
    revealing: bool,
}

/// What reaches the battle thread.
enum Event {
    Accepted(PeerId, std::net::TcpStream),
    Net(PeerId, Incoming),
}

/// A listening host with its battle.
pub struct Host<R: Rules> {
    addr: SocketAddr,
    cfg: HostConfig,
    events: std::sync::mpsc::SyncSender<Event>,
    inbox: Receiver<Event>,
    stop: Arc<AtomicBool>,
    /// Set from outside to end the relay (the window that hosts was closed).
    quit: Arc<AtomicBool>,
    live: Arc<AtomicUsize>,
    peers: BTreeMap<PeerId, Peer>,
    seats: [SeatState<R>; 2],
    welcome: Welcome<R::Setup>,
    draw: SeedDraw,
    seed: u64,
    engine: Option<Engine<R>>,
    entries: Vec<Committed<R::Command>>,
    draw_offer: Option<Side>,
    /// The last lines of table talk, for a peer that joins or comes back.
    talk: std::collections::VecDeque<(String, String)>,
    agreed: Option<Outcome>,
    stuck: bool,
    waiting_said: Option<u64>,
    /// Since when the battle has waited on a dropped player's move: its wait runs from
    /// then (or from its drop, if later), not from a drop during another's moves.
    awaited_since: Option<Instant>,
    started: Option<Instant>,
    stats: Stats,
    notice: Box<dyn FnMut(&str) + Send>,
    /// Where the battle so far is written as it goes, and after how many commands.
    checkpoint: Option<checkpoint::Checkpoint>,
    /// A save's commands to commit first, as the battle starts ([`Host::resuming`]).
    resume: Option<Resumable<R>>,
}

impl<R: Rules> Drop for Host<R> {
    /// The accept thread stops with the host, however it ends.
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

impl<R: Rules> Host<R> {
    /// Listens on `listen` (port 0 picks a free one: see [`Host::addr`]).
    pub fn bind(
        listen: &str,
        cfg: HostConfig,
        setup: R::Setup,
        players: [SeatPlayer<R>; 2],
    ) -> std::io::Result<Self> {
        let names = players.each_ref().map(|p| match p {
            SeatPlayer::Computer(_) => "computer".to_string(),
            SeatPlayer::Remote => "remote".to_string(),
        });
        let peers::Listening {
            addr,
            events,
            inbox,
            stop,
            live,
        } = peers::listen(listen, cfg.max_peers)?;
        let seats = players.map(|p| match p {
            SeatPlayer::Computer(make) => SeatState::Computer {
                make: Some(make),
                policy: None,
            },
            SeatPlayer::Remote => SeatState::Remote {
                token: None,
                peer: None,
                gone: None,
            },
        });
        let welcome = Welcome {
            ruleset: R::RULESET,
            game: crate::msg::GAME_VERSION.into(),
            rules: warband_rules::RULES_VERSION.into(),
            seat: None,
            token: None,
            setup,
            players: names,
            seeding: cfg.seeding,
            battle: crate::seed::token(),
            played_by: None,
        };
        Ok(Self {
            addr,
            cfg,
            events,
            inbox,
            stop,
            quit: Arc::default(),
            live,
            peers: BTreeMap::new(),
            seats,
            welcome,
            draw: SeedDraw::default(),
            seed: 0,
            engine: None,
            entries: Vec::new(),
            draw_offer: None,
            talk: Default::default(),
            agreed: None,
            stuck: false,
            waiting_said: None,
            awaited_since: None,
            started: None,
            stats: Stats::default(),
            notice: Box::new(|line| eprintln!("host: {line}")),
            checkpoint: None,
            resume: None,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// A flag that, once set, ends [`Host::run`] where it stands (its battle unfinished).
    pub fn quitter(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.quit)
    }

    /// Names the players in the welcome ("normal", "remote", …) for joiners to show.
    pub fn with_player_names(mut self, names: [String; 2]) -> Self {
        self.welcome.players = names;
        self
    }

    /// Who plays each side, for its saves to say (Load battle lists them and offers them
    /// again): a computer player by kind, `None` for a person, here or joined.
    pub fn with_played_by(mut self, players: [Option<PlayerKind>; 2]) -> Self {
        self.welcome.played_by = Some(players);
        self
    }

    /// Where the host's notices go (standard error unless told).
    pub fn with_notices(mut self, notice: impl FnMut(&str) + Send + 'static) -> Self {
        self.notice = Box::new(notice);
        self
    }

    /// Plays the battle to its end: waits for every remote seat, draws the seed, then
    /// relays until the battle is over.
    pub fn run(mut self) -> Result<Hosted<R>, String> {
        loop {
            if self.quit.load(std::sync::atomic::Ordering::Relaxed) {
                self.broadcast(&ToPeer::Closed {
                    reason: "the host left the battle".into(),
                });
                self.let_go();
                return Err("the host was closed".into());
            }
            self.pump();
            self.expire_hellos();
            if self.engine.is_none() {
                if let Err(e) = self.try_start() {
                    self.broadcast(&ToPeer::Closed { reason: e.clone() });
                    self.let_go();
                    return Err(e);
                }
                continue;
            }
            if self.over() {
                break;
            }
            self.step();
            self.write_checkpoint();
        }
        Ok(self.finish())
    }

    fn say(&mut self, line: &str) {
        (self.notice)(line);
    }

    /// Handles what has come in: waits a little if nothing needs the battle thread.
    fn pump(&mut self) {
        let busy = self.engine.is_some() && self.computer_awaited();
        let wait = if busy {
            Duration::ZERO
        } else {
            Duration::from_millis(50)
        };
        if let Ok(event) = self.inbox.recv_timeout(wait) {
            self.event(event);
        }
        // At most so many at a time, so that a stream of frames never keeps the battle
        // from its next step.
        for _ in 0..PUMP {
            let Ok(event) = self.inbox.try_recv() else {
                break;
            };
            self.event(event);
        }
    }

    fn event(&mut self, event: Event) {
        match event {
            Event::Accepted(id, stream) => self.accepted(id, stream),
            Event::Net(id, Incoming::Closed(reason)) => self.drop_peer(id, &reason),
            Event::Net(id, Incoming::Frame(bytes)) => self.frame(id, &bytes),
        }
    }

    fn computer_awaited(&self) -> bool {
        let engine = self.engine.as_ref().expect("started");
        engine
            .awaiting()
            .is_some_and(|s| matches!(self.seats[s.index()], SeatState::Computer { .. }))
    }

    fn over(&self) -> bool {
        let engine = self.engine.as_ref().expect("started");
        self.stuck
            || engine.awaiting().is_none()
            || self.entries.len() >= warband_table::player::COMMAND_CAP
    }

    /// Starts the battle once every remote seat is taken and the seed is drawn.
    fn try_start(&mut self) -> Result<(), String> {
        let seated: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|s| matches!(self.seats[s.index()], SeatState::Remote { .. }))
            .collect();
        let all_here = seated.iter().all(|s| {
            matches!(
                self.seats[s.index()],
                SeatState::Remote { peer: Some(_), .. }
            )
        });
        let watched = self.peers.values().any(peers::Peer::welcomed);
        if !all_here || (self.cfg.await_a_peer && !watched) {
            return Ok(());
        }
        match self.cfg.seeding {
            Seeding::Fixed(seed) | Seeding::Resumed { seed, .. } => self.start(seed, Vec::new()),
            Seeding::Drawn => match self.draw_seed(&seated) {
                Some((seed, nonces)) => self.start(seed, nonces),
                None => Ok(()),
            },
        }
    }

    fn start(&mut self, seed: u64, nonces: Vec<(Seat, String)>) -> Result<(), String> {
        self.seed = seed;
        self.engine = Some(Engine::new(&self.welcome.setup, seed)?);
        for (i, seat) in self.seats.iter_mut().enumerate() {
            if let SeatState::Computer { make, policy } = seat {
                let side = Side::BOTH[i];
                *policy = make
                    .take()
                    .map(|m| m(warband_table::player::policy_seed(seed, side)));
            }
        }
        self.started = Some(Instant::now());
        let saved = self.saved();
        if saved == 0 {
            self.say(&format!("the battle starts (seed {seed})"));
        } else {
            self.say(&format!(
                "the battle is played on from its save (seed {seed}, {saved} commands)"
            ));
        }
        self.broadcast(&ToPeer::Start { seed, nonces });
        self.commit_resumed()
    }

    /// Every welcomed peer gets `message`.
    fn broadcast(&mut self, message: &ToPeer<R::Setup, R::Command>) {
        let bytes = encode(message);
        let mut gone = Vec::new();
        for (id, peer) in &self.peers {
            if peer.welcomed() && peer.link.send(bytes.clone()).is_err() {
                gone.push(*id);
            }
        }
        for id in gone {
            self.drop_peer(id, "it does not keep up with the battle");
        }
    }
}
