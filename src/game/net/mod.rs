//! Network play in the window: the battle on screen mirrors a host's. A joined player,
//! a spectator and the host's own player alike are peers ([`warband_net::client`]):
//! the host's window runs the headless host on a thread of its own and joins it over
//! loopback, so every seat plays through the same path. Each frame the session takes
//! the commands committed since the last and plays them on its own engine; a person's
//! command is proposed to the host, never applied first.

mod address;
mod hosted;
pub mod launch;
pub mod panel;
mod reconnect;
mod session;
pub mod tokens;

pub use address::{this_machine, whoami};

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;
use warband_net::client::{Client, Finish, Handshake, NetError, Notice};
use warband_net::msg::{Committed, ToHost};
use warband_rules::Side;
use warband_table::salts::Salts;
use warband_table::sim::Contest;

/// Where the connection stands, as the top bar tells it.
#[derive(Clone, Debug, PartialEq)]
pub enum NetState {
    /// Connected; the battle waits for every seat to be taken.
    Waiting,
    Playing,
    /// A player dropped; the battle goes on until it is their move.
    Away(Side),
    /// A player dropped and the battle waits for them, so many seconds more.
    OpponentGone(Side, u32),
    /// Our connection dropped; trying to come back.
    Reconnecting,
    /// Our state left the host's: both logs are in the report.
    OutOfSync(PathBuf),
    Over,
    /// The host left before the battle's end.
    Closed(String),
    Lost(String),
}

/// One battle's link to its host.
pub struct NetPlay<R: Contest> {
    client: Client<R>,
    /// The host's address as this window reached it.
    pub addr: String,
    /// The address to give a friend, when this window hosts.
    pub hosting: Option<String>,
    pub state: NetState,
    /// Commands the session's engine has played of the client's.
    applied: usize,
    /// The seed the battle started from, once, for the session to set up its engine.
    started: Option<u64>,
    /// The seed the battle started from, kept.
    seed: Option<u64>,
    /// Joined afresh to a host that no longer knew the battle: it must start from
    /// [`Self::seed`] to be this battle.
    afresh: bool,
    /// The client was replaced (a resync): the session plays everything again.
    pub rebuild: bool,
    notices: Receiver<Notice>,
    pub chat: Vec<String>,
    /// Each side's player known to have dropped and not come back.
    away: [bool; 2],
    pub draw_offer: Option<Side>,
    /// Asked whether to concede, not yet answered.
    pub conceding: bool,
    /// A spectator moving through the battle so far: the table shows the timeline, and
    /// what the host commits meanwhile waits.
    pub looking_back: bool,
    /// The latest thing the host told us, for the panel.
    pub last_word: Option<String>,
    /// A refusal of our proposal, for the session's refusal line.
    pub refused: Option<String>,
    coming_back: Option<reconnect::Coming>,
    /// While coming back: the tries made so far and why the last one failed.
    pub retry: Option<(u32, String)>,
    pub finished: Option<Finish>,
    /// Ends the host this window runs, when the window leaves the battle.
    pub host_quit: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl<R: Contest> Drop for NetPlay<R> {
    fn drop(&mut self) {
        if let Some(quit) = &self.host_quit {
            quit.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

impl<R: Contest> NetPlay<R> {
    pub fn new(h: Handshake, addr: &str, hosting: Option<String>) -> Result<Self, String> {
        let (client, notices) = client_of::<R>(h)?;
        if let (Some(side), Some(token)) = (client.welcome.seat, &client.welcome.token) {
            tokens::write(addr, side, token);
        }
        Ok(Self {
            client,
            addr: addr.to_string(),
            hosting,
            state: NetState::Waiting,
            applied: 0,
            started: None,
            seed: None,
            afresh: false,
            rebuild: false,
            notices,
            chat: Vec::new(),
            away: [false; 2],
            draw_offer: None,
            conceding: false,
            looking_back: false,
            last_word: None,
            refused: None,
            coming_back: None,
            retry: None,
            finished: None,
            host_quit: None,
        })
    }

    pub fn setup(&self) -> &R::Setup {
        &self.client.welcome.setup
    }

    /// The side this window plays, if any.
    pub fn seat(&self) -> Option<Side> {
        self.client.welcome.seat
    }

    /// Who the host says plays `side`: a computer player by kind, or None for a person
    /// (or a host too old to say).
    pub fn played_by(&self, side: Side) -> Option<warband_table::player::PlayerKind> {
        self.client.welcome.played_by.and_then(|p| p[side.index()])
    }

    /// Who plays each side, as the host named them.
    pub fn players(&self) -> &[String; 2] {
        &self.client.welcome.players
    }

    /// Whether a proposal of ours awaits the host's answer.
    pub fn pending(&self) -> bool {
        self.client.pending()
    }

    pub fn propose(&mut self, command: R::Command) {
        self.refused = None;
        self.client.propose(command);
    }

    pub fn concede(&self) {
        self.client.send(&ToHost::Concede);
    }

    pub fn offer_draw(&self) {
        self.client.send(&ToHost::OfferDraw);
    }

    pub fn answer_draw(&mut self, accept: bool) {
        self.draw_offer = None;
        self.client.send(&ToHost::AnswerDraw { accept });
    }

    pub fn say(&self, text: &str) {
        self.client.send(&ToHost::Chat { text: text.into() });
    }

    /// The seed, the first time the battle is found started.
    pub fn take_start(&mut self) -> Option<u64> {
        self.started.take()
    }

    /// Gives every command again, from the first (the session starts over).
    pub fn rewind(&mut self) {
        self.applied = 0;
    }

    /// Up to `n` of the commands committed since the session last took them.
    pub fn take_committed(&mut self, n: usize) -> Vec<Committed<R::Command>> {
        let entries = self.client.entries();
        let from = self.applied.min(entries.len());
        let fresh = entries[from..from + n.min(entries.len() - from)].to_vec();
        self.applied += fresh.len();
        fresh
    }

    /// Whether the session has taken every command committed so far.
    pub fn caught_up(&self) -> bool {
        self.applied >= self.client.entries().len()
    }

    /// Reads what the host has sent, without waiting.
    pub fn poll(&mut self) {
        self.take_handshake();
        while self.coming_back.is_none() && self.finished.is_none() && !self.offline() {
            match self.client.next_message(Duration::ZERO) {
                Ok(None) => break,
                Ok(Some(message)) => match self.client.handle(message) {
                    Ok(end) => self.finished = end,
                    Err(e) => self.failed(e),
                },
                Err(e) => self.failed(e),
            }
        }
        self.hear();
        if self.finished.is_some() {
            self.state = NetState::Over;
        }
    }

    /// Comes back in step by fetching the whole log again.
    pub fn resync(&mut self) {
        // One way back at a time: a second thread would take the seat from the first.
        if self.coming_back.is_some() {
            return;
        }
        let mut hello = self.client.hello_again(&whoami());
        hello.from_seq = 0;
        self.come_back(hello, true);
    }

    fn failed(&mut self, e: NetError) {
        match e {
            NetError::Dropped(..) => {
                self.state = NetState::Reconnecting;
                let hello = self.client.hello_again(&whoami());
                self.come_back(hello, false);
            }
            NetError::OutOfSync { report, .. } => self.state = NetState::OutOfSync(report),
            NetError::Closed(why) => {
                // The host gone, news that a player dropped (the host's own, as it
                // left) is no news.
                self.last_word = None;
                self.state = NetState::Closed(why);
            }
            other => self.state = NetState::Lost(other.to_string()),
        }
    }

    /// The battle started from `seed`: the session sets it up, unless it was joined
    /// afresh and is not the battle this window played.
    fn started_from(&mut self, seed: u64) {
        if std::mem::take(&mut self.afresh) && self.seed != Some(seed) {
            let why = format!("the host refused: {}", warband_net::host::ANOTHER_BATTLE);
            self.state = NetState::Lost(why);
            // None of that battle's commands reach this one: offline, no more are read.
            self.applied = self.client.entries().len();
            return;
        }
        self.started = Some(seed);
        self.seed = Some(seed);
        self.state = NetState::Playing;
    }

    /// What the host said besides commands.
    fn hear(&mut self) {
        while let Ok(notice) = self.notices.try_recv() {
            match notice {
                Notice::Started(seed) => self.started_from(seed),
                Notice::Rejected(why) => self.refused = Some(why),
                Notice::Waiting(side, left) => {
                    self.away[side.index()] = true;
                    if self.connected() {
                        self.state = NetState::OpponentGone(side, left);
                    }
                }
                Notice::Present(side, present) => self.present(side, present),
                Notice::Chat(from, text) => {
                    // Shown outside the folded table talk too, until the next news.
                    let line = said(&from, &text);
                    self.last_word = Some(line.clone());
                    self.chat.push(line);
                }
                Notice::Talk(lines) => {
                    self.chat = lines.iter().map(|(f, t)| said(f, t)).collect();
                }
                Notice::DrawOffered(by) => self.draw_offer = Some(by),
                Notice::DrawDeclined(by) => {
                    self.last_word = Some(format!("{by} declines the draw"))
                }
                Notice::Seated(side, name) => {
                    self.last_word = Some(format!("{name} joined as {side}"));
                }
            }
        }
    }

    /// A side's player dropped or came back: said, and the state shows who is still away.
    fn present(&mut self, side: Side, present: bool) {
        // The host gone: who else left or came is no news here. (Out of step, the
        // news still counts: a resync sends no word of a player already back.)
        if matches!(self.state, NetState::Closed(_) | NetState::Lost(_)) {
            return;
        }
        let was_away = std::mem::replace(&mut self.away[side.index()], !present);
        // A player already known to be away (told again on a catch-up) is no news.
        if was_away == present {
            let news = if present { "is back" } else { "dropped" };
            self.last_word = Some(format!("{side}'s player {news}"));
        }
        if self.connected() {
            self.state = self.in_step();
        }
    }

    /// Connected and in step with the host (whoever else is away), so news of the
    /// players may change the state.
    fn connected(&self) -> bool {
        self.in_play() && self.coming_back.is_none()
    }

    /// The state of a connection in step: a player away, if one is, else playing.
    fn in_step(&self) -> NetState {
        match Side::BOTH.into_iter().find(|s| self.away[s.index()]) {
            Some(side) => match self.state {
                NetState::OpponentGone(s, left) if s == side => NetState::OpponentGone(s, left),
                _ => NetState::Away(side),
            },
            None => NetState::Playing,
        }
    }

    /// Why play waits on the connection rather than on a player, in a line for the
    /// panel, with `awaited` the side the battle waits for (None: in step, waiting for
    /// seats to be taken, or a dropped player's side not yet awaited).
    pub fn stalled(&self, awaited: Option<Side>) -> Option<&'static str> {
        Some(match self.state {
            NetState::Closed(_) => {
                "The host is gone. Save the battle to play on from Load battle, here or online."
            }
            // Refused, or given up on: the host may well be there still.
            NetState::Lost(_) => {
                "This window has left the battle. Save it to play on from Load battle, here or online."
            }
            NetState::OutOfSync(_) => {
                "This window is out of step with the host: Resync (above) to take the host's battle."
            }
            NetState::Reconnecting => "The connection to the host dropped: coming back…",
            NetState::Away(s) | NetState::OpponentGone(s, _) if awaited == Some(s) => {
                "The other player dropped: the battle waits for them to come back."
            }
            _ => return None,
        })
    }

    /// Whether the battle can no longer go on here: the host left or refused us, or our
    /// state left the host's (a resync may bring it back). Nothing more is read then.
    pub fn offline(&self) -> bool {
        matches!(
            self.state,
            NetState::Closed(_) | NetState::Lost(_) | NetState::OutOfSync(_)
        )
    }

    /// Whether this window may play its seat: in step with the host, whoever is away
    /// (the battle goes on until the absent side is awaited).
    pub fn in_play(&self) -> bool {
        matches!(
            self.state,
            NetState::Playing | NetState::Away(_) | NetState::OpponentGone(..)
        )
    }

    /// The salts of the first `n` commands (as many as the session has played).
    pub fn salts(&self, n: usize) -> Salts {
        let entries = &self.client.entries()[..n.min(self.client.entries().len())];
        // The host salts every command from the first it salted: a log that did not
        // is not the host's, and its save keeps no salts.
        Salts::of(entries.iter().map(|e| e.salt)).unwrap_or_default()
    }
}

fn client_of<R: Contest>(h: Handshake) -> Result<(Client<R>, Receiver<Notice>), String> {
    let (tx, rx) = channel();
    let client = Client::<R>::new(h, None, crate::game::saves::data_dir())
        .map_err(|e| e.to_string())?
        .with_notices(move |n| {
            let _ = tx.send(n);
        });
    Ok((client, rx))
}

#[cfg(test)]
mod tests;

/// A line of table talk as the window shows it.
fn said(from: &str, text: &str) -> String {
    format!("{from}: {text}")
}
