//! Who is at the table: a player who drops is told to the others at once, whoever's move
//! it is, and so is its return; a host that leaves says so; a player coming back to a
//! host that now plays another battle is turned away, not seated in it.

mod common;

use common::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use warband_marauders::engine::Marauders;
use warband_net::client::{Client, NetError, Notice, connect};
use warband_net::host::{ANOTHER_BATTLE, Host, SeatPlayer};
use warband_net::msg::ToHost;
use warband_rules::Side;
use warband_table::player::next_command;
use warband_table::sim::Contest;

/// Steps `client` until it hears `wanted`, for at most ten seconds.
fn hear(client: &mut Client<Marauders>, heard: &Receiver<Notice>, wanted: &Notice) {
    hear_that(client, heard, &format!("{wanted:?}"), |n| n == wanted);
}

/// Steps `client` until it hears a notice that is `what`, for at most ten seconds.
fn hear_that(
    client: &mut Client<Marauders>,
    heard: &Receiver<Notice>,
    what: &str,
    is: impl Fn(&Notice) -> bool,
) {
    let until = Instant::now() + Duration::from_secs(10);
    while Instant::now() < until {
        if heard.try_iter().any(|n| is(&n)) {
            return;
        }
        client.step(Duration::from_millis(5)).unwrap();
    }
    panic!("never heard {what}");
}

/// Plays on until `pb` drops its connection after its third command, `pa` alongside.
fn drop_b(pa: &mut Client<Marauders>, pb: &mut Client<Marauders>) {
    pb.mischief.drop_after = Some(3);
    loop {
        pa.step(Duration::from_millis(5)).unwrap();
        match pb.step(Duration::from_millis(5)) {
            Err(NetError::Dropped(..)) => break,
            Err(e) => panic!("{e}"),
            Ok(_) => {}
        }
    }
}

fn listening(client: Client<Marauders>) -> (Client<Marauders>, Receiver<Notice>) {
    let (tx, rx) = channel();
    let client = client.with_notices(move |n| {
        let _ = tx.send(n);
    });
    (client, rx)
}

#[test]
fn the_others_hear_a_player_drop_and_come_back() {
    let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
    let (addr, host, _) = start_host::<Marauders>("open-field.ron", fixed(6), remote);
    let (mut pa, heard) = listening(join::<Marauders>(&addr, Some(Side::A), Some("normal")));
    let mut pb = join::<Marauders>(&addr, Some(Side::B), Some("normal"));
    drop_b(&mut pa, &mut pb);
    hear(&mut pa, &heard, &Notice::Present(Side::B, false));
    // One who comes in meanwhile is told who is away, too.
    let (mut spectator, seen) = listening(join::<Marauders>(&addr, None, None));
    hear(&mut spectator, &seen, &Notice::Present(Side::B, false));
    let h = connect(&addr, &pb.hello_again("test")).unwrap();
    pb.reattach(h).unwrap();
    hear(&mut pa, &heard, &Notice::Present(Side::B, true));
    run_all(&mut [&mut pa, &mut pb, &mut spectator]);
    let done = host.join().unwrap();
    assert_eq!(pa.engine_mut().unwrap().state_hash(), done.hash);
}

#[test]
fn a_player_who_comes_back_is_told_what_was_said() {
    let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
    let (addr, host, _) = start_host::<Marauders>("open-field.ron", fixed(7), remote);
    let (mut pa, heard_a) = listening(join::<Marauders>(&addr, Some(Side::A), Some("normal")));
    let (mut pb, heard_b) = listening(join::<Marauders>(&addr, Some(Side::B), Some("normal")));
    let said = |n: &Notice| matches!(n, Notice::Chat(_, t) if t == "good luck");
    pa.send(&ToHost::Chat {
        text: "good luck".into(),
    });
    hear_that(&mut pa, &heard_a, "the chat", said);
    drop_b(&mut pa, &mut pb);
    // What is said while B is away reaches it too, when it is back.
    pa.send(&ToHost::Chat {
        text: "where did you go?".into(),
    });
    hear_that(
        &mut pa,
        &heard_a,
        "the second chat",
        |n| matches!(n, Notice::Chat(_, t) if t == "where did you go?"),
    );
    let h = connect(&addr, &pb.hello_again("test")).unwrap();
    pb.reattach(h).unwrap();
    hear_that(&mut pb, &heard_b, "the talk so far", |n| {
        let Notice::Talk(lines) = n else {
            return false;
        };
        let texts: Vec<&str> = lines.iter().map(|(_, t)| t.as_str()).collect();
        let ours = lines.iter().all(|(from, _)| from.starts_with("test"));
        ours && texts == ["good luck", "where did you go?"]
    });
    run_all(&mut [&mut pa, &mut pb]);
    host.join().unwrap();
}

/// A host of open field, both sides remote, on a thread of its own (a battle's world
/// stays on the thread that made it): its address, its quitter, and why it stopped.
fn quittable(seed: u64) -> (String, Arc<AtomicBool>, JoinHandle<Option<String>>) {
    let (tx, rx) = channel();
    let running = std::thread::spawn(move || {
        let setup = Marauders::load(&scenario("open-field.ron")).unwrap();
        let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
        let host = Host::<Marauders>::bind("127.0.0.1:0", fixed(seed), setup, remote).unwrap();
        tx.send((host.addr().to_string(), host.quitter())).unwrap();
        host.with_notices(|_| {}).run().err()
    });
    let (addr, quit) = rx.recv().unwrap();
    (addr, quit, running)
}

#[test]
fn a_host_that_leaves_says_so_and_its_players_are_not_seated_elsewhere() {
    let (addr, quit, running) = quittable(7);
    let mut pa = join::<Marauders>(&addr, Some(Side::A), Some("normal"));
    let mut pb = join::<Marauders>(&addr, Some(Side::B), Some("normal"));
    while pa.entries().len() < 4 {
        pa.step(Duration::from_millis(5)).unwrap();
        pb.step(Duration::from_millis(5)).unwrap();
    }
    quit.store(true, Ordering::Relaxed);
    assert_eq!(
        running.join().unwrap().as_deref(),
        Some("the host was closed")
    );
    let closed = loop {
        if let Err(e) = pa.step(Duration::from_millis(50)) {
            break e;
        }
    };
    let NetError::Closed(why) = closed else {
        panic!("the host's leaving was not told: {closed}");
    };
    assert_eq!(why, "the host left the battle");
    // Another battle hosted: side A's player, coming back, is turned away.
    let (other, stop, listening) = quittable(8);
    let refused = connect(&other, &pa.hello_again("test"));
    stop.store(true, Ordering::Relaxed);
    let Err(NetError::Refused(why)) = refused else {
        panic!("a player of another battle was seated");
    };
    assert_eq!(why, ANOTHER_BATTLE);
    assert!(listening.join().unwrap().is_some());
}

/// A dropped player's wait runs from when its side's move comes, not from the drop: the
/// other side's moves meanwhile (here two seconds of them) take none of it.
#[test]
fn a_dropped_players_wait_runs_from_its_move() {
    let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
    let mut cfg = fixed(6);
    cfg.wait = Duration::from_secs(4);
    let (addr, host, _) = start_host::<Marauders>("open-field.ron", cfg, remote);
    // A is played here, command by command; B by its own computer player.
    let (mut pa, heard) = listening(join::<Marauders>(&addr, Some(Side::A), None));
    let mut pb = join::<Marauders>(&addr, Some(Side::B), Some("normal"));
    let mut normal = Marauders::policy("normal".parse().unwrap(), 1);
    let mut move_a = |pa: &mut Client<Marauders>| {
        if let Some(engine) = pa.engine()
            && engine.awaiting() == Some(Side::A)
            && !pa.pending()
        {
            let c = next_command(normal.as_mut(), engine, Side::A);
            pa.propose(c);
        }
        pa.step(Duration::from_millis(5)).unwrap();
    };
    // Until B has moved and it is A's move again: then B drops.
    loop {
        move_a(&mut pa);
        pb.step(Duration::from_millis(5)).unwrap();
        let moved = pb.entries().iter().any(|e| e.side == Side::B);
        let engine = pb.engine().filter(|e| e.outcome().is_none());
        if moved && engine.is_some_and(|e| e.awaiting() == Some(Side::A)) && !pa.pending() {
            break;
        }
    }
    drop(pb);
    hear(&mut pa, &heard, &Notice::Present(Side::B, false));
    // A thinks for two seconds before it moves on.
    std::thread::sleep(Duration::from_secs(2));
    let until = Instant::now() + Duration::from_secs(10);
    let left = loop {
        assert!(Instant::now() < until, "B's move never came");
        move_a(&mut pa);
        if let Some(s) = heard.try_iter().find_map(|n| match n {
            Notice::Waiting(Side::B, s) => Some(s),
            _ => None,
        }) {
            break s;
        }
    };
    assert_eq!(left, 3, "the whole wait (4 s, less under one) is left");
    let end = pa.run().unwrap();
    assert_eq!(end.outcome.winner, Some(Side::A));
    assert!(end.outcome.reason.contains("did not come back within 4 s"));
    host.join().unwrap();
}
