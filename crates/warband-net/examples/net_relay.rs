//! Figures of the relay on loopback: commands a second relayed, the latency a command
//! adds (a proposal sent to its commit back, median and p99), and bytes per battle.
//! A host thread and two joined computer players per battle, like `warband host` with
//! two `warband join`s, against the same battles played on one machine.
//!
//! `cargo run --release -p warband-net --example net_relay -- [battles]`

use std::path::PathBuf;
use std::time::{Duration, Instant};
use warband_net::client::{Client, connect};
use warband_net::host::{Host, HostConfig, SeatPlayer};
use warband_net::msg::{Hello, Seeding};
use warband_rules::Side;
use warband_table::engine::Engine;
use warband_table::player::{play, policy_seed};
use warband_table::sim::Contest;

fn scenario(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios")
        .join(file)
}

fn joiner<R: Contest>(
    addr: String,
    side: Side,
    kind: R::Player,
) -> std::thread::JoinHandle<Vec<Duration>> {
    std::thread::spawn(move || {
        let h = connect(&addr, &Hello::new(Some(side), "bench")).unwrap();
        let make = Box::new(move |seed| R::policy(kind, seed));
        let mut c = Client::<R>::new(h, Some(make), std::env::temp_dir()).unwrap();
        c.run().unwrap();
        c.latencies().to_vec()
    })
}

fn measure<R: Contest>(file: &str, player: &str, battles: u64) {
    let kind: R::Player = player.parse().unwrap();
    let setup = R::load(&scenario(file)).unwrap();
    let (mut commands, mut net_s, mut bytes, mut lat) = (0usize, 0.0, 0u64, Vec::new());
    let alone = Instant::now();
    for seed in 0..battles {
        let mut e = Engine::<R>::new(&setup, seed).unwrap();
        let (mut a, mut b) = (
            R::policy(kind, policy_seed(seed, Side::A)),
            R::policy(kind, policy_seed(seed, Side::B)),
        );
        play::<R>(&mut e, a.as_mut(), b.as_mut());
    }
    let alone_s = alone.elapsed().as_secs_f64();
    for seed in 0..battles {
        let cfg = HostConfig {
            seeding: Seeding::Fixed(seed),
            ..HostConfig::default()
        };
        let players = [SeatPlayer::Remote, SeatPlayer::Remote];
        let (tx, rx) = std::sync::mpsc::channel();
        let setup = setup.clone();
        let host = std::thread::spawn(move || {
            let host = Host::<R>::bind("127.0.0.1:0", cfg, setup, players)
                .unwrap()
                .with_notices(|_| {});
            tx.send(host.addr().to_string()).unwrap();
            let h = host.run().unwrap();
            h.stats
        });
        let addr = rx.recv().unwrap();
        let ja = joiner::<R>(addr.clone(), Side::A, kind);
        let jb = joiner::<R>(addr, Side::B, kind);
        lat.extend(ja.join().unwrap());
        lat.extend(jb.join().unwrap());
        let stats = host.join().unwrap();
        commands += stats.commands;
        net_s += stats.seconds;
        bytes += stats.bytes_out;
    }
    lat.sort();
    let q = |p: f64| lat[((lat.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1e3;
    println!(
        "{:<12} {:<20} {:<7} {:>6} cmds/battle  net {:>8.0} cmds/s  alone {:>8.0} cmds/s  +{:>6.1} µs/cmd  latency median {:.3} ms p99 {:.3} ms  {:>7} bytes/battle",
        R::RULESET.id(),
        file,
        player,
        commands as u64 / battles,
        commands as f64 / net_s,
        commands as f64 / alone_s,
        (net_s - alone_s) / commands as f64 * 1e6,
        q(0.5),
        q(0.99),
        bytes / battles,
    );
}

fn main() {
    let battles: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    use warband_borderlands::Borderlands;
    use warband_marauders::engine::Marauders;
    use warband_toy_soldier::ToySoldier;
    for p in ["charge", "normal"] {
        measure::<Marauders>("woods-and-walls.ron", p, battles);
        measure::<ToySoldier>("village-fight.ron", p, battles);
        measure::<Borderlands>("lair-hall.ron", p, battles);
    }
}
