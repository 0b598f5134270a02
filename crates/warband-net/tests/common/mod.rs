//! Loopback battles: a host and its peers on 127.0.0.1, each in its own thread, and
//! the same battle played on one machine to compare them with.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use warband_net::client::{Client, Finish, NetError, connect};
use warband_net::host::{Host, HostConfig, MakePolicy, SeatPlayer, Stats};
use warband_net::msg::{Hello, Seeding};
use warband_rules::Side;
use warband_table::engine::{Engine, Rules};
use warband_table::player::{play, policy_seed};
use warband_table::save::Save;
use warband_table::sim::Contest;

pub fn scenario(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios")
        .join(file)
}

/// The final state hash of `warband battle --seed N --a A --b B` on one machine.
pub fn on_one_machine<R: Contest>(file: &str, seed: u64, a: &str, b: &str) -> u64 {
    alone::<R>(R::load(&scenario(file)).unwrap(), seed, a, b)
}

/// The final state hash of a battle of `setup` played on one machine.
pub fn alone<R: Contest>(setup: R::Setup, seed: u64, a: &str, b: &str) -> u64 {
    let mut engine = Engine::<R>::new(&setup, seed).unwrap();
    let mut pa = R::policy(a.parse().unwrap(), policy_seed(seed, Side::A));
    let mut pb = R::policy(b.parse().unwrap(), policy_seed(seed, Side::B));
    play::<R>(&mut engine, pa.as_mut(), pb.as_mut());
    engine.state_hash()
}

pub fn computer<R: Contest>(kind: &str) -> MakePolicy<R> {
    let kind: R::Player = kind.parse().unwrap();
    Box::new(move |seed| R::policy(kind, seed))
}

/// What a host thread gives back (its engine stays on its thread).
pub struct Done<R: Rules> {
    pub hash: u64,
    pub save: Save<R>,
    pub stats: Stats,
}

/// A host's notices, kept for the test to read.
pub type Notices = Arc<Mutex<Vec<String>>>;

/// Starts a host on a free loopback port in its own thread (a battle's world stays on
/// the thread that made it).
pub fn start_host<R: Contest>(
    file: &str,
    cfg: HostConfig,
    players: [SeatPlayer<R>; 2],
) -> (String, JoinHandle<Done<R>>, Notices) {
    host_of::<R>(R::load(&scenario(file)).unwrap(), cfg, players)
}

/// Starts a host of `setup` on a free loopback port in its own thread.
pub fn host_of<R: Contest>(
    setup: R::Setup,
    cfg: HostConfig,
    players: [SeatPlayer<R>; 2],
) -> (String, JoinHandle<Done<R>>, Notices) {
    hosting::<R>(setup, cfg, players, None)
}

/// Starts a host that plays on from `save` (its seeding the save's own), on a free
/// loopback port in its own thread.
pub fn resume_host<R: Contest>(
    save: &Save<R>,
    players: [SeatPlayer<R>; 2],
) -> (String, JoinHandle<Done<R>>, Notices) {
    let setup = save.setup.clone();
    hosting::<R>(setup, HostConfig::default(), players, Some(save.clone()))
}

fn hosting<R: Contest>(
    setup: R::Setup,
    cfg: HostConfig,
    players: [SeatPlayer<R>; 2],
    save: Option<Save<R>>,
) -> (String, JoinHandle<Done<R>>, Notices) {
    let notices: Notices = Arc::default();
    let kept = Arc::clone(&notices);
    let (tx, rx) = std::sync::mpsc::channel();
    let handle = std::thread::spawn(move || {
        let mut host = Host::<R>::bind("127.0.0.1:0", cfg, setup, players)
            .unwrap()
            .with_notices(move |line| kept.lock().unwrap().push(line.to_string()));
        if let Some(save) = &save {
            host = host.resuming(warband_net::host::Resumable::of(save).unwrap());
        }
        tx.send(host.addr().to_string()).unwrap();
        let hosted = host.run().unwrap();
        Done {
            hash: hosted.engine.state_hash(),
            save: hosted.save,
            stats: hosted.stats,
        }
    });
    (rx.recv().unwrap(), handle, notices)
}

pub fn fixed(seed: u64) -> HostConfig {
    HostConfig {
        seeding: Seeding::Fixed(seed),
        ..HostConfig::default()
    }
}

pub fn report_dir() -> PathBuf {
    std::env::temp_dir().join(format!("warband-net-test-{}", std::process::id()))
}

/// A peer: a side's computer player, or a spectator.
pub fn join<R: Contest>(addr: &str, seat: Option<Side>, kind: Option<&str>) -> Client<R> {
    let handshake = connect(addr, &Hello::new(seat, "test")).unwrap();
    assert_eq!(handshake.ruleset, R::RULESET);
    Client::new(handshake, kind.map(computer::<R>), report_dir()).unwrap()
}

/// Joins and plays a side (or watches) to the end in its own thread; gives its final
/// hash. Returns once it is welcomed.
pub fn play_out<R: Contest>(
    addr: &str,
    seat: Option<Side>,
    kind: Option<&'static str>,
) -> JoinHandle<(Finish, u64)> {
    let addr = addr.to_string();
    let (tx, rx) = std::sync::mpsc::channel();
    let handle = std::thread::spawn(move || {
        let mut client = join::<R>(&addr, seat, kind);
        tx.send(()).unwrap();
        let end = client.run().unwrap();
        let hash = client.engine_mut().unwrap().state_hash();
        (end, hash)
    });
    rx.recv().unwrap();
    handle
}

/// Runs peers on this thread, a message at a time each, until all have finished.
pub fn run_all<R: Rules>(clients: &mut [&mut Client<R>]) {
    let mut done = vec![false; clients.len()];
    while done.iter().any(|d| !d) {
        for (i, c) in clients.iter_mut().enumerate() {
            if !done[i] && c.step(Duration::from_millis(5)).unwrap().is_some() {
                done[i] = true;
            }
        }
    }
}

/// Runs a client until it has applied `n` commands (or the battle ends first).
pub fn run_until<R: Rules>(client: &mut Client<R>, n: usize) -> Result<Option<Finish>, NetError> {
    while client.entries().len() < n {
        if let Some(end) = client.step(Duration::from_secs(60))? {
            return Ok(Some(end));
        }
    }
    Ok(None)
}

/// A whole battle of `file` hosted with both seats joined by computer players `a` and
/// `b`: the host's save of it.
pub fn hosted_battle<R: Contest>(
    file: &str,
    cfg: HostConfig,
    a: &'static str,
    b: &'static str,
) -> Save<R> {
    let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
    let (addr, host, _) = start_host::<R>(file, cfg, remote);
    let pa = play_out::<R>(&addr, Some(Side::A), Some(a));
    let pb = play_out::<R>(&addr, Some(Side::B), Some(b));
    let save = host.join().unwrap().save;
    let _ = (pa.join().unwrap(), pb.join().unwrap());
    save
}

/// The save of the first half of a battle: half its commands and their salts, with the
/// final hash they lead to.
pub fn first_half<R: Rules>(whole: &Save<R>) -> Save<R> {
    let half = whole.commands.len() / 2;
    let mut kept = whole.clone().salted(&whole.salts().first(half));
    kept.commands.truncate(half);
    kept.final_hash = kept.replay().unwrap().state_hash();
    kept
}
