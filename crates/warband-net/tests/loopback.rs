//! Battles over loopback end as they end on one machine, for every ruleset: with two
//! joined computer players, a spectator who joins mid-battle, a player killed
//! mid-battle who comes back, and a drawn seed whose save replays.

mod common;

use common::*;
use warband_borderlands::Borderlands;
use warband_marauders::engine::Marauders;
use warband_net::client::{Client, NetError, connect, worth_retrying};
use warband_net::host::{HostConfig, SeatPlayer};
use warband_net::msg::Hello;
use warband_rules::Side;
use warband_table::sim::Contest;
use warband_toy_soldier::ToySoldier;

/// Host with both sides remote; A and B are computer players that joined; a spectator
/// joins after `watch_from` commands. Every one of them ends in the state the same
/// battle ends in on one machine.
fn two_joiners_and_a_spectator<R: Contest>(
    file: &str,
    seed: u64,
    a: &'static str,
    b: &'static str,
) {
    let expected = on_one_machine::<R>(file, seed, a, b);
    let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
    let (addr, host, _) = start_host::<R>(file, fixed(seed), remote);
    let mut pa = join::<R>(&addr, Some(Side::A), Some(a));
    let pb = play_out::<R>(&addr, Some(Side::B), Some(b));
    let watch_from = 10;
    let early_end = run_until(&mut pa, watch_from).unwrap();
    assert!(
        early_end.is_none(),
        "{file}: the battle ended before the spectator came"
    );
    let spectator = play_out::<R>(&addr, None, None);
    let end_a = pa.run().unwrap();
    let hosted = host.join().unwrap();
    let (end_b, hash_b) = pb.join().unwrap();
    let (end_s, hash_s) = spectator.join().unwrap();
    let host_hash = hosted.hash;
    assert_eq!(host_hash, expected, "{file}: host");
    assert_eq!(
        pa.engine_mut().unwrap().state_hash(),
        expected,
        "{file}: side A"
    );
    assert_eq!(hash_b, expected, "{file}: side B");
    assert_eq!(hash_s, expected, "{file}: spectator");
    assert_eq!(end_a, end_b);
    assert_eq!(end_a, end_s);
    assert!(!end_a.agreed);
    assert_eq!(hosted.save.replay().unwrap().state_hash(), expected);
    assert!(
        !hosted.save.salts().is_salted(),
        "a fixed seed draws no salts"
    );
    assert!(!pa.latencies().is_empty());
}

#[test]
fn marauders_over_the_network_ends_as_on_one_machine() {
    two_joiners_and_a_spectator::<Marauders>("open-field.ron", 7, "normal", "charge");
}

#[test]
fn toy_soldier_over_the_network_ends_as_on_one_machine() {
    two_joiners_and_a_spectator::<ToySoldier>("open-meadow.ron", 8, "normal", "normal");
}

#[test]
fn borderlands_over_the_network_ends_as_on_one_machine() {
    two_joiners_and_a_spectator::<Borderlands>("open-ground.ron", 9, "charge", "normal");
}

/// B drops after `drop_after` commands. With `keep` it comes back with what it had; else
/// it comes back as a new process would, with only its token, and replays the log.
fn killed_and_back<R: Contest>(file: &str, seed: u64, keep: bool) {
    let expected = on_one_machine::<R>(file, seed, "normal", "normal");
    let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
    let (addr, host, notices) = start_host::<R>(file, fixed(seed), remote);
    let pa = play_out::<R>(&addr, Some(Side::A), Some("normal"));
    let mut pb = join::<R>(&addr, Some(Side::B), Some("normal"));
    pb.mischief.drop_after = Some(15);
    let Err(NetError::Dropped(_, 15)) = pb.run() else {
        panic!("{file}: B should have dropped after 15 commands");
    };
    std::thread::sleep(std::time::Duration::from_millis(200));
    let mut back = if keep {
        let h = connect(&addr, &pb.hello_again("test")).unwrap();
        pb.reattach(h).unwrap();
        pb
    } else {
        let mut hello = Hello::new(Some(Side::B), "test");
        hello.token = pb.welcome.token.clone();
        let h = connect(&addr, &hello).unwrap();
        Client::<R>::new(h, Some(computer::<R>("normal")), report_dir()).unwrap()
    };
    back.run().unwrap();
    let hosted = host.join().unwrap();
    let (_, hash_a) = pa.join().unwrap();
    assert_eq!(hosted.hash, expected, "{file}: host");
    assert_eq!(hash_a, expected, "{file}: side A");
    assert_eq!(
        back.engine_mut().unwrap().state_hash(),
        expected,
        "{file}: B, back"
    );
    let said = notices.lock().unwrap().join("\n");
    assert!(said.contains("dropped test"), "{said}");
}

#[test]
fn a_player_killed_mid_battle_comes_back_with_what_it_had() {
    killed_and_back::<Marauders>("open-field.ron", 3, true);
    killed_and_back::<Borderlands>("open-ground.ron", 3, true);
}

#[test]
fn a_player_killed_mid_battle_comes_back_as_a_new_process() {
    killed_and_back::<ToySoldier>("open-meadow.ron", 4, false);
    killed_and_back::<Marauders>("open-field.ron", 4, false);
}

#[test]
fn a_seat_is_retaken_only_with_its_token() {
    let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
    let (addr, host, _) = start_host::<Marauders>("open-field.ron", fixed(5), remote);
    let mut pa = join::<Marauders>(&addr, Some(Side::A), Some("charge"));
    let mut thief = Hello::new(Some(Side::A), "thief");
    thief.token = Some("not-the-token".into());
    let Err(NetError::Refused(reason)) = connect(&addr, &thief) else {
        panic!("a wrong token took the seat");
    };
    assert_eq!(
        reason,
        "Side A is taken by another player: choose Side B, or Watch"
    );
    let pb = play_out::<Marauders>(&addr, Some(Side::B), Some("charge"));
    pa.run().unwrap();
    let hosted = host.join().unwrap();
    let hash = pa.engine_mut().unwrap().state_hash();
    assert_eq!(hash, hosted.hash);
    assert_eq!(pb.join().unwrap().1, hash);
}

/// Each window names who plays each side: a seat taken is named after its player, in
/// the welcome of whoever joins later and, through the news, in the windows already
/// there (a play-tester's window said "Side A: remote" of a joined `hard`).
#[test]
fn every_window_names_the_players_who_took_their_seats() {
    let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
    let (addr, host, _) = start_host::<Marauders>("open-field.ron", fixed(5), remote);
    let joined = |side, name: &str| {
        let handshake = connect(&addr, &Hello::new(Some(side), name)).unwrap();
        Client::<Marauders>::new(handshake, Some(computer("charge")), report_dir()).unwrap()
    };
    let mut pa = joined(Side::A, "alice");
    assert_eq!(pa.welcome.players, ["alice", "remote"]);
    let mut pb = joined(Side::B, "bob (charge)");
    assert_eq!(pb.welcome.players, ["alice", "bob (charge)"]);
    run_all(&mut [&mut pa, &mut pb]);
    assert_eq!(pa.welcome.players, ["alice", "bob (charge)"]);
    host.join().unwrap();
}

/// A connection that takes a seat with its token (a second window sharing the data
/// folder) ousts the one that held it, which is told why and does not come back on its
/// own: the two no longer take the seat from each other without end.
#[test]
fn a_seat_retaken_with_its_token_tells_the_ousted_connection_why() {
    let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
    let (addr, host, notices) = start_host::<Marauders>("open-field.ron", fixed(5), remote);
    let mut first = join::<Marauders>(&addr, Some(Side::A), Some("charge"));
    let handshake = connect(&addr, &first.hello_again("second")).unwrap();
    let mut second = Client::<Marauders>::new(handshake, Some(computer("charge")), report_dir())
        .expect("the token takes the seat");
    let pb = play_out::<Marauders>(&addr, Some(Side::B), Some("charge"));
    let Err(ousted) = first.run() else {
        panic!("the ousted connection played on");
    };
    assert!(
        matches!(&ousted, NetError::Refused(r) if r == warband_net::msg::SEAT_RETAKEN),
        "{ousted}"
    );
    assert!(
        !worth_retrying(&ousted),
        "the ousted window would come back"
    );
    second.run().unwrap();
    let hosted = host.join().unwrap();
    assert_eq!(second.engine_mut().unwrap().state_hash(), hosted.hash);
    assert_eq!(pb.join().unwrap().1, hosted.hash);
    let said = notices.lock().unwrap().join("\n");
    assert_eq!(said.matches("seat was retaken").count(), 1, "{said}");
}

/// With no seed given, the seed is drawn by commit-reveal and each command salted: the
/// peers still agree, and the save (which records the salts) replays to the same state.
#[test]
fn a_drawn_seed_is_salted_and_its_save_replays() {
    fn drawn<R: Contest>(file: &str) -> u64 {
        let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
        let (addr, host, _) = start_host::<R>(file, HostConfig::default(), remote);
        let pa = play_out::<R>(&addr, Some(Side::A), Some("charge"));
        let pb = play_out::<R>(&addr, Some(Side::B), Some("normal"));
        let hosted = host.join().unwrap();
        let hash = hosted.hash;
        assert_eq!(pa.join().unwrap().1, hash, "{file}: A");
        assert_eq!(pb.join().unwrap().1, hash, "{file}: B");
        assert_eq!(hosted.save.salts().from(), Some(0), "{file}");
        assert_eq!(hosted.save.salts().list().len(), hosted.save.commands.len());
        assert_eq!(
            hosted.save.replay().unwrap().state_hash(),
            hash,
            "{file}: replay"
        );
        hosted.save.seed
    }
    let first = drawn::<Marauders>("open-field.ron");
    drawn::<ToySoldier>("open-meadow.ron");
    drawn::<Borderlands>("open-ground.ron");
    assert_ne!(
        drawn::<Marauders>("open-field.ron"),
        first,
        "the same seed drawn twice"
    );
}

/// Deployment by hand is played over the network like any other command: each side
/// sets its models down in turn, then the battle goes on as on one machine.
#[test]
fn deployment_by_hand_is_played_over_the_network() {
    fn by_hand<R: Contest>(file: &str, seed: u64) {
        use warband_table::scenario::Setup;
        let mut setup = R::load(&scenario(file)).unwrap();
        setup.scenario_mut().hand_deployment = true;
        let expected = alone::<R>(setup.clone(), seed, "normal", "charge");
        let remote = [SeatPlayer::Remote, SeatPlayer::Remote];
        let (addr, host, _) = host_of::<R>(setup, fixed(seed), remote);
        let pa = play_out::<R>(&addr, Some(Side::A), Some("normal"));
        let pb = play_out::<R>(&addr, Some(Side::B), Some("charge"));
        let hosted = host.join().unwrap();
        assert_eq!(hosted.hash, expected, "{file}");
        assert_eq!(pa.join().unwrap().1, expected, "{file}: A");
        assert_eq!(pb.join().unwrap().1, expected, "{file}: B");
        let placed = hosted
            .save
            .commands
            .iter()
            .filter(|(_, c)| R::placing(c).is_some());
        assert!(placed.count() > 0, "{file}: no model was set down by hand");
    }
    by_hand::<Marauders>("open-field.ron", 12);
    by_hand::<ToySoldier>("open-meadow.ron", 13);
    by_hand::<Borderlands>("open-ground.ron", 14);
}

/// A host of two computer players told to wait for a peer starts only once someone has
/// joined, so its first spectator sees the whole battle.
#[test]
fn a_host_of_two_computers_waits_for_its_first_spectator() {
    let (file, seed) = ("open-field.ron", 15);
    let expected = on_one_machine::<Marauders>(file, seed, "charge", "normal");
    let cfg = HostConfig {
        await_a_peer: true,
        ..fixed(seed)
    };
    let players = [
        SeatPlayer::Computer(computer::<Marauders>("charge")),
        SeatPlayer::Computer(computer::<Marauders>("normal")),
    ];
    let (addr, host, _) = start_host::<Marauders>(file, cfg, players);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let spectator = play_out::<Marauders>(&addr, None, None);
    let hosted = host.join().unwrap();
    assert_eq!(hosted.hash, expected);
    assert_eq!(spectator.join().unwrap().1, expected);
}

/// A host asked for checkpoints writes the battle so far as it is played: the file
/// holds a whole save, every 20 commands, of the commands the battle began with, and
/// it replays. A host killed mid-battle used to leave nothing.
#[test]
fn a_hosted_battle_is_written_as_it_goes() {
    use warband_net::host::Host;
    let path = std::env::temp_dir().join(format!("warband-checkpoint-{}.ron", std::process::id()));
    let players = [
        SeatPlayer::Computer(computer::<Marauders>("charge")),
        SeatPlayer::Computer(computer::<Marauders>("normal")),
    ];
    let setup = Marauders::load(&scenario("open-field.ron")).unwrap();
    let host = Host::<Marauders>::bind("127.0.0.1:0", fixed(16), setup, players)
        .unwrap()
        .with_notices(|_| {})
        .with_checkpoints(path.clone());
    let hosted = host.run().unwrap();
    let kept = warband_table::save::Save::<Marauders>::read(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let (n, all) = (kept.commands.len(), hosted.save.commands.len());
    assert!(n > 0 && n % 20 == 0 && n <= all, "{n} of {all}");
    assert_eq!(kept.commands[..], hosted.save.commands[..n]);
    assert!(kept.replay().is_ok());
}

/// A saved battle hosted again is played on from where it was saved: the joiners are
/// given its commands first, each with the dice salt it was played with, then the battle
/// goes on with fresh salts, whether the save had salts or not (a battle at one
/// machine's seed, whose dice whoever has the save could foresee), and the new save
/// begins with the old one and replays to where the peers ended.
#[test]
fn a_saved_battle_is_hosted_again_and_played_on() {
    fn resumed<R: Contest>(file: &str, cfg: HostConfig) {
        let whole = hosted_battle::<R>(file, cfg, "normal", "charge");
        let kept = first_half(&whole);
        let half = kept.commands.len();
        let players = [
            SeatPlayer::Remote,
            SeatPlayer::Computer(computer::<R>("normal")),
        ];
        let (addr, host, notices) = resume_host::<R>(&kept, players);
        let pa = play_out::<R>(&addr, Some(Side::A), Some("charge"));
        let done = host.join().unwrap();
        assert_eq!(pa.join().unwrap().1, done.hash, "{file}: A");
        let save = done.save;
        assert_eq!(save.seed, whole.seed, "{file}");
        assert!(save.commands.len() > half, "{file}: nothing was played on");
        assert_eq!(save.commands[..half], whole.commands[..half], "{file}");
        let salts = save.salts();
        assert_eq!(salts.first(half), whole.salts().first(half), "{file}");
        // Salted from the first command, or from the hand-over where the save had none.
        let from = if whole.salts().is_salted() { 0 } else { half };
        assert_eq!(salts.from(), Some(from), "{file}");
        assert_eq!(salts.list().len(), save.commands.len() - from, "{file}");
        assert_eq!(save.replay().unwrap().state_hash(), done.hash, "{file}");
        let said = notices.lock().unwrap().join("\n");
        assert!(said.contains(&format!("{half} commands")), "{file}: {said}");
    }
    resumed::<Marauders>("open-field.ron", HostConfig::default());
    resumed::<Marauders>("open-field.ron", fixed(21));
    resumed::<ToySoldier>("open-meadow.ron", HostConfig::default());
    resumed::<Borderlands>("open-ground.ron", fixed(22));
}

/// Hosting a save that cannot be played on is refused with its reason: a battle that
/// is over, and a save whose commands do not lead to the battle it recorded.
#[test]
fn a_save_that_cannot_be_played_on_is_refused() {
    use warband_net::host::Resumable;
    let over = hosted_battle::<Marauders>("open-field.ron", fixed(23), "charge", "charge");
    let refused = |save| Resumable::<Marauders>::of(save).err().expect("refused");
    assert!(refused(&over).contains("over"), "{}", refused(&over));
    let mut other = over.clone();
    other.commands.truncate(10);
    assert!(
        refused(&other).contains("does not replay"),
        "{}",
        refused(&other)
    );
    let mut agreed = other.clone();
    agreed.final_hash = agreed.replay().unwrap().state_hash();
    assert!(Resumable::<Marauders>::of(&agreed).is_ok());
    agreed.agreed = over.replay().unwrap().outcome().cloned();
    assert!(refused(&agreed).contains("ended by its players"));
}

/// A computer player joined to a saved battle hosted again is asked nothing of the
/// saved commands of its side (others played them), only of those it plays: it was
/// asked each of them again as a restart's catch-up, at a `hard` player's cost.
#[test]
fn a_joined_player_is_not_asked_the_saved_commands() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use warband_table::engine::Engine;
    use warband_table::player::Policy;
    struct Counted(Box<dyn Policy<Marauders>>, Arc<AtomicUsize>);
    impl Policy<Marauders> for Counted {
        fn next(
            &mut self,
            engine: &Engine<Marauders>,
            side: Side,
        ) -> Option<<Marauders as warband_table::engine::Rules>::Command> {
            self.1.fetch_add(1, Ordering::Relaxed);
            self.0.next(engine, side)
        }
    }
    let whole = hosted_battle::<Marauders>("open-field.ron", fixed(24), "normal", "normal");
    let saved = first_half(&whole);
    let half = saved.commands.len();
    let players = [
        SeatPlayer::Remote,
        SeatPlayer::Computer(computer::<Marauders>("normal")),
    ];
    let (addr, host, _) = resume_host::<Marauders>(&saved, players);
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&asked);
    let make: warband_net::host::MakePolicy<Marauders> = Box::new(move |seed| {
        let inner = Marauders::policy("charge".parse().unwrap(), seed);
        Box::new(Counted(inner, counter)) as Box<dyn Policy<Marauders>>
    });
    let handshake = connect(&addr, &Hello::new(Some(Side::A), "test")).unwrap();
    let mut client = Client::new(handshake, Some(make), report_dir()).unwrap();
    client.run().unwrap();
    let done = host.join().unwrap();
    let mine = |cs: &[(Side, _)]| cs.iter().filter(|(s, _)| *s == Side::A).count();
    let (before, played) = (mine(&saved.commands), mine(&done.save.commands[half..]));
    assert!(before > 0 && played > 0, "{before} saved, {played} played");
    // Once for each command it played, and a time or two more where a proposal did
    // not become one (the host refused it, or the battle moved on first); asked the
    // saved ones too, it would be asked `before` times more.
    let asked = asked.load(Ordering::Relaxed);
    assert!(
        (played..=played + 2).contains(&asked),
        "asked {asked}, played {played}, {before} saved"
    );
}

/// Joining an address where something else answers (a web server) says so, once, and
/// does not try again; it read as a frame of 1,213,486,160 bytes ("HTTP").
#[test]
fn joining_what_is_no_warband_host_says_so() {
    use std::io::Write;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let _ = stream.write_all(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
        std::thread::sleep(std::time::Duration::from_millis(200));
    });
    let Err(e) = connect(&addr, &Hello::new(Some(Side::B), "test")) else {
        panic!("a web server welcomed us");
    };
    assert_eq!(
        e.to_string(),
        format!(
            "{addr} is not a Warband host: it does not speak Warband's protocol \
             (it began \"HTTP/1.1 400 Bad Request\")"
        )
    );
    assert!(!worth_retrying(&e));
}
