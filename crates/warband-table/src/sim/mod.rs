//! The batch simulator: many headless battles in parallel. Each game's seed comes from
//! the master seed and the game's index, and results are gathered in index order, so a
//! run gives the same figures on any number of threads. Any ruleset plays here through
//! its [`Contest`]: its players by kind, and what each side lost.

use crate::engine::{Engine, Rules};
use crate::player::{PlayerKind, Policy, play};
use bevy_ecs::world::World;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use warband_rules::Side;

mod seeds;
mod tally;
pub mod throughput;
pub use seeds::*;
pub use tally::*;

#[cfg(test)]
mod tests;

/// What the batch simulator needs of a ruleset beyond its rules.
pub trait Contest: Rules {
    /// The kinds of computer player (random, charge, normal, …), parsed by name.
    type Player: Copy
        + std::fmt::Debug
        + Send
        + Sync
        + std::str::FromStr<Err = String>
        + Into<PlayerKind>
        + TryFrom<PlayerKind, Error = String>;
    /// What a side loses, as its result names it: `HD`, `HP`, `points`.
    const LOSSES: &'static str;
    /// What the ruleset calls one of its rounds: `round`, or Toy Soldier's `turn`.
    const ROUND: &'static str = "round";
    /// Loads a scenario file and everything it names.
    fn load(scenario: &std::path::Path) -> Result<Self::Setup, crate::files::DataError>;
    fn player_name(p: Self::Player) -> &'static str;
    fn policy(p: Self::Player, seed: u64) -> Box<dyn Policy<Self>>;
    /// What each side lost, by side index (HD in Marauders, HP in Borderlands).
    fn losses(world: &World) -> [u32; 2];
    /// What each side has to lose in all, in the same measure as [`Contest::losses`]:
    /// the whole of every model of it in play (read as the battle begins).
    fn at_stake(world: &World) -> [u32; 2];
    /// The last round a battle may reach.
    fn round_limit(world: &World) -> u32;
    /// What each side still has in the fight, in the measure of [`Contest::losses`], where
    /// that is less than what it has not lost: in Borderlands a model asleep, held,
    /// dying or fleeing keeps its HP but fights no more. None (the default) where what a
    /// side has lost is all it is out of. The result's course reads it, so a battle won by
    /// Sleep and a rout shows where it turned.
    fn in_fight(_world: &World) -> Option<[u32; 2]> {
        None
    }

    /// The kinds of computer player this ruleset has, in [`PlayerKind::ALL`]'s order.
    fn kinds() -> Vec<PlayerKind> {
        PlayerKind::ALL
            .into_iter()
            .filter(|k| Self::Player::try_from(*k).is_ok())
            .collect()
    }
}

/// What `items` are worth to each side, by side index: `side` names an item's side,
/// `worth` its worth (what [`Contest::at_stake`] sums over the models in play).
pub fn per_side<T>(items: &[T], side: impl Fn(&T) -> Side, worth: impl Fn(&T) -> u32) -> [u32; 2] {
    Side::BOTH.map(|s| items.iter().filter(|i| side(i) == s).map(&worth).sum())
}

/// The rounds a battle has played, as its result tells them (the round under way, never
/// past the limit).
pub fn rounds_played<R: Contest>(world: &World) -> u32 {
    R::round(world).min(R::round_limit(world))
}

/// `n` of a ruleset's rounds in words: "1 round", "3 rounds", "8 turns".
pub fn rounds<R: Contest>(n: u32) -> String {
    let word = R::ROUND;
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

#[derive(Clone, Debug)]
pub struct SimConfig<P> {
    pub a: P,
    pub b: P,
    pub games: u32,
    pub seed: u64,
    /// Play every other game with the players' sides exchanged.
    pub swap: bool,
    /// Worker threads (None: rayon's default, one per core).
    pub threads: Option<usize>,
    /// Play only shard `index` of `count`: the games whose index is `index` modulo
    /// `count` (for batches split over many machines; see `docs/scaling.md`).
    pub shard: Option<Shard>,
}

/// One share of a batch: the games `i` with `i % count == index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `I/N`, with `I` counted from 0 (as a Kubernetes completion index or a Slurm array
    /// started at 0).
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{s}` is not a shard: expected I/N with 0 <= I < N, e.g. 3/16");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (u32, u32) =
            (i.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl<P> SimConfig<P> {
    /// The same batch with the players named otherwise (by name, say, for a screen).
    pub fn with_players<Q>(&self, a: Q, b: Q) -> SimConfig<Q> {
        SimConfig {
            a,
            b,
            games: self.games,
            seed: self.seed,
            swap: self.swap,
            threads: self.threads,
            shard: self.shard,
        }
    }

    /// The game indices this run plays, in order.
    pub fn indices(&self) -> Vec<u64> {
        let shard = self.shard.unwrap_or(Shard { index: 0, count: 1 });
        (0..u64::from(self.games))
            .filter(|i| i % u64::from(shard.count) == u64::from(shard.index))
            .collect()
    }
}

/// One game, told from the players' point of view (`a` is the `--a` player whichever
/// side it had).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub winner: Option<AiSlot>,
    pub rounds: u32,
    /// What the `a` player and the `b` player lost (HD or HP, by ruleset).
    pub losses: [u32; 2],
    pub refused: usize,
    /// The first command the engine refused, with its reason.
    pub first_refusal: Option<String>,
    pub decision_times: [Vec<Duration>; 2],
    /// The battle reached its end.
    pub finished: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiSlot {
    A,
    B,
}

#[derive(Clone, Debug, Serialize)]
pub struct SimReport {
    pub games: u32,
    pub a_wins: u32,
    pub b_wins: u32,
    pub draws: u32,
    pub a_win_rate: f64,
    pub ci95: [f64; 2],
    pub mean_rounds: f64,
    pub mean_losses: [f64; 2],
    pub battles_per_sec: f64,
    pub refused_commands: usize,
    /// One refused command, for diagnosis.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example_refusal: Option<String>,
    /// Median and maximum thinking time per side-phase, in milliseconds, of each player.
    pub decision_ms: [[f64; 2]; 2],
}

impl SimReport {
    /// Side A's (the first player's) win rate with its 95% interval: "47.0% [43.9, 50.1]".
    pub fn rate_text(&self) -> String {
        format!(
            "{:.1}% [{:.1}, {:.1}]",
            self.a_win_rate * 100.0,
            self.ci95[0] * 100.0,
            self.ci95[1] * 100.0
        )
    }

    /// One line for a lab table: win rate with its interval, draws, length, losses,
    /// speed, refusals and the first player's thinking time.
    pub fn summary(&self) -> String {
        format!(
            "a wins {:5.1}% [{:.1}, {:.1}] draws {:3} rounds {:5.2} lost a {:5.1} b {:5.1} {:6.0} battles/s refused {} think ms median {:.3} max {:.2}",
            self.a_win_rate * 100.0,
            self.ci95[0] * 100.0,
            self.ci95[1] * 100.0,
            self.draws,
            self.mean_rounds,
            self.mean_losses[0],
            self.mean_losses[1],
            self.battles_per_sec,
            self.refused_commands,
            self.decision_ms[0][0],
            self.decision_ms[0][1]
        )
    }
}

/// A batch of one pairing, not swapped, on one thread: what a benchmark plays game by
/// game with [`play_game`].
pub fn bench_config<P>(a: P, b: P) -> SimConfig<P> {
    SimConfig {
        a,
        b,
        games: u32::MAX,
        seed: 1,
        swap: false,
        threads: Some(1),
        shard: None,
    }
}

/// Plays game `index`.
pub fn play_game<R: Contest>(
    setup: &R::Setup,
    config: &SimConfig<R::Player>,
    index: u64,
) -> Result<GameResult, String> {
    let seed = game_seed(config.seed, index);
    let swapped = config.swap && index % 2 == 1;
    let (on_a, on_b) = if swapped {
        (config.b, config.a)
    } else {
        (config.a, config.b)
    };
    let mut engine = Engine::<R>::new(setup, seed)?;
    let mut pa = R::policy(on_a, crate::player::policy_seed(seed, Side::A));
    let mut pb = R::policy(on_b, crate::player::policy_seed(seed, Side::B));
    let played = play(&mut engine, pa.as_mut(), pb.as_mut());
    let slot = |side: Side| match (side, swapped) {
        (Side::A, false) | (Side::B, true) => AiSlot::A,
        _ => AiSlot::B,
    };
    let [lost_a, lost_b] = R::losses(engine.world());
    let (lost_a, lost_b) = if swapped {
        (lost_b, lost_a)
    } else {
        (lost_a, lost_b)
    };
    let [ta, tb] = played.decision_times;
    Ok(GameResult {
        winner: engine.outcome().and_then(|o| o.winner).map(slot),
        rounds: R::round(engine.world()).min(R::round_limit(engine.world())),
        losses: [lost_a, lost_b],
        refused: played.refused.len(),
        first_refusal: played
            .refused
            .first()
            .map(|(s, c, why)| format!("{s} {c:?}: {why}")),
        finished: played.finished,
        decision_times: if swapped { [tb, ta] } else { [ta, tb] },
    })
}

/// Plays every game; `progress` is told each time one finishes.
pub fn run<R: Contest>(
    setup: &R::Setup,
    config: &SimConfig<R::Player>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SimReport, String> {
    run_games::<R>(setup, config, progress).map(|(r, _)| r)
}

/// [`run`], keeping every game's result too (in index order).
pub fn run_games<R: Contest>(
    setup: &R::Setup,
    config: &SimConfig<R::Player>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(SimReport, Vec<GameResult>), String> {
    let started = Instant::now();
    let results = play_all::<R>(setup, config, progress)?;
    Ok((report(&results, started.elapsed()), results))
}

/// One CSV row per game, with a header: its index, seed (as `seed_text`), the side the `a` player had,
/// the winner (`a`, `b` or `draw`), rounds, what each player lost and refused commands.
pub fn csv<P>(config: &SimConfig<P>, results: &[GameResult]) -> String {
    let mut out = String::from("game,seed,a_side,winner,rounds,lost_a,lost_b,refused\n");
    for (i, r) in config.indices().into_iter().zip(results) {
        let a_side = if config.swap && i % 2 == 1 { "B" } else { "A" };
        let winner = match r.winner {
            Some(AiSlot::A) => "a",
            Some(AiSlot::B) => "b",
            None => "draw",
        };
        out.push_str(&format!(
            "{i},{},{a_side},{winner},{},{},{},{}\n",
            seed_text(game_seed(config.seed, i)),
            r.rounds,
            r.losses[0],
            r.losses[1],
            r.refused
        ));
    }
    out
}

/// Plays this run's games (its shard, or all) and keeps them as a mergeable tally.
pub fn run_tally<R: Contest>(
    setup: &R::Setup,
    config: &SimConfig<R::Player>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, String> {
    let results = play_all::<R>(setup, config, progress)?;
    Ok(Tally::of(
        crate::scenario::Setup::scenario(setup).name.as_str(),
        R::player_name(config.a),
        R::player_name(config.b),
        config,
        &results,
    ))
}

/// Every game of `config.indices()`, in index order.
fn play_all<R: Contest>(
    setup: &R::Setup,
    config: &SimConfig<R::Player>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<GameResult>, String> {
    let done = AtomicU64::new(0);
    let job = || -> Result<Vec<GameResult>, String> {
        config
            .indices()
            .into_par_iter()
            .map(|i| {
                let r = play_game::<R>(setup, config, i);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                r
            })
            .collect()
    };
    let results = match config.threads {
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| format!("cannot start {t} threads: {e}"))?
            .install(job)?,
        None => job()?,
    };
    Ok(results)
}

pub fn report(results: &[GameResult], elapsed: Duration) -> SimReport {
    let n = results.len() as u32;
    let count = |w: Option<AiSlot>| results.iter().filter(|r| r.winner == w).count() as u32;
    let (a_wins, b_wins, draws) = (count(Some(AiSlot::A)), count(Some(AiSlot::B)), count(None));
    let nf = f64::from(n.max(1));
    let mean = |f: &dyn Fn(&GameResult) -> f64| results.iter().map(f).sum::<f64>() / nf;
    let times = |i: usize| {
        let mut all: Vec<Duration> = results
            .iter()
            .flat_map(|r| r.decision_times[i].iter().copied())
            .collect();
        all.sort_unstable();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        [
            all.get(all.len() / 2).map_or(0.0, |d| ms(*d)),
            all.last().map_or(0.0, |d| ms(*d)),
        ]
    };
    SimReport {
        games: n,
        a_wins,
        b_wins,
        draws,
        a_win_rate: f64::from(a_wins) / nf,
        ci95: wilson(a_wins, n),
        mean_rounds: mean(&|r| f64::from(r.rounds)),
        mean_losses: [
            mean(&|r| f64::from(r.losses[0])),
            mean(&|r| f64::from(r.losses[1])),
        ],
        battles_per_sec: f64::from(n) / elapsed.as_secs_f64().max(1e-9),
        refused_commands: results.iter().map(|r| r.refused).sum(),
        example_refusal: results.iter().find_map(|r| r.first_refusal.clone()),
        decision_ms: [times(0), times(1)],
    }
}
