//! What each ruleset's example programs share: a table of every pairing of players on
//! each shipped scenario, and recording a fixture corpus from the shipped scenarios.

use crate::engine::Rules;
use crate::sim::{AiSlot, Contest, GameResult, SimConfig, run_games};
use std::path::Path;

/// Plays `games` of each pairing on each scenario of `assets/scenarios/` (sides swapped
/// every other game, 2 threads or as many as there are cores) and prints one line
/// each: the first player's win rate with its 95% interval, losses, battles/s and
/// thinking time.
pub fn pairings<R: Contest>(
    assets: &Path,
    scenarios: &[&str],
    pairs: &[(R::Player, R::Player)],
    games: u32,
    seed: u64,
) -> Result<(), String> {
    let width = scenarios.iter().map(|s| s.len()).max().unwrap_or(0);
    for name in scenarios {
        let setup =
            R::load(&assets.join(format!("scenarios/{name}.ron"))).map_err(|e| e.to_string())?;
        for (a, b) in pairs {
            let config = SimConfig {
                a: *a,
                b: *b,
                games,
                seed,
                swap: true,
                threads: None,
                shard: None,
            };
            let (r, results) = run_games::<R>(&setup, &config, &|_| {})?;
            let (a, b) = (R::player_name(*a), R::player_name(*b));
            println!("{name:width$}  {a:>6} v {b:<6} {}", r.summary());
            println!("{:width$}  {a:>6} {}", "", by_side(&results));
        }
    }
    Ok(())
}

/// The first player's wins and losses as each side: sides swap every other game, so
/// even games put it on side A ("as A 302–177, as B 189–279").
fn by_side(results: &[GameResult]) -> String {
    let record = |parity: usize| {
        let mine = results.iter().skip(parity).step_by(2);
        let (won, lost) = mine.fold((0, 0), |(w, l), g| match g.winner {
            Some(AiSlot::A) => (w + 1, l),
            Some(AiSlot::B) => (w, l + 1),
            None => (w, l),
        });
        format!("{won}–{lost}")
    };
    format!("as A {}, as B {}", record(0), record(1))
}

/// With `redigest` as the program's first argument (the log's events changed — words,
/// a field — not the battles), writes each save's digests in `out` again as it now
/// replays, its commands unchanged, and says true; else does nothing.
pub fn redigest_if_asked<R: crate::engine::Rules>(out: &Path) -> Result<bool, String> {
    if std::env::args().nth(1).as_deref() != Some("redigest") {
        return Ok(false);
    }
    let n = crate::corpus::redigest::<R>(out)?;
    println!("{n} fixtures' digests written again in {}", out.display());
    Ok(true)
}

/// Records the fixture corpus of ruleset folder `ruleset` (`tests/fixtures/{ruleset}/`
/// under the repository `root`): every pairing of `players` on each shipped scenario
/// named, with its digests. Run only when the rules change on purpose. With `redigest`
/// as the first argument, where only the log's events changed (words, a field), it
/// writes the digests of the same saves again (and refuses if any battle ends otherwise).
pub fn record_fixtures<R: Contest>(
    root: &Path,
    ruleset: &str,
    scenarios: &[&str],
    players: &[R::Player],
) -> Result<(), String> {
    let out = root.join("tests/fixtures").join(ruleset);
    if redigest_if_asked::<R>(&out)? {
        return Ok(());
    }
    let changed = crate::corpus::record_keeping::<R>(&out, || {
        crate::corpus::record_all::<R>(&root.join("assets"), &out, scenarios, players).map(|_| ())
    })?;
    println!(
        "recorded {} in {}: {} changed",
        ruleset,
        out.display(),
        changed.len()
    );
    for file in changed {
        println!("  {file}");
    }
    Ok(())
}

/// The first argument as a game count (at least 1), or `default` if there is none.
pub fn games_arg(default: u32) -> Result<u32, String> {
    match std::env::args().nth(1) {
        None => Ok(default),
        Some(a) => a
            .parse()
            .ok()
            .filter(|n| *n > 0)
            .ok_or(format!("games: expected a whole number above 0, got '{a}'")),
    }
}

/// A policy that times each of its inner policy's decisions into `times`.
pub struct Timed<'a, R: Rules> {
    pub inner: Box<dyn crate::player::Policy<R>>,
    pub times: &'a mut Vec<std::time::Duration>,
}

impl<R: Rules> crate::player::Policy<R> for Timed<'_, R> {
    fn next(
        &mut self,
        engine: &crate::engine::Engine<R>,
        side: warband_rules::Side,
    ) -> Option<R::Command> {
        let started = std::time::Instant::now();
        let c = self.inner.next(engine, side);
        self.times.push(started.elapsed());
        c
    }
}

/// The thinking time of each `Policy::next` call of player `a` (against `b`, sides
/// swapped every other game) over `games` battles of each scenario, on one thread:
/// prints its median, 90th and 99th percentiles and the slowest call.
pub fn think_times<R: Contest>(
    assets: &Path,
    scenarios: &[&str],
    a: R::Player,
    b: R::Player,
    games: u32,
) -> Result<(), String> {
    for name in scenarios {
        let setup =
            R::load(&assets.join(format!("scenarios/{name}.ron"))).map_err(|e| e.to_string())?;
        let mut times = Vec::new();
        for g in 0..u64::from(games) {
            let mut engine = crate::engine::Engine::<R>::new(&setup, g)?;
            let mut timed = Timed::<R> {
                inner: R::policy(a, g * 2),
                times: &mut times,
            };
            let mut other = R::policy(b, g * 2 + 1);
            if g % 2 == 0 {
                crate::player::play(&mut engine, &mut timed, other.as_mut());
            } else {
                crate::player::play(&mut engine, other.as_mut(), &mut timed);
            }
        }
        times.sort_unstable();
        let at = |q: f64| {
            let i = ((times.len() as f64 - 1.0) * q).round() as usize;
            times.get(i).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
        };
        println!(
            "{name}: {} v {}: {} calls, ms per call median {:.3} p90 {:.3} p99 {:.3} max {:.3}",
            R::player_name(a),
            R::player_name(b),
            times.len(),
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0)
        );
    }
    Ok(())
}

/// An example program's lab for ruleset `R` (`[games] [levels|hard|easy|think]
/// [scenario,…|all] [seed]` on its command line): the baselines and `normal` paired by default;
/// with `levels`, the goals of the three levels (hard v normal, normal v easy, easy v
/// random), with `hard` the first alone, with `easy` the last two alone; with `think`,
/// the time
/// of each of `hard`'s decisions against `normal`; with `balance`, each scenario
/// balanced as `warband balance` does it.
pub fn lab<R: crate::calibrate::Calibrate>(
    assets: &Path,
    scenarios: &[&str],
    default_games: u32,
    seed: u64,
) -> Result<(), String> {
    use crate::player::PlayerKind::{Charge, Easy, Hard, Normal, Random};
    let kind = |k| R::Player::try_from(k);
    let games = games_arg(default_games)?;
    let mode = std::env::args().nth(2).unwrap_or_default();
    // A third argument names the scenarios to play (comma-separated), else all.
    let only = std::env::args().nth(3).unwrap_or_default();
    let named = !(only.is_empty() || only == "all");
    if let Some(unknown) = only.split(',').find(|o| named && !scenarios.contains(o)) {
        return Err(format!(
            "no scenario named '{unknown}'; expected 'all' or some of {scenarios:?}"
        ));
    }
    let scenarios: Vec<&str> = scenarios
        .iter()
        .copied()
        .filter(|s| !named || only.split(',').any(|o| o == *s))
        .collect();
    let scenarios = scenarios.as_slice();
    // A fourth names the master seed, so that a change is tuned on one seed and
    // measured on the ruleset's own.
    let seed = match std::env::args().nth(4) {
        None => seed,
        Some(a) => a
            .parse()
            .map_err(|_| format!("seed: expected a whole number, got '{a}'"))?,
    };
    if mode == "think" {
        return think_times::<R>(assets, scenarios, kind(Hard)?, kind(Normal)?, games);
    }
    if mode == "balance" || mode == "balance-write" {
        return balance_all::<R>(assets, scenarios, games, mode == "balance-write");
    }
    let pairs = if mode == "levels" {
        [(Hard, Normal), (Normal, Easy), (Easy, Random)].to_vec()
    } else if mode == "hard" {
        [(Hard, Normal)].to_vec()
    } else if mode == "easy" {
        [(Normal, Easy), (Easy, Random)].to_vec()
    } else {
        [
            (Normal, Random),
            (Normal, Charge),
            (Charge, Random),
            (Normal, Normal),
        ]
        .to_vec()
    };
    let pairs = pairs
        .into_iter()
        .map(|(a, b)| Ok((kind(a)?, kind(b)?)))
        .collect::<Result<Vec<_>, String>>()?;
    pairings::<R>(assets, scenarios, &pairs, games, seed)
}

/// Balances each scenario (`warband balance --games N --seed 1`) and prints what it
/// changed and how the result plays.
pub fn balance_all<R: crate::calibrate::Calibrate>(
    assets: &Path,
    scenarios: &[&str],
    games: u32,
    write: bool,
) -> Result<(), String> {
    use crate::balance::{Ask, balance};
    for name in scenarios {
        let setup =
            R::load(&assets.join(format!("scenarios/{name}.ron"))).map_err(|e| e.to_string())?;
        let ask = Ask {
            games,
            seed: 1,
            threads: None,
        };
        let b = balance::<R>(&setup, &ask, &mut |_| true)?;
        let before = &b.trials[0].report;
        let r = &b.report;
        let changes: Vec<String> = b
            .changes
            .iter()
            .map(|(s, p, from, to)| format!("{s} {p} {from} -> {to}"))
            .collect();
        let change = if changes.is_empty() {
            "none".to_string()
        } else {
            changes.join(" and ")
        };
        println!(
            "{name}: before A {} draws {}; change {change}; after A {} draws {} of {}; {} trials; {}",
            before.rate_text(),
            before.draws,
            r.rate_text(),
            r.draws,
            r.games,
            b.trials.len(),
            if b.fair { "fair" } else { "NOT fair" }
        );
        if write && b.fair && !b.changes.is_empty() {
            adopt_balanced::<R>(assets, name, &setup, &b)?;
        }
    }
    Ok(())
}

/// Makes a fair result the shipped scenario's: each changed army is written as
/// `armies/<scenario>-<army>.ron` and the scenario file names it (a plain edit of its
/// `armies:` line, keeping the file's comments).
fn adopt_balanced<R: crate::calibrate::Calibrate>(
    assets: &Path,
    name: &str,
    setup: &R::Setup,
    b: &crate::balance::Balanced,
) -> Result<(), String> {
    use crate::scenario::Setup;
    let scenario_file = assets.join(format!("scenarios/{name}.ron"));
    let mut text = std::fs::read_to_string(&scenario_file).map_err(|e| e.to_string())?;
    for side in warband_rules::Side::BOTH {
        let old = setup.scenario().armies.get(side);
        let army = b.armies.get(side);
        if army == setup.armies().get(side) {
            continue;
        }
        let new = format!("{name}-{old}");
        // A shipped army keeps its plain name (the change is told in docs/armies.md);
        // the "(balanced: …)" a player's own copy carries would crowd the log.
        let mut army = army.clone();
        army.name.clone_from(&setup.armies().get(side).name);
        crate::files::save_ron_named(&assets.join(format!("armies/{new}.ron")), &army)
            .map_err(|e| e.to_string())?;
        let key = if side == warband_rules::Side::A {
            "a"
        } else {
            "b"
        };
        text = text.replacen(
            &format!("{key}: \"{old}\""),
            &format!("{key}: \"{new}\""),
            1,
        );
    }
    crate::files::write_atomic(&scenario_file, &text).map_err(|e| e.to_string())
}
