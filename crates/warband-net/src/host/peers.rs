//! The host's connections: accepting them (at most so many at once), their hellos,
//! seats and tokens, and closing them with a reason.

use super::{Event, Host, SeatState};
use crate::frame::FROM_PEER_LIMIT;
use crate::msg::{Hello, ToHost, ToPeer, decode, encode, version_mismatch};
use crate::transport::{Link, PeerId, Transport};
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::time::{Duration, Instant};
use warband_rules::Side;
use warband_table::engine::Rules;

/// What a connection is to the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// Connected, no hello yet.
    Pending,
    Seat(Side),
    Watch,
}

pub(super) struct Peer {
    pub link: Link,
    pub role: Role,
    pub since: Instant,
    pub name: String,
    /// Proposals refused in a row.
    pub rejected: u32,
    /// Table talk (chat, draw offers and answers) in the current ten seconds.
    pub talk: (Instant, u32),
    /// Holds a place among the live connections while the peer is here.
    _slot: Slot,
}

impl Peer {
    /// Whether it said hello and was welcomed (and so gets the battle's messages).
    pub fn welcomed(&self) -> bool {
        self.role != Role::Pending
    }
}

/// Why a player coming back to a battle this host no longer plays is refused.
pub const ANOTHER_BATTLE: &str = "this host now plays another battle, or hosts yours again \
    (after its window closed): join it afresh from Join a network battle";

/// One of the host's places for connections, given back when dropped.
pub(super) struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Events waiting for the battle thread, from every connection together.
const INBOX: usize = 4096;

pub(super) struct Listening {
    pub addr: SocketAddr,
    pub events: SyncSender<Event>,
    pub inbox: Receiver<Event>,
    pub stop: Arc<AtomicBool>,
    pub live: Arc<AtomicUsize>,
}

/// Binds `listen` and starts the accept thread, which opens each connection (or
/// refuses it when `max` are open) and hands it to the battle thread.
pub(super) fn listen(listen: &str, max: usize) -> std::io::Result<Listening> {
    let listener = TcpListener::bind(listen)?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    // Bounded: a reader whose frames the battle thread has not yet taken waits, and its
    // peer's TCP window fills, rather than the host's memory.
    let (tx, rx) = sync_channel(INBOX);
    let stop = Arc::new(AtomicBool::new(false));
    let live = Arc::new(AtomicUsize::new(0));
    let (stopping, counting, sending) = (Arc::clone(&stop), Arc::clone(&live), tx.clone());
    std::thread::Builder::new()
        .name("warband-net-accept".into())
        .spawn(move || accept_loop(&listener, max, &sending, &stopping, &counting))?;
    Ok(Listening {
        addr,
        events: tx,
        inbox: rx,
        stop,
        live,
    })
}

fn accept_loop(
    listener: &TcpListener,
    max: usize,
    tx: &SyncSender<Event>,
    stop: &AtomicBool,
    live: &AtomicUsize,
) {
    let mut next_id: PeerId = 1;
    while !stop.load(Ordering::Relaxed) {
        let Ok((stream, _)) = listener.accept() else {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        let _ = stream.set_nonblocking(false);
        let _ = stream.set_nodelay(true);
        if live.load(Ordering::Relaxed) >= max {
            refuse_at_door(stream, max);
            continue;
        }
        live.fetch_add(1, Ordering::Relaxed);
        let id = next_id;
        next_id += 1;
        if tx.send(Event::Accepted(id, stream)).is_err() {
            return;
        }
    }
}

/// Tells a connection over the limit why, and closes it.
fn refuse_at_door(mut stream: std::net::TcpStream, max: usize) {
    let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
    let reason = format!("{} ({max}): try again shortly", crate::msg::FULL);
    let bytes = encode(&ToPeer::<(), ()>::Refused { reason });
    let _ = crate::frame::write_frame(&mut stream, &bytes);
    stream.close();
}

impl<R: Rules> Host<R> {
    /// Starts serving a new connection (on this thread, so that it is known before
    /// anything it sends arrives).
    pub(super) fn accepted(&mut self, id: PeerId, stream: std::net::TcpStream) {
        let slot = Slot(Arc::clone(&self.live));
        let sink = self.events.clone();
        let inbox = Box::new(move |inc| sink.send(Event::Net(id, inc)).is_ok());
        let Ok(link) = Link::open(Box::new(stream), id, FROM_PEER_LIMIT, inbox) else {
            return;
        };
        let peer = Peer {
            role: Role::Pending,
            since: Instant::now(),
            name: link.peer.clone(),
            rejected: 0,
            talk: (Instant::now(), 0),
            _slot: slot,
            link,
        };
        self.peers.insert(peer.link.id, peer);
    }

    /// Closes connections that have not said hello in time (a slow-loris among them).
    pub(super) fn expire_hellos(&mut self) {
        let late: Vec<PeerId> = self
            .peers
            .iter()
            .filter(|(_, p)| p.role == Role::Pending && p.since.elapsed() > self.cfg.hello_within)
            .map(|(id, _)| *id)
            .collect();
        let within = self.cfg.hello_within;
        for id in late {
            self.drop_peer(id, &format!("no hello within {within:?}"));
        }
    }

    pub(super) fn frame(&mut self, id: PeerId, bytes: &[u8]) {
        let Some(role) = self.peers.get(&id).map(|p| p.role) else {
            return;
        };
        match decode::<ToHost<R::Command>>(bytes) {
            Err(e) => self.drop_peer(id, &e),
            Ok(ToHost::Hello(hello)) if role == Role::Pending => self.hello(id, hello),
            Ok(_) if role == Role::Pending => self.drop_peer(id, "it spoke before its hello"),
            Ok(ToHost::Hello(_)) => self.drop_peer(id, "it said hello twice"),
            Ok(message) => self.message(id, role, message),
        }
    }

    fn hello(&mut self, id: PeerId, hello: Hello) {
        if let Some(what) = version_mismatch(&hello.game, &hello.rules) {
            return self.refuse(id, &format!("this host plays another version: {what}"));
        }
        if hello
            .battle
            .as_ref()
            .is_some_and(|b| *b != self.welcome.battle)
        {
            return self.refuse(id, ANOTHER_BATTLE);
        }
        if let Some(peer) = self.peers.get_mut(&id) {
            peer.name = clean(&hello.name, 40).unwrap_or_else(|| peer.link.peer.clone());
        }
        let first = hello.seat.filter(|s| self.seats[s.index()].free());
        let token = match hello.seat {
            None => None,
            Some(side) => match self.take_seat(id, side, hello.token.as_deref()) {
                Ok(token) => Some(token),
                Err(reason) => return self.refuse(id, &reason),
            },
        };
        // A seat taken for the first time is named after its player, for every window.
        if let Some(side) = first {
            let name = self.name_of(id);
            self.welcome.players[side.index()] = name.clone();
            self.broadcast(&ToPeer::Seated { side, name });
        }
        let role = hello.seat.map_or(Role::Watch, Role::Seat);
        if let Some(peer) = self.peers.get_mut(&id) {
            peer.role = role;
        }
        let mut welcome = self.welcome.clone();
        welcome.seat = hello.seat;
        welcome.token = token;
        self.send(id, &ToPeer::Welcome(Box::new(welcome)));
        if !self.talk.is_empty() {
            let lines = self.talk.iter().cloned().collect();
            self.send(id, &ToPeer::Talk { lines });
        }
        let as_what = hello.seat.map_or("to watch".into(), |s| format!("as {s}"));
        self.say(&format!("{} joined {as_what}", self.name_of(id)));
        if self.engine.is_some() {
            self.catch_up(id, hello.from_seq);
            if let Some(side) = hello.seat {
                self.broadcast(&ToPeer::Present {
                    side,
                    present: true,
                });
            }
        }
    }

    /// Gives `side`'s seat to the connection, or says why not; returns its token.
    fn take_seat(&mut self, id: PeerId, side: Side, token: Option<&str>) -> Result<String, String> {
        let instead = if self.seats[side.other().index()].free() {
            format!("choose {}, or Watch", side.other())
        } else {
            "Watch instead".to_string()
        };
        let SeatState::Remote {
            token: held,
            peer,
            gone,
        } = &mut self.seats[side.index()]
        else {
            return Err(format!(
                "{side} is played by the host's computer: {instead}"
            ));
        };
        let fresh = match held {
            None => crate::seed::token(),
            Some(t) if token == Some(t.as_str()) => t.clone(),
            // Only the window it was given to comes back to it (with its token).
            Some(_) => return Err(format!("{side} is taken by another player: {instead}")),
        };
        *held = Some(fresh.clone());
        let old = peer.replace(id);
        *gone = None;
        if let Some(old) = old.filter(|o| *o != id) {
            self.oust(old);
        }
        if self.engine.is_none() {
            self.draw = super::SeedDraw::default();
        }
        Ok(fresh)
    }

    /// Sends a joiner the start and every command committed since `from_seq`.
    fn catch_up(&mut self, id: PeerId, from_seq: u64) {
        let nonces = self.draw.nonces.clone().into_iter().collect();
        self.send(
            id,
            &ToPeer::Start {
                seed: self.seed,
                nonces,
            },
        );
        let from =
            usize::try_from(from_seq).map_or(self.entries.len(), |f| f.min(self.entries.len()));
        let entries = self.entries[from..].to_vec();
        self.send(id, &ToPeer::Log { entries });
        // Who is away now, as the others were told when they dropped.
        for side in Side::BOTH {
            if let SeatState::Remote { gone: Some(_), .. } = self.seats[side.index()] {
                self.send(
                    id,
                    &ToPeer::Present {
                        side,
                        present: false,
                    },
                );
            }
        }
    }

    pub(super) fn send(&mut self, id: PeerId, message: &ToPeer<R::Setup, R::Command>) {
        let Some(peer) = self.peers.get(&id) else {
            return;
        };
        if let Err(e) = peer.link.send(encode(message)) {
            self.drop_peer(id, &e);
        }
    }

    pub(super) fn name_of(&self, id: PeerId) -> String {
        self.peers
            .get(&id)
            .map_or_else(|| format!("peer {id}"), |p| p.name.clone())
    }

    /// Refuses a hello: says why, then closes once it is written.
    fn refuse(&mut self, id: PeerId, reason: &str) {
        self.say(&format!("refused {}: {reason}", self.name_of(id)));
        let Some(peer) = self.peers.remove(&id) else {
            return;
        };
        let _ = peer.link.send(encode(&ToPeer::<(), ()>::Refused {
            reason: reason.into(),
        }));
        std::thread::spawn(move || peer.link.finish());
    }

    /// Closes a connection with its reason; a seated player's side then waits for it.
    pub(super) fn drop_peer(&mut self, id: PeerId, reason: &str) {
        let Some(peer) = self.forget(id, reason) else {
            return;
        };
        peer.link.close();
        let Role::Seat(side) = peer.role else {
            return;
        };
        let started = self.engine.is_some();
        if let SeatState::Remote {
            peer: held,
            gone,
            token,
        } = &mut self.seats[side.index()]
            && *held == Some(id)
        {
            *held = None;
            *gone = Some(Instant::now());
            if !started {
                // Nothing was played from the seat: whoever comes may take it.
                *token = None;
                self.draw = super::SeedDraw::default();
            } else {
                self.broadcast(&ToPeer::Present {
                    side,
                    present: false,
                });
            }
        }
    }

    /// Takes a connection off the host's list, saying why; the peer, if it was on it.
    fn forget(&mut self, id: PeerId, reason: &str) -> Option<Peer> {
        let peer = self.peers.remove(&id)?;
        let line = format!("dropped {}: {reason}", peer.name);
        self.say(&line);
        self.stats.dropped.push(line);
        self.stats.bytes_out += peer.link.bytes_sent();
        Some(peer)
    }

    /// Closes a seated connection whose seat a new one took with its token, telling it
    /// so: a refusal, which it does not retry. Two windows sharing one data folder (and
    /// so one token) would otherwise take the seat from each other without end.
    fn oust(&mut self, id: PeerId) {
        let Some(peer) = self.forget(id, "its seat was retaken by a new connection") else {
            return;
        };
        let reason = crate::msg::SEAT_RETAKEN.to_string();
        let _ = peer
            .link
            .send(encode(&ToPeer::<(), ()>::Refused { reason }));
        std::thread::spawn(move || peer.link.finish());
    }
}

/// Text from a peer as the host passes it on: control characters out, at most `max`
/// characters, None if nothing is left.
pub(super) fn clean(text: &str, max: usize) -> Option<String> {
    let kept: String = text.chars().filter(|c| !c.is_control()).take(max).collect();
    let kept = kept.trim().to_string();
    (!kept.is_empty()).then_some(kept)
}
