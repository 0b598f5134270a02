//! One command fuzzer for every ruleset: battles in which hostile commands (each
//! ruleset's [`Fuzzed::hostile`]: unknown, zero and `u32::MAX` ids, NaN, infinite and
//! huge numbers, the other side, out of turn, the wrong phase…) are interleaved with the
//! computer players' legal ones. After **every** command: a refusal leaves the state
//! hash unchanged and adds exactly one log event; an accepted command keeps the
//! ruleset's invariants ([`Fuzzed::check`]), written as conservation laws over the log
//! (what changed is exactly what the log says changed), so they can fail. Also
//! [`ai_battles`]: every pairing of computer players to the end, some saved, read back
//! and replayed bit-exact. Used by each ruleset's `tests/fuzz.rs` and `examples/<ruleset>_soak.rs`.

use crate::components::{Base, ModelId, OutOfAction};
use crate::engine::{Engine, ModelIndex};
use crate::geometry::{Placed, overlaps};
use crate::log::Entry;
use crate::player::{Policy, next_command};
use crate::sim::{Contest, game_seed};
use bevy_ecs::world::World;
use bevy_math::Vec2;
use warband_rules::Side;

/// A ruleset the fuzzer can attack.
pub trait Fuzzed: Contest {
    /// What the invariants compare across one accepted command (tokens, AP, danger,
    /// hit points, slots…), read by [`Fuzzed::ledger`] before it.
    type Ledger;
    /// A command chosen to be wrong in some way, for `side` to send (the fuzzer has
    /// chosen it: the side acting, or a quarter of the time the other).
    fn hostile(rng: &mut Stream, engine: &Engine<Self>, side: Side) -> Self::Command;
    /// The ledger as the battle stands.
    fn ledger(engine: &Engine<Self>) -> Self::Ledger;
    /// What must hold after an accepted command, given the ledger before it and the log
    /// entries it added (the accepted command first).
    fn check(
        before: &Self::Ledger,
        engine: &Engine<Self>,
        added: &[Entry<Self::Command, Self::Event>],
    ) -> Result<(), String>;
    /// The computer players the fuzzer mixes its hostile commands with (the cheap ones:
    /// a look-ahead player is for [`ai_battles`]).
    fn fuzz_players() -> Vec<Self::Player>;
}

/// What a fuzzing run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuzzReport {
    pub steps: u64,
    pub battles: u64,
    pub hostile: u64,
    pub refused: u64,
}

impl FuzzReport {
    /// Adds another run's figures to these.
    pub fn add(&mut self, r: &FuzzReport) {
        self.steps += r.steps;
        self.battles += r.battles;
        self.hostile += r.hostile;
        self.refused += r.refused;
    }
}

/// A small seeded stream (SplitMix64) for the fuzzer's own choices: never the battle's.
pub struct Stream(pub u64);

impl Stream {
    pub fn draw(&mut self) -> u64 {
        self.0 = game_seed(self.0, 1);
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.draw() % n.max(1)
    }

    pub fn pick<T: Clone>(&mut self, from: &[T]) -> T {
        from[self.below(from.len() as u64) as usize].clone()
    }

    /// One in `n`.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// Model ids to name: 0, 1, the count, one past it, `u32::MAX` and one at random.
    pub fn ids(&mut self, models: usize) -> [crate::components::ModelId; 6] {
        let n = models as u32;
        let any = self.below(u64::from(n) + 2) as u32;
        [0, 1, n, n.saturating_add(1), u32::MAX, any].map(crate::components::ModelId)
    }

    /// Numbers to send where a length, angle or place is wanted: NaN, ±∞, 1e30, 1e9,
    /// −1, 0 and one at random below `scale`.
    pub fn number(&mut self, scale: f32) -> f32 {
        let any = self.below(scale.max(1.0) as u64 + 1) as f32;
        self.pick(&[
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            1e30,
            1e9,
            -1.0,
            0.0,
            any,
        ])
    }
}

/// Plays battles of `setup` for `steps` commands, hostile about one time in three;
/// stops at the first broken invariant and says which.
pub fn run<R: Fuzzed>(setup: &R::Setup, seed: u64, steps: u64) -> Result<FuzzReport, String> {
    let mut rng = Stream(seed);
    let mut report = FuzzReport::default();
    let kinds = R::fuzz_players();
    while report.steps < steps {
        let battle_seed = rng.draw();
        let mut engine = Engine::<R>::new(setup, battle_seed)?;
        let mut players: [Box<dyn Policy<R>>; 2] = [
            R::policy(
                rng.pick(&kinds),
                crate::player::policy_seed(battle_seed, Side::A),
            ),
            R::policy(
                rng.pick(&kinds),
                crate::player::policy_seed(battle_seed, Side::B),
            ),
        ];
        report.battles += 1;
        while let Some(side) = engine.awaiting() {
            if report.steps >= steps {
                break;
            }
            report.steps += 1;
            let (from, command) = if rng.one_in(3) {
                report.hostile += 1;
                let from = if rng.one_in(4) { side.other() } else { side };
                (from, R::hostile(&mut rng, &engine, from))
            } else {
                (
                    side,
                    next_command(players[side.index()].as_mut(), &engine, side),
                )
            };
            if !step(&mut engine, from, command)? {
                report.refused += 1;
                if from == side {
                    // Play goes on: the side gives way, as `player::play` does.
                    let give_way = engine.yield_command(side);
                    step(&mut engine, side, give_way)?;
                }
            }
        }
        if engine.awaiting().is_none() && engine.outcome().is_none() && report.steps < steps {
            return Err(format!(
                "battle {battle_seed} waits for no one and has no outcome"
            ));
        }
    }
    Ok(report)
}

/// [`run`] on each of `setups` in turn, `steps` commands each (seeded `seed`, `seed + 1`,
/// …), the figures summed; the first broken invariant names its setup's scenario.
pub fn across<R: Fuzzed>(setups: &[R::Setup], seed: u64, steps: u64) -> Result<FuzzReport, String> {
    use crate::scenario::Setup;
    let mut total = FuzzReport::default();
    for (i, setup) in setups.iter().enumerate() {
        let r = run::<R>(setup, seed.wrapping_add(i as u64), steps)
            .map_err(|e| format!("{}: {e}", setup.scenario().name))?;
        total.add(&r);
    }
    Ok(total)
}

/// Submits one command and checks what must hold; Ok(accepted).
pub fn step<R: Fuzzed>(
    engine: &mut Engine<R>,
    side: Side,
    command: R::Command,
) -> Result<bool, String> {
    let before_hash = engine.state_hash();
    let before_log = engine.log().events.len();
    let ledger = R::ledger(engine);
    let accepted = engine.submit(side, command.clone()).is_ok();
    let after_log = engine.log().events.len();
    if !accepted {
        if engine.state_hash() != before_hash {
            return Err(format!("refused {side} {command:?} changed the battle"));
        }
        if after_log != before_log + 1 {
            return Err(format!(
                "refused {command:?} logged {} events",
                after_log.abs_diff(before_log)
            ));
        }
        return Ok(false);
    }
    if after_log <= before_log {
        return Err(format!("the log did not grow after {command:?}"));
    }
    let added = &engine.log().events[before_log..];
    R::check(&ledger, engine, added).map_err(|e| format!("after {side} {command:?}: {e}"))?;
    Ok(true)
}

/// The table's own invariant for any ruleset: every base in play has a finite centre
/// and facing, lies on the `table`, and overlaps no other.
pub fn bases_apart_on_table(world: &World, table: Vec2) -> Result<(), String> {
    let bases: Vec<(ModelId, Placed)> = world
        .resource::<ModelIndex>()
        .0
        .iter()
        .map(|e| world.entity(*e))
        .filter(|e| !e.contains::<OutOfAction>())
        .filter_map(|e| Some((*e.get::<ModelId>()?, e.get::<Base>()?.0)))
        .collect();
    for (i, (id, b)) in bases.iter().enumerate() {
        if !b.center.is_finite() || !b.facing.is_finite() {
            return Err(format!(
                "model {id} stands at {} facing {}",
                b.center, b.facing
            ));
        }
        if !b.on_table(table) {
            return Err(format!("model {id} is off the table at {}", b.center));
        }
        if let Some((other, _)) = bases[i + 1..].iter().find(|(_, o)| overlaps(b, o)) {
            return Err(format!("models {id} and {other} overlap"));
        }
    }
    Ok(())
}

/// What a run of AI battles did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BattlesReport {
    pub battles: u64,
    pub replayed: u64,
    pub refused: u64,
}

/// Plays `count` AI battles, every pairing of the ruleset's players in turn over the
/// setups, each to its end within its round limit; every `replay_every`-th is saved as
/// RON text, read back and replayed, and must give the same final hash and the same
/// log. Battles run in parallel; game `i` depends only on `seed` and `i`.
pub fn ai_battles<R: Contest>(
    setups: &[R::Setup],
    count: u64,
    seed: u64,
    replay_every: u64,
) -> Result<BattlesReport, String> {
    use rayon::prelude::*;
    let results: Vec<Result<(bool, usize), String>> = (0..count)
        .into_par_iter()
        .map(|i| one_battle::<R>(&setups[(i as usize) % setups.len()], seed, i, replay_every))
        .collect();
    let mut report = BattlesReport::default();
    for r in results {
        let (replayed, refused) = r?;
        report.battles += 1;
        report.replayed += u64::from(replayed);
        report.refused += refused as u64;
    }
    Ok(report)
}

fn one_battle<R: Contest>(
    setup: &R::Setup,
    seed: u64,
    i: u64,
    replay_every: u64,
) -> Result<(bool, usize), String> {
    let kinds: Vec<R::Player> = R::kinds()
        .into_iter()
        .filter_map(|k| R::Player::try_from(k).ok())
        .collect();
    let n = kinds.len() as u64;
    let (a, b) = (kinds[(i % n) as usize], kinds[((i / n) % n) as usize]);
    let game = game_seed(seed, i);
    let mut engine = Engine::<R>::new(setup, game)?;
    let played = crate::player::play(
        &mut engine,
        R::policy(a, crate::player::policy_seed(game, Side::A)).as_mut(),
        R::policy(b, crate::player::policy_seed(game, Side::B)).as_mut(),
    );
    let (pa, pb) = (R::player_name(a), R::player_name(b));
    let limit = R::round_limit(engine.world());
    if !played.finished || R::round(engine.world()) > limit + 1 {
        return Err(format!(
            "game {i} ({pa} v {pb}) did not end within {limit} rounds"
        ));
    }
    if replay_every == 0 || !i.is_multiple_of(replay_every) {
        return Ok((false, played.refused.len()));
    }
    let save =
        crate::save::Save::<R>::new(setup.clone(), game, played.commands, engine.state_hash());
    let text = ron::to_string(&save).map_err(|e| e.to_string())?;
    let back: crate::save::Save<R> = ron::from_str(&text).map_err(|e| format!("game {i}: {e}"))?;
    let replay = back.replay()?;
    if replay.state_hash() != save.final_hash || replay.log().digest() != engine.log().digest() {
        return Err(format!("game {i} ({pa} v {pb}) replayed differently"));
    }
    Ok((true, played.refused.len()))
}

/// The fuzzer at length, for a ruleset's `examples/<ruleset>_soak.rs` (release build):
/// `--steps N [--seed S] [SCENARIO…]` plays fuzzed battles on each scenario in turn
/// (`names` under `scenarios` by default), 10,000 steps at a time, checking after every
/// command; `--battles N` plays that many AI battles over every pairing, saving, reading
/// back and replaying one in ten. Returns what it did; Err at the first failure.
pub fn soak<R: Fuzzed>(
    args: impl IntoIterator<Item = String>,
    scenarios: &std::path::Path,
    names: &[&str],
) -> Result<String, String> {
    let (steps, battles, seed, paths) = soak_args(args)?;
    let setups = setups_of::<R>(&paths, scenarios, names)?;
    let started = std::time::Instant::now();
    if battles > 0 {
        let r = ai_battles::<R>(&setups, battles, seed, 10)?;
        return Ok(format!(
            "soak: {} AI battles ended within their limits ({} refused commands), {} saved, \
             read back and replayed bit-exact, {:.0} s",
            r.battles,
            r.refused,
            r.replayed,
            started.elapsed().as_secs_f64()
        ));
    }
    let mut total = FuzzReport::default();
    for round in 0u64.. {
        if total.steps >= steps {
            break;
        }
        let setup = &setups[(round as usize) % setups.len()];
        let chunk = 10_000u64.min(steps - total.steps);
        total.add(&run::<R>(setup, seed.wrapping_add(round), chunk)?);
    }
    let secs = started.elapsed().as_secs_f64();
    Ok(format!(
        "soak: {} steps in {} battles ({} hostile, {} refused), no invariant broken, \
         {secs:.0} s, {:.0} steps/s",
        total.steps,
        total.battles,
        total.hostile,
        total.refused,
        total.steps as f64 / secs
    ))
}

/// The setups of the scenario files `paths`, or, when none are given, of the scenarios
/// `names` under `scenarios` (`name.ron` each).
pub fn setups_of<R: Contest>(
    paths: &[std::path::PathBuf],
    scenarios: &std::path::Path,
    names: &[&str],
) -> Result<Vec<R::Setup>, String> {
    let named: Vec<std::path::PathBuf> = names
        .iter()
        .map(|n| scenarios.join(format!("{n}.ron")))
        .collect();
    let paths = if paths.is_empty() { &named } else { paths };
    paths
        .iter()
        .map(|p| R::load(p).map_err(|e| e.to_string()))
        .collect()
}

type SoakArgs = (u64, u64, u64, Vec<std::path::PathBuf>);

fn soak_args(args: impl IntoIterator<Item = String>) -> Result<SoakArgs, String> {
    let (mut steps, mut battles, mut seed, mut paths) = (100_000u64, 0u64, 1u64, Vec::new());
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        let mut number = |what: &str| -> Result<u64, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{what} needs a whole number"))
        };
        match a.as_str() {
            "--steps" => steps = number("--steps")?,
            "--battles" => battles = number("--battles")?,
            "--seed" => seed = number("--seed")?,
            path => paths.push(std::path::PathBuf::from(path)),
        }
    }
    Ok((steps, battles, seed, paths))
}

/// A ruleset's `examples/soak.rs`: `warband_table::soak_example!(Ruleset, ["scenario", …]);`
/// runs [`soak`] on the command line's arguments, the named shipped scenarios by default.
#[macro_export]
macro_rules! soak_example {
    ($rules:ty, $names:expr) => {
        fn main() -> Result<(), String> {
            let root =
                std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios");
            let said = $crate::fuzz::soak::<$rules>(std::env::args().skip(1), &root, &$names)?;
            println!("{said}");
            Ok(())
        }
    };
}

/// A ruleset's `tests/fuzz.rs`: 10,000 fuzzed commands over its four shipped scenarios
/// (2,500 each) keeping the invariants, and `battles` AI battles over every pairing that
/// end, every tenth saved, read back and replayed bit-exact:
/// `warband_table::fuzz_tests!(Ruleset, ["scenario", …], seed: 70, battles: 25);`
#[macro_export]
macro_rules! fuzz_tests {
    ($rules:ty, $names:expr, seed: $seed:expr, battles: $battles:expr) => {
        fn setups() -> Vec<<$rules as $crate::engine::Rules>::Setup> {
            let root =
                std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios");
            $crate::fuzz::setups_of::<$rules>(&[], &root, &$names).unwrap_or_else(|e| panic!("{e}"))
        }

        #[test]
        fn ten_thousand_fuzzed_commands_keep_the_invariants() {
            let total = $crate::fuzz::across::<$rules>(&setups(), $seed, 2_500)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(total.steps, 10_000);
            assert!(total.hostile > 2_500 && total.refused > 1_500, "{total:?}");
            assert!(total.battles >= 4, "{total:?}");
        }

        #[test]
        fn ai_battles_end_and_every_tenth_replays_bit_exact() {
            let r = $crate::fuzz::ai_battles::<$rules>(&setups(), $battles, $seed, 10)
                .unwrap_or_else(|e| panic!("{e}"));
            let replayed = u64::div_ceil($battles, 10);
            assert_eq!((r.battles, r.replayed, r.refused), ($battles, replayed, 0));
        }
    };
}
