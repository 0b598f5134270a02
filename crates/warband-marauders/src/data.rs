//! Battle data in RON: scenarios, armies, the bestiary and the spell list. Loading
//! errors name the file, line and column and what was expected.

use serde::{Deserialize, Serialize};
use std::path::Path;
use warband_rules::Ruleset;
use warband_rules::army::ArmyList;
use warband_rules::marauders::Profile;
use warband_rules::marauders::spells::SpellDef;
pub use warband_table::files::{DataError, load_ron, parse_ron, save_ron, write_atomic};
pub use warband_table::scenario::Scenario;
pub use warband_table::table::{PerSide, TerrainDef, TerrainKind, Zone};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bestiary {
    pub profiles: Vec<Profile>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpellList {
    pub spells: Vec<SpellDef>,
}

/// Everything a battle needs, self-contained (a save embeds it, so a replay does not
/// depend on the files it came from).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleSetup {
    pub scenario: Scenario,
    pub armies: PerSide<ArmyList>,
    pub bestiary: Vec<Profile>,
    pub spells: Vec<SpellDef>,
}

impl BattleSetup {
    /// Loads a scenario and what it names: armies from `../armies/`, the bestiary from
    /// `../bestiary/<ruleset>.ron` and spells from `../spells.ron`, relative to the
    /// scenario's folder.
    pub fn load(scenario_file: &Path) -> Result<Self, DataError> {
        let scenario: Scenario = load_ron(scenario_file)?;
        let armies = warband_table::files::load_armies(scenario_file, &scenario.armies)?;
        let file = |rel: &str| warband_table::files::data_file(scenario_file, rel);
        let bestiary: Bestiary = load_ron(&file(&format!("bestiary/{}.ron", scenario.ruleset)))?;
        let spells: SpellList = load_ron(&file("spells.ron"))?;
        let setup = Self {
            scenario,
            armies,
            bestiary: bestiary.profiles,
            spells: spells.spells,
        };
        let problems = setup.problems();
        if let Some(first) = problems.first() {
            return Err(DataError::new(scenario_file, first.clone()));
        }
        Ok(setup)
    }

    pub fn profile(&self, name: &str) -> Option<&Profile> {
        self.bestiary.iter().find(|p| p.name == name)
    }

    pub fn spell(&self, name: &str) -> Option<&SpellDef> {
        self.spells.iter().find(|s| s.name == *name)
    }

    /// Everything that would stop this battle being played.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let s = &self.scenario;
        if s.ruleset != Ruleset::Marauders {
            out.push(format!(
                "scenario `{}`: ruleset `{}` is not playable yet",
                s.name, s.ruleset
            ));
        }
        out.extend(table_problems(s));
        out.extend(duplicate_names(&self.bestiary));
        for p in &self.bestiary {
            out.extend(p.problems());
            for spell in &p.spells {
                if self.spell(spell.name()).is_none() {
                    out.push(format!("{}: unknown spell `{spell}`", p.name));
                }
            }
        }
        for side in crate::Side::BOTH {
            let army = self.armies.get(side);
            if army.ruleset != s.ruleset {
                out.push(format!(
                    "army `{}` is for `{}`, the scenario for `{}`",
                    army.name, army.ruleset, s.ruleset
                ));
            }
            out.extend(army_problems(army, &self.bestiary));
            if army.too_large() {
                continue; // refused as it stands: never mustered model by model
            }
            let z = s.deployment.get(side);
            let diameters: Vec<f32> = army
                .models()
                .filter_map(|n| self.profile(n))
                .map(Profile::base_diameter)
                .collect();
            if let Err(e) = warband_table::table::deploy(
                *z,
                &diameters,
                bevy_math::Vec2::new(s.table.0, s.table.1),
            ) {
                out.push(format!(
                    "scenario `{}`, {side} ({}): {e}",
                    s.name, army.name
                ));
            }
        }
        out
    }
}

pub use warband_table::table::{MAX_ROUNDS, MAX_TABLE};

/// What is wrong with a scenario's table (see [`warband_table::table::table_problems`]).
fn table_problems(s: &Scenario) -> Vec<String> {
    warband_table::table::table_problems(&s.name, s.table, s.round_limit, &s.terrain, &s.deployment)
}

/// A name given to two profiles (an army could not say which it means).
fn duplicate_names(profiles: &[Profile]) -> Vec<String> {
    warband_table::files::duplicate_names(profiles.iter().map(|p| p.name.as_str()))
}

/// Everything wrong with an army list against a bestiary: wrong ruleset, unknown
/// profiles, no leader, nothing in it, over its points limit.
pub fn army_problems(army: &ArmyList, bestiary: &[Profile]) -> Vec<String> {
    let find = |n: &str| bestiary.iter().find(|p| p.name == n);
    let mut out = Vec::new();
    if army.ruleset != Ruleset::Marauders {
        out.push(format!(
            "army `{}` is for ruleset `{}`; only `marauders` armies can be fielded yet",
            army.name, army.ruleset
        ));
    }
    out.extend(army.problems_with_points(
        |n| find(n).is_some(),
        |n| find(n).map(warband_rules::marauders::points::points),
    ));
    out
}

/// Which kind of data a RON file holds, from the name of its top-level structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataKind {
    Scenario,
    Army,
    Bestiary,
    Spells,
}

impl DataKind {
    pub fn of(text: &str) -> Option<DataKind> {
        [
            ("Scenario", DataKind::Scenario),
            ("ArmyList", DataKind::Army),
            ("Bestiary", DataKind::Bestiary),
            ("SpellList", DataKind::Spells),
        ]
        .into_iter()
        .find(|(name, _)| warband_table::files::opens_with(text, name))
        .map(|(_, k)| k)
    }
}

/// Checks a data file of any kind; every problem found, each naming the file. Armies are
/// checked against `bestiary` (the assets' own when None can be found).
pub fn validate_file(path: &Path, bestiary: Option<&[Profile]>) -> Vec<String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return vec![DataError::new(path, format!("cannot read: {e}")).to_string()],
    };
    let at = |m: String| DataError::new(path, m).to_string();
    match DataKind::of(&text) {
        None => vec![at(
            "expected a Scenario, ArmyList, Bestiary or SpellList at the top".into(),
        )],
        Some(DataKind::Scenario) => match BattleSetup::load(path) {
            Ok(_) => Vec::new(),
            Err(e) if e.file == path => {
                // The setup loaded but has problems: list them all.
                match parse_ron::<Scenario>(path, &text) {
                    Err(e) => vec![e.to_string()],
                    Ok(_) => load_all_problems(path).unwrap_or_else(|| vec![e.to_string()]),
                }
            }
            Err(e) => vec![e.to_string()],
        },
        Some(DataKind::Army) => match parse_ron::<ArmyList>(path, &text) {
            Err(e) => vec![e.to_string()],
            Ok(army) => match bestiary {
                Some(b) => army_problems(&army, b).into_iter().map(at).collect(),
                None => vec![at("no bestiary found to check the army against".into())],
            },
        },
        Some(DataKind::Bestiary) => match parse_ron::<Bestiary>(path, &text) {
            Err(e) => vec![e.to_string()],
            Ok(b) => b
                .profiles
                .iter()
                .flat_map(Profile::problems)
                .chain(duplicate_names(&b.profiles))
                .map(at)
                .collect(),
        },
        Some(DataKind::Spells) => match parse_ron::<SpellList>(path, &text) {
            Err(e) => vec![e.to_string()],
            Ok(_) => Vec::new(),
        },
    }
}

/// Every problem of a scenario whose files all parse.
fn load_all_problems(path: &Path) -> Option<Vec<String>> {
    let scenario: Scenario = load_ron(path).ok()?;
    let file = |rel: &str| warband_table::files::data_file(path, rel);
    let army = |n: &str| load_ron::<ArmyList>(&file(&format!("armies/{n}.ron"))).ok();
    let setup = BattleSetup {
        armies: PerSide {
            a: army(&scenario.armies.a)?,
            b: army(&scenario.armies.b)?,
        },
        bestiary: load_ron::<Bestiary>(&file(&format!("bestiary/{}.ron", scenario.ruleset)))
            .ok()?
            .profiles,
        spells: load_ron::<SpellList>(&file("spells.ron")).ok()?.spells,
        scenario,
    };
    Some(
        setup
            .problems()
            .into_iter()
            .map(|p| DataError::new(path, p).to_string())
            .collect(),
    )
}

warband_table::setup_of!(BattleSetup);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_army_saved_then_loaded_is_identical() {
        let army = ArmyList {
            name: "Round trip".into(),
            ruleset: Ruleset::Marauders,
            points_limit: Some(100),
            leader: "Orc".into(),
            entries: vec![warband_rules::army::ArmyEntry {
                profile: "Orc".into(),
                count: 4,
            }],
        };
        let dir = std::env::temp_dir().join(format!("warband-army-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("army.ron");
        save_ron(&path, &army).unwrap();
        assert_eq!(load_ron::<ArmyList>(&path).unwrap(), army);
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn syntax_errors_carry_file_line_and_column() {
        let err = parse_ron::<Zone>(
            Path::new("zones/bad.ron"),
            "Zone(\n  min: (1.0, 2.0),\n  max: oops,\n)",
        )
        .unwrap_err();
        assert_eq!(err.position.map(|p| p.0), Some(3));
        let text = err.to_string();
        assert!(text.starts_with("zones/bad.ron:3:"), "{text}");
    }

    #[test]
    fn missing_fields_are_named() {
        let err = parse_ron::<Zone>(Path::new("z.ron"), "Zone(min: (1.0, 2.0))").unwrap_err();
        assert!(err.message.contains("max"), "{err}");
    }

    #[test]
    fn terrain_kinds_have_the_rulings_properties() {
        let wood = TerrainKind::Wood.flags();
        assert!(wood.rough && wood.cover && wood.obstacle && !wood.blocks_sight);
        let wall = TerrainKind::LowWall.flags();
        assert!(wall.obstacle && wall.cover && !wall.rough);
        let house = TerrainKind::House.flags();
        assert!(house.blocks_movement && house.blocks_sight);
    }
}
