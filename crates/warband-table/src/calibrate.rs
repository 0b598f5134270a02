//! Calibration: the points cost at which a profile is an even match, found by play.
//!
//! `count` copies of the profile (with whatever else its army needs, such as a Toy
//! Soldier Command unit) meet a reference army of `j` reference models. More reference
//! models lower the profile's score (wins plus half the draws, normal against normal,
//! half the games on each side of the table); the search brackets the `j` where the
//! score falls through one half and interpolates between the two games counts around
//! it. The fair cost is the reference army's points at that `j`, less the rest of the
//! profile's army, shared among its copies. The same master seed plays every `j`, so
//! neighbouring counts are compared on the same dice streams.
//!
//! The fair cost never reads the listed cost: a profile listed at twice its cost
//! calibrates to the same fair cost, half its listing. The listed cost only picks the
//! default number of copies (a standard army's worth).

use crate::sim::{AiSlot, Contest, SimConfig, run_games, wilson_score};
use serde::Serialize;
use warband_rules::army::{ArmyEntry, ArmyList};

/// What calibration needs of a ruleset beyond its simulator.
pub trait Calibrate: Contest {
    /// The player that judges both sides (`normal`).
    const JUDGE: &'static str = "normal";
    /// A standard army's points, for the default number of copies.
    const BUDGET: u32;
    /// The reference profile (the plainest line unit of the ruleset).
    const REFERENCE: &'static str;
    /// Every profile that can be calibrated, with its listed cost.
    fn listed(setup: &Self::Setup) -> Vec<(String, u32)>;
    /// One profile's listed cost (None: not one that can be calibrated).
    fn listed_cost(setup: &Self::Setup, profile: &str) -> Option<u32> {
        Self::listed(setup)
            .into_iter()
            .find(|(n, _)| n == profile)
            .map(|(_, c)| c)
    }
    /// The two armies for `profile`: its own (`count` copies and what else it needs)
    /// and the reference; by default [`Plan::alone`] with the listed costs.
    fn plan(setup: &Self::Setup, profile: &str, count: u32) -> Result<Plan, String> {
        let cost = |n: &str| Self::listed_cost(setup, n);
        Plan::alone(Self::RULESET, profile, count, Self::REFERENCE, cost)
    }
    /// A setup's armies.
    fn armies(setup: &mut Self::Setup) -> &mut crate::table::PerSide<ArmyList>;
    /// The setup a calibration plays on (the ruleset may add its reference profiles).
    fn prepared(setup: &Self::Setup) -> Self::Setup {
        setup.clone()
    }
    /// The setup with these armies on sides A and B.
    fn with_armies(setup: &Self::Setup, a: ArmyList, b: ArmyList) -> Self::Setup {
        let mut out = Self::prepared(setup);
        *Self::armies(&mut out) = crate::table::PerSide { a, b };
        out
    }
}

/// One calibration's armies.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The profile's army: its copies and anything else it must field.
    pub army: ArmyList,
    /// The copies of the profile in it.
    pub count: u32,
    /// Points of the profile's army that are not the copies.
    pub others: u32,
    pub reference: Reference,
}

impl Plan {
    /// The cost of one copy at which the profile's army is worth reference army `j`
    /// (`j` read as a real number).
    pub fn cost_at(&self, j: f64) -> f64 {
        (self.reference.points(j) - f64::from(self.others)) / f64::from(self.count)
    }

    /// `count` copies of `profile` led by one of them, against the reference profile
    /// alone: the plan of a ruleset that asks nothing more of an army. `cost` prices a
    /// profile (None: not one that can be calibrated).
    pub fn alone(
        ruleset: warband_rules::Ruleset,
        profile: &str,
        count: u32,
        reference: &str,
        cost: impl Fn(&str) -> Option<u32>,
    ) -> Result<Plan, String> {
        let unknown = |n: &str| format!("no profile `{n}` can be calibrated");
        cost(profile).ok_or_else(|| unknown(profile))?;
        Ok(Plan {
            army: ArmyList {
                name: format!("{count} × {profile}"),
                ruleset,
                points_limit: Some(NO_LIMIT),
                leader: profile.to_string(),
                entries: entries_of(profile, count),
            },
            count,
            others: 0,
            reference: Reference::counted(
                ruleset,
                reference,
                cost(reference).ok_or_else(|| unknown(reference))?,
            ),
        })
    }
}

/// The reference army: a fixed part (a leader the rules demand) and reference models,
/// stronger as `j` grows. With one rung, `j` is how many reference models there are.
/// With a ladder of rungs (weakest first), the army keeps `size` models and `j` is how
/// many rungs they have climbed in all, one model a rung at a time: for a ruleset where
/// more models are not simply more strength (Toy Soldier's activation tokens).
#[derive(Clone, Debug)]
pub struct Reference {
    pub ruleset: warband_rules::Ruleset,
    /// Reference profiles with their costs, weakest first.
    pub rungs: Vec<(String, u32)>,
    /// Models of a ladder army.
    pub size: u32,
    /// A model every reference army fields, with its cost (Toy Soldier's commander).
    pub fixed: Option<(String, u32)>,
}

impl Reference {
    /// A reference army of more and more models of one profile.
    pub fn counted(ruleset: warband_rules::Ruleset, profile: &str, cost: u32) -> Self {
        Reference {
            ruleset,
            rungs: vec![(profile.to_string(), cost.max(1))],
            size: 0,
            fixed: None,
        }
    }

    fn ladder(&self) -> bool {
        self.rungs.len() > 1
    }

    /// The largest `j` (a ladder's top), or None when the army may grow without end.
    pub fn top(&self) -> Option<u32> {
        self.ladder()
            .then(|| self.size * (self.rungs.len() as u32 - 1))
    }

    /// The reference as a reader names it: "Orc", or "militia … elite".
    pub fn name(&self) -> String {
        match (self.rungs.first(), self.rungs.last()) {
            (Some(a), Some(b)) if self.ladder() => format!("{} … {}", a.0, b.0),
            (Some(a), _) => a.0.clone(),
            _ => String::new(),
        }
    }

    /// How many models of each rung stand in army `j`.
    fn counts(&self, j: u32) -> Vec<u32> {
        if !self.ladder() {
            return vec![j];
        }
        let j = j.min(self.top().unwrap_or(0));
        let (rung, up) = ((j / self.size.max(1)) as usize, j % self.size.max(1));
        let mut counts = vec![0; self.rungs.len()];
        counts[rung.min(self.rungs.len() - 1)] += self.size - up;
        if up > 0 {
            counts[rung + 1] += up;
        }
        counts
    }

    /// The reference army `j`.
    pub fn army(&self, j: u32) -> ArmyList {
        let mut entries = Vec::new();
        if let Some((name, _)) = &self.fixed {
            entries.extend(entries_of(name, 1));
        }
        for ((name, _), n) in self.rungs.iter().zip(self.counts(j)) {
            entries.extend(entries_of(name, n));
        }
        let leader = self
            .fixed
            .as_ref()
            .or(self.rungs.first())
            .map(|f| f.0.clone());
        ArmyList {
            name: format!("Reference {j}: {}", self.name()),
            ruleset: self.ruleset,
            points_limit: Some(NO_LIMIT),
            leader: leader.unwrap_or_default(),
            entries,
        }
    }

    /// The points of army `j`, `j` read as a real number (linear between whole ones).
    pub fn points(&self, j: f64) -> f64 {
        let whole = |j: u32| {
            let models: u32 = self
                .rungs
                .iter()
                .zip(self.counts(j))
                .map(|((_, c), n)| c * n)
                .sum();
            f64::from(models + self.fixed.as_ref().map_or(0, |f| f.1))
        };
        let lo = j.max(0.0).floor() as u32;
        whole(lo) + (j - f64::from(lo)) * (whole(lo + 1) - whole(lo))
    }

    /// The smallest `j` whose army is worth at least `points`.
    fn worth(&self, points: f64) -> u32 {
        let top = self.top().unwrap_or(u32::MAX / 2);
        (0..=top)
            .find(|&j| self.points(f64::from(j)) >= points)
            .unwrap_or(top)
    }
}

/// `n` models of `profile` as army entries (an entry holds at most `u16::MAX`).
pub fn entries_of(profile: &str, n: u32) -> Vec<ArmyEntry> {
    let mut out = Vec::new();
    let mut left = n;
    while left > 0 {
        let count = u16::try_from(left).unwrap_or(u16::MAX);
        out.push(ArmyEntry::new(profile, count));
        left -= u32::from(count);
    }
    out
}

/// The points limit of a calibration army: none (a ruleset that reads a missing limit
/// as its standard one sees this instead).
pub const NO_LIMIT: u32 = u32::MAX;

/// How hard to look.
#[derive(Clone, Copy, Debug)]
pub struct CalibrationConfig {
    /// Games at each reference count (half on each side of the table).
    pub games: u32,
    pub seed: u64,
    pub threads: Option<usize>,
    /// Copies of the profile (default: a standard army's worth at its listed cost).
    pub count: Option<u32>,
}

/// The profile's score against `reference` reference models.
#[derive(Clone, Debug, Serialize)]
pub struct Trial {
    pub reference: u32,
    pub points: f64,
    /// The cost of one copy at which the two armies are of equal points.
    pub cost: f64,
    pub games: u32,
    /// Wins plus half the draws, as a share of the games.
    pub score: f64,
    pub ci95: [f64; 2],
}

/// A profile's fair cost, with its 95% interval, and the trials that found it.
#[derive(Clone, Debug, Serialize)]
pub struct Calibration {
    pub profile: String,
    pub listed: u32,
    /// None when no reference army that fits the table beats it half the time.
    pub fair: Option<f64>,
    pub ci95: [f64; 2],
    pub count: u32,
    pub reference: String,
    pub trials: Vec<Trial>,
}

impl Calibration {
    /// The fair cost and its interval as a reader reads them: "12.3 [10.1, 14.0]", or
    /// ">18.4" / "<6.0" when the reference armies tried only bound it on one side.
    pub fn fair_text(&self) -> (String, String) {
        let num = |x: f64| {
            if x.is_finite() {
                format!("{x:.1}")
            } else {
                "∞".to_string()
            }
        };
        let fair = match self.fair {
            Some(f) => num(f),
            None if self.ci95[1].is_infinite() => format!(">{}", num(self.ci95[0])),
            None => format!("<{}", num(self.ci95[1])),
        };
        (
            fair,
            format!("[{}, {}]", num(self.ci95[0]), num(self.ci95[1])),
        )
    }

    /// Fair cost over listed cost (1 is right, below 1 overpriced).
    pub fn ratio(&self) -> Option<f64> {
        self.fair.map(|f| f / f64::from(self.listed.max(1)))
    }
}

/// The default number of copies: a standard army's worth at the listed cost.
pub fn default_count(budget: u32, listed: u32) -> u32 {
    ((f64::from(budget) / f64::from(listed.max(1))).round() as u32).clamp(1, 24)
}

/// Calibrates `profile`; `progress` hears of each trial as it ends.
pub fn calibrate<R: Calibrate>(
    setup: &R::Setup,
    profile: &str,
    config: &CalibrationConfig,
    progress: &(dyn Fn(&Trial) + Sync),
) -> Result<Calibration, String> {
    let listed = R::listed_cost(setup, profile)
        .ok_or_else(|| format!("no profile `{profile}` can be calibrated"))?;
    let count = config.count.unwrap_or(default_count(R::BUDGET, listed));
    let plan = R::plan(setup, profile, count)?;
    let mut search = Search::<R> {
        setup,
        plan: &plan,
        config,
        trials: Vec::new(),
        progress,
    };
    let r = &plan.reference;
    search.bracket(r.worth(f64::from(plan.others + plan.count * listed)))?;
    let trials = search.trials;
    let virtual_zero = !r.ladder();
    // A cost is never below nothing (a Command unit's other points can make it so).
    let at = |f: &dyn Fn(&Trial) -> f64| {
        crossing(&trials, virtual_zero, f).map(|j| plan.cost_at(j).max(0.0))
    };
    let fair = at(&|t| t.score);
    let tried = |last: bool| {
        let j = trials.iter().map(|t| t.reference);
        f64::from(if last { j.max() } else { j.min() }.unwrap_or(0))
    };
    let ci95 = match fair {
        Some(_) => [
            at(&|t| t.ci95[0]).unwrap_or(plan.cost_at(tried(false)).max(0.0)),
            at(&|t| t.ci95[1]).unwrap_or(f64::INFINITY),
        ],
        None if trials.iter().all(|t| t.score >= 0.5) => {
            [plan.cost_at(tried(true)).max(0.0), f64::INFINITY]
        }
        None => [0.0, plan.cost_at(tried(false)).max(0.0)],
    };
    Ok(Calibration {
        profile: profile.to_string(),
        listed,
        fair,
        ci95,
        count: plan.count,
        reference: r.name(),
        trials,
    })
}

/// Where `f` of the trials (sorted by `j`, linearly between them) falls through one
/// half, as a `j`; with `virtual_zero`, no reference models at all score 1.
fn crossing(trials: &[Trial], virtual_zero: bool, f: &dyn Fn(&Trial) -> f64) -> Option<f64> {
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

struct Search<'a, R: Calibrate> {
    setup: &'a R::Setup,
    plan: &'a Plan,
    config: &'a CalibrationConfig,
    trials: Vec<Trial>,
    progress: &'a (dyn Fn(&Trial) + Sync),
}

impl<R: Calibrate> Search<'_, R> {
    /// Finds `j` scoring at least one half with `j + 1` below it, starting at `start`,
    /// then plays the counts either side of the pair for the interval.
    fn bracket(&mut self, start: u32) -> Result<(), String> {
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
    fn score(&mut self, j: u32) -> Result<Option<f64>, String> {
        if j == 0 && !self.plan.reference.ladder() {
            return Ok(Some(1.0));
        }
        if let Some(t) = self.trials.iter().find(|t| t.reference == j) {
            return Ok(Some(t.score));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn trial(reference: u32, score: f64) -> Trial {
        Trial {
            reference,
            points: 0.0,
            cost: 0.0,
            games: 100,
            score,
            ci95: [score - 0.1, score + 0.1],
        }
    }

    #[test]
    fn the_crossing_is_interpolated_between_the_counts_around_one_half() {
        // 0.7 at 4 models, 0.3 at 5: one half is half-way, at 4.5.
        let t = [trial(3, 0.9), trial(4, 0.7), trial(5, 0.3), trial(6, 0.1)];
        assert!((crossing(&t, true, &|t| t.score).unwrap() - 4.5).abs() < 1e-9);
        // The lower bounds (0.6 at 4, 0.2 at 5) cross at 4.25; the upper at 4.75.
        assert!((crossing(&t, true, &|t| t.ci95[0]).unwrap() - 4.25).abs() < 1e-9);
        assert!((crossing(&t, true, &|t| t.ci95[1]).unwrap() - 4.75).abs() < 1e-9);
        // Beaten by a single model: between none (score 1) and one.
        assert!(
            (crossing(&[trial(1, 0.25)], true, &|t| t.score).unwrap() - 2.0 / 3.0).abs() < 1e-9
        );
        assert_eq!(crossing(&[trial(1, 0.8)], true, &|t| t.score), None);
        assert_eq!(crossing(&[trial(1, 0.25)], false, &|t| t.score), None);
    }

    #[test]
    fn a_fair_cost_bounded_on_one_side_reads_as_such() {
        let mut c = Calibration {
            profile: "Orc".into(),
            listed: 8,
            fair: Some(8.94),
            ci95: [6.71, 10.26],
            count: 10,
            reference: "Orc".into(),
            trials: Vec::new(),
        };
        assert_eq!(c.fair_text(), ("8.9".into(), "[6.7, 10.3]".into()));
        (c.fair, c.ci95) = (None, [18.35, f64::INFINITY]);
        assert_eq!(c.fair_text(), (">18.4".into(), "[18.4, ∞]".into()));
        c.ci95 = [0.0, 6.0];
        assert_eq!(c.fair_text(), ("<6.0".into(), "[0.0, 6.0]".into()));
    }

    #[test]
    fn a_ladder_keeps_its_size_and_climbs_one_model_a_rung_at_a_time() {
        let r = Reference {
            ruleset: warband_rules::Ruleset::ToySoldier,
            rungs: vec![
                ("Militia".into(), 8),
                ("Regulars".into(), 12),
                ("Veterans".into(), 16),
            ],
            size: 3,
            fixed: Some(("Captain".into(), 12)),
        };
        assert_eq!(r.top(), Some(6));
        assert_eq!(r.counts(0), vec![3, 0, 0]);
        assert_eq!(r.counts(4), vec![0, 2, 1]);
        assert_eq!(r.counts(6), vec![0, 0, 3]);
        let army = r.army(4);
        assert_eq!(army.leader, "Captain");
        assert_eq!(
            army.models().collect::<Vec<_>>(),
            ["Captain", "Regulars", "Regulars", "Veterans"]
        );
        // 12 + 3 × 8 = 36 at the bottom; each rung climbed adds 4.
        assert_eq!(
            (r.points(0.0), r.points(4.0), r.points(4.5)),
            (36.0, 52.0, 54.0)
        );
        assert_eq!((r.worth(50.0), r.worth(1000.0)), (4, 6));
        assert_eq!(r.name(), "Militia … Veterans");
    }

    #[test]
    fn reference_armies_of_any_size() {
        let r = Reference::counted(warband_rules::Ruleset::Marauders, "Orc", 8);
        let army = r.army(300);
        assert_eq!(army.leader, "Orc");
        assert_eq!(army.models().count(), 300);
        assert_eq!(army.entries.len(), 1);
        assert_eq!(entries_of("Orc", 70_000).len(), 2);
        assert_eq!(r.points(2.5), 20.0);
        assert_eq!((r.top(), r.worth(20.0)), (None, 3));
        assert_eq!(default_count(150, 8), 19);
        assert_eq!(default_count(150, 1000), 1);
    }
}
