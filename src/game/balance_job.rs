//! The lab's balancing of a scenario, off the frame: `warband balance` on its own
//! thread, each trial told as it ends, stoppable between trials, its result saved on
//! request as the command line's `--write` saves it.

use crate::game::desk::desk;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use warband_table::balance::{Ask, Balanced, Trial, balance, write_balanced};

/// A balancing under way (or done).
pub struct BalanceJob {
    pub scenario: PathBuf,
    shared: Arc<Shared>,
    /// Saves the result, once there is one (the ruleset's own writer).
    save: fn(&Path, &Balanced) -> Result<PathBuf, String>,
}

#[derive(Default)]
struct Shared {
    stop: AtomicBool,
    trials: Mutex<Vec<Trial>>,
    result: Mutex<Option<Result<Balanced, String>>>,
}

impl BalanceJob {
    /// Starts balancing the scenario file with `games` games a trial.
    pub fn start(scenario: &Path, games: u32) -> Result<BalanceJob, String> {
        let ruleset = crate::rulesets::file_ruleset(scenario).map_err(|e| e.to_string())?;
        desk(ruleset).start_balance(scenario, games)
    }

    pub fn start_of<R: crate::game::desk::Desk>(
        scenario: &Path,
        games: u32,
    ) -> Result<BalanceJob, String> {
        let setup = R::load_own(scenario).map_err(|e| e.to_string())?;
        let shared = Arc::new(Shared::default());
        let worker = Arc::clone(&shared);
        std::thread::spawn(move || {
            let ask = Ask {
                games,
                seed: 1,
                threads: None,
            };
            let mut heard = |t: &Trial| {
                worker.trials.lock().expect("trials lock").push(t.clone());
                !worker.stop.load(Ordering::Relaxed)
            };
            let outcome = balance::<R>(&setup, &ask, &mut heard);
            *worker.result.lock().expect("result lock") = Some(outcome);
        });
        Ok(BalanceJob {
            scenario: scenario.to_path_buf(),
            shared,
            save: save_of::<R>,
        })
    }

    /// Asks the work to stop after the trial it is playing.
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    pub fn trials(&self) -> Vec<Trial> {
        self.shared.trials.lock().expect("trials lock").clone()
    }

    pub fn result(&self) -> Option<Result<Balanced, String>> {
        self.shared.result.lock().ok()?.clone()
    }

    pub fn running(&self) -> bool {
        self.result().is_none()
    }

    /// Saves the result in the data folder; the scenario file written.
    pub fn save(&self) -> Result<PathBuf, String> {
        let Some(Ok(b)) = self.result() else {
            return Err("nothing balanced to save yet".into());
        };
        (self.save)(&self.scenario, &b)
    }
}

fn save_of<R: crate::game::desk::Desk>(scenario: &Path, b: &Balanced) -> Result<PathBuf, String> {
    let setup = R::load_own(scenario).map_err(|e| e.to_string())?;
    let data = crate::game::saves::data_dir();
    write_balanced(&data, scenario, &setup, b).map(|(s, _)| s)
}
