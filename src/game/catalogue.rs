//! What the army builder offers for each ruleset: the profiles an army may name, each
//! with its table columns and cost (the ruleset's own formula), which may lead and which
//! may fill, and the ruleset's own army checks. Also a random legal army.

use warband_rules::army::{ArmyEntry, ArmyList};
use warband_rules::icon::Icon;
use warband_rules::{DiceRoller, Die, Ruleset};

/// One profile as the builder lists it.
#[derive(Clone, Debug)]
pub struct Entry {
    pub name: String,
    pub cells: Vec<String>,
    pub cost: u32,
    /// How the cost is made, for a tooltip.
    pub why: String,
    /// May lead the army (a Toy Soldier Command unit; anyone elsewhere).
    pub leads: bool,
    /// May be added by the random army after the leader.
    pub fills: bool,
    /// Armies mix only one group (Borderlands: heroes 1, monsters 0).
    pub group: u8,
    /// The picture on its models' bases, shown before its name.
    pub icon: Icon,
}

pub struct Catalogue {
    pub ruleset: Ruleset,
    /// What the builder calls the list: "Bestiary", "Units".
    pub heading: &'static str,
    /// What the leader's round button means in this ruleset.
    pub leader_hint: &'static str,
    pub headers: &'static [&'static str],
    pub entries: Vec<Entry>,
    /// "pts" or "XP".
    pub unit: &'static str,
    /// What a party (entries of group 1) counts instead, with no budget: Borderlands'
    /// heroes in levels. None where every army counts `unit`.
    pub party_unit: Option<&'static str>,
    pub default_limit: u32,
    /// The most models the random army adds (a party of 8).
    pub max_models: usize,
    pub problems: ArmyCheck,
}

/// A ruleset's checks of an army against its catalogue.
pub type ArmyCheck = Box<dyn Fn(&ArmyList) -> Vec<String> + Send + Sync>;

impl Catalogue {
    /// The shipped catalogue of a ruleset, or why it cannot be read.
    pub fn load(ruleset: Ruleset) -> Result<Self, String> {
        crate::game::desk::desk(ruleset).catalogue()
    }

    /// Whether an army is a party: it leads with an entry of group 1 and the catalogue
    /// counts parties apart.
    pub fn is_party(&self, army: &ArmyList) -> bool {
        self.party_unit.is_some()
            && army
                .entries
                .first()
                .and_then(|e| self.find(&e.profile))
                .is_some_and(|e| e.group == 1)
    }

    /// What an army's costs count: the catalogue's unit, or a party's.
    pub fn unit_of(&self, army: &ArmyList) -> &'static str {
        match self.party_unit {
            Some(unit) if self.is_party(army) => unit,
            _ => self.unit,
        }
    }

    /// What one entry's cost counts: a hero's levels where the catalogue counts a party
    /// apart, the catalogue's unit for everything else (a monster in a party is still
    /// counted in XP).
    pub fn unit_of_entry(&self, name: &str) -> &'static str {
        match (self.party_unit, self.find(name)) {
            (Some(unit), Some(e)) if e.group == 1 => unit,
            _ => self.unit,
        }
    }

    /// An army's cost summed unit by unit, the catalogue's unit first: one sum unless
    /// an army mixes heroes and monsters (which it may not, but is shown while built).
    pub fn totals(&self, army: &ArmyList) -> Vec<(&'static str, u32)> {
        let mut sums: Vec<(&'static str, u32)> = vec![(self.unit, 0)];
        sums.extend(self.party_unit.map(|u| (u, 0)));
        for e in &army.entries {
            let unit = self.unit_of_entry(&e.profile);
            let cost = self.cost(&e.profile).unwrap_or(0);
            let add = cost.saturating_mul(u32::from(e.count));
            if let Some((_, sum)) = sums.iter_mut().find(|(u, _)| *u == unit) {
                *sum = sum.saturating_add(add);
            }
        }
        let main = self.unit_of(army);
        sums.sort_by_key(|(u, _)| *u != main);
        sums.retain(|(u, sum)| *u == main || *sum > 0);
        sums
    }

    pub fn problems(&self, army: &ArmyList) -> Vec<String> {
        (self.problems)(army)
    }

    pub fn find(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// The entry of `army` fittest to lead: of those that may lead, in the leader's
    /// group where it has one, the costliest (the first of equals).
    pub fn fittest_leader(&self, army: &ArmyList) -> Option<String> {
        let group = self.find(&army.leader).map(|e| e.group);
        army.entries
            .iter()
            .filter_map(|e| self.find(&e.profile))
            .filter(|c| c.leads && group.is_none_or(|g| g == c.group))
            .fold(None, |best: Option<&Entry>, c| match best {
                Some(b) if b.cost >= c.cost => Some(b),
                _ => Some(c),
            })
            .map(|c| c.name.clone())
    }

    /// Adds one of a profile as the builder's "+" does. The lead follows the costliest
    /// profile that may lead (an Orc chief added after plain orcs takes it: a play-tester's
    /// army was led by the first orc it added), unless its leader was `chosen` and may lead.
    pub fn add_model(&self, army: &mut ArmyList, name: &str, chosen: bool) {
        add(army, name);
        let kept = chosen && self.find(&army.leader).is_some_and(|e| e.leads);
        if !kept && let Some(l) = self.fittest_leader(army) {
            army.leader = l;
        }
    }

    pub fn cost(&self, name: &str) -> Option<u32> {
        self.find(name).map(|e| e.cost)
    }

    /// An empty army of this ruleset.
    pub fn blank(&self) -> ArmyList {
        ArmyList {
            name: "New army".into(),
            ruleset: self.ruleset,
            points_limit: Some(self.default_limit),
            leader: String::new(),
            entries: Vec::new(),
        }
    }
}

/// `n` of a unit: "2 levels", "1 level", "12 pts".
pub fn amount(n: u32, unit: &str) -> String {
    match unit.strip_suffix('s') {
        Some(one) if n == 1 && unit.len() > 3 => format!("1 {one}"),
        _ => format!("{n} {unit}"),
    }
}

/// Adds one of a profile (a new entry, or one more of it); the first becomes leader.
pub fn add(army: &mut ArmyList, name: &str) {
    match army.entries.iter_mut().find(|e| e.profile == name) {
        Some(e) => e.count = e.count.saturating_add(1),
        None => army.entries.push(ArmyEntry {
            profile: name.to_string(),
            count: 1,
        }),
    }
    if army.leader.is_empty() {
        army.leader = name.to_string();
    }
}

/// A random legal army for a limit: a leader that may lead, then random profiles of its
/// group that may fill, while they fit.
pub fn random_army(c: &Catalogue, limit: u32, rng: &mut DiceRoller) -> Option<ArmyList> {
    let pick = |rng: &mut DiceRoller, from: &[&Entry]| {
        from[usize::from(rng.face(Die(from.len().min(255) as u8))) - 1].clone()
    };
    let leaders: Vec<&Entry> = c
        .entries
        .iter()
        .filter(|e| e.leads && e.cost <= limit)
        .collect();
    if leaders.is_empty() {
        return None;
    }
    let leader = pick(rng, &leaders);
    let mut army = ArmyList {
        name: format!("Random {limit}"),
        points_limit: Some(limit),
        ..c.blank()
    };
    add(&mut army, &leader.name);
    let mut total = leader.cost;
    while army.models().count() < c.max_models {
        let fits: Vec<&Entry> = c
            .entries
            .iter()
            .filter(|e| e.fills && e.group == leader.group && total + e.cost <= limit)
            .collect();
        if fits.is_empty() {
            break;
        }
        let e = pick(rng, &fits);
        total += e.cost;
        add(&mut army, &e.name);
    }
    Some(army)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_armies_of_every_ruleset_are_legal_and_fill_the_limit() {
        let mut rng = DiceRoller::from_seed(5);
        for ruleset in Ruleset::ALL {
            let c = Catalogue::load(ruleset).unwrap();
            for limit in [60, 100, 150, 300] {
                for _ in 0..10 {
                    let Some(army) = random_army(&c, limit, &mut rng) else {
                        continue;
                    };
                    let problems = c.problems(&army);
                    assert!(problems.is_empty(), "{ruleset}: {problems:?} in {army:?}");
                    let group = c.find(&army.leader).unwrap().group;
                    let cheapest = c
                        .entries
                        .iter()
                        .filter(|e| e.fills && e.group == group)
                        .map(|e| e.cost)
                        .min()
                        .unwrap();
                    let total = army.total_points(|n| c.cost(n));
                    assert!(
                        total + cheapest > limit || army.models().count() >= c.max_models,
                        "{ruleset}: {total} of {limit}"
                    );
                }
            }
        }
    }

    /// A Borderlands party is counted in its heroes' levels; a monster group in XP.
    #[test]
    fn a_party_counts_levels_and_a_monster_group_xp() {
        let c = Catalogue::load(Ruleset::Borderlands).unwrap();
        let mut party = c.blank();
        add(&mut party, "Fighter 2");
        add(&mut party, "Cleric 2");
        assert!(c.is_party(&party));
        assert_eq!(c.unit_of(&party), "levels");
        assert_eq!(party.total_points(|n| c.cost(n)), 4);
        let mut monsters = c.blank();
        add(&mut monsters, "Kobold");
        assert!(!c.is_party(&monsters));
        assert_eq!(c.unit_of(&monsters), "XP");
        assert_eq!(c.cost("Kobold"), Some(5));
    }

    /// A party that also takes monsters counts each in its own unit: the heroes in
    /// levels, the monsters in XP, never a kobold's XP as levels.
    #[test]
    fn a_mixed_army_counts_each_entry_in_its_own_unit() {
        let c = Catalogue::load(Ruleset::Borderlands).unwrap();
        let mut army = c.blank();
        add(&mut army, "Fighter 2");
        add(&mut army, "Kobold");
        add(&mut army, "Kobold");
        assert_eq!(c.unit_of_entry("Fighter 2"), "levels");
        assert_eq!(c.unit_of_entry("Kobold"), "XP");
        assert_eq!(c.totals(&army), vec![("levels", 2), ("XP", 10)]);
        let mut monsters = c.blank();
        add(&mut monsters, "Kobold");
        assert_eq!(c.totals(&monsters), vec![("XP", 5)]);
        let toy = Catalogue::load(Ruleset::ToySoldier).unwrap();
        assert_eq!(toy.totals(&toy.blank()), vec![("pts", 0)]);
    }

    /// The lead follows the costliest model that may lead until the player chooses a
    /// leader; in Toy Soldier only a Command unit takes it, chosen or not.
    #[test]
    fn the_lead_goes_to_the_fittest_until_given_by_hand() {
        let c = Catalogue::load(Ruleset::Marauders).unwrap();
        let mut army = c.blank();
        c.add_model(&mut army, "Orc", false);
        assert_eq!(army.leader, "Orc", "the only one");
        c.add_model(&mut army, "Orc chief", false);
        assert_eq!(army.leader, "Orc chief", "a chief takes the lead");
        c.add_model(&mut army, "Orc", false);
        assert_eq!(army.leader, "Orc chief");
        army.leader = "Orc".into();
        c.add_model(&mut army, "Ogre", true);
        assert_eq!(army.leader, "Orc", "chosen: kept");
        army.leader = "Ogre".into();
        c.add_model(&mut army, "Orc chief", true);
        assert_eq!(army.leader, "Ogre", "chosen, though the costliest: kept");
        let toy = Catalogue::load(Ruleset::ToySoldier).unwrap();
        let mut force = toy.blank();
        toy.add_model(&mut force, "Orc warriors", false);
        toy.add_model(&mut force, "Orc warboss", true);
        assert_eq!(force.leader, "Orc warboss", "only a Command unit leads");
    }

    #[test]
    fn the_toy_soldier_formula_is_written_out() {
        let c = Catalogue::load(Ruleset::ToySoldier).unwrap();
        let knights = c.find("Mounted knights").unwrap();
        assert_eq!(knights.why, "d8 + d8 = 16; +8 shields; +8 cavalry = 32");
        assert_eq!(knights.cost, 32);
        assert!(c.find("Orc warboss").unwrap().leads);
        assert!(!c.find("Orc warriors").unwrap().leads);
    }
}
