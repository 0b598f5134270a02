//! A peer: a joined player or a spectator. It mirrors the battle on its own engine,
//! applying each committed command (with its salt) and checking its state hash against
//! the host's after each one; its player proposes when its side is awaited.

mod connect;
mod mirror;
mod oos;

pub use connect::{Handshake, NetError, PORT, connect, with_port, worth_retrying};

use crate::host::MakePolicy;
use crate::msg::{Committed, Hello, Seat, Seeding, ToHost, ToPeer, Welcome, decode, encode};
use crate::transport::{Incoming, Link};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use warband_rules::Side;
use warband_table::engine::{Engine, Outcome, Rules};
use warband_table::player::Policy;

/// A message from the host of a battle of ruleset `R`.
pub type HostMessage<R> = ToPeer<<R as Rules>::Setup, <R as Rules>::Command>;

/// How a battle ended for a peer.
#[derive(Clone, Debug, PartialEq)]
pub struct Finish {
    pub outcome: Outcome,
    pub agreed: bool,
}

/// What a peer hears besides commands, for its window or its standard error.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    Started(u64),
    Rejected(String),
    Waiting(Side, u32),
    /// A side's player dropped (false) or is back (true).
    Present(Side, bool),
    Chat(String, String),
    /// The table talk so far, as the host kept it, for a peer that joins or comes back.
    Talk(Vec<(String, String)>),
    DrawOffered(Side),
    DrawDeclined(Side),
    /// A side's seat was taken for the first time, by the player of this name.
    Seated(Side, String),
}

/// Test hooks: a peer that misbehaves on purpose.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mischief {
    /// Drops the connection once this many commands are applied (a killed client).
    pub drop_after: Option<u64>,
    /// Plays a command of its own after this many (its state then leaves the host's).
    pub stray_after: Option<u64>,
}

/// A command this peer proposed and has not yet seen committed or refused.
struct Proposal<C> {
    seq: u64,
    command: C,
    /// Whether it is the yield sent after a refusal.
    was_yield: bool,
    at: Instant,
}

/// A peer's side of one battle.
pub struct Client<R: Rules> {
    link: Option<Link>,
    inbox: Receiver<Incoming>,
    pub welcome: Welcome<R::Setup>,
    engine: Option<Engine<R>>,
    seed: u64,
    entries: Vec<Committed<R::Command>>,
    make: Option<MakePolicy<R>>,
    policy: Option<Box<dyn Policy<R>>>,
    nonce: Option<String>,
    commitments: Option<Vec<(Seat, String)>>,
    proposed: Option<Proposal<R::Command>>,
    latencies: Vec<Duration>,
    report_dir: PathBuf,
    pub mischief: Mischief,
    notice: Box<dyn FnMut(Notice) + Send>,
}

impl<R: Rules> Client<R> {
    /// The peer of a welcomed connection; `player` makes its side's computer player
    /// (none for a spectator or a player in the window). Out-of-sync reports go under
    /// `report_dir`.
    pub fn new(
        handshake: Handshake,
        player: Option<MakePolicy<R>>,
        report_dir: PathBuf,
    ) -> Result<Self, NetError> {
        let welcome = match serde_json::from_value(handshake.welcome) {
            Ok(ToPeer::<R::Setup, R::Command>::Welcome(w)) => *w,
            Ok(_) => return Err(NetError::Protocol("expected a welcome".into())),
            Err(e) => return Err(NetError::Protocol(format!("its welcome: {e}"))),
        };
        Ok(Self {
            link: Some(handshake.link),
            inbox: handshake.inbox,
            welcome,
            engine: None,
            seed: 0,
            entries: Vec::new(),
            make: player,
            policy: None,
            nonce: None,
            commitments: None,
            proposed: None,
            latencies: Vec::new(),
            report_dir,
            mischief: Mischief::default(),
            notice: Box::new(|_| {}),
        })
    }

    /// Where the peer's notices go.
    pub fn with_notices(mut self, notice: impl FnMut(Notice) + Send + 'static) -> Self {
        self.notice = Box::new(notice);
        self
    }

    /// The battle as this peer has it (none before the start).
    pub fn engine(&self) -> Option<&Engine<R>> {
        self.engine.as_ref()
    }

    pub fn engine_mut(&mut self) -> Option<&mut Engine<R>> {
        self.engine.as_mut()
    }

    /// Every command committed so far.
    pub fn entries(&self) -> &[Committed<R::Command>] {
        &self.entries
    }

    /// From a proposal sent to its commit coming back, for each proposal played.
    pub fn latencies(&self) -> &[Duration] {
        &self.latencies
    }

    /// The hello that takes this peer's seat back after a drop, from where it stopped.
    pub fn hello_again(&self, name: &str) -> Hello {
        let mut hello = Hello::new(self.welcome.seat, name);
        hello.token = self.welcome.token.clone();
        hello.from_seq = self.entries.len() as u64;
        hello.battle = Some(self.welcome.battle.clone());
        hello
    }

    /// Goes on over a new connection (after [`Client::hello_again`]). A proposal the
    /// host may not have had is sent again: if the host played it, the log it sends
    /// first says so, and the repeat is refused as stale and ignored.
    pub fn reattach(&mut self, handshake: Handshake) -> Result<(), NetError> {
        let fresh = Self::new(handshake, None, self.report_dir.clone())?;
        self.link = fresh.link;
        self.inbox = fresh.inbox;
        self.welcome.token = fresh.welcome.token;
        if let Some(p) = &self.proposed {
            self.send(&ToHost::Propose {
                seq: p.seq,
                command: p.command.clone(),
            });
        }
        Ok(())
    }

    /// Plays the battle to its end.
    pub fn run(&mut self) -> Result<Finish, NetError> {
        loop {
            if let Some(end) = self.step(Duration::from_secs(3600))? {
                return Ok(end);
            }
        }
    }

    /// Handles the host's next message (waiting at most `wait` for it), then proposes
    /// our computer player's command if our side is awaited; the finish at the end.
    pub fn step(&mut self, wait: Duration) -> Result<Option<Finish>, NetError> {
        let Some(message) = self.next_message(wait)? else {
            return Ok(None);
        };
        let end = self.handle(message)?;
        if end.is_none() {
            self.act();
        }
        Ok(end)
    }

    /// The host's next message, None if none came within `wait`.
    pub fn next_message(&mut self, wait: Duration) -> Result<Option<HostMessage<R>>, NetError> {
        let applied = self.entries.len() as u64;
        match self.inbox.recv_timeout(wait) {
            Ok(Incoming::Frame(bytes)) => decode(&bytes).map(Some).map_err(NetError::Protocol),
            Ok(Incoming::Closed(why)) => Err(NetError::Dropped(why, applied)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => {
                Err(NetError::Dropped("the connection closed".into(), applied))
            }
        }
    }

    /// Sends the host a message.
    pub fn send(&self, message: &ToHost<R::Command>) {
        if let Some(link) = &self.link {
            let _ = link.send(encode(message));
        }
    }

    /// Whether a proposal awaits the host's answer (its commit or its refusal).
    pub fn pending(&self) -> bool {
        self.proposed.is_some()
    }

    /// Proposes a command for this peer's side (a player in the window).
    pub fn propose(&mut self, command: R::Command) {
        self.propose_as(command, false);
    }

    fn propose_as(&mut self, command: R::Command, was_yield: bool) {
        let seq = self.entries.len() as u64;
        self.send(&ToHost::Propose {
            seq,
            command: command.clone(),
        });
        self.proposed = Some(Proposal {
            seq,
            command,
            was_yield,
            at: Instant::now(),
        });
    }

    /// Applies one message from the host; the finish when the battle is over.
    pub fn handle(&mut self, message: HostMessage<R>) -> Result<Option<Finish>, NetError> {
        match message {
            ToPeer::Welcome(_) => return Err(NetError::Protocol("a second welcome".into())),
            ToPeer::Refused { reason } => return Err(NetError::Refused(reason)),
            ToPeer::CommitPlease => self.commit_nonce(),
            ToPeer::RevealPlease { commitments } => self.reveal(commitments)?,
            ToPeer::Start { seed, nonces } => self.start(seed, &nonces)?,
            ToPeer::Committed(entry) => self.apply(entry)?,
            ToPeer::Log { entries } => {
                for entry in entries {
                    self.apply(entry)?;
                }
            }
            ToPeer::Rejected { seq, reason } => self.rejected(seq, reason)?,
            ToPeer::Waiting { side, seconds_left } => {
                (self.notice)(Notice::Waiting(side, seconds_left));
            }
            ToPeer::Present { side, present } => (self.notice)(Notice::Present(side, present)),
            ToPeer::Seated { side, name } => {
                self.welcome.players[side.index()] = name.clone();
                (self.notice)(Notice::Seated(side, name));
            }
            ToPeer::Closed { reason } => return Err(NetError::Closed(reason)),
            ToPeer::Chat { from, text } => (self.notice)(Notice::Chat(from, text)),
            ToPeer::Talk { lines } => (self.notice)(Notice::Talk(lines)),
            ToPeer::DrawOffered { by } => self.draw_offered(by),
            ToPeer::DrawDeclined { by } => (self.notice)(Notice::DrawDeclined(by)),
            ToPeer::Ended { outcome, agreed } => return Ok(Some(self.end(outcome, agreed))),
        }
        Ok(None)
    }

    fn commit_nonce(&mut self) {
        let nonce = crate::seed::nonce();
        let commitment = crate::seed::commitment(&nonce);
        self.nonce = Some(nonce);
        self.send(&ToHost::Commit { commitment });
    }

    fn reveal(&mut self, commitments: Vec<(Seat, String)>) -> Result<(), NetError> {
        let (Some(side), Some(nonce)) = (self.welcome.seat, self.nonce.clone()) else {
            return Err(NetError::Protocol("a reveal asked of no commitment".into()));
        };
        let ours = crate::seed::commitment(&nonce);
        if !commitments.contains(&(Seat::Side(side), ours)) {
            return Err(NetError::Protocol(
                "our commitment is not among the host's".into(),
            ));
        }
        self.commitments = Some(commitments);
        self.send(&ToHost::Reveal { nonce });
        Ok(())
    }

    /// Sets up the battle from its seed, checking a drawn seed is the one the nonces give.
    fn start(&mut self, seed: u64, nonces: &[(Seat, String)]) -> Result<(), NetError> {
        if self.welcome.seeding == Seeding::Drawn {
            let derived: Vec<_> = nonces
                .iter()
                .map(|(s, n)| (*s, crate::seed::commitment(n)))
                .collect();
            let commitments = self.commitments.as_ref().unwrap_or(&derived);
            let drawn =
                crate::seed::battle_seed(commitments, nonces).map_err(NetError::Protocol)?;
            let ours_in = match (&self.nonce, self.welcome.seat) {
                (Some(n), Some(side)) => nonces.contains(&(Seat::Side(side), n.clone())),
                _ => true,
            };
            if drawn != seed || !ours_in {
                return Err(NetError::Protocol("its seed is not the one drawn".into()));
            }
        }
        if self.engine.is_some() {
            return Ok(());
        }
        self.seed = seed;
        self.engine = Some(Engine::new(&self.welcome.setup, seed).map_err(NetError::Protocol)?);
        let side = self.welcome.seat.unwrap_or(Side::A);
        self.policy = self
            .make
            .take()
            .map(|m| m(warband_table::player::policy_seed(seed, side)));
        (self.notice)(Notice::Started(seed));
        Ok(())
    }
}
