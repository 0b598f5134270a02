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

mod search;
use search::*;

#[cfg(test)]
mod tests;

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
    /// The setup a calibration plays on (the ruleset may add its reference profiles).
    fn prepared(setup: &Self::Setup) -> Self::Setup {
        setup.clone()
    }
    /// The setup with these armies on sides A and B.
    fn with_armies(setup: &Self::Setup, a: ArmyList, b: ArmyList) -> Self::Setup {
        let mut out = Self::prepared(setup);
        *crate::scenario::Setup::armies_mut(&mut out) = crate::table::PerSide { a, b };
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

    /// Why no fair cost was found, and what it means, in a sentence: the copies beat even
    /// the largest reference army that fits the table, or lose to the smallest. None
    /// when a fair cost was found.
    pub fn unbounded(&self) -> Option<String> {
        if self.fair.is_some() {
            return None;
        }
        let (fair, _) = self.fair_text();
        let (n, who, what) = (self.count, &self.profile, &self.reference);
        Some(if self.ci95[1].is_infinite() {
            format!(
                "{n} copies of {who} beat even the largest army of {what} that fits this \
                 table: its fair cost is {fair}, past what this table can measure. It is \
                 cheap at its listed {}; a larger table would find how cheap.",
                self.listed
            )
        } else {
            format!(
                "{n} copies of {who} lose even to the smallest army of {what}: its fair cost \
                 is {fair}, under what this reference can measure."
            )
        })
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
    let never = std::sync::atomic::AtomicBool::new(false);
    calibrate_until::<R>(setup, profile, config, progress, &never)
}

/// [`calibrate`], stopped (with an error) before its next trial once `stop` is set.
pub fn calibrate_until<R: Calibrate>(
    setup: &R::Setup,
    profile: &str,
    config: &CalibrationConfig,
    progress: &(dyn Fn(&Trial) + Sync),
    stop: &std::sync::atomic::AtomicBool,
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
        stop,
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
