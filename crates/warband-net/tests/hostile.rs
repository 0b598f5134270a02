//! Untrusted peers: garbage, a 100 MB frame, a slow-loris, a flood of connections, a
//! spectator that proposes, a peer that lies about its hash, a player proposing out of
//! its turn, and a peer whose state leaves the host's. Each is refused or dropped with a
//! reason, and the battle goes on to the state it reaches on one machine.

mod common;

use common::*;
use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;
use warband_marauders::engine::Marauders;
use warband_net::client::{Client, NetError, connect};
use warband_net::frame::write_frame;
use warband_net::host::{HostConfig, SeatPlayer};
use warband_net::msg::{Hello, ToHost, encode};
use warband_rules::Side;
use warband_toy_soldier::ToySoldier;

fn raw(addr: &str) -> TcpStream {
    TcpStream::connect(addr).unwrap()
}

fn hello_frame(seat: Option<Side>) -> Vec<u8> {
    encode(&ToHost::<()>::Hello(Hello::new(seat, "raw")))
}

/// Opens the hostile connections; gives the streams to keep open.
fn attack(addr: &str) -> Vec<TcpStream> {
    let mut garbage = raw(addr);
    garbage.write_all(b"\x00\x00\x00\x05hello, host").unwrap();
    let mut huge = raw(addr);
    huge.write_all(&(100u32 * 1024 * 1024).to_be_bytes())
        .unwrap();
    huge.write_all(&[0u8; 1024]).unwrap();
    let mut loris = raw(addr);
    loris.write_all(&hello_frame(None)[..3]).unwrap();
    let mut proposing = raw(addr);
    write_frame(&mut proposing, &hello_frame(None)).unwrap();
    let propose = r#"{"type":"propose","seq":0,"command":"EndPhase"}"#;
    write_frame(&mut proposing, propose.as_bytes()).unwrap();
    let mut liar = raw(addr);
    write_frame(&mut liar, &hello_frame(None)).unwrap();
    let lie = r#"{"type":"synced","seq":0,"hash":"0123456789abcdef"}"#;
    write_frame(&mut liar, lie.as_bytes()).unwrap();
    vec![garbage, huge, loris, proposing, liar]
}

#[test]
fn hostile_peers_are_dropped_while_the_battle_goes_on() {
    let (file, seed) = ("open-field.ron", 21);
    let expected = on_one_machine::<Marauders>(file, seed, "normal", "normal");
    let cfg = HostConfig {
        hello_within: Duration::from_millis(300),
        max_peers: 12,
        ..fixed(seed)
    };
    let players = [
        SeatPlayer::Computer(computer::<Marauders>("normal")),
        SeatPlayer::Remote,
    ];
    let (addr, host, notices) = start_host::<Marauders>(file, cfg, players);
    let kept = attack(&addr);
    std::thread::sleep(Duration::from_millis(100));
    let flood: Vec<TcpStream> = (0..20).map(|_| raw(&addr)).collect();
    // The flood fills the host's places, is turned away at the door past them, and
    // those let in are closed for saying nothing: then there is room again.
    std::thread::sleep(Duration::from_millis(700));
    let mut pb = join::<Marauders>(&addr, Some(Side::B), Some("normal"));
    let mut out_of_turn = 0;
    loop {
        let Some(engine) = pb.engine() else {
            pb.step(Duration::from_secs(60)).unwrap();
            continue;
        };
        if engine.awaiting() == Some(Side::A) && out_of_turn < 3 {
            out_of_turn += 1;
            let seq = pb.entries().len() as u64;
            let command = engine.yield_command(Side::A);
            pb.send(&ToHost::Propose { seq, command });
        }
        if pb.step(Duration::from_secs(60)).unwrap().is_some() {
            break;
        }
    }
    let hosted = host.join().unwrap();
    drop((kept, flood));
    assert_eq!(hosted.hash, expected);
    assert_eq!(pb.engine_mut().unwrap().state_hash(), expected);
    let said = notices.lock().unwrap().join("\n");
    for reason in [
        "not a message of the protocol",
        "over the limit",
        "no hello within",
        "a spectator cannot send `Propose`",
        "it reported command 0",
    ] {
        assert!(said.contains(reason), "no `{reason}` in:\n{said}");
    }
    assert!(out_of_turn > 0, "A never had a turn");
}

/// A liar about its hash is caught once command 0 exists; the connection limit turns
/// the rest of a flood away at the door.
#[test]
fn a_false_hash_and_a_flood_are_turned_away() {
    let (file, seed) = ("open-field.ron", 22);
    let cfg = HostConfig {
        max_peers: 3,
        ..fixed(seed)
    };
    let players = [SeatPlayer::Remote, SeatPlayer::Remote];
    let (addr, host, notices) = start_host::<Marauders>(file, cfg, players);
    let liar = join::<Marauders>(&addr, None, None);
    let pa = play_out::<Marauders>(&addr, Some(Side::A), Some("charge"));
    let mut pb = join::<Marauders>(&addr, Some(Side::B), Some("charge"));
    let e = connect(&addr, &Hello::new(None, "one too many"));
    let Err(NetError::Refused(reason)) = e else {
        panic!("a fourth connection was let in");
    };
    assert!(reason.contains("all its connections (3)"), "{reason}");
    run_until(&mut pb, 1).unwrap();
    liar.send(&ToHost::Synced {
        seq: 0,
        hash: "0000000000000000".into(),
    });
    pb.run().unwrap();
    let hosted = host.join().unwrap();
    let hash = hosted.hash;
    assert_eq!(pa.join().unwrap().1, hash);
    assert_eq!(pb.engine_mut().unwrap().state_hash(), hash);
    let said = notices.lock().unwrap().join("\n");
    assert!(said.contains("out of sync after command 0"), "{said}");
}

/// A peer whose own state leaves the host's stops, writes both logs to a report, and
/// comes back in sync by fetching the log again.
#[test]
fn out_of_sync_is_reported_and_a_resync_recovers() {
    let (file, seed) = ("open-meadow.ron", 23);
    let expected = on_one_machine::<ToySoldier>(file, seed, "charge", "charge");
    let players = [
        SeatPlayer::Computer(computer::<ToySoldier>("charge")),
        SeatPlayer::Remote,
    ];
    let (addr, host, _) = start_host::<ToySoldier>(file, fixed(seed), players);
    let mut watcher = join::<ToySoldier>(&addr, None, None);
    watcher.mischief.stray_after = Some(5);
    let mut pb = join::<ToySoldier>(&addr, Some(Side::B), Some("charge"));
    run_until(&mut pb, 8).unwrap();
    let Err(NetError::OutOfSync { seq, report, .. }) = watcher.run() else {
        panic!("a stray command went unnoticed");
    };
    assert_eq!(seq, 5, "found at the first command after the stray one");
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(
        text.contains("host_log") && text.contains("our_log"),
        "{text}"
    );
    let h = connect(&addr, &Hello::new(None, "again")).unwrap();
    let mut again = Client::<ToySoldier>::new(h, None, report_dir()).unwrap();
    run_all(&mut [&mut again, &mut pb]);
    let hosted = host.join().unwrap();
    assert_eq!(hosted.hash, expected);
    assert_eq!(again.engine_mut().unwrap().state_hash(), expected);
    assert_eq!(pb.engine_mut().unwrap().state_hash(), expected);
}

/// A seat whose player leaves before the battle starts is free again (its token goes
/// with it); a peer that floods table talk, which goes to every connection, is dropped.
#[test]
fn a_seat_left_before_the_start_is_free_and_a_chatterbox_is_dropped() {
    let (file, seed) = ("open-field.ron", 24);
    let expected = on_one_machine::<Marauders>(file, seed, "charge", "charge");
    let players = [SeatPlayer::Remote, SeatPlayer::Remote];
    let (addr, host, notices) = start_host::<Marauders>(file, fixed(seed), players);
    drop(join::<Marauders>(&addr, Some(Side::A), Some("charge")));
    std::thread::sleep(Duration::from_millis(300));
    let pa = play_out::<Marauders>(&addr, Some(Side::A), Some("charge"));
    let chatty = join::<Marauders>(&addr, None, None);
    for i in 0..30 {
        chatty.send(&ToHost::Chat {
            text: format!("line {i}"),
        });
    }
    std::thread::sleep(Duration::from_millis(300));
    let pb = play_out::<Marauders>(&addr, Some(Side::B), Some("charge"));
    let hosted = host.join().unwrap();
    assert_eq!(hosted.hash, expected);
    assert_eq!(pa.join().unwrap().1, expected);
    assert_eq!(pb.join().unwrap().1, expected);
    let said = notices.lock().unwrap().join("\n");
    assert!(said.contains("lines of table talk in 10 s"), "{said}");
}
