//! Toy Soldier data in RON: scenarios, armies of 150 points, and the unit list with its
//! base sizes (`bestiary/toy-soldier.ron`). Errors name the file, line and column.

use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;
use warband_rules::Ruleset;
use warband_rules::army::{ArmyEntry, ArmyList};
use warband_rules::toy_soldier::{Kind, UnitProfile, unit_problems};
pub use warband_table::files::{DataError, load_ron, parse_ron};
use warband_table::files::{data_file, duplicate_names, load_armies, opens_as, opens_with};
pub use warband_table::scenario::Scenario;
pub use warband_table::table::{PerSide, TerrainDef, TerrainKind, Zone};
use warband_table::table::{TableOf, battle_problems};

/// The unit list, under the assets.
const UNITS: &str = "bestiary/toy-soldier.ron";

/// The seed's standard game: 150 points a side.
pub const STANDARD_POINTS: u32 = 150;

/// Base sizes by kind, width × depth in inches (RULINGS: infantry 1.6 × 0.8, cavalry
/// 1.6 × 1.2, artillery 1.6 × 1.6).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bases {
    pub infantry: (f32, f32),
    pub cavalry: (f32, f32),
    pub artillery: (f32, f32),
}

impl Bases {
    pub fn of(&self, kind: Kind) -> (f32, f32) {
        match kind {
            Kind::Infantry => self.infantry,
            Kind::Cavalry => self.cavalry,
            Kind::Artillery => self.artillery,
        }
    }

    fn problems(&self) -> Vec<String> {
        [self.infantry, self.cavalry, self.artillery]
            .into_iter()
            .filter(|(w, d)| {
                !(w.is_finite()
                    && d.is_finite()
                    && *w > 0.0
                    && *d > 0.0
                    && *w <= 12.0
                    && *d <= 12.0)
            })
            .map(|(w, d)| {
                format!("a base of {w}\" × {d}\": sides must be above 0 and at most 12\"")
            })
            .collect()
    }
}

/// The unit list: base sizes and every profile an army may name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Units {
    pub bases: Bases,
    pub units: Vec<UnitProfile>,
}

impl Units {
    pub fn load(path: &Path) -> Result<Self, DataError> {
        let units: Units = load_ron(path)?;
        match units.problems().first() {
            Some(p) => Err(DataError::new(path, p.clone())),
            None => Ok(units),
        }
    }

    /// Everything wrong with the list: its bases, each unit, a name given twice.
    pub fn problems(&self) -> Vec<String> {
        let mut out = self.bases.problems();
        out.extend(profile_problems(&self.units));
        out
    }

    /// Adds units a player designed; a name already there is kept, and a unit the rules
    /// refuse is left out.
    pub fn adopt(&mut self, units: Vec<UnitProfile>) {
        for u in units {
            if self.find(&u.name).is_none() && unit_problems(&u).is_empty() {
                self.units.push(u);
            }
        }
    }

    pub fn find(&self, name: &str) -> Option<&UnitProfile> {
        self.units.iter().find(|u| u.name == name)
    }
}

/// Units a player designed (the desktop's unit designer keeps them in its data folder).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct UnitList {
    pub units: Vec<UnitProfile>,
}

impl UnitList {
    /// What the unit list's checks refuse of the player's units: the same as of the
    /// shipped ones (a damaged `units.ron` is told, and its bad units left out).
    pub fn problems(&self) -> Vec<String> {
        profile_problems(&self.units)
    }
}

/// Every problem of each unit, and a name given to two.
fn profile_problems(units: &[UnitProfile]) -> Vec<String> {
    let mut out: Vec<String> = units.iter().flat_map(unit_problems).collect();
    out.extend(duplicate_names(units.iter().map(|u| u.name.as_str())));
    out
}

/// Everything a battle needs, self-contained (a save embeds it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleSetup {
    pub scenario: Scenario,
    pub armies: PerSide<ArmyList>,
    pub units: Units,
}

impl BattleSetup {
    /// Loads a scenario, its armies from `../armies/` and the units of
    /// `../bestiary/toy-soldier.ron`.
    pub fn load(scenario_file: &Path) -> Result<Self, DataError> {
        Self::load_adopting(scenario_file, Vec::new())
    }

    /// [`BattleSetup::load`] with the player's own units adopted before the armies are
    /// checked, so an army of them is as good as one of the shipped units.
    pub fn load_adopting(scenario_file: &Path, own: Vec<UnitProfile>) -> Result<Self, DataError> {
        let scenario: Scenario = load_ron(scenario_file)?;
        let armies = load_armies(scenario_file, &scenario.armies)?;
        let mut units = Units::load(&data_file(scenario_file, UNITS))?;
        units.adopt(own);
        let setup = Self {
            scenario,
            armies,
            units,
        };
        if let Some(first) = setup.problems().first() {
            return Err(DataError::new(scenario_file, first.clone()));
        }
        Ok(setup)
    }

    /// Adds units a player designed (see [`Units::adopt`]).
    pub fn adopt(&mut self, units: Vec<UnitProfile>) {
        self.units.adopt(units);
    }

    /// One side's units, in muster order.
    pub fn muster(&self, army: &ArmyList) -> Vec<Arc<UnitProfile>> {
        army.models()
            .filter_map(|n| self.units.find(n))
            .map(|u| Arc::new(u.clone()))
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
            Ruleset::ToySoldier,
            &self.armies,
            |army| army_problems(army, &self.units),
            |army| self.footprints(army),
        )
    }

    /// The room each unit takes in deployment: its base's longer side.
    pub fn footprints(&self, army: &ArmyList) -> Vec<f32> {
        self.muster(army)
            .iter()
            .map(|u| {
                let (w, d) = self.units.bases.of(u.kind);
                w.max(d)
            })
            .collect()
    }
}

/// Everything wrong with a Toy Soldier army: wrong ruleset, unknown units, over its
/// points (150 unless it says otherwise), not exactly one Command unit, or a leader that
/// is not it.
pub fn army_problems(army: &ArmyList, units: &Units) -> Vec<String> {
    let mut out = Vec::new();
    if army.ruleset != Ruleset::ToySoldier {
        out.push(format!(
            "army `{}` is for `{}`, not toy-soldier",
            army.name, army.ruleset
        ));
    }
    let limit = army.points_limit.unwrap_or(STANDARD_POINTS);
    let capped = ArmyList {
        points_limit: Some(limit),
        ..army.clone()
    };
    out.extend(capped.problems_with_points(
        |n| units.find(n).is_some(),
        |n| units.find(n).map(UnitProfile::points),
    ));
    // Counted by entry, not model by model: a hostile list may field billions.
    let commands: Vec<&ArmyEntry> = army
        .entries
        .iter()
        .filter(|e| e.count > 0 && units.find(&e.profile).is_some_and(|u| u.command))
        .collect();
    let count: u64 = commands.iter().map(|e| u64::from(e.count)).sum();
    if count != 1 {
        out.push(format!(
            "army `{}` has {count} Command units: a force has exactly one",
            army.name,
        ));
    } else if commands[0].profile != army.leader {
        out.push(format!(
            "army `{}`: its leader `{}` is not its Command unit `{}`",
            army.name, army.leader, commands[0].profile
        ));
    }
    out
}

/// Checks a Toy Soldier scenario, army, unit list or the player's own units
/// (`units.ron`); every problem, each naming the file.
pub fn validate_file(path: &Path) -> Vec<String> {
    validate_file_adopting(path, Vec::new())
}

/// [`validate_file`], an army or scenario of the player's own units (`own`) as good as
/// one of the shipped units.
pub fn validate_file_adopting(path: &Path, own: Vec<UnitProfile>) -> Vec<String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return vec![DataError::new(path, format!("cannot read: {e}")).to_string()],
    };
    let at = |p: String| DataError::new(path, p).to_string();
    if opens_with(&text, "Units") {
        return Units::load(path)
            .err()
            .map(|e| e.to_string())
            .into_iter()
            .collect();
    }
    if opens_as(&text, "UnitList", "units") {
        return match parse_ron::<UnitList>(path, &text) {
            Ok(list) => list.problems().into_iter().map(at).collect(),
            Err(e) => vec![e.to_string()],
        };
    }
    if opens_with(&text, "ArmyList") {
        let army = match parse_ron::<ArmyList>(path, &text) {
            Ok(a) => a,
            Err(e) => return vec![e.to_string()],
        };
        return match Units::load(&data_file(path, UNITS)) {
            Ok(mut u) => {
                u.adopt(own);
                army_problems(&army, &u).into_iter().map(at).collect()
            }
            Err(e) => vec![e.to_string()],
        };
    }
    match BattleSetup::load_adopting(path, own) {
        Ok(_) => Vec::new(),
        Err(e) => vec![e.to_string()],
    }
}

warband_table::setup_of!(BattleSetup);
