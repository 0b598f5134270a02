//! Whole AI battles of every pairing, some saved, read back and replayed bit-exact; and
//! the soak that runs them with the fuzzer from the command line.

use super::{FuzzReport, Fuzzed, run};
use crate::engine::Engine;
use crate::sim::{Contest, game_seed};
use warband_rules::Side;

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
