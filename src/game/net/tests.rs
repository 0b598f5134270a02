//! The window's view of who is at the table, driven as the host's notices drive it.

use super::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use warband_marauders::engine::Marauders;
use warband_net::client::{NetError, connect};
use warband_net::host::{Host, HostConfig, SeatPlayer};
use warband_net::msg::Hello;
use warband_table::player::PlayerKind;

/// A window watching a host that waits for its players (never started), and the flag
/// that stops the host.
fn watching() -> (NetPlay<Marauders>, Arc<AtomicBool>) {
    watching_played_by([None, None])
}

/// [`watching`] a host that says who plays each side (`None`: a person).
fn watching_played_by(kinds: [Option<PlayerKind>; 2]) -> (NetPlay<Marauders>, Arc<AtomicBool>) {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let setup = Marauders::load(&root.join("assets/scenarios/open-field.ron")).unwrap();
        let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
        let host = Host::<Marauders>::bind("127.0.0.1:0", HostConfig::default(), setup, remote)
            .unwrap()
            .with_played_by(kinds)
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
    net.last_word = None;
    net.present(Side::B, true);
    net.present(Side::A, false);
    assert!(matches!(net.state, NetState::Closed(_)));
    assert_eq!(net.last_word, None, "the host gone, who dropped is no news");
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
        (
            NetState::Lost("refused".into()),
            Some("has left the battle"),
        ),
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

/// Half of a recorded Marauders battle, hosted again from Load battle's Play on with
/// these seats: the window that hosts it (its world) and the save.
fn hosted_save(
    seats: [launch::HostSeat; 2],
) -> (bevy::prelude::World, warband_table::save::Save<Marauders>) {
    let save = recorded_part(|n| n / 2);
    (host_save(&save, seats), save)
}

/// A recorded Marauders battle cut to its first `keep(n)` of `n` commands, saved.
fn recorded_part(keep: impl Fn(usize) -> usize) -> warband_table::save::Save<Marauders> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let fixture = root.join("tests/fixtures/marauders/open-field-normal-v-normal.ron");
    let mut save = warband_table::save::Save::<Marauders>::read(&fixture).unwrap();
    save.commands.truncate(keep(save.commands.len()));
    save.stood = None;
    save.final_hash = save.replay().unwrap().state_hash();
    save
}

/// `save` hosted again from Load battle's Play on with these seats: the window's world.
fn host_save(
    save: &warband_table::save::Save<Marauders>,
    seats: [launch::HostSeat; 2],
) -> bevy::prelude::World {
    use crate::game::saves::SavedBattle;
    let mut world = bevy::prelude::World::new();
    save.host(seats, "127.0.0.1:0").start(&mut world).unwrap();
    world
}

/// A battle joined with its commands so far draws the arrows of its round's moves, as
/// the table that watched them did, and as the save played on at one machine draws
/// them (a play-tester's window joined again showed none).
#[test]
fn a_battle_joined_with_its_commands_draws_its_rounds_moves() {
    use crate::game::session::{Controller, GameSession, Launch, Starter};
    // The moves a save played on here draws, and the battle cut where its round has some.
    let played_on = |save: &warband_table::save::Save<Marauders>| {
        let mut here = bevy::prelude::World::new();
        let resumed = Launch::<Marauders>::Resume {
            save: Box::new(save.clone()),
            controllers: [Controller::Human; 2],
            listed: false,
        };
        Box::new(resumed).start(&mut here).unwrap();
        here.non_send::<GameSession<Marauders>>()
            .moved_before
            .clone()
    };
    let (save, expected) = (0..40)
        .map(|k| recorded_part(|n| n / 2 + k))
        .map(|save| {
            let moves = played_on(&save);
            (save, moves)
        })
        .find(|(_, moves)| !moves.is_empty())
        .expect("a round with moves");
    let seats = [
        launch::HostSeat::Here,
        launch::HostSeat::Computer(PlayerKind::Normal),
    ];
    let mut world = host_save(&save, seats);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let mut session = world.non_send_mut::<GameSession<Marauders>>();
        session.advance_net(usize::MAX);
        if session.commands.len() >= save.commands.len() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the saved commands come"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // The host's computer may have moved on in the same round: its moves follow.
    let session = world.non_send::<GameSession<Marauders>>();
    assert!(
        session.moved_before.starts_with(&expected),
        "{:?} against {expected:?}",
        session.moved_before
    );
    stop_hosting(session);
}

/// Tells the host of a window's own hosted battle to stop.
fn stop_hosting(session: &crate::game::session::GameSession<Marauders>) {
    session
        .net
        .as_ref()
        .and_then(|n| n.host_quit.as_ref())
        .unwrap()
        .store(true, Ordering::Relaxed);
}

/// A save hosted from Load battle (a Play on row with a remote side): the window that
/// hosts it joins its own host and is sent the saved commands first, in one log, then
/// the battle goes on.
#[test]
fn a_save_hosted_from_load_battle_begins_with_its_commands() {
    use crate::game::session::GameSession;
    use warband_table::player::PlayerKind;
    let seats = [
        launch::HostSeat::Here,
        launch::HostSeat::Computer(PlayerKind::Normal),
    ];
    let (mut world, save) = hosted_save(seats);
    let half = save.commands.len();
    let mut session = world.non_send_mut::<GameSession<Marauders>>();
    let net = session.net.as_mut().unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while net.client.entries().len() < half && std::time::Instant::now() < deadline {
        net.poll();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(net.take_start(), Some(save.seed));
    let got: Vec<_> = net
        .take_committed(usize::MAX)
        .into_iter()
        .map(|c| (c.side, c.command))
        .collect();
    assert!(got.len() >= half, "{} of {half}", got.len());
    assert_eq!(got[..half], save.commands[..], "the saved commands first");
    net.host_quit
        .as_ref()
        .unwrap()
        .store(true, Ordering::Relaxed);
    // This window's save says the host's computer played B, not a second person.
    let players = session.save().players;
    assert_eq!(players, Some([None, Some(PlayerKind::Normal)]));
}

/// A spectator of a saved battle hosted again is shown the saved commands at once,
/// however slow its watch pace: it used to watch the whole saved battle again at that
/// pace before reaching the live one.
#[test]
fn a_spectator_is_shown_the_saved_battle_at_once() {
    use crate::game::session::GameSession;
    use warband_table::player::PlayerKind;
    let (mut world, save) = hosted_save([launch::HostSeat::Computer(PlayerKind::Hard); 2]);
    let half = save.commands.len();
    let mut session = world.non_send_mut::<GameSession<Marauders>>();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    // No time passes: at the watch pace, no command would be shown.
    while session.commands.len() < half && std::time::Instant::now() < deadline {
        session.advance(Duration::ZERO, false);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        session.commands.len() >= half,
        "{} of {half}",
        session.commands.len()
    );
    assert_eq!(session.commands[..half], save.commands[..]);
    let net = session.net.as_ref().unwrap();
    net.host_quit
        .as_ref()
        .unwrap()
        .store(true, Ordering::Relaxed);
}

/// A finished battle's save hosted from Load battle is refused with why, before any
/// port is taken (the main menu then says "Could not start the battle: …").
#[test]
fn a_finished_save_is_refused_as_it_is_hosted() {
    use crate::game::saves::SavedBattle;
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let fixture = root.join("tests/fixtures/marauders/open-field-normal-v-normal.ron");
    let over = warband_table::save::Save::<Marauders>::read(&fixture).unwrap();
    let seats = [launch::HostSeat::Here, launch::HostSeat::Remote];
    let mut world = bevy::prelude::World::new();
    let why = over
        .host(seats, "127.0.0.1:0")
        .start(&mut world)
        .unwrap_err();
    assert!(why.contains("is over"), "{why}");
}

/// Coming back to a host that is gone: each failed try is told, with why, and the
/// player may stop trying, which leaves the battle offline with the count said.
#[test]
fn coming_back_tells_each_try_and_may_be_stopped() {
    let (mut net, quit) = watching();
    quit.store(true, Ordering::Relaxed);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    // The host stops listening shortly after it is told to.
    while connect(&net.addr, &Hello::new(None, "probe")).is_ok() {
        assert!(
            std::time::Instant::now() < deadline,
            "the host never stopped"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    net.state = NetState::Reconnecting;
    net.come_back(Hello::new(None, "test"), false);
    while net.retry.is_none() {
        assert!(std::time::Instant::now() < deadline, "no try was told");
        net.take_handshake();
        std::thread::sleep(Duration::from_millis(20));
    }
    let (n, why) = net.retry.clone().unwrap();
    // Refused, or reset by a host still closing: either way a reason is told.
    assert!(n >= 1 && !why.is_empty(), "{n}: {why}");
    assert_eq!(net.state, NetState::Reconnecting);
    net.give_up();
    let NetState::Lost(said) = &net.state else {
        panic!("still {:?}", net.state);
    };
    assert!(said.starts_with("you stopped trying after"), "{said}");
    assert!(net.offline());
    assert_eq!(net.retry, None);
}

/// A joiner names the other side as the host does: its computer player by kind.
#[test]
fn a_joiner_is_told_who_plays_each_side() {
    let (net, quit) = watching_played_by([Some(PlayerKind::Normal), None]);
    assert_eq!(net.played_by(Side::A), Some(PlayerKind::Normal));
    assert_eq!(net.played_by(Side::B), None);
    quit.store(true, Ordering::Relaxed);
}

/// The window that hosts a network battle keeps its autosave, with who sat where: the
/// menu's Resume hosts it again with the same seats (a play-tester's host crashed and
/// left nothing to resume).
#[test]
fn a_hosted_battle_is_autosaved_with_its_seats() {
    use crate::game::controller::Controller;
    use crate::game::saves::SavedBattle;
    use crate::game::session::GameSession;
    let seats = [
        launch::HostSeat::Here,
        launch::HostSeat::Computer(PlayerKind::Normal),
    ];
    let (mut world, save) = hosted_save(seats);
    let dir = std::env::temp_dir().join(format!("warband-hosted-autosave-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut session = world.non_send_mut::<GameSession<Marauders>>();
    crate::game::autosave::write(&dir, &mut session).unwrap();
    let left = crate::game::autosave::left_in_progress(&dir).expect("autosaved");
    assert_eq!(
        left.hosted,
        Some([Controller::Human, Controller::Ai(PlayerKind::Normal)])
    );
    assert_eq!(left.save.summary(), save.summary(), "the battle hosted");
    // Seats written for another battle (a write cut short between the two files) are
    // not read beside this one.
    let other = format!("((Human, Remote), {})", left.save.seed() + 1);
    std::fs::write(dir.join("autosave-hosted.ron"), other).unwrap();
    let left = crate::game::autosave::left_in_progress(&dir).expect("autosaved");
    assert_eq!(left.hosted, None);
    crate::game::autosave::forget(&dir);
    assert!(crate::game::autosave::left_in_progress(&dir).is_none());
    // Left saved, it is offered again, to host again (a play-tester's Save and leave
    // left no Resume on the menu).
    session.leave_autosave(&dir, true);
    let left = crate::game::autosave::left_in_progress(&dir).expect("offered again");
    assert_eq!(
        left.hosted,
        Some([Controller::Human, Controller::Ai(PlayerKind::Normal)])
    );
    stop_hosting(&session);
    let _ = std::fs::remove_dir_all(&dir);
}

/// While a hosted battle waits for its players the top bar says so, not who has the
/// initiative on a table no one has rolled for yet.
#[test]
fn a_battle_waiting_for_its_players_says_so_in_the_top_bar() {
    use crate::game::session::GameSession;
    use crate::game::session::Starter;
    let seats = [launch::HostSeat::Here, launch::HostSeat::Remote];
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let fresh = launch::HostLaunch::<Marauders> {
        setup: Marauders::load(&root.join("assets/scenarios/open-field.ron")).unwrap(),
        seats,
        listen: "127.0.0.1:0".into(),
        seed: None,
        resume: None,
    };
    let mut new_one = bevy::prelude::World::new();
    Box::new(fresh).start(&mut new_one).unwrap();
    for (mut world, said) in [
        (
            new_one,
            "Open field · the battle starts once every seat is taken",
        ),
        (
            hosted_save(seats).0,
            "Open field · a saved battle, played on once every seat is taken",
        ),
    ] {
        let mut session = world.non_send_mut::<GameSession<Marauders>>();
        assert!(session.net_waiting());
        // Nothing played here yet: Leave neither asks to save nor throws the autosave
        // away (a saved battle hosted again is still only there).
        assert!(!session.unsaved_progress());
        let mut next = bevy::prelude::NextState::<crate::game::screens::Screen>::default();
        let mut help = crate::game::hud::help::Help::default();
        let words = crate::game::test_app::egui_words(|ui| {
            crate::game::hud::top_bar::show(ui, &mut session, &mut next, (&mut help, &mut true));
        })
        .join(" ");
        assert!(words.contains(said), "{words}");
        assert!(!words.contains("initiative"), "{words}");
        if let Some(quit) = session.net.as_ref().and_then(|n| n.host_quit.as_ref()) {
            quit.store(true, Ordering::Relaxed);
        }
    }
}

/// A host of open field listening on `addr`, side A its `charge` player and B a joined
/// one, from `seed`: where it listens and its quit flag.
fn hosting(addr: &str, seed: u64) -> (String, Arc<AtomicBool>) {
    use warband_net::msg::Seeding;
    let (tx, rx) = channel();
    let addr = addr.to_string();
    std::thread::spawn(move || {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let setup = Marauders::load(&root.join("assets/scenarios/open-field.ron")).unwrap();
        let cfg = HostConfig {
            seeding: Seeding::Fixed(seed),
            ..HostConfig::default()
        };
        // The last host on the port lets it go a moment after it stops answering.
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        let host = loop {
            let charge: warband_net::host::MakePolicy<Marauders> =
                Box::new(|seed| Marauders::policy(warband_marauders::ai::AiKind::Charge, seed));
            let players = [SeatPlayer::Computer(charge), SeatPlayer::Remote];
            match Host::<Marauders>::bind(&addr, cfg.clone(), setup.clone(), players) {
                Ok(host) => break host.with_notices(|_| {}),
                Err(_) if std::time::Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(e) => panic!("{addr}: {e}"),
            }
        };
        tx.send((host.addr().to_string(), host.quitter())).unwrap();
        let _ = host.run();
    });
    rx.recv().unwrap()
}

/// Polls `net` until `done`, for at most twenty seconds.
fn poll_until(net: &mut NetPlay<Marauders>, mut done: impl FnMut(&mut NetPlay<Marauders>) -> bool) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !done(net) {
        assert!(
            std::time::Instant::now() < deadline,
            "still {:?}",
            net.state
        );
        net.poll();
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Stops the host at `addr` and waits until it no longer answers: `net` finds it gone
/// as after a crash (a host that quits says so, and is not waited for).
fn crash(net: &mut NetPlay<Marauders>, addr: &str, quit: &AtomicBool) {
    stop(addr, quit);
    net.failed(NetError::Dropped("the host's window closed".into(), 0));
    assert_eq!(net.state, NetState::Reconnecting);
}

/// Stops the host at `addr` and waits until it no longer answers.
fn stop(addr: &str, quit: &AtomicBool) {
    quit.store(true, Ordering::Relaxed);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while connect(addr, &Hello::new(None, "probe")).is_ok() {
        assert!(
            std::time::Instant::now() < deadline,
            "the host never stopped"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A joined player still coming back when its host hosts the battle again (Resume
/// battle, after the host's window closed: a new name for the same battle) is taken
/// back, joined afresh, and plays on from the same seed; a host that now plays another
/// battle still turns it away, and none of that battle reaches this one.
#[test]
fn a_joiner_comes_back_to_its_battle_hosted_again() {
    let (addr, quit) = hosting("127.0.0.1:0", 42);
    let h = connect(&addr, &Hello::new(Some(warband_rules::Side::B), "test")).unwrap();
    let mut net = NetPlay::<Marauders>::new(h, &addr, None).unwrap();
    poll_until(&mut net, |n| n.take_start() == Some(42));
    crash(&mut net, &addr, &quit);
    let (_, quit) = hosting(&addr, 42);
    poll_until(&mut net, |n| n.take_start() == Some(42));
    assert!(!net.offline(), "{:?}", net.state);
    crash(&mut net, &addr, &quit);
    let had = net.client.entries().len();
    let _another = hosting(&addr, 43);
    poll_until(&mut net, |n| n.offline());
    let NetState::Lost(why) = &net.state else {
        panic!("{:?}", net.state);
    };
    assert!(why.contains("another battle"), "{why}");
    assert_eq!(net.take_start(), None);
    assert_eq!(net.client.entries().len(), had, "none of its commands");
}
