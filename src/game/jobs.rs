//! The lab's work, off the frame: a batch of battles or a calibration runs on its own
//! threads and the screen reads how far it has got. Results are the simulator's own,
//! in game order, so a lab run gives the figures `warband sim` gives.

use crate::game::desk::desk;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use warband_table::calibrate::{Calibration, CalibrationConfig, Trial, calibrate_until};
use warband_table::scenario::Setup;
use warband_table::sim::{Contest, GameResult, SimConfig, SimReport, csv, play_game, report};

/// A batch of battles being played.
pub struct SimJob {
    /// "normal v charge on Open field".
    pub title: String,
    /// The armies and who plays which: "Adventuring party v Goblin raiders; …".
    pub armies: String,
    /// What a side loses in this ruleset: HD, HP, points.
    pub losses: &'static str,
    /// What the ruleset calls a round: "round", or Toy Soldier's "turn".
    pub round: &'static str,
    pub config: SimConfig<String>,
    shared: Arc<SimShared>,
}

#[derive(Default)]
struct SimShared {
    done: AtomicU64,
    stop: AtomicBool,
    /// Each game's result, by its place in the batch.
    games: Mutex<Vec<Option<GameResult>>>,
    report: Mutex<Option<Result<SimReport, String>>>,
}

impl SimShared {
    fn leading_games(&self) -> Vec<GameResult> {
        let games = self.games.lock().expect("games lock");
        games.iter().map_while(Clone::clone).collect()
    }
}

/// What a batch asks for: a scenario file, two players by name, games, seed, swap.
#[derive(Clone, Debug)]
pub struct SimAsk {
    pub scenario: PathBuf,
    pub a: String,
    pub b: String,
    pub games: u32,
    pub seed: u64,
    pub swap: bool,
}

/// Threads for the lab: all cores but one, which keeps the window drawing.
fn pool() -> Result<rayon::ThreadPool, String> {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    rayon::ThreadPoolBuilder::new()
        .num_threads(cores.saturating_sub(1).max(1))
        .build()
        .map_err(|e| e.to_string())
}

impl SimJob {
    /// Loads the scenario and starts the batch.
    pub fn start(ask: &SimAsk) -> Result<SimJob, String> {
        let ruleset = crate::rulesets::file_ruleset(&ask.scenario).map_err(|e| e.to_string())?;
        desk(ruleset).start_sim(ask)
    }

    pub fn start_of<R: crate::game::desk::Desk>(ask: &SimAsk) -> Result<SimJob, String> {
        let setup = R::load_own(&ask.scenario).map_err(|e| e.to_string())?;
        let player = |n: &str| n.parse::<R::Player>();
        let config = SimConfig {
            a: player(&ask.a)?,
            b: player(&ask.b)?,
            games: ask.games,
            seed: ask.seed,
            swap: ask.swap,
            threads: None,
            shard: None,
        };
        let shared = Arc::new(SimShared {
            games: Mutex::new(vec![None; ask.games as usize]),
            ..SimShared::default()
        });
        let (a, b) = (&setup.armies().a.name, &setup.armies().b.name);
        let sides = if ask.swap {
            "the players swap sides every other game"
        } else {
            "a plays side A"
        };
        let armies = format!("{a} v {b}; {sides}");
        let title = format!("{} v {} on {}", ask.a, ask.b, setup.scenario().name);
        let worker = Arc::clone(&shared);
        let named = config.with_players(ask.a.clone(), ask.b.clone());
        std::thread::spawn(move || {
            let outcome = play_batch::<R>(&setup, &config, &worker);
            *worker.report.lock().expect("report lock") = Some(outcome);
        });
        Ok(SimJob {
            title,
            armies,
            losses: R::LOSSES,
            round: R::ROUND,
            config: named,
            shared,
        })
    }

    pub fn done(&self) -> u64 {
        self.shared.done.load(Ordering::Relaxed)
    }

    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the batch was told to stop before its last game.
    pub fn stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// The batch's report once every game is played (or it was stopped).
    pub fn report(&self) -> Option<Result<SimReport, String>> {
        self.shared.report.lock().ok()?.clone()
    }

    /// The games played so far from the first on, without gaps, in game order.
    pub fn leading_games(&self) -> Vec<GameResult> {
        self.shared.leading_games()
    }

    /// One CSV row per game played, as `warband sim --csv` writes them.
    pub fn csv(&self) -> String {
        csv(&self.config, &self.leading_games())
    }
}

fn play_batch<R: Contest>(
    setup: &R::Setup,
    config: &SimConfig<R::Player>,
    shared: &SimShared,
) -> Result<SimReport, String> {
    use rayon::prelude::*;
    let started = Instant::now();
    pool()?.install(|| {
        config.indices().into_par_iter().try_for_each(|i| {
            if shared.stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let r = play_game::<R>(setup, config, i)?;
            shared.games.lock().expect("games lock")[i as usize] = Some(r);
            shared.done.fetch_add(1, Ordering::Relaxed);
            Ok::<(), String>(())
        })
    })?;
    Ok(report(&shared.leading_games(), started.elapsed()))
}

/// A calibration being run.
pub struct CalibrationJob {
    pub profile: String,
    shared: Arc<CalibrationShared>,
}

#[derive(Default)]
struct CalibrationShared {
    trials: Mutex<Vec<Trial>>,
    result: Mutex<Option<Result<Calibration, String>>>,
    stop: std::sync::atomic::AtomicBool,
}

impl CalibrationJob {
    /// The profiles of a scenario's ruleset that can be calibrated, with their costs.
    pub fn profiles(scenario: &Path) -> Result<Vec<(String, u32)>, String> {
        let ruleset = crate::rulesets::file_ruleset(scenario).map_err(|e| e.to_string())?;
        desk(ruleset).calibration_profiles(scenario)
    }

    pub fn start(scenario: &Path, profile: &str, games: u32) -> Result<CalibrationJob, String> {
        let ruleset = crate::rulesets::file_ruleset(scenario).map_err(|e| e.to_string())?;
        desk(ruleset).start_calibration(scenario, profile, games)
    }

    pub fn start_of<R: crate::game::desk::Desk>(
        scenario: &Path,
        profile: &str,
        games: u32,
    ) -> Result<CalibrationJob, String> {
        let setup = R::load_own(scenario).map_err(|e| e.to_string())?;
        let shared = Arc::new(CalibrationShared::default());
        let worker = Arc::clone(&shared);
        let name = profile.to_string();
        std::thread::spawn(move || {
            let config = CalibrationConfig {
                games,
                seed: 1,
                threads: pool().ok().map(|p| p.current_num_threads()),
                count: None,
            };
            let heard = |t: &Trial| worker.trials.lock().expect("trials lock").push(t.clone());
            let outcome = calibrate_until::<R>(&setup, &name, &config, &heard, &worker.stop);
            *worker.result.lock().expect("result lock") = Some(outcome);
        });
        Ok(CalibrationJob {
            profile: profile.to_string(),
            shared,
        })
    }

    /// Stops the calibration before its next trial (it then says it was stopped).
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    pub fn trials(&self) -> Vec<Trial> {
        let mut t = self.shared.trials.lock().expect("trials lock").clone();
        t.sort_by_key(|t| t.reference);
        t
    }

    pub fn result(&self) -> Option<Result<Calibration, String>> {
        self.shared.result.lock().ok()?.clone()
    }
}

/// What a batch shows, in a sentence: who is the stronger, or that it cannot yet tell.
/// Judged on the decisive games alone (a draw counts for neither), by whether the 95%
/// interval of a's share of them lies clear of a half.
pub fn verdict(a: &str, b: &str, wins: [u32; 2]) -> String {
    let [lo, hi] = warband_table::sim::wilson(wins[0], wins[0] + wins[1]);
    if wins[0] + wins[1] == 0 {
        "Every game was drawn: neither is the stronger here.".to_string()
    } else if lo > 0.5 {
        format!("{a} is the stronger here: it wins clearly more of the games that are not drawn.")
    } else if hi < 0.5 {
        format!("{b} is the stronger here: it wins clearly more of the games that are not drawn.")
    } else {
        "No clear winner yet: between the games won, the 95% interval takes in an even split. More games narrow it.".to_string()
    }
}

#[cfg(test)]
mod tests {
    /// The sentence follows the interval: clear above 50%, clear below, or across it.
    #[test]
    fn the_verdict_reads_the_interval() {
        let v = |a, b| super::verdict("normal", "charge", [a, b]);
        assert!(v(70, 30).starts_with("normal is the stronger"));
        assert!(v(30, 70).starts_with("charge is the stronger"));
        assert!(v(52, 48).starts_with("No clear winner"));
        // 30% each and 40% drawn is even, not a win for b.
        assert!(v(300, 300).starts_with("No clear winner"));
        assert!(v(0, 0).starts_with("Every game was drawn"));
    }
}
