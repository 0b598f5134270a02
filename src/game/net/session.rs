//! The session's side of a network battle: each frame, what the host committed is
//! played on the session's engine, with its dice salt, exactly as the peer played it.

use crate::game::session::GameSession;
use warband_table::engine::Engine;
use warband_table::sim::Contest;
use warband_table::timeline::Timeline;

impl<R: Contest> GameSession<R> {
    /// Reads the host and plays what it committed since the last frame (at most `shown`
    /// commands of it; the rest waits for the next).
    pub(crate) fn advance_net(&mut self, shown: usize) {
        let Some(net) = self.net.as_mut() else {
            return;
        };
        net.poll();
        let start = net.take_start();
        let committed = net.take_committed(shown);
        let refused = net.refused.take();
        // An agreed ending comes after the last command: once every one is shown.
        let agreed = net
            .finished
            .as_ref()
            .filter(|f| f.agreed && net.caught_up())
            .map(|f| f.outcome.clone());
        if let Some(seed) = start {
            self.begin_net_battle(seed);
            // Begun with its commands so far (joined afresh, come back in step, a save
            // hosted again): once they are all played, the table draws the arrows of
            // their round's moves, as the table watching them did.
            let mut rounds = crate::game::session::RoundKeeper::<R>::default();
            rounds.note(&self.engine, 0);
            self.catching_up = Some(rounds);
        }
        for entry in committed {
            self.engine.salt_dice(self.seed, entry.seq, entry.salt);
            self.commands.push((entry.side, entry.command.clone()));
            let _ = self.send(entry.side, entry.command);
            if let Some(rounds) = &mut self.catching_up {
                rounds.note(&self.engine, self.commands.len());
            }
        }
        self.caught_up();
        if let Some(why) = refused {
            self.refuse(why);
        }
        if let Some(outcome) = agreed
            && self.engine.outcome().is_none()
        {
            self.engine.end_by_agreement(outcome);
        }
    }

    /// A spectator moves through the battle so far (to the present as it stands now).
    pub fn look_back(&mut self) {
        let Some(net) = self.net.as_mut() else {
            return;
        };
        let salts = net.salts(self.commands.len());
        let timeline = Timeline::salted(&self.setup, self.seed, self.commands.clone(), salts);
        match timeline {
            Ok(t) => {
                net.looking_back = true;
                let at = t.len();
                self.timeline = Some(t);
                self.seek(at);
                self.pace.paused = true;
            }
            Err(e) => self.refuse(e),
        }
    }

    /// Back to the battle as it is now: everything the host committed is played again.
    pub fn back_to_live(&mut self) {
        let Some(net) = self.net.as_mut() else {
            return;
        };
        net.looking_back = false;
        net.rewind();
        self.timeline = None;
        self.replay = None;
        self.pace.paused = false;
        self.begin_net_battle(self.seed);
        self.advance_net(usize::MAX);
    }

    /// Once the commands a battle began with are all played (a save's, or the battle so
    /// far), their round's moves are drawn as arrows: the table is drawn afresh.
    fn caught_up(&mut self) {
        let Some(net) = &self.net else { return };
        if self.catching_up.is_none() || !net.caught_up() || net.saved_unshown() > 0 {
            return;
        }
        let Some(rounds) = self.catching_up.take() else {
            return;
        };
        // The commands since the battle began again: none, nothing to draw afresh.
        if self.commands.is_empty() {
            return;
        }
        // Each with the salt the host drew for it, as Look back plays them.
        let (seed, salts) = (self.seed, net.salts(self.commands.len()));
        self.moved_before = rounds.moves(&self.commands, |e, i| {
            e.salt_dice(seed, i as u64, salts.get(i));
        });
        self.remade += 1;
    }

    /// The battle as the host started it, from its seed (again, after a resync).
    fn begin_net_battle(&mut self, seed: u64) {
        match Engine::<R>::new(&self.setup, seed) {
            Ok(engine) => {
                self.engine = engine;
                self.remade += 1;
                self.seed = seed;
                self.commands.clear();
                // A catch-up under way belongs to the engine before.
                self.catching_up = None;
                self.roll_start = 0;
                // The host's commands are played on the table from here: their moves
                // draw their own arrows, none of a point looked back at.
                self.moved_before.clear();
            }
            Err(e) => self.refuse(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::net::NetPlay;
    use crate::game::session::{Controller, GameSession};
    use std::time::Duration;
    use warband_marauders::engine::Marauders;
    use warband_net::client::connect;
    use warband_net::host::{Host, HostConfig, SeatPlayer};
    use warband_net::msg::Hello;
    use warband_rules::Side;
    use warband_table::sim::Contest;

    /// A joined computer player for side A, on its own thread.
    fn joiner(addr: &str) -> std::thread::JoinHandle<()> {
        let addr = addr.to_string();
        std::thread::spawn(move || {
            let normal: <Marauders as Contest>::Player = "normal".parse().unwrap();
            let make = Box::new(move |seed| Marauders::policy(normal, seed));
            let h = connect(&addr, &Hello::new(Some(Side::A), "a")).unwrap();
            let dir = std::env::temp_dir();
            let mut c = warband_net::client::Client::<Marauders>::new(h, Some(make), dir).unwrap();
            c.run().unwrap();
        })
    }

    /// A spectator looks back through the battle so far while it goes on, and comes
    /// back to the live battle in the host's state.
    #[test]
    fn a_spectator_looks_back_and_returns_to_the_live_battle() {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let setup = Marauders::load(&root.join("assets/scenarios/open-field.ron")).unwrap();
        let (addr, host) = host(setup.clone());
        let h = connect(&addr, &Hello::new(None, "spectator")).unwrap();
        let net = NetPlay::<Marauders>::new(h, &addr, None).unwrap();
        let mut s = GameSession::<Marauders>::new(setup, 0, [Controller::Remote; 2]).unwrap();
        s.net = Some(net);
        // A spectator watches at the watch pace: here, as fast as it comes.
        s.pace.skip = true;
        let a = joiner(&addr);
        while s.commands.len() < 20 {
            s.advance(Duration::ZERO, false);
            std::thread::sleep(Duration::from_millis(1));
        }
        let live = s.engine.state_hash();
        s.look_back();
        assert_eq!(s.replay_at(), Some((s.commands.len(), s.commands.len())));
        assert_eq!(
            s.engine.state_hash(),
            live,
            "the timeline ends where the battle stood"
        );
        s.seek(3);
        assert_ne!(s.engine.state_hash(), live);
        s.advance(Duration::ZERO, false);
        s.back_to_live();
        s.pace.skip = true;
        while s.net.as_ref().is_some_and(|n| n.finished.is_none()) {
            s.advance(Duration::ZERO, false);
            std::thread::sleep(Duration::from_millis(1));
        }
        a.join().unwrap();
        assert_eq!(s.engine.state_hash(), host.join().unwrap());
    }

    /// A host on a thread with its computer as side B and a drawn seed (so salted dice);
    /// gives its address and, at the end, its final hash.
    fn host(setup: warband_marauders::data::BattleSetup) -> (String, std::thread::JoinHandle<u64>) {
        let (tx, rx) = std::sync::mpsc::channel();
        let handle = std::thread::spawn(move || {
            let charge: <Marauders as Contest>::Player = "charge".parse().unwrap();
            let b = SeatPlayer::Computer(Box::new(move |seed| Marauders::policy(charge, seed)));
            let players = [SeatPlayer::Remote, b];
            let host =
                Host::<Marauders>::bind("127.0.0.1:0", HostConfig::default(), setup, players)
                    .unwrap()
                    .with_notices(|_| {});
            tx.send(host.addr().to_string()).unwrap();
            host.run().unwrap().engine.state_hash()
        });
        (rx.recv().unwrap(), handle)
    }

    /// The person's commands are proposed, played only when the host commits them, one
    /// at a time; the session ends in the host's state, and its save replays to it.
    #[test]
    fn the_session_plays_only_what_the_host_commits() {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let setup = Marauders::load(&root.join("assets/scenarios/open-field.ron")).unwrap();
        let (addr, host) = host(setup.clone());
        let h = connect(&addr, &Hello::new(Some(Side::A), "test")).unwrap();
        let net = NetPlay::<Marauders>::new(h, &addr, None).unwrap();
        let controllers = [Controller::Human, Controller::Remote];
        let mut s = GameSession::<Marauders>::new(setup, 0, controllers).unwrap();
        s.net = Some(net);
        let mut proposals = 0;
        while s.net.as_ref().is_some_and(|n| n.finished.is_none()) {
            s.advance(Duration::ZERO, false);
            if let Some(side) = s.human_turn() {
                let before = s.commands.len();
                let command = s.engine.yield_command(side);
                s.submit(side, command).unwrap();
                assert_eq!(s.commands.len(), before, "played only once committed");
                assert_eq!(s.human_turn(), None, "one command at a time");
                proposals += 1;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let hash = host.join().unwrap();
        assert!(proposals > 3, "{proposals}");
        assert_eq!(s.engine.state_hash(), hash);
        let save = s.save();
        assert_eq!(save.salts().list().len(), save.commands.len());
        // The result screen's course of the battle replays it with its salts too.
        let course =
            crate::game::course::course::<Marauders>(&s.setup, s.seed, &s.commands, &save.salts())
                .unwrap();
        let last = *course.losses.last().unwrap();
        // What each side began with less what it still had in the fight.
        let have = Marauders::in_fight(s.engine.world()).unwrap();
        assert_eq!(
            last,
            [0, 1].map(|i| course.stake[i] - have[i]),
            "the course ends as the battle"
        );
        assert_eq!(save.replay().unwrap().state_hash(), hash);
        // Watched again on screen, from the start and from a point moved to.
        for at in [0, save.commands.len() / 2] {
            let mut replay = GameSession::<Marauders>::replay_of(&save).unwrap();
            replay.seek(at);
            replay.pace.skip = true;
            while replay.replay.as_ref().is_some_and(|q| !q.is_empty()) {
                replay.advance(Duration::ZERO, false);
                replay.pace.skip = true;
            }
            assert_eq!(replay.engine.state_hash(), hash, "replayed from {at}");
        }
    }
}
