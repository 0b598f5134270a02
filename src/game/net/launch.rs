//! Starting a network battle on screen: hosting one (the headless host on its own
//! thread, this window joined to it over loopback) or joining one.

use super::{NetPlay, this_machine, whoami};
use crate::game::desk::Desk;
use crate::game::session::{Controller, GameSession, Starter, put_on_table};
use bevy::prelude::*;
use std::sync::Mutex;
use std::time::Duration;
use warband_net::client::{Handshake, connect};
use warband_net::host::{Host, HostConfig, Resumable, SeatPlayer};
use warband_net::msg::{Hello, Seeding};
use warband_rules::Side;
use warband_table::player::PlayerKind;

/// Ends a host's relay when set.
type Quit = std::sync::Arc<std::sync::atomic::AtomicBool>;

/// Who plays a side of a battle this window hosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostSeat {
    /// The person at this window.
    Here,
    /// A friend who joins from another machine.
    Remote,
    /// The host's computer player.
    Computer(PlayerKind),
}

impl HostSeat {
    pub fn label(self) -> String {
        match self {
            HostSeat::Here => "the host's player".into(),
            HostSeat::Remote => "a joined player".into(),
            HostSeat::Computer(kind) => format!("AI: {kind}"),
        }
    }

    /// The computer player's kind; `None` for a person, here or joined.
    pub fn kind(self) -> Option<PlayerKind> {
        match self {
            HostSeat::Computer(kind) => Some(kind),
            HostSeat::Here | HostSeat::Remote => None,
        }
    }

    /// The seat a side's controller on the setup screen stands for.
    pub fn of(c: Controller) -> Self {
        match c {
            Controller::Human => HostSeat::Here,
            Controller::Remote => HostSeat::Remote,
            Controller::Ai(kind) => HostSeat::Computer(kind),
        }
    }
}

/// A battle this window hosts.
pub struct HostLaunch<R: Desk> {
    pub setup: R::Setup,
    pub seats: [HostSeat; 2],
    pub listen: String,
    /// Play exactly this seed (no commit-reveal, no salts).
    pub seed: Option<u64>,
    /// A saved battle played on from, checked (its setup is `setup`): its seed and
    /// salts stand.
    pub resume: Option<Resumable<R>>,
}

/// A battle that cannot start, and why: a save that cannot be played on, found when it
/// was chosen.
pub struct Refused(pub String);

impl Starter for Refused {
    fn start(self: Box<Self>, _: &mut World) -> Result<(), String> {
        Err(self.0)
    }
}

impl<R: Desk> Starter for HostLaunch<R> {
    fn start(mut self: Box<Self>, world: &mut World) -> Result<(), String> {
        if self.seats.iter().filter(|s| **s == HostSeat::Here).count() > 1 {
            return Err("one person can host, the other side is remote or the computer".into());
        }
        let resume = self.resume.take();
        let earlier = resume
            .as_ref()
            .map(|r| r.earlier(Some(self.seats.map(HostSeat::kind))));
        let (addr, quit) = host_thread::<R>(&self, resume)?;
        let port = addr.port();
        let here = Side::BOTH
            .into_iter()
            .find(|s| self.seats[s.index()] == HostSeat::Here);
        // This window reaches its own host on loopback, unless it listens elsewhere only.
        let local = if addr.ip().is_unspecified() || addr.ip().is_loopback() {
            format!("127.0.0.1:{port}")
        } else {
            addr.to_string()
        };
        let h = connect(&local, &Hello::new(here, &whoami())).map_err(|e| e.to_string())?;
        // Listening on every address: the one this machine has on its network.
        let give = if addr.ip().is_unspecified() {
            this_machine(port)
        } else {
            addr.to_string()
        };
        let mut net = NetPlay::<R>::new(h, &local, Some(give))?;
        net.host_quit = Some(quit);
        start_session(world, net)?;
        // Who played it before, for this window's own saves of it.
        if let Some(earlier) = earlier {
            world.non_send_mut::<GameSession<R>>().earlier = earlier;
        }
        Ok(())
    }
}

/// Starts the headless host on its own thread; gives the address it listens on.
fn host_thread<R: Desk>(
    launch: &HostLaunch<R>,
    resume: Option<Resumable<R>>,
) -> Result<(std::net::SocketAddr, Quit), String> {
    let players = launch.seats.map(|s| -> Result<SeatPlayer<R>, String> {
        match s {
            HostSeat::Here | HostSeat::Remote => Ok(SeatPlayer::Remote),
            HostSeat::Computer(kind) => {
                let player = R::Player::try_from(kind)?;
                Ok(SeatPlayer::Computer(Box::new(move |seed| {
                    R::policy(player, seed)
                })))
            }
        }
    });
    let [a, b] = players;
    let players = [a?, b?];
    let names = launch.seats.map(|s| s.label());
    let kinds = launch.seats.map(HostSeat::kind);
    let cfg = HostConfig {
        seeding: launch.seed.map_or(Seeding::Drawn, Seeding::Fixed),
        await_a_peer: true,
        ..HostConfig::default()
    };
    let (setup, listen) = (launch.setup.clone(), launch.listen.clone());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("warband-host".into())
        .spawn(move || {
            let bound = Host::<R>::bind(&listen, cfg, setup, players)
                .map_err(|e| format!("cannot listen on {listen}: {e}"));
            match bound.map(|h| match resume {
                Some(save) => h.resuming(save),
                None => h,
            }) {
                Ok(host) => {
                    let _ = tx.send(Ok((host.addr(), host.quitter())));
                    let host = host.with_player_names(names).with_played_by(kinds);
                    if let Err(e) = host.run() {
                        eprintln!("host: {e}");
                    }
                }
                Err(e) => drop(tx.send(Err(e))),
            }
        })
        .map_err(|e| e.to_string())?;
    rx.recv_timeout(Duration::from_secs(10))
        .map_err(|_| "the host did not start".to_string())?
}

/// A battle joined from another machine (or watched), its host's welcome in hand.
pub struct JoinLaunch<R: Desk> {
    handshake: Mutex<Option<Handshake>>,
    addr: String,
    ruleset: std::marker::PhantomData<R>,
}

impl<R: Desk> JoinLaunch<R> {
    pub fn new(handshake: Handshake, addr: &str) -> Self {
        Self {
            handshake: Mutex::new(Some(handshake)),
            addr: addr.to_string(),
            ruleset: std::marker::PhantomData,
        }
    }
}

impl<R: Desk> Starter for JoinLaunch<R> {
    fn start(self: Box<Self>, world: &mut World) -> Result<(), String> {
        let h = self
            .handshake
            .lock()
            .map_err(|_| "the connection was lost".to_string())?
            .take()
            .ok_or("the connection was used already")?;
        let net = NetPlay::<R>::new(h, &self.addr, None)?;
        start_session(world, net)
    }
}

/// A joined battle of the ruleset the host named.
pub fn join_launch(h: Handshake, addr: &str) -> Box<dyn Starter> {
    crate::rulesets::with_rules!(h.ruleset, R => Box::new(JoinLaunch::<R>::new(h, addr)))
}

/// The session of a network battle: you play your seat, the network the rest.
fn start_session<R: Desk>(world: &mut World, net: NetPlay<R>) -> Result<(), String> {
    let controllers = Side::BOTH.map(|s| {
        if net.seat() == Some(s) {
            Controller::Human
        } else {
            Controller::Remote
        }
    });
    let mut session = GameSession::<R>::new(net.setup().clone(), 0, controllers)?;
    session.net = Some(net);
    put_on_table(world, session);
    Ok(())
}
