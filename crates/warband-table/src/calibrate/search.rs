//! The search for the fair cost: the counts of reference models played, bracketing where the profile's side wins half its games.

use super::*;

/// Where `f` of the trials (sorted by `j`, linearly between them) falls through one
/// half, as a `j`; with `virtual_zero`, no reference models at all score 1.
pub(super) fn crossing(
    trials: &[Trial],
    virtual_zero: bool,
    f: &dyn Fn(&Trial) -> f64,
) -> Option<f64> {
    let mut points = if virtual_zero {
        vec![(0.0, 1.0)]
    } else {
        Vec::new()
    };
    points.extend(trials.iter().map(|t| (f64::from(t.reference), f(t))));
    points.windows(2).find_map(|w| {
        let ((j0, s0), (j1, s1)) = (w[0], w[1]);
        (s0 >= 0.5 && s1 < 0.5).then(|| j0 + (j1 - j0) * (s0 - 0.5) / (s0 - s1))
    })
}

pub(super) struct Search<'a, R: Calibrate> {
    pub(super) setup: &'a R::Setup,
    pub(super) plan: &'a Plan,
    pub(super) config: &'a CalibrationConfig,
    pub(super) trials: Vec<Trial>,
    pub(super) progress: &'a (dyn Fn(&Trial) + Sync),
    /// Set from outside to stop before the next trial.
    pub(super) stop: &'a std::sync::atomic::AtomicBool,
}

impl<R: Calibrate> Search<'_, R> {
    /// Finds `j` scoring at least one half with `j + 1` below it, starting at `start`,
    /// then plays the counts either side of the pair for the interval.
    pub(super) fn bracket(&mut self, start: u32) -> Result<(), String> {
        let top = self.plan.reference.top();
        let (mut lo, mut hi) = (None::<u32>, None::<u32>);
        // The smallest reference army found not to fit the table: the search stays below.
        let mut too_big = top.map(|t| t + 1);
        let (mut j, mut step) = (start, start.max(1));
        while hi.is_none() {
            let next = match self.score(j)? {
                Some(s) if s >= 0.5 => {
                    lo = Some(j);
                    step *= 2;
                    (j + step / 2).min(too_big.map_or(u32::MAX, |t| j + (t - j) / 2))
                }
                Some(_) => {
                    hi = Some(j);
                    continue;
                }
                None => {
                    too_big = Some(j);
                    let below = lo.unwrap_or(0);
                    below + (j - below) / 2
                }
            };
            if lo.is_some_and(|l| next <= l) {
                return Ok(()); // it beats the largest reference army that fits
            }
            j = next;
        }
        let mut hi = hi.unwrap_or(0);
        let mut lo = match lo {
            Some(lo) => lo,
            None if hi == 0 => return Ok(()),
            None => match self.score(0)? {
                Some(s) if s >= 0.5 => 0,
                _ => return Ok(()), // below the weakest reference army
            },
        };
        while hi > lo + 1 {
            let mid = lo + (hi - lo) / 2;
            match self.score(mid)? {
                Some(s) if s >= 0.5 => lo = mid,
                _ => hi = mid,
            }
        }
        for j in [
            lo.checked_sub(1),
            lo.checked_sub(2),
            Some(hi + 1),
            Some(hi + 2),
        ] {
            if let Some(j) = j.filter(|&j| top.is_none_or(|t| j <= t)) {
                self.score(j)?;
            }
        }
        self.trials.sort_by_key(|t| t.reference);
        Ok(())
    }

    /// The profile's score against `j` reference models (played once per `j`); None
    /// when that army does not fit the table.
    pub(super) fn score(&mut self, j: u32) -> Result<Option<f64>, String> {
        if j == 0 && !self.plan.reference.ladder() {
            return Ok(Some(1.0));
        }
        if let Some(t) = self.trials.iter().find(|t| t.reference == j) {
            return Ok(Some(t.score));
        }
        if self.stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err("stopped before it was done".into());
        }
        let reference = self.plan.reference.army(j);
        let sides = [
            (
                R::with_armies(self.setup, self.plan.army.clone(), reference.clone()),
                AiSlot::A,
            ),
            (
                R::with_armies(self.setup, reference, self.plan.army.clone()),
                AiSlot::B,
            ),
        ];
        let judge: R::Player = R::JUDGE.parse()?;
        let half = (self.config.games / 2).max(1);
        let mut points = 0.0;
        for (setup, mine) in &sides {
            let config = SimConfig {
                a: judge,
                b: judge,
                games: half,
                seed: self.config.seed,
                swap: false,
                threads: self.config.threads,
                shard: None,
            };
            let games = match run_games::<R>(setup, &config, &|_| {}) {
                Ok((_, games)) => games,
                // The first trial's armies must play; a later, larger one may not fit.
                Err(e) if self.trials.is_empty() => return Err(e),
                Err(_) => return Ok(None),
            };
            points += games
                .iter()
                .map(|g| match g.winner {
                    Some(w) if w == *mine => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                })
                .sum::<f64>();
        }
        let games = 2 * half;
        let score = points / f64::from(games);
        let trial = Trial {
            reference: j,
            points: self.plan.reference.points(f64::from(j)),
            cost: self.plan.cost_at(f64::from(j)),
            games,
            score,
            ci95: wilson_score(score, games),
        };
        (self.progress)(&trial);
        self.trials.push(trial);
        Ok(Some(score))
    }
}
