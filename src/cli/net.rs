//! `warband host`, `warband join` and `warband watch --connect`: network play without
//! a window. The host plays its computer sides and relays; a joiner plays its side with
//! a computer player; a spectator mirrors the battle. Each prints, at the end, what
//! `warband battle` prints for the same battle; figures of the relay go to stderr.

use super::battle::{Ai, report};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use warband_net::client::{Client, Handshake, NetError, Notice, connect};
use warband_net::host::{Host, HostConfig, Resumable, SeatPlayer};
use warband_net::msg::{Hello, Seeding};
use warband_rules::Side;
use warband_table::save::Save;
use warband_table::sim::Contest;

pub use super::host_side::HostSide;

#[derive(Args, Debug)]
pub struct HostArgs {
    /// Scenario file (RON).
    #[arg(long, required_unless_present = "resume", conflicts_with = "resume")]
    pub(super) scenario: Option<PathBuf>,
    /// A saved battle to play on from, instead of a scenario: its commands are played
    /// first, with its seed and dice salts; every command after them is salted.
    #[arg(long, conflicts_with = "seed")]
    pub(super) resume: Option<PathBuf>,
    /// Play exactly `warband battle --seed N` (no commit-reveal, no dice salts).
    #[arg(long, value_parser = warband_table::sim::parse_seed)]
    pub(super) seed: Option<u64>,
    /// Where to listen, e.g. 0.0.0.0:4740 (port 0 picks a free one).
    #[arg(long, default_value = "0.0.0.0:4740")]
    pub(super) listen: String,
    /// Who plays side A.
    #[arg(long, value_enum)]
    pub(super) a: HostSide,
    /// Who plays side B.
    #[arg(long, value_enum)]
    pub(super) b: HostSide,
    /// No window: play the computer sides, relay, and print the result.
    #[arg(long)]
    headless: bool,
    /// With --headless, print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Save the battle (an ordinary save, with its dice salts) to this file: at its end,
    /// and every 20 commands while it is played.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Seconds to wait for a player who dropped before their side loses.
    #[arg(long, default_value_t = 120)]
    wait: u64,
    #[command(flatten)]
    pub(super) window: super::window::WindowArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SideArg {
    A,
    B,
}

impl SideArg {
    fn side(self) -> Side {
        match self {
            SideArg::A => Side::A,
            SideArg::B => Side::B,
        }
    }
}

#[derive(Args, Debug)]
pub struct JoinArgs {
    /// The host's address, ADDR:PORT.
    addr: String,
    /// The side you take, as the host offers it.
    #[arg(long, value_enum)]
    side: SideArg,
    /// A computer player for the side (else you play it in the window).
    #[arg(long, value_enum)]
    player: Option<Ai>,
    /// Changes nothing on its own: a person plays in the window, and a computer player
    /// (--player) always plays without one.
    #[arg(long)]
    headless: bool,
    /// With --player, print the result as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    window: super::window::WindowArgs,
}

impl HostArgs {
    /// The scenario, or the save played on from.
    fn file(&self) -> &std::path::Path {
        self.resume
            .as_deref()
            .or(self.scenario.as_deref())
            .expect("clap asks for one of them")
    }

    /// The battle's setup, and the save it is played on from if it is, checked: a save
    /// that cannot go on is refused here, on the terminal, before any port or window.
    pub(super) fn battle<R: Contest>(&self) -> Result<(R::Setup, Option<Resumable<R>>), ExitCode> {
        let Some(path) = &self.resume else {
            return Ok((R::load(self.file()).map_err(super::data_error)?, None));
        };
        let save = Save::<R>::read(path).map_err(super::data_error)?;
        match Resumable::of(&save) {
            Ok(resume) => Ok((save.setup, Some(resume))),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                Err(ExitCode::FAILURE)
            }
        }
    }

    /// The ruleset of the scenario or save, or the exit code after saying why not.
    pub(super) fn ruleset(&self) -> Result<warband_rules::Ruleset, ExitCode> {
        super::ruleset_of(self.file())
    }
}

pub fn host(args: HostArgs) -> ExitCode {
    if !args.headless {
        return super::window::host(&args);
    }
    match args.ruleset() {
        Ok(ruleset) => super::with_rules!(ruleset, R => host_of::<R>(&args)),
        Err(code) => code,
    }
}

fn host_of<R: Contest>(args: &HostArgs) -> ExitCode {
    let players = match [args.a, args.b].map(seat_player::<R>) {
        [Ok(a), Ok(b)] => [a, b],
        [Err(e), _] | [_, Err(e)] => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (setup, resume) = match args.battle::<R>() {
        Ok(b) => b,
        Err(code) => return code,
    };
    let cfg = HostConfig {
        seeding: args.seed.map_or(Seeding::Drawn, Seeding::Fixed),
        wait: Duration::from_secs(args.wait),
        ..HostConfig::default()
    };
    let names = [args.a.name().to_string(), args.b.name().to_string()];
    let kinds = [args.a, args.b].map(|s| s.ai().map(Ai::kind));
    let host = match Host::<R>::bind(&args.listen, cfg, setup, players) {
        Ok(h) => match &args.save {
            Some(path) => h
                .with_player_names(names)
                .with_played_by(kinds)
                .with_checkpoints(path.clone()),
            None => h.with_player_names(names).with_played_by(kinds),
        },
        Err(e) => {
            eprintln!("error: cannot listen on {}: {e}", args.listen);
            return ExitCode::FAILURE;
        }
    };
    let host = match resume {
        Some(save) => host.resuming(save),
        None => host,
    };
    eprintln!("host: listening on {}", host.addr());
    let mut hosted = match host.run() {
        Ok(h) => h,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file().display());
            return ExitCode::FAILURE;
        }
    };
    let s = &hosted.stats;
    let rate = s.commands as f64 / s.seconds.max(1e-9);
    eprintln!(
        "host: relayed {} commands in {:.3} s ({rate:.0} a second), {} bytes to peers",
        s.commands, s.seconds, s.bytes_out
    );
    if let Some(path) = &args.save
        && let Err(e) = hosted.save.write(path)
    {
        eprintln!("error: {e}");
        return ExitCode::FAILURE;
    }
    report(&mut hosted.engine, args.json);
    ExitCode::SUCCESS
}

fn seat_player<R: Contest>(side: HostSide) -> Result<SeatPlayer<R>, String> {
    if side == HostSide::Human {
        return Err("a human side needs the window: drop --headless, or make it remote".into());
    }
    let Some(ai) = side.ai() else {
        return Ok(SeatPlayer::Remote);
    };
    let kind: R::Player = ai.name().parse()?;
    Ok(SeatPlayer::Computer(Box::new(move |seed| {
        R::policy(kind, seed)
    })))
}

pub fn join(args: JoinArgs) -> ExitCode {
    let side = args.side.side();
    let Some(ai) = args.player else {
        return super::window::join(&args.addr, side, &args.window);
    };
    if !args.headless {
        eprintln!("note: a computer player plays headless");
    }
    let mut hello = Hello::new(Some(side), &format!("{} ({})", whoami(), ai.name()));
    hello.token = crate::game::net::tokens::read(&args.addr, side);
    let handshake = match connect(&args.addr, &hello) {
        Ok(h) => h,
        Err(e) => return net_error(&e),
    };
    super::with_rules!(handshake.ruleset, R => peer_of::<R>(handshake, &args.addr, Some(ai), args.json))
}

/// `warband watch --connect ADDR --headless`.
pub fn watch(addr: &str, json: bool) -> ExitCode {
    let hello = Hello::new(None, &whoami());
    let handshake = match connect(addr, &hello) {
        Ok(h) => h,
        Err(e) => return net_error(&e),
    };
    super::with_rules!(handshake.ruleset, R => peer_of::<R>(handshake, addr, None, json))
}

/// Plays (or watches) to the end, coming back after a drop and resyncing once after
/// an out-of-sync; prints the result.
fn peer_of<R: Contest>(h: Handshake, addr: &str, ai: Option<Ai>, json: bool) -> ExitCode {
    let mut client = match new_client::<R>(h, ai) {
        Ok(c) => c,
        Err(e) => return net_error(&e),
    };
    let mut resynced = false;
    loop {
        if let (Some(side), Some(token)) = (client.welcome.seat, &client.welcome.token) {
            crate::game::net::tokens::write(addr, side, token);
        }
        match client.run() {
            Ok(_) => break,
            Err(NetError::Dropped(why, at)) => {
                eprintln!("peer: the connection dropped ({why}) after command {at}; coming back");
                let Some(h) = reconnect(addr, &client.hello_again(&whoami())) else {
                    return net_error(&NetError::Dropped(why, at));
                };
                if let Err(e) = client.reattach(h) {
                    return net_error(&e);
                }
            }
            Err(e @ NetError::OutOfSync { .. }) if !resynced => {
                eprintln!("peer: {e}\npeer: fetching the log again to resync");
                resynced = true;
                let mut hello = client.hello_again(&whoami());
                hello.from_seq = 0;
                let fresh = reconnect(addr, &hello).map(|h| new_client::<R>(h, ai));
                client = match fresh {
                    Some(Ok(c)) => c,
                    Some(Err(e)) => return net_error(&e),
                    None => return net_error(&e),
                };
            }
            Err(e) => return net_error(&e),
        }
    }
    latency_report(client.latencies());
    match client.engine_mut() {
        Some(engine) => report(engine, json),
        None => return net_error(&NetError::Protocol("the battle never started".into())),
    }
    ExitCode::SUCCESS
}

fn new_client<R: Contest>(h: Handshake, ai: Option<Ai>) -> Result<Client<R>, NetError> {
    let make = match ai.map(|a| a.name().parse::<R::Player>()) {
        Some(Err(e)) => return Err(NetError::Refused(e)),
        Some(Ok(kind)) => Some(Box::new(move |seed| R::policy(kind, seed)) as _),
        None => None,
    };
    let report_dir = crate::game::saves::data_dir();
    Ok(Client::new(h, make, report_dir)?.with_notices(say))
}

/// Tries to come back for a minute.
fn reconnect(addr: &str, hello: &Hello) -> Option<Handshake> {
    for _ in 0..60 {
        match connect(addr, hello) {
            Ok(h) => return Some(h),
            Err(e) if !warband_net::client::worth_retrying(&e) => {
                eprintln!("peer: {e}");
                return None;
            }
            Err(_) => std::thread::sleep(Duration::from_secs(1)),
        }
    }
    None
}

fn say(notice: Notice) {
    match notice {
        Notice::Started(seed) => eprintln!("peer: the battle starts (seed {seed})"),
        Notice::Rejected(why) => eprintln!("peer: the host did not play our command: {why}"),
        // The host counts down each second: a line every quarter minute, and the last few.
        Notice::Waiting(side, left) if left % 15 == 0 || left <= 5 => {
            eprintln!("peer: {side}'s player dropped; the host waits {left} s more");
        }
        Notice::Waiting(..) => {}
        Notice::Present(side, false) => eprintln!("peer: {side}'s player dropped"),
        Notice::Present(side, true) => eprintln!("peer: {side}'s player is back"),
        Notice::Chat(from, text) => eprintln!("{from}: {text}"),
        Notice::Talk(lines) => {
            for (from, text) in lines {
                eprintln!("(earlier) {from}: {text}");
            }
        }
        Notice::DrawOffered(by) => eprintln!("peer: {by} offers a draw"),
        Notice::DrawDeclined(by) => eprintln!("peer: {by} declines the draw"),
        Notice::Seated(side, name) => eprintln!("peer: {name} joined as {side}"),
    }
}

fn latency_report(latencies: &[Duration]) {
    if latencies.is_empty() {
        return;
    }
    let mut ms: Vec<f64> = latencies.iter().map(|d| d.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "peer: {} proposals, latency median {:.2} ms, p99 {:.2} ms",
        ms.len(),
        at(0.5),
        at(0.99)
    );
}

fn net_error(e: &NetError) -> ExitCode {
    eprintln!("error: {e}");
    ExitCode::FAILURE
}

use crate::game::net::whoami;
