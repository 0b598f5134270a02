//! Fixture corpora of any ruleset: recorded battles (saves) with each one's final state
//! hash, log digest and event count in `digests.ron`, and the check that every save
//! still replays to exactly that. Code may move under the battles; they must not change.

use crate::engine::{Engine, Rules};
use crate::files::{DataError, load_ron, save_ron};
use crate::player::{play, policy_seed};
use crate::save::Save;
use crate::sim::Contest;
use std::collections::BTreeMap;
use std::path::Path;
use warband_rules::Side;

/// A fixture's final state hash, log digest and events in the log.
pub type Digest = (u64, u64, usize);

/// Each fixture's file name → its [`Digest`].
pub type Digests = BTreeMap<String, Digest>;

/// Plays one battle with these players, writes its save into `dir` as `name` and notes
/// its digests.
pub fn record<R: Contest>(
    dir: &Path,
    name: &str,
    setup: &R::Setup,
    seed: u64,
    players: (R::Player, R::Player),
    digests: &mut Digests,
) -> Result<(), String> {
    let mut engine = Engine::<R>::new(setup, seed)?;
    let mut a = R::policy(players.0, policy_seed(seed, Side::A));
    let mut b = R::policy(players.1, policy_seed(seed, Side::B));
    let played = play::<R>(&mut engine, a.as_mut(), b.as_mut());
    let digest = digest_of(&engine);
    digests.insert(name.to_string(), digest);
    Save::<R>::new(setup.clone(), seed, played.commands, digest.0)
        .write(&dir.join(name))
        .map_err(|e| e.to_string())
}

/// The battle's [`Digest`] as it stands.
fn digest_of<R: Rules>(engine: &Engine<R>) -> Digest {
    let log = engine.log();
    (engine.state_hash(), log.digest(), log.events.len())
}

/// Writes the digests beside the saves.
pub fn write_digests(dir: &Path, digests: &Digests) -> Result<(), DataError> {
    save_ron(&dir.join("digests.ron"), digests)
}

/// Replays every save of a corpus and checks it ends in its recorded state with its
/// recorded log; how many were checked, or the first that differs.
pub fn verify<R: Rules>(dir: &Path) -> Result<usize, String> {
    let digests: Digests = load_ron(&dir.join("digests.ron")).map_err(|e| e.to_string())?;
    for (file, (hash, digest, events)) in &digests {
        let save = Save::<R>::read(&dir.join(file)).map_err(|e| e.to_string())?;
        let engine = save.replay().map_err(|e| format!("{file}: {e}"))?;
        let log = engine.log();
        if log.events.len() != *events || log.digest() != *digest {
            return Err(format!("{file}: the log differs"));
        }
        if engine.state_hash() != *hash || save.final_hash != *hash {
            return Err(format!("{file}: the final state differs"));
        }
        if engine.outcome().is_none() {
            return Err(format!("{file}: the battle did not end"));
        }
    }
    Ok(digests.len())
}

/// Writes each save's digests again as it now replays, its commands unchanged: for a
/// change to the log's words (a die's purpose) that changes no battle. Each save's final
/// state must still be the one it recorded, or nothing is written.
pub fn redigest<R: Rules>(dir: &Path) -> Result<usize, String> {
    let digests: Digests = load_ron(&dir.join("digests.ron")).map_err(|e| e.to_string())?;
    let mut fresh = Digests::new();
    for (file, (hash, ..)) in &digests {
        let save = Save::<R>::read(&dir.join(file)).map_err(|e| e.to_string())?;
        let engine = save.replay().map_err(|e| format!("{file}: {e}"))?;
        if engine.state_hash() != *hash {
            return Err(format!(
                "{file}: the final state differs: not a change of words"
            ));
        }
        fresh.insert(file.clone(), digest_of(&engine));
    }
    write_digests(dir, &fresh).map_err(|e| e.to_string())?;
    Ok(fresh.len())
}

/// Every save of a corpus, by file name, as its digests list them.
pub fn saves<R: Rules>(dir: &Path) -> Result<Vec<(String, Save<R>)>, String> {
    let digests: Digests = load_ron(&dir.join("digests.ron")).map_err(|e| e.to_string())?;
    digests
        .into_keys()
        .map(|file| {
            let save = Save::<R>::read(&dir.join(&file)).map_err(|e| e.to_string())?;
            Ok((file, save))
        })
        .collect()
}

/// The digests the save `file` of `dir` replays to now, if it still ends as recorded:
/// the same final state after as many events. Its log's digest may differ (a clause
/// named more fully changes every digest and no battle); it is taken anew.
fn still_replays<R: Rules>(dir: &Path, file: &str, recorded: Digest) -> Option<Digest> {
    let save = Save::<R>::read(&dir.join(file)).ok()?;
    let now = digest_of(&save.replay().ok()?);
    let same = now.0 == recorded.0 && now.2 == recorded.2 && save.final_hash == recorded.0;
    same.then_some(now)
}

/// Records a corpus afresh with `record` (which writes every save and the digests into
/// `dir`), keeping each earlier battle that still replays to the same end, its file as
/// it was and its digests as it replays now: only battles whose commands meet a changed
/// rule are new. Returns the names of the battles whose digests changed.
pub fn record_keeping<R: Rules>(
    dir: &Path,
    record: impl FnOnce() -> Result<(), String>,
) -> Result<Vec<String>, String> {
    let old: Digests = load_ron(&dir.join("digests.ron")).unwrap_or_default();
    let kept: Vec<(String, Vec<u8>, Digest)> = old
        .iter()
        .filter_map(|(file, d)| {
            let now = still_replays::<R>(dir, file, *d)?;
            Some((file.clone(), std::fs::read(dir.join(file)).ok()?, now))
        })
        .collect();
    record()?;
    let mut digests: Digests = load_ron(&dir.join("digests.ron")).map_err(|e| e.to_string())?;
    for (file, bytes, d) in kept {
        if let Some(entry) = digests.get_mut(&file) {
            std::fs::write(dir.join(&file), bytes).map_err(|e| e.to_string())?;
            *entry = d;
        }
    }
    write_digests(dir, &digests).map_err(|e| e.to_string())?;
    Ok(digests
        .iter()
        .filter(|(file, d)| old.get(*file) != Some(d))
        .map(|(file, _)| file.clone())
        .collect())
}

/// Checks a save's [`Timeline`](crate::timeline::Timeline): every `n` commands in (and
/// the end) reached from a snapshot is the battle a straight replay of `n` commands is,
/// state and log alike.
pub fn check_timeline<R: Rules>(save: &Save<R>, points: &[usize]) -> Result<(), String> {
    let t = crate::timeline::Timeline::<R>::new(&save.setup, save.seed, save.commands.clone())?;
    for &n in points.iter().chain([&t.len()]) {
        let a = t.at(n);
        let mut b = Engine::<R>::new(&save.setup, save.seed)?;
        for (side, c) in &save.commands[..n.min(save.commands.len())] {
            let _ = b.submit(*side, c.clone());
        }
        if a.state_hash() != b.state_hash() || a.log().digest() != b.log().digest() {
            return Err(format!(
                "after {n} commands the timeline differs from a replay"
            ));
        }
    }
    Ok(())
}

/// Records every pairing of `players` on each scenario of `assets/scenarios/` named,
/// into `dir` (one save each, `{scenario}-{a}-v-{b}.ron`, seeds from 100), and writes the
/// digests; how many battles it recorded.
pub fn record_all<R: Contest>(
    assets: &Path,
    dir: &Path,
    scenarios: &[&str],
    players: &[R::Player],
) -> Result<usize, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let mut digests = Digests::new();
    for (i, name) in scenarios.iter().enumerate() {
        let setup =
            R::load(&assets.join(format!("scenarios/{name}.ron"))).map_err(|e| e.to_string())?;
        let pairs = players
            .iter()
            .flat_map(|a| players.iter().map(move |b| (*a, *b)));
        for (j, (a, b)) in pairs.enumerate() {
            let seed = 100 + (i * 10 + j) as u64;
            let file = format!("{name}-{}-v-{}.ron", R::player_name(a), R::player_name(b));
            record::<R>(dir, &file, &setup, seed, (a, b), &mut digests)?;
        }
    }
    write_digests(dir, &digests).map_err(|e| e.to_string())?;
    Ok(digests.len())
}

/// A player that, at every tenth decision it takes (when `checks`), checks that a fork
/// of the battle hashes as the battle does: on a recycled world, the world of the fork
/// before it.
struct ForkChecked<R: Rules> {
    inner: Box<dyn crate::player::Policy<R>>,
    checks: bool,
    decisions: u64,
    /// The first decision at which a fork differed.
    differs: Option<u64>,
}

impl<R: Rules> crate::player::Policy<R> for ForkChecked<R> {
    fn next(&mut self, engine: &Engine<R>, side: Side) -> Option<R::Command> {
        self.decisions += 1;
        let n = self.decisions;
        if self.checks && n.is_multiple_of(10) && engine.fork(n).state_hash() != engine.state_hash()
        {
            self.differs = self.differs.or(Some(n));
        }
        self.inner.next(engine, side)
    }
}

/// Plays battle `seed` of `setup` to the end with `players` on a thread of its own,
/// after the battles of `before` (setup and seed) on it, whose worlds that thread then
/// recycles; its digest, with forks checked as [`ForkChecked`] does.
fn play_after<R: Contest>(
    setup: &R::Setup,
    before: &[(&R::Setup, u64)],
    seed: u64,
    players: (R::Player, R::Player),
) -> Result<Digest, String> {
    let battle = |setup: &R::Setup, seed: u64, checks: bool| -> Result<Digest, String> {
        let mut engine = Engine::<R>::new(setup, seed)?;
        let removed = engine
            .world()
            .removed::<crate::components::ModelId>()
            .count();
        if removed > 0 {
            return Err(format!(
                "a new battle's world remembers {removed} removed models"
            ));
        }
        let player = |kind, side| ForkChecked {
            inner: R::policy(kind, policy_seed(seed, side)),
            checks,
            decisions: 0,
            differs: None,
        };
        let (mut a, mut b) = (player(players.0, Side::A), player(players.1, Side::B));
        play::<R>(&mut engine, &mut a, &mut b);
        if let Some(n) = a.differs.or(b.differs) {
            return Err(format!("battle {seed}: a fork at decision {n} differs"));
        }
        Ok(digest_of(&engine))
    };
    std::thread::scope(|s| {
        s.spawn(|| {
            for (other, b) in before {
                battle(other, *b, false)?;
            }
            if !before.is_empty() && crate::recycle::spares() == 0 {
                return Err("no world was left to recycle".to_string());
            }
            battle(setup, seed, true)
        })
        .join()
        .map_err(|_| "the battle's thread panicked".to_string())?
    })
}

/// Checks that a battle played on a recycled world (see [`crate::recycle`]) is the
/// battle a new world plays, state, log and forks alike: battle `seed` of the shipped
/// scenario `name` (under `assets/scenarios/`) played on a fresh thread, and again on
/// another after the battles of `before` (scenario and seed: other tables leave other
/// archetypes and resources behind).
pub fn check_recycled<R: Contest>(
    assets: &Path,
    name: &str,
    before: &[(&str, u64)],
    seed: u64,
    players: (R::Player, R::Player),
) -> Result<(), String> {
    let load = |name: &str| {
        R::load(&assets.join(format!("scenarios/{name}.ron"))).map_err(|e| e.to_string())
    };
    let setup = load(name)?;
    let others = before
        .iter()
        .map(|(name, seed)| Ok((load(name)?, *seed)))
        .collect::<Result<Vec<_>, String>>()?;
    let others: Vec<(&R::Setup, u64)> = others.iter().map(|(s, seed)| (s, *seed)).collect();
    let new = play_after::<R>(&setup, &[], seed, players)?;
    let recycled = play_after::<R>(&setup, &others, seed, players)?;
    if new != recycled {
        return Err(format!(
            "battle {seed} on a recycled world ended {recycled:?}, on a new one {new:?}"
        ));
    }
    Ok(())
}
