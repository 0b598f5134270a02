//! Battle data in RON: scenarios, armies, the bestiary and the spell list. Loading
//! errors name the file, line and column and what was expected.

use crate::geometry::{TerrainFlags, TerrainShape};
use bevy_math::Vec2;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use warband_rules::army::ArmyList;
use warband_rules::marauders::Profile;
use warband_rules::marauders::spells::SpellDef;

/// A problem with a data file: where, and what was expected.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub struct DataError {
    pub file: PathBuf,
    /// 1-based line and column, when the problem has a position.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => {
                write!(f, "{}:{line}:{col}: {}", self.file.display(), self.message)
            }
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl DataError {
    pub fn new(file: &Path, message: impl Into<String>) -> Self {
        Self {
            file: file.to_path_buf(),
            position: None,
            message: message.into(),
        }
    }
}

/// Parses RON text that came from `file`.
pub fn parse_ron<T: DeserializeOwned>(file: &Path, text: &str) -> Result<T, DataError> {
    ron::from_str(text).map_err(|e| DataError {
        file: file.to_path_buf(),
        position: Some((e.span.start.line, e.span.start.col)),
        message: e.code.to_string(),
    })
}

/// Reads and parses a RON file.
pub fn load_ron<T: DeserializeOwned>(file: &Path) -> Result<T, DataError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| DataError::new(file, format!("cannot read: {e}")))?;
    parse_ron(file, &text)
}

/// The kinds of terrain a scenario can lay, with the properties of RULINGS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TerrainKind {
    /// Rough, cover and an obstacle to shots.
    Wood,
    /// An obstacle and cover.
    LowWall,
    /// Blocks movement and sight.
    House,
    /// Rough ground only (a ford, scree).
    Rough,
    /// Impassable but see-through (deep water, a chasm).
    Impassable,
}

impl TerrainKind {
    pub fn flags(self) -> TerrainFlags {
        let mut f = TerrainFlags::default();
        match self {
            TerrainKind::Wood => {
                f.rough = true;
                f.cover = true;
                f.obstacle = true;
            }
            TerrainKind::LowWall => {
                f.obstacle = true;
                f.cover = true;
            }
            TerrainKind::House => {
                f.blocks_movement = true;
                f.blocks_sight = true;
            }
            TerrainKind::Rough => f.rough = true,
            TerrainKind::Impassable => f.blocks_movement = true,
        }
        f
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainDef {
    pub name: String,
    pub kind: TerrainKind,
    /// Corners of a convex outline, in order, in inches from the bottom-left corner.
    pub corners: Vec<(f32, f32)>,
}

impl TerrainDef {
    pub fn shape(&self) -> Result<TerrainShape, String> {
        TerrainShape::new(
            self.corners
                .iter()
                .map(|(x, y)| Vec2::new(*x, *y))
                .collect(),
            self.kind.flags(),
        )
        .map_err(|e| format!("terrain `{}`: {e}", self.name))
    }
}

/// A rectangle of the table where a side sets up.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Zone {
    pub min: (f32, f32),
    pub max: (f32, f32),
}

/// One value per side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerSide<T> {
    pub a: T,
    pub b: T,
}

impl<T> PerSide<T> {
    pub fn get(&self, side: crate::Side) -> &T {
        match side {
            crate::Side::A => &self.a,
            crate::Side::B => &self.b,
        }
    }
}

fn default_round_limit() -> u32 {
    12
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub name: String,
    pub ruleset: String,
    /// Width and depth in inches.
    pub table: (f32, f32),
    #[serde(default = "default_round_limit")]
    pub round_limit: u32,
    #[serde(default)]
    pub terrain: Vec<TerrainDef>,
    pub deployment: PerSide<Zone>,
    /// Army file names (without `.ron`) under the assets' `armies/` folder.
    pub armies: PerSide<String>,
}

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
        let root = scenario_file
            .parent()
            .and_then(Path::parent)
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let army =
            |name: &str| load_ron::<ArmyList>(&root.join("armies").join(format!("{name}.ron")));
        let armies = PerSide {
            a: army(&scenario.armies.a)?,
            b: army(&scenario.armies.b)?,
        };
        let bestiary: Bestiary = load_ron(
            &root
                .join("bestiary")
                .join(format!("{}.ron", scenario.ruleset)),
        )?;
        let spells: SpellList = load_ron(&root.join("spells.ron"))?;
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
        self.spells.iter().find(|s| s.name == name)
    }

    /// Everything that would stop this battle being played.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let s = &self.scenario;
        if s.ruleset != "marauders" {
            out.push(format!(
                "scenario `{}`: ruleset `{}` is not playable yet",
                s.name, s.ruleset
            ));
        }
        if !(s.table.0.is_finite() && s.table.1.is_finite() && s.table.0 > 0.0 && s.table.1 > 0.0) {
            out.push(format!(
                "scenario `{}`: table size must be positive",
                s.name
            ));
        }
        for t in &s.terrain {
            if let Err(e) = t.shape() {
                out.push(e);
            }
        }
        for p in &self.bestiary {
            out.extend(p.problems());
            for spell in &p.spells {
                if self.spell(spell).is_none() {
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
            out.extend(army.problems(|n| self.profile(n).is_some()));
            let z = s.deployment.get(side);
            if !(z.min.0 < z.max.0 && z.min.1 < z.max.1) {
                out.push(format!(
                    "scenario `{}`: deployment zone of {side} is empty",
                    s.name
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
