//! The table every ruleset shares: terrain kinds and pieces, deployment zones, a pair
//! of anything per side, and deployment in rows.

use crate::geometry::TerrainShape;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};
use warband_rules::Side;

mod kinds;

pub use kinds::{Look, Mat, TerrainKind};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainDef {
    pub name: String,
    pub kind: TerrainKind,
    /// Corners of a convex outline, in order, in inches from the bottom-left corner.
    pub corners: Vec<(f32, f32)>,
    /// How it is drawn: its kind's look if not written.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "warband_rules::plain::plain",
        deserialize_with = "warband_rules::plain::plain_some"
    )]
    pub look: Option<Look>,
}

impl TerrainDef {
    /// How it is drawn.
    pub fn look(&self) -> Look {
        self.look.unwrap_or(Look::of(self.kind))
    }

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

impl Zone {
    /// Deployment zones along the two long-facing edges of a `table` (width × depth):
    /// side A's at the bottom, B's at the top, each `depth` deep and `inset` in from
    /// every edge.
    pub fn facing_edges(table: (f32, f32), inset: f32, depth: f32) -> PerSide<Zone> {
        let (w, d) = table;
        PerSide {
            a: Zone {
                min: (inset, inset),
                max: (w - inset, inset + depth),
            },
            b: Zone {
                min: (inset, d - inset - depth),
                max: (w - inset, d - inset),
            },
        }
    }
}

/// One value per side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerSide<T> {
    pub a: T,
    pub b: T,
}

impl<T> PerSide<T> {
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::A => &mut self.a,
            Side::B => &mut self.b,
        }
    }
}

/// Places bases in rows inside a zone, the first row along the edge nearest the table's
/// centre, left to right, in list order.
pub fn deploy(zone: Zone, diameters: &[f32], table: Vec2) -> Result<Vec<Vec2>, String> {
    let gap = 0.5;
    let pitch = diameters.iter().copied().fold(0.0f32, f32::max) + gap;
    let (x0, x1) = (zone.min.0, zone.max.0);
    let (y0, y1) = (zone.min.1, zone.max.1);
    let forward_down = (y0 + y1) / 2.0 > table.y / 2.0;
    let per_row = (((x1 - x0) / pitch).floor() as usize).max(1);
    let mut out = Vec::with_capacity(diameters.len());
    for i in 0..diameters.len() {
        let (row, col) = (i / per_row, i % per_row);
        let in_row = (diameters.len() - row * per_row).min(per_row);
        let row_width = in_row as f32 * pitch;
        let x = x0 + ((x1 - x0) - row_width) / 2.0 + pitch * (col as f32 + 0.5);
        let depth = pitch * (row as f32 + 0.5);
        let y = if forward_down { y0 + depth } else { y1 - depth };
        if depth + pitch / 2.0 > (y1 - y0) + 1e-3 {
            return Err(format!(
                "the deployment zone is too small for {} models",
                diameters.len()
            ));
        }
        out.push(Vec2::new(x, y));
    }
    Ok(out)
}

/// The largest table side and round limit a scenario may set: beyond any real table.
pub const MAX_TABLE: f32 = 1000.0;
pub const MAX_ROUNDS: u32 = 1000;

/// What is wrong with a scenario's table (any ruleset): its size, round limit, terrain shapes and
/// places, and deployment zones (each must lie on the table, apart from the other).
pub fn table_problems(
    name: &str,
    table: (f32, f32),
    round_limit: u32,
    terrain: &[TerrainDef],
    deployment: &PerSide<Zone>,
) -> Vec<String> {
    let mut out = Vec::new();
    if name.trim().is_empty() {
        out.push("a scenario needs a name".to_string());
    }
    let (w, d) = table;
    let sane = |x: f32| x.is_finite() && x > 0.0 && x <= MAX_TABLE;
    if !(sane(w) && sane(d)) {
        out.push(format!(
            "scenario `{}`: table size must be above 0 and at most {MAX_TABLE}\", not {w} × {d}",
            name
        ));
        return out;
    }
    if !(1..=MAX_ROUNDS).contains(&round_limit) {
        out.push(format!(
            "scenario `{}`: round_limit must be 1 to {MAX_ROUNDS}, not {}",
            name, round_limit
        ));
    }
    let on_table = |(x, y): (f32, f32)| (0.0..=w).contains(&x) && (0.0..=d).contains(&y);
    for t in terrain {
        if let Err(e) = t.shape() {
            out.push(e);
        } else if !t.corners.iter().any(|c| on_table(*c)) {
            out.push(format!(
                "terrain `{}` lies wholly off the {w}\" × {d}\" table",
                t.name
            ));
        }
    }
    let (a, b) = (&deployment.a, &deployment.b);
    if a.min.0 < b.max.0 && b.min.0 < a.max.0 && a.min.1 < b.max.1 && b.min.1 < a.max.1 {
        out.push(format!(
            "scenario `{name}`: the deployment zones of A and B overlap: each side needs its own ground"
        ));
    }
    for side in Side::BOTH {
        let z = deployment.get(side);
        if !(z.min.0 < z.max.0 && z.min.1 < z.max.1) {
            out.push(format!(
                "scenario `{}`: deployment zone of {side} is empty",
                name
            ));
        } else if !(on_table(z.min) && on_table(z.max)) {
            out.push(format!(
                "scenario `{}`: deployment zone of {side} runs off the {w}\" × {d}\" table",
                name
            ));
        }
    }
    out
}

/// A scenario's table as the checks read it, for any ruleset.
pub struct TableOf<'a> {
    pub name: &'a str,
    pub ruleset: warband_rules::Ruleset,
    pub table: (f32, f32),
    pub limit: u32,
    pub terrain: &'a [TerrainDef],
    pub deployment: &'a PerSide<Zone>,
}

/// Everything that would stop a battle of ruleset `expected` being played on this table
/// with these armies: a scenario of another ruleset, the table's problems, each army's
/// own (`army` gives them), and an army its zone cannot hold (`room` gives the room each
/// model or unit takes in deployment; it is not asked of an army of more than
/// [`MAX_MODELS`](warband_rules::army::MAX_MODELS), which is refused as it stands).
pub fn battle_problems(
    t: &TableOf,
    expected: warband_rules::Ruleset,
    armies: &PerSide<warband_rules::army::ArmyList>,
    army: impl Fn(&warband_rules::army::ArmyList) -> Vec<String>,
    room: impl Fn(&warband_rules::army::ArmyList) -> Vec<f32>,
) -> Vec<String> {
    let mut out = Vec::new();
    if t.ruleset != expected {
        out.push(format!(
            "scenario `{}` is for `{}`, not {expected}",
            t.name, t.ruleset
        ));
    }
    out.extend(table_problems(
        t.name,
        t.table,
        t.limit,
        t.terrain,
        t.deployment,
    ));
    let size = Vec2::new(t.table.0, t.table.1);
    for side in Side::BOTH {
        let list = armies.get(side);
        out.extend(army(list));
        if list.too_large() {
            continue;
        }
        if let Err(e) = deploy(*t.deployment.get(side), &room(list), size) {
            out.push(format!(
                "scenario `{}`, {side} ({}): {e}",
                t.name, list.name
            ));
        }
    }
    out
}

/// The start of every ruleset's spawn: a setup with any problem is refused (all of
/// them, in one message), else its terrain is laid; the table's size is returned.
pub fn lay_table(
    world: &mut bevy_ecs::world::World,
    setup: &impl crate::scenario::Setup,
) -> Result<Vec2, String> {
    let problems = setup.problems();
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    let s = setup.scenario();
    lay_terrain(world, &s.terrain)?;
    Ok(Vec2::new(s.table.0, s.table.1))
}

/// Lays a scenario's terrain in a battle world: one `Terrain` entity a piece (for the
/// screen) and the `TerrainMap` of their shapes (for the rules).
pub fn lay_terrain(
    world: &mut bevy_ecs::world::World,
    terrain: &[TerrainDef],
) -> Result<(), String> {
    use crate::components::{Terrain, TerrainMap, TerrainNames};
    let mut shapes = Vec::new();
    for (index, t) in terrain.iter().enumerate() {
        shapes.push(t.shape()?);
        world.spawn(Terrain {
            index,
            name: t.name.clone(),
            kind: t.kind,
        });
    }
    world.insert_resource(TerrainMap(shapes.into()));
    let names: Vec<String> = terrain.iter().map(|t| t.name.clone()).collect();
    world.insert_resource(TerrainNames(names.into()));
    Ok(())
}
