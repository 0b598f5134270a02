//! The scenario of every ruleset, as the engines load it and the scenario editor edits
//! it: the table, its terrain, the deployment zones, the two armies and the battle's
//! length. The length is read as `round_limit` or (Toy Soldier's older files)
//! `turn_limit`, and written as `round_limit`. The edits keep everything on the table.

use crate::table::{PerSide, TerrainDef, TerrainKind, Zone};
use serde::{Deserialize, Serialize};
use warband_rules::army::ArmyList;
use warband_rules::{Ruleset, Side};

/// What every ruleset's battle setup has: its scenario, its two armies, and what would
/// stop it being played.
pub trait Setup:
    Clone
    + std::fmt::Debug
    + PartialEq
    + Serialize
    + serde::de::DeserializeOwned
    + Send
    + Sync
    + 'static
{
    fn scenario(&self) -> &Scenario;
    fn scenario_mut(&mut self) -> &mut Scenario;
    fn armies(&self) -> &PerSide<ArmyList>;
    fn armies_mut(&mut self) -> &mut PerSide<ArmyList>;
    /// Everything that would stop the battle being played (empty: none).
    fn problems(&self) -> Vec<String>;
}

/// `impl Setup` for a ruleset's setup type with `scenario` and `armies` fields and an
/// inherent `problems`: `warband_table::setup_of!(BattleSetup);`.
#[macro_export]
macro_rules! setup_of {
    ($setup:ty) => {
        impl $crate::scenario::Setup for $setup {
            fn scenario(&self) -> &$crate::scenario::Scenario {
                &self.scenario
            }

            fn scenario_mut(&mut self) -> &mut $crate::scenario::Scenario {
                &mut self.scenario
            }

            fn armies(&self) -> &$crate::table::PerSide<warband_rules::army::ArmyList> {
                &self.armies
            }

            fn armies_mut(&mut self) -> &mut $crate::table::PerSide<warband_rules::army::ArmyList> {
                &mut self.armies
            }

            fn problems(&self) -> Vec<String> {
                <$setup>::problems(self)
            }
        }
    };
}

/// A scenario of any ruleset: the table, its terrain, the deployment zones, the two
/// armies (file names under the assets' `armies/`) and the battle's length.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "ScenarioFile")]
pub struct Scenario {
    pub name: String,
    pub ruleset: Ruleset,
    /// Width and depth in inches.
    pub table: (f32, f32),
    /// The last round (Toy Soldier: turn) before the battle is decided on points.
    pub round_limit: u32,
    pub terrain: Vec<TerrainDef>,
    pub deployment: PerSide<Zone>,
    pub armies: PerSide<String>,
    /// Whether the sides set their models down by hand, in turn, before the first round
    /// (else the engine deploys them in rows). Set by the battle's setup; written only
    /// when true, so a save of a battle deployed in rows reads as it always did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hand_deployment: bool,
    /// The ground the table is drawn as (grass if not written). Only the picture.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "warband_rules::plain::plain"
    )]
    pub mat: Option<crate::table::Mat>,
}

/// A scenario as its file has it: the length under either name, or none (the
/// ruleset's default).
#[derive(Deserialize)]
#[serde(rename = "Scenario")]
struct ScenarioFile {
    name: String,
    ruleset: Ruleset,
    table: (f32, f32),
    #[serde(
        alias = "turn_limit",
        default,
        deserialize_with = "warband_rules::plain::plain_some"
    )]
    round_limit: Option<u32>,
    #[serde(default)]
    terrain: Vec<TerrainDef>,
    deployment: PerSide<Zone>,
    armies: PerSide<String>,
    #[serde(default)]
    hand_deployment: bool,
    #[serde(default, deserialize_with = "warband_rules::plain::plain_some")]
    mat: Option<crate::table::Mat>,
}

impl From<ScenarioFile> for Scenario {
    fn from(f: ScenarioFile) -> Self {
        Scenario {
            round_limit: f
                .round_limit
                .unwrap_or_else(|| f.ruleset.default_round_limit()),
            name: f.name,
            ruleset: f.ruleset,
            table: f.table,
            terrain: f.terrain,
            deployment: f.deployment,
            armies: f.armies,
            hand_deployment: f.hand_deployment,
            mat: f.mat,
        }
    }
}

impl Scenario {
    /// A new open table of `ruleset`, 24" square, with deployment zones along the short
    /// edges and the two armies given.
    pub fn new(ruleset: Ruleset, armies: PerSide<String>) -> Self {
        Scenario {
            name: "New scenario".into(),
            ruleset,
            table: (24.0, 24.0),
            round_limit: ruleset.default_round_limit(),
            terrain: Vec::new(),
            deployment: Zone::facing_edges((24.0, 24.0), 1.0, 5.0),
            hand_deployment: false,
            mat: None,
            armies,
        }
    }

    /// The file's text: RON, as the shipped scenarios are written.
    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new().struct_names(true);
        ron::ser::to_string_pretty(self, pretty).expect("a scenario encodes") + "\n"
    }

    fn clamp(&self, p: (f32, f32)) -> (f32, f32) {
        (p.0.clamp(0.0, self.table.0), p.1.clamp(0.0, self.table.1))
    }

    /// A new piece of `kind`, a 4" square around `at`, named by its kind and number.
    pub fn add_piece(&mut self, kind: TerrainKind, at: (f32, f32)) -> usize {
        let (x, y) = self.clamp(at);
        let (x, y) = (
            x.clamp(2.0, self.table.0 - 2.0),
            y.clamp(2.0, self.table.1 - 2.0),
        );
        let n = self.terrain.iter().filter(|t| t.kind == kind).count() + 1;
        self.terrain.push(TerrainDef {
            look: None,
            name: format!("{kind:?} {n}"),
            kind,
            corners: vec![
                (x - 2.0, y - 2.0),
                (x + 2.0, y - 2.0),
                (x + 2.0, y + 2.0),
                (x - 2.0, y + 2.0),
            ],
        });
        self.terrain.len() - 1
    }

    /// Moves a piece by `by`, stopping at the table's edges.
    pub fn move_piece(&mut self, i: usize, by: (f32, f32)) {
        let (w, h) = self.table;
        let Some(t) = self.terrain.get_mut(i) else {
            return;
        };
        let (lo, hi) = bounds(&t.corners);
        let dx = by.0.clamp(-lo.0, w - hi.0);
        let dy = by.1.clamp(-lo.1, h - hi.1);
        for c in &mut t.corners {
            *c = (c.0 + dx, c.1 + dy);
        }
    }

    /// Turns a piece by `degrees` anticlockwise about its centre, or scales it by
    /// `factor`, then slides it back onto the table where a corner would leave it (a
    /// piece against the edge turns as one in the middle does); refused (unchanged, and
    /// false) only where it would not fit on the table at all.
    pub fn turn_piece(&mut self, i: usize, degrees: f32, factor: f32) -> bool {
        let table = self.table;
        let Some(t) = self.terrain.get_mut(i) else {
            return false;
        };
        let (lo, hi) = bounds(&t.corners);
        let c = ((lo.0 + hi.0) / 2.0, (lo.1 + hi.1) / 2.0);
        let (sin, cos) = degrees.to_radians().sin_cos();
        let moved: Vec<(f32, f32)> = t
            .corners
            .iter()
            .map(|p| {
                let (x, y) = ((p.0 - c.0) * factor, (p.1 - c.1) * factor);
                (c.0 + x * cos - y * sin, c.1 + x * sin + y * cos)
            })
            .collect();
        let (lo, hi) = bounds(&moved);
        if hi.0 - lo.0 > table.0 || hi.1 - lo.1 > table.1 {
            return false;
        }
        // Back onto the table by as much as it went off either edge.
        let back = |lo: f32, hi: f32, edge: f32| (-lo).max(0.0) - (hi - edge).max(0.0);
        let (dx, dy) = (back(lo.0, hi.0, table.0), back(lo.1, hi.1, table.1));
        t.corners = moved.iter().map(|p| (p.0 + dx, p.1 + dy)).collect();
        true
    }

    /// Puts corner `k` of piece `i` at `to` (on the table).
    pub fn move_corner(&mut self, i: usize, k: usize, to: (f32, f32)) {
        let to = self.clamp(to);
        if let Some(c) = self.terrain.get_mut(i).and_then(|t| t.corners.get_mut(k)) {
            *c = to;
        }
    }

    /// Moves a side's deployment zone by `by`, keeping it on the table.
    pub fn move_zone(&mut self, side: Side, by: (f32, f32)) {
        let (w, h) = self.table;
        let z = self.deployment.get_mut(side);
        let dx = by.0.clamp(-z.min.0, w - z.max.0);
        let dy = by.1.clamp(-z.min.1, h - z.max.1);
        z.min = (z.min.0 + dx, z.min.1 + dy);
        z.max = (z.max.0 + dx, z.max.1 + dy);
    }

    /// Puts a zone's corner (`max` or `min`) at `to`, keeping the zone at least 1" each way.
    pub fn resize_zone(&mut self, side: Side, max_corner: bool, to: (f32, f32)) {
        let to = self.clamp(to);
        let z = self.deployment.get_mut(side);
        if max_corner {
            z.max = (to.0.max(z.min.0 + 1.0), to.1.max(z.min.1 + 1.0));
        } else {
            z.min = (to.0.min(z.max.0 - 1.0), to.1.min(z.max.1 - 1.0));
        }
    }

    /// A new table size; terrain and zones that would hang off it are pulled back on. A
    /// piece is slid back whole, keeping its shape; only one larger than the table is
    /// cut to its edge (never squashed flat against it).
    pub fn resize_table(&mut self, size: (f32, f32)) {
        self.table = (size.0.clamp(6.0, 240.0), size.1.clamp(6.0, 240.0));
        let (w, h) = self.table;
        for t in &mut self.terrain {
            let (lo, hi) = bounds(&t.corners);
            let dx = (w - hi.0).min(0.0).max(-lo.0);
            let dy = (h - hi.1).min(0.0).max(-lo.1);
            for c in &mut t.corners {
                *c = ((c.0 + dx).clamp(0.0, w), (c.1 + dy).clamp(0.0, h));
            }
        }
        for side in Side::BOTH {
            let (w, h) = self.table;
            let z = self.deployment.get_mut(side);
            z.max = (z.max.0.min(w), z.max.1.min(h));
            z.min = (
                z.min.0.min(z.max.0 - 1.0).max(0.0),
                z.min.1.min(z.max.1 - 1.0).max(0.0),
            );
        }
    }
}

/// The lowest and highest corner of an outline.
fn bounds(corners: &[(f32, f32)]) -> ((f32, f32), (f32, f32)) {
    corners.iter().fold(
        ((f32::MAX, f32::MAX), (f32::MIN, f32::MIN)),
        |(lo, hi), c| {
            (
                (lo.0.min(c.0), lo.1.min(c.1)),
                (hi.0.max(c.0), hi.1.max(c.1)),
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(ruleset: Ruleset) -> Scenario {
        let armies = PerSide {
            a: "x".to_string(),
            b: "y".to_string(),
        };
        Scenario::new(ruleset, armies)
    }

    #[test]
    fn the_length_is_written_as_round_limit_and_read_under_either_name_or_defaulted() {
        let mut d = doc(Ruleset::ToySoldier);
        d.round_limit = 6;
        let text = d.to_ron();
        assert!(
            text.starts_with("Scenario(") && text.contains("round_limit: 6"),
            "{text}"
        );
        assert_eq!(ron::from_str::<Scenario>(&text).unwrap(), d);
        let old = text.replace("round_limit", "turn_limit");
        assert_eq!(ron::from_str::<Scenario>(&old).unwrap(), d);
        // A file naming no length lasts as long as its ruleset's default.
        for ruleset in Ruleset::ALL {
            let mut none = doc(ruleset).to_ron();
            let at = none.find("    round_limit").unwrap();
            let end = at + none[at..].find('\n').unwrap() + 1;
            none.replace_range(at..end, "");
            let read = ron::from_str::<Scenario>(&none).unwrap();
            assert_eq!(read.round_limit, ruleset.default_round_limit(), "{none}");
        }
        assert_eq!(doc(Ruleset::Marauders).round_limit, 12);
    }

    #[test]
    fn edits_keep_pieces_and_zones_on_the_table() {
        let mut d = doc(Ruleset::Marauders);
        let i = d.add_piece(TerrainKind::Wood, (23.0, 23.0));
        assert_eq!(bounds(&d.terrain[i].corners), ((20.0, 20.0), (24.0, 24.0)));
        d.move_piece(i, (10.0, -4.0));
        assert_eq!(bounds(&d.terrain[i].corners), ((20.0, 16.0), (24.0, 20.0)));
        // A quarter turn of a square in the corner keeps it; doubling it would not fit.
        d.turn_piece(i, 90.0, 1.0);
        let ((x0, y0), (x1, y1)) = bounds(&d.terrain[i].corners);
        assert!(
            (x0 - 20.0).abs() < 1e-4 && (y1 - 20.0).abs() < 1e-4,
            "{x0} {y0} {x1} {y1}"
        );
        // Doubled against the edge, it slides back onto the table whole; ten times as
        // big, it would not fit at all and is left as it was.
        assert!(d.turn_piece(i, 0.0, 2.0));
        let ((x0, y0), (x1, y1)) = bounds(&d.terrain[i].corners);
        assert!(x0 >= 0.0 && y0 >= 0.0 && x1 <= d.table.0 && y1 <= d.table.1);
        assert!(((x1 - x0) - 8.0).abs() < 1e-3, "{x0} {x1}");
        let before = d.terrain[i].clone();
        assert!(!d.turn_piece(i, 0.0, 10.0));
        assert_eq!(d.terrain[i], before);
        d.turn_piece(i, 0.0, 0.5);
        d.move_corner(i, 0, (-5.0, 30.0));
        assert_eq!(d.terrain[i].corners[0], (0.0, 24.0));
        d.move_zone(Side::A, (0.0, -10.0));
        assert_eq!(d.deployment.a.min, (1.0, 0.0));
        d.resize_zone(Side::B, false, (30.0, 30.0));
        assert_eq!(d.deployment.b.min, (22.0, 22.0));
        let shape = bounds(&d.terrain[i].corners);
        d.resize_table((12.0, 12.0));
        assert!(d.deployment.b.max.0 <= 12.0 && d.deployment.b.min.0 <= 11.0);
        // The piece slid back on whole, its depth kept, not squashed against the edge;
        // wider than the table, it is cut to it.
        let (lo, hi) = bounds(&d.terrain[i].corners);
        assert!(hi.0 <= 12.0 && hi.1 <= 12.0 && lo.0 >= 0.0 && lo.1 >= 0.0);
        let size = |(lo, hi): ((f32, f32), (f32, f32))| (hi.0 - lo.0, hi.1 - lo.1);
        let (w, h) = size(shape);
        assert!(w > 12.0 && h < 12.0, "{w} {h}");
        assert_eq!(size((lo, hi)), (12.0, h));
    }
}
