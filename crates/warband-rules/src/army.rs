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

    /// Total points, with each profile's points from `points` (unknown profiles count 0).
    pub fn total_points(&self, points: impl Fn(&str) -> Option<u32>) -> u32 {
        self.entries
            .iter()
            .map(|e| points(&e.profile).unwrap_or(0) * u32::from(e.count))
            .sum()
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
        let size: u32 = self.entries.iter().map(|e| u32::from(e.count)).sum();
        if size == 0 {
            out.push(format!("army `{}` has no models", self.name));
        } else if size > MAX_MODELS {
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
        let has_models = self.models().next().is_some();
        if has_models
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
}
