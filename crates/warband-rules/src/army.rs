//! Army lists: a named force for one ruleset, with a leader and entries of profiles.

use serde::{Deserialize, Serialize};

/// The most models an army may field: 500 a side, the largest battle the engine is
/// measured to play in good time (docs/ai.md, "Big battles").
pub const MAX_MODELS: u32 = 500;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArmyEntry {
    pub profile: String,
    #[serde(default = "one")]
    pub count: u16,
}

fn one() -> u16 {
    1
}

impl ArmyEntry {
    pub fn new(profile: &str, count: u16) -> Self {
        Self {
            profile: profile.to_string(),
            count,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArmyList {
    pub name: String,
    pub ruleset: crate::Ruleset,
    #[serde(default)]
    pub points_limit: Option<u32>,
    /// The profile name of the leader; the first model of that profile leads.
    pub leader: String,
    pub entries: Vec<ArmyEntry>,
}

impl ArmyList {
    /// Profile names of every model in list order.
    pub fn models(&self) -> impl Iterator<Item = &str> {
        self.entries
            .iter()
            .flat_map(|e| std::iter::repeat_n(e.profile.as_str(), usize::from(e.count)))
    }

    /// Problems with the list itself (profiles are checked against a bestiary by the
    /// caller, who knows it).
    pub fn problems(&self, known: impl Fn(&str) -> bool) -> Vec<String> {
        self.problems_with_points(known, |_| None)
    }

    /// How many models the list fields: the sum of its counts, read from the entries
    /// (never one model at a time, so a list of a million entries is counted at once).
    pub fn size(&self) -> u64 {
        self.entries.iter().map(|e| u64::from(e.count)).sum()
    }

    /// Whether the list fields more than [`MAX_MODELS`]: too many to muster, deploy or
    /// go through model by model.
    pub fn too_large(&self) -> bool {
        self.size() > u64::from(MAX_MODELS)
    }

    /// Total points, with each profile's points from `points` (unknown profiles count 0);
    /// a total past `u32::MAX` (a hostile file) is `u32::MAX`, never an overflow.
    pub fn total_points(&self, points: impl Fn(&str) -> Option<u32>) -> u32 {
        self.entries.iter().fold(0u32, |total, e| {
            let cost = points(&e.profile).unwrap_or(0);
            total.saturating_add(cost.saturating_mul(u32::from(e.count)))
        })
    }

    /// [`ArmyList::problems`], and also whether the list is within its points limit.
    pub fn problems_with_points(
        &self,
        known: impl Fn(&str) -> bool,
        points: impl Fn(&str) -> Option<u32>,
    ) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(limit) = self.points_limit {
            let total = self.total_points(&points);
            if total > limit {
                out.push(format!(
                    "army `{}` is {total} points, over its limit of {limit}",
                    self.name
                ));
            }
        }
        let size = self.size();
        if size == 0 {
            out.push(format!("army `{}` has no models", self.name));
        } else if self.too_large() {
            out.push(format!(
                "army `{}` has {size} models: an army fields at most {MAX_MODELS}",
                self.name
            ));
        }
        for e in &self.entries {
            if !known(&e.profile) {
                out.push(format!(
                    "army `{}`: unknown profile `{}`",
                    self.name, e.profile
                ));
            }
        }
        if size > 0
            && !self
                .entries
                .iter()
                .any(|e| e.profile == self.leader && e.count > 0)
        {
            out.push(format!(
                "army `{}`: its leader `{}` is not among its entries",
                self.name, self.leader
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list() -> ArmyList {
        ArmyList {
            name: "Orcs".into(),
            ruleset: crate::Ruleset::Marauders,
            points_limit: None,
            leader: "Orc chief".into(),
            entries: vec![ArmyEntry::new("Orc chief", 1), ArmyEntry::new("Orc", 3)],
        }
    }

    #[test]
    fn models_expand_counts_in_order() {
        let l = list();
        assert_eq!(
            l.models().collect::<Vec<_>>(),
            ["Orc chief", "Orc", "Orc", "Orc"]
        );
        assert!(l.problems(|_| true).is_empty());
    }

    #[test]
    fn problems_name_unknown_profiles_missing_leader_and_emptiness() {
        let mut l = list();
        l.leader = "Warlord".into();
        let p = l.problems(|n| n != "Orc");
        assert!(p.iter().any(|s| s.contains("unknown profile `Orc`")));
        assert!(p.iter().any(|s| s.contains("leader `Warlord`")));
        l.entries.clear();
        assert!(l.problems(|_| true).iter().any(|s| s.contains("no models")));
    }

    #[test]
    fn an_army_of_five_hundred_is_the_largest() {
        let mut l = list();
        l.entries[1].count = 499;
        assert!(
            l.problems(|_| true).is_empty(),
            "{:?}",
            l.problems(|_| true)
        );
        assert_eq!(l.models().count(), 500);
        l.entries[1].count = 500;
        let p = l.problems(|_| true);
        assert!(p.iter().any(|s| s.contains("501 models")), "{p:?}");
    }

    /// A hostile list: a hundred thousand entries of 65,535 models each, worth 4·10⁹
    /// points a model. It is sized, priced and refused at once, without an overflow and
    /// without going through its 6.5·10⁹ models one by one.
    #[test]
    fn a_list_of_billions_is_refused_without_overflow_or_counting_each_model() {
        let mut l = list();
        l.points_limit = Some(100);
        l.entries = vec![ArmyEntry::new("Orc", u16::MAX); 100_000];
        l.entries.push(ArmyEntry::new("Orc chief", 1));
        assert_eq!(l.size(), 100_000 * u64::from(u16::MAX) + 1);
        assert!(l.too_large());
        assert_eq!(l.total_points(|_| Some(4_000_000_000)), u32::MAX);
        let started = std::time::Instant::now();
        let p = l.problems_with_points(|_| true, |_| Some(4_000_000_000));
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        assert!(p.iter().any(|s| s.contains("over its limit")), "{p:?}");
        assert!(p.iter().any(|s| s.contains("6553500001 models")), "{p:?}");
    }
}
