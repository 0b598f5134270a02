//! The window's view of who is at the table, driven as the host's notices drive it.

use super::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use warband_marauders::engine::Marauders;
use warband_net::host::{Host, HostConfig, SeatPlayer};

/// A window watching a host that waits for its players (never started), and the flag
/// that stops the host.
fn watching() -> (NetPlay<Marauders>, Arc<AtomicBool>) {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let setup = Marauders::load(&root.join("assets/scenarios/open-field.ron")).unwrap();
        let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
        let host = Host::<Marauders>::bind("127.0.0.1:0", HostConfig::default(), setup, remote)
            .unwrap()
            .with_notices(|_| {});
        tx.send((host.addr().to_string(), host.quitter())).unwrap();
        let _ = host.run();
    });
    let (addr, quit) = rx.recv().unwrap();
    let h = connect(&addr, &Hello::new(None, "test")).unwrap();
    (NetPlay::new(h, &addr, None).unwrap(), quit)
}

#[test]
fn who_is_away_is_kept_for_each_side_and_play_goes_on() {
    let (mut net, quit) = watching();
    net.state = NetState::Playing;
    net.present(Side::B, false);
    assert_eq!(net.state, NetState::Away(Side::B));
    assert!(net.in_play(), "the battle goes on while B is away");
    assert_eq!(net.last_word.as_deref(), Some("Side B's player dropped"));
    net.present(Side::A, false);
    net.present(Side::B, true);
    assert_eq!(net.state, NetState::Away(Side::A), "A is still away");
    assert_eq!(net.last_word.as_deref(), Some("Side B's player is back"));
    net.last_word = None;
    net.present(Side::A, false);
    assert_eq!(net.last_word, None, "told again on a catch-up: no news");
    net.present(Side::A, true);
    assert_eq!(net.state, NetState::Playing);
    // Our own connection down: news of the players does not hide it.
    net.state = NetState::Reconnecting;
    net.present(Side::B, false);
    assert_eq!(net.state, NetState::Reconnecting);
    assert!(!net.in_play());
    net.state = NetState::Closed("the host left the battle".into());
    net.present(Side::B, true);
    assert!(matches!(net.state, NetState::Closed(_)));
    quit.store(true, Ordering::Relaxed);
}

/// A battle that waits on the connection says so, never that a computer is thinking:
/// a play-test saw "The computer is playing its part" once the host had gone.
#[test]
fn a_stalled_connection_is_said_as_such() {
    let (mut net, quit) = watching();
    for (state, words) in [
        (NetState::Playing, None),
        (NetState::Reconnecting, Some("coming back")),
        (NetState::Lost("refused".into()), Some("The host is gone")),
        (NetState::Closed("left".into()), Some("Load battle")),
        (NetState::Away(Side::B), Some("dropped")),
    ] {
        net.state = state;
        let said = net.stalled(Some(Side::B));
        assert_eq!(said.is_some(), words.is_some(), "{said:?}");
        if let (Some(said), Some(words)) = (said, words) {
            assert!(said.contains(words), "{said}");
        }
    }
    // A dropped player's side not yet awaited: the battle goes on, nothing stalls.
    net.state = NetState::Away(Side::B);
    assert_eq!(net.stalled(Some(Side::A)), None);
    quit.store(true, Ordering::Relaxed);
}
