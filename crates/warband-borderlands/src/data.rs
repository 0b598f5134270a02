//! Borderlands data in RON: scenarios, armies (parties and monster groups), the shared
//! bestiary's B/X blocks, and the armoury of heroes, weapons and armour. Errors name the
//! file, line and column.

use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;
use warband_rules::Ruleset;
use warband_rules::army::ArmyList;
use warband_rules::borderlands::profile::{
    ArmourDef, Combatant, Hero, MonsterStats, Weapon, armoury_problems, hero_problems,
    monster_problems,
};
use warband_rules::plain::plain_some;
pub use warband_table::files::{DataError, load_ron, parse_ron};
use warband_table::files::{data_file, duplicate_names, load_armies, opens_as, opens_with};
use warband_table::table::{TableOf, battle_problems};

/// The shared bestiary (its monsters' `bx` blocks) and the armoury, under the assets.
const BESTIARY: &str = "bestiary/marauders.ron";
const ARMOURY: &str = "bestiary/borderlands.ron";
pub use warband_table::scenario::Scenario;
pub use warband_table::table::{PerSide, TerrainDef, TerrainKind, Zone};

/// The most heroes a party may field.
pub const MAX_PARTY: usize = 8;

/// A profile of the shared bestiary as Borderlands reads it: its B/X block.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename = "Profile")]
struct SharedProfile {
    name: String,
    #[serde(default, deserialize_with = "plain_some")]
    ac: Option<i8>,
    morale: u8,
    #[serde(default, deserialize_with = "plain_some")]
    bx: Option<MonsterStats>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(rename = "Bestiary")]
struct SharedBestiary {
    profiles: Vec<SharedProfile>,
}

/// The party tables: weapons, armour and heroes (`bestiary/borderlands.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Armoury {
    pub weapons: Vec<Weapon>,
    pub armour: Vec<ArmourDef>,
    pub heroes: Vec<Hero>,
}

/// Every profile a Borderlands army may name, as combatants: the bestiary's monsters
/// with a B/X block and the armoury's heroes.
pub fn roster(bestiary: &Path, armoury: &Path) -> Result<Vec<Combatant>, DataError> {
    let read = |path: &Path| {
        std::fs::read_to_string(path).map_err(|e| DataError::new(path, format!("cannot read: {e}")))
    };
    let mut out = monsters(bestiary, &read(bestiary)?)?;
    out.extend(party_tables(armoury, &read(armoury)?)?);
    Ok(out)
}

/// The monsters of a shared bestiary's text (`path` names it), each a profile with a
/// B/X block whose numbers make sense.
pub fn monsters(path: &Path, text: &str) -> Result<Vec<Combatant>, DataError> {
    let shared: SharedBestiary = parse_ron(path, text)?;
    let mut out = Vec::new();
    for p in shared.profiles {
        let Some(bx) = p.bx else { continue };
        let ac = p.ac.ok_or_else(|| {
            DataError::new(path, format!("{}: a B/X monster needs its `ac`", p.name))
        })?;
        if let Some(problem) = monster_problems(&p.name, ac, p.morale, &bx).first() {
            return Err(DataError::new(path, problem.clone()));
        }
        out.push(Combatant::monster(&p.name, ac, p.morale, &bx));
    }
    Ok(out)
}

/// The heroes of an armoury's text (`path` names it), once its weapons, armour and
/// heroes make sense.
pub fn party_tables(path: &Path, text: &str) -> Result<Vec<Combatant>, DataError> {
    let arms: Armoury = parse_ron(path, text)?;
    let problem = armoury_problems(&arms.weapons, &arms.armour)
        .into_iter()
        .chain(arms.heroes.iter().flat_map(hero_problems))
        .next();
    if let Some(problem) = problem {
        return Err(DataError::new(path, problem));
    }
    arms.heroes
        .iter()
        .map(|h| {
            Combatant::hero(h, &arms.weapons, &arms.armour).map_err(|e| DataError::new(path, e))
        })
        .collect()
}

/// Heroes a player made (the desktop's hero designer keeps them in its data folder).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HeroList {
    pub heroes: Vec<Hero>,
}

/// Combatants for heroes made with the armoury's weapons and armour; every problem of
/// a hero is refused.
pub fn heroes_of(armoury: &Path, heroes: &[Hero]) -> Result<Vec<Combatant>, DataError> {
    let (made, refused) = usable_heroes(armoury, heroes)?;
    match refused.into_iter().next() {
        Some(problem) => Err(DataError::new(armoury, problem)),
        None => Ok(made),
    }
}

/// The heroes that can be made, and the problem of each that cannot (a hero saved under
/// older rules, say): one bad hero does not cost the player the others.
pub fn usable_heroes(
    armoury: &Path,
    heroes: &[Hero],
) -> Result<(Vec<Combatant>, Vec<String>), DataError> {
    let arms: Armoury = load_ron(armoury)?;
    let (mut made, mut refused) = (Vec::new(), Vec::new());
    for h in heroes {
        let problem = hero_problems(h).into_iter().next();
        match problem.map_or_else(|| Combatant::hero(h, &arms.weapons, &arms.armour), Err) {
            Ok(c) => made.push(c),
            Err(p) => refused.push(p),
        }
    }
    Ok((made, refused))
}

/// Everything a battle needs, self-contained (a save embeds it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleSetup {
    pub scenario: Scenario,
    pub armies: PerSide<ArmyList>,
    /// The combatants the armies name, by name.
    pub roster: Vec<Combatant>,
}

impl BattleSetup {
    /// Loads a scenario, its armies from `../armies/`, the monsters of
    /// `../bestiary/marauders.ron` (the shared B/X bestiary) and the heroes of
    /// `../bestiary/borderlands.ron`.
    pub fn load(scenario_file: &Path) -> Result<Self, DataError> {
        Self::load_adopting(scenario_file, Vec::new())
    }

    /// [`BattleSetup::load`] with the player's own heroes adopted before the armies are
    /// checked, so a party of them is as good as one of the shipped heroes.
    pub fn load_adopting(scenario_file: &Path, own: Vec<Combatant>) -> Result<Self, DataError> {
        let scenario: Scenario = load_ron(scenario_file)?;
        let armies = load_armies(scenario_file, &scenario.armies)?;
        let roster = roster(
            &data_file(scenario_file, BESTIARY),
            &data_file(scenario_file, ARMOURY),
        )?;
        let mut setup = Self {
            scenario,
            armies,
            roster,
        };
        setup.adopt(own);
        if let Some(first) = setup.problems().first() {
            return Err(DataError::new(scenario_file, first.clone()));
        }
        Ok(setup)
    }

    /// Adds heroes made by the player to the roster (a name already there is kept).
    pub fn adopt(&mut self, heroes: Vec<Combatant>) {
        adopt_into(&mut self.roster, heroes);
    }

    pub fn combatant(&self, name: &str) -> Option<&Combatant> {
        self.roster.iter().find(|c| c.name == name)
    }

    /// The combatants of one side's army, in muster order.
    pub fn muster(&self, army: &ArmyList) -> Vec<Arc<Combatant>> {
        army.models()
            .filter_map(|n| self.combatant(n))
            .map(|c| Arc::new(c.clone()))
            .collect()
    }

    /// Everything that would stop this battle being played.
    pub fn problems(&self) -> Vec<String> {
        let s = &self.scenario;
        let table = TableOf {
            name: &s.name,
            ruleset: s.ruleset,
            table: s.table,
            limit: s.round_limit,
            terrain: &s.terrain,
            deployment: &s.deployment,
        };
        battle_problems(
            &table,
            Ruleset::Borderlands,
            &self.armies,
            |army| army_problems(army, &self.roster),
            |army| self.muster(army).iter().map(|c| base_diameter(c)).collect(),
        )
    }
}

/// A round base by size: 1" for a man-sized model, 1.57" large, 1.97" huge (RULINGS).
pub fn base_diameter(c: &Combatant) -> f32 {
    use warband_rules::borderlands::profile::Size;
    match c.size {
        Size::Normal => 0.98,
        Size::Large => 1.57,
        Size::Huge => 1.97,
    }
}

/// Whether an army is a party of heroes (its first entry a hero), its profiles found
/// by `find`.
pub fn is_party<'a>(army: &ArmyList, find: impl Fn(&str) -> Option<&'a Combatant>) -> bool {
    army.entries
        .first()
        .and_then(|e| find(&e.profile))
        .is_some_and(|c| c.hero)
}

/// Everything wrong with a Borderlands army: wrong ruleset, unknown names, a party of
/// more than [`MAX_PARTY`] heroes or mixed with monsters, a monster group over its XP
/// budget (`points_limit`; a party's levels have none).
pub fn army_problems(army: &ArmyList, roster: &[Combatant]) -> Vec<String> {
    let find = |n: &str| roster.iter().find(|c| c.name == n);
    let mut out = Vec::new();
    if army.ruleset != Ruleset::Borderlands {
        out.push(format!(
            "army `{}` is for `{}`, not borderlands",
            army.name, army.ruleset
        ));
    }
    // A party's levels have no budget; a monster group's XP has (`points_limit`).
    let known = |n: &str| find(n).is_some();
    out.extend(match is_party(army, find) {
        true => army.problems(known),
        false => army.problems_with_points(known, |n| find(n).map(|c| c.xp)),
    });
    // Counted by entry, not model by model: a hostile list may field billions.
    let heroes: u64 = army
        .entries
        .iter()
        .filter(|e| find(&e.profile).is_some_and(|c| c.hero))
        .map(|e| u64::from(e.count))
        .sum();
    let all = army.size();
    if heroes > MAX_PARTY as u64 {
        out.push(format!(
            "army `{}`: a party has at most {MAX_PARTY} heroes, not {heroes}",
            army.name
        ));
    }
    if heroes > 0 && heroes < all {
        out.push(format!(
            "army `{}` mixes heroes and monsters: a side is a party or a monster group",
            army.name
        ));
    }
    out
}

/// Adds heroes made by the player to a roster (a name already there is kept).
pub fn adopt_into(roster: &mut Vec<Combatant>, heroes: Vec<Combatant>) {
    for h in heroes {
        if !roster.iter().any(|c| c.name == h.name) {
            roster.push(h);
        }
    }
}

/// Checks a Borderlands scenario or army file, the armoury, the B/X blocks of the
/// shared bestiary, or the player's own heroes (`heroes.ron`); every problem, each
/// naming the file.
pub fn validate_file(path: &Path) -> Vec<String> {
    validate_file_adopting(path, Vec::new())
}

/// [`validate_file`], an army or scenario of the player's own heroes (`own`) as good as
/// one of the shipped heroes.
pub fn validate_file_adopting(path: &Path, own: Vec<Combatant>) -> Vec<String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return vec![DataError::new(path, format!("cannot read: {e}")).to_string()],
    };
    let (bestiary, armoury) = (data_file(path, BESTIARY), data_file(path, ARMOURY));
    let (is_bestiary, is_armoury) = (opens_with(&text, "Bestiary"), opens_with(&text, "Armoury"));
    if is_bestiary || is_armoury {
        let (bestiary, armoury) = if is_bestiary {
            (path.to_path_buf(), armoury)
        } else {
            (bestiary, path.to_path_buf())
        };
        return match roster(&bestiary, &armoury) {
            Ok(r) => duplicate_names(r.iter().map(|c| c.name.as_str()))
                .into_iter()
                .map(|p| DataError::new(path, p).to_string())
                .collect(),
            Err(e) => vec![e.to_string()],
        };
    }
    if opens_as(&text, "HeroList", "heroes") {
        return own_heroes_problems(path, &text, &armoury);
    }
    if opens_with(&text, "ArmyList") {
        let army = match parse_ron::<ArmyList>(path, &text) {
            Ok(a) => a,
            Err(e) => return vec![e.to_string()],
        };
        return match roster(&bestiary, &armoury) {
            Ok(mut r) => {
                adopt_into(&mut r, own);
                army_problems(&army, &r)
                    .into_iter()
                    .map(|p| DataError::new(path, p).to_string())
                    .collect()
            }
            Err(e) => vec![e.to_string()],
        };
    }
    match BattleSetup::load_adopting(path, own) {
        Ok(_) => Vec::new(),
        Err(e) => vec![e.to_string()],
    }
}

/// The problems of the player's own heroes (`heroes.ron`, `text` of `path`), made with
/// the weapons and armour of `armoury`: each one the game would leave out, and a name
/// given to two.
fn own_heroes_problems(path: &Path, text: &str, armoury: &Path) -> Vec<String> {
    let list: HeroList = match parse_ron(path, text) {
        Ok(l) => l,
        Err(e) => return vec![e.to_string()],
    };
    match usable_heroes(armoury, &list.heroes) {
        Ok((_, refused)) => refused
            .into_iter()
            .chain(duplicate_names(list.heroes.iter().map(|h| h.name.as_str())))
            .map(|p| DataError::new(path, p).to_string())
            .collect(),
        Err(e) => vec![e.to_string()],
    }
}

warband_table::setup_of!(BattleSetup);
