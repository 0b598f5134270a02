//! What the army builder offers for each ruleset: the profiles an army may name, each
//! with its table columns and cost (the ruleset's own formula), which may lead and which
//! may fill, and the ruleset's own army checks. Also a random legal army.

use crate::game::saves::assets_dir;
use warband_rules::army::{ArmyEntry, ArmyList};
use warband_rules::toy_soldier::UnitProfile;
use warband_rules::{DiceRoller, Die, Ruleset};
use warband_table::files::load_ron;

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
}

pub struct Catalogue {
    pub ruleset: Ruleset,
    pub headers: &'static [&'static str],
    pub entries: Vec<Entry>,
    /// "pts" or "XP".
    pub unit: &'static str,
    pub default_limit: u32,
    /// The most models the random army adds (a party of 8).
    pub max_models: usize,
    problems: ArmyCheck,
}

/// A ruleset's checks of an army against its catalogue.
type ArmyCheck = Box<dyn Fn(&ArmyList) -> Vec<String> + Send + Sync>;

impl Catalogue {
    /// The shipped catalogue of a ruleset, or why it cannot be read.
    pub fn load(ruleset: Ruleset) -> Result<Self, String> {
        let bestiary = assets_dir().join("bestiary");
        match ruleset {
            Ruleset::Marauders => marauders(&bestiary.join("marauders.ron")),
            Ruleset::ToySoldier => toy_soldier(&bestiary.join("toy-soldier.ron")),
            Ruleset::Borderlands => borderlands(&bestiary),
        }
        .map_err(|e| e.to_string())
    }

    pub fn problems(&self, army: &ArmyList) -> Vec<String> {
        (self.problems)(army)
    }

    pub fn find(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
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

fn marauders(path: &std::path::Path) -> Result<Catalogue, warband_table::files::DataError> {
    use warband_rules::marauders::points::points;
    let bestiary: warband_marauders::data::Bestiary = load_ron(path)?;
    let entries = bestiary
        .profiles
        .iter()
        .map(|p| {
            let mut extras = Vec::new();
            if let Some(r) = &p.ranged {
                extras.push(format!("{} {}\"", r.name, r.range));
            }
            if p.spell_slots > 0 {
                extras.push(format!("{}×: {}", p.spell_slots, p.spells.join(", ")));
            }
            let armour = match p.ac {
                Some(ac) => format!("{} (AC {ac})", p.armour),
                None => p.armour.name().to_string(),
            };
            Entry {
                name: p.name.clone(),
                cells: vec![
                    p.hd.to_string(),
                    armour,
                    p.morale.to_string(),
                    extras.join("; "),
                ],
                cost: points(p),
                why: "Marauders points from HD, armour, morale, missiles and spells".into(),
                leads: true,
                fills: true,
                group: 0,
            }
        })
        .collect();
    let profiles = bestiary.profiles;
    Ok(Catalogue {
        ruleset: Ruleset::Marauders,
        headers: &["HD", "Armour", "Morale", "Extras"],
        entries,
        unit: "pts",
        default_limit: 100,
        max_models: 40,
        problems: Box::new(move |a| warband_marauders::data::army_problems(a, &profiles)),
    })
}

/// The seed's formula, written out: "d8 + d6 = 14; +7 shields; +7 ranged = 28".
pub fn toy_points(u: &UnitProfile) -> String {
    let die = u.activation_die().sides();
    let mut why = format!("d{die} + d{} = {}", u.morale, u.base_points());
    let upgrades = u.upgrades();
    if upgrades.is_empty() {
        return why;
    }
    for (what, price) in upgrades {
        why.push_str(&format!("; +{price} {what}"));
    }
    format!("{why} = {}", u.points())
}

fn toy_soldier(path: &std::path::Path) -> Result<Catalogue, warband_table::files::DataError> {
    let mut units = warband_toy_soldier::data::Units::load(path)?;
    // The player's own units from the unit designer, after the shipped ones.
    units.adopt(crate::game::saves::load_units().unwrap_or_default());
    let entries = units
        .units
        .iter()
        .map(|u| {
            let mut upgrades = Vec::new();
            for (has, tag) in [
                (u.shields, "shields"),
                (u.ranged, "ranged"),
                (u.magical, "magical"),
                (u.command, "Command"),
            ] {
                if has {
                    upgrades.push(tag);
                }
            }
            Entry {
                name: u.name.clone(),
                cells: vec![
                    u.race.clone(),
                    format!("{:?} {}", u.quality, u.activation_die()),
                    format!("d{}", u.morale),
                    format!("{:?}", u.kind),
                    upgrades.join(", "),
                ],
                cost: u.points(),
                why: toy_points(u),
                leads: u.command,
                fills: !u.command,
                group: 0,
            }
        })
        .collect();
    Ok(Catalogue {
        ruleset: Ruleset::ToySoldier,
        headers: &["Race", "Activation", "Morale", "Kind", "Upgrades"],
        entries,
        unit: "pts",
        default_limit: warband_toy_soldier::data::STANDARD_POINTS,
        max_models: 20,
        problems: Box::new(move |a| warband_toy_soldier::data::army_problems(a, &units)),
    })
}

fn borderlands(dir: &std::path::Path) -> Result<Catalogue, warband_table::files::DataError> {
    let mut roster = warband_borderlands::data::roster(
        &dir.join("marauders.ron"),
        &dir.join("borderlands.ron"),
    )?;
    // The player's own heroes from the hero designer, after the shipped ones.
    for h in crate::game::saves::hero_combatants().unwrap_or_default() {
        if !roster.iter().any(|c| c.name == h.name) {
            roster.push(h);
        }
    }
    let entries = roster
        .iter()
        .map(|c| {
            let melee: Vec<String> = c
                .melee
                .iter()
                .map(|a| format!("{} {}", a.name, a.damage))
                .collect();
            let missile = c
                .missile
                .as_ref()
                .map_or(String::new(), |m| format!("; {} {}", m.name, m.damage));
            Entry {
                name: c.name.clone(),
                cells: vec![
                    if c.hero {
                        "hero".into()
                    } else {
                        "monster".into()
                    },
                    format!("AC {} · THAC0 {}", c.ac, c.thac0),
                    format!("{}{missile}", melee.join(", ")),
                    c.morale.to_string(),
                ],
                cost: c.xp,
                why: if c.hero {
                    "a hero's XP: what the party is worth to a monster group's budget".into()
                } else {
                    "B/X experience for the monster".into()
                },
                leads: true,
                fills: true,
                group: u8::from(c.hero),
            }
        })
        .collect();
    Ok(Catalogue {
        ruleset: Ruleset::Borderlands,
        headers: &["Kind", "AC · THAC0", "Attacks", "Morale"],
        entries,
        unit: "XP",
        default_limit: 200,
        max_models: warband_borderlands::data::MAX_PARTY,
        problems: Box::new(move |a| warband_borderlands::data::army_problems(a, &roster)),
    })
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
