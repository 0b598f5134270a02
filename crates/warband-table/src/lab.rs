//! What each ruleset's example programs share: a table of every pairing of players on
//! each shipped scenario, and recording a fixture corpus from the shipped scenarios.

use crate::sim::{Contest, SimConfig, run};
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
            let r = run::<R>(&setup, &config, &|_| {})?;
            let (a, b) = (R::player_name(*a), R::player_name(*b));
            println!("{name:width$}  {a:>6} v {b:<6} {}", r.summary());
        }
    }
    Ok(())
}

/// Records the fixture corpus of ruleset folder `ruleset` (`tests/fixtures/{ruleset}/`
/// under the repository `root`): every pairing of `players` on each shipped scenario
/// named, with its digests. Run only when the rules change on purpose.
pub fn record_fixtures<R: Contest>(
    root: &Path,
    ruleset: &str,
    scenarios: &[&str],
    players: &[R::Player],
) -> Result<(), String> {
    let out = root.join("tests/fixtures").join(ruleset);
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
