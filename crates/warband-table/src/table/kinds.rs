//! What a piece of terrain is (its kind and the rules it carries), how it looks, and the
//! ground the table is drawn as.

use crate::geometry::TerrainFlags;
use serde::{Deserialize, Serialize};

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
    /// A rise: a unit on it or behind its crest is in cover.
    Hill,
    /// Fordable water: rough ground, drawn as a river.
    River,
}

impl TerrainKind {
    /// Every kind, in the order an editor offers them.
    pub const ALL: [TerrainKind; 7] = [
        TerrainKind::Wood,
        TerrainKind::Hill,
        TerrainKind::Rough,
        TerrainKind::River,
        TerrainKind::LowWall,
        TerrainKind::House,
        TerrainKind::Impassable,
    ];

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
            TerrainKind::Hill => f.cover = true,
            TerrainKind::River => f.rough = true,
        }
        f
    }
}

/// How a terrain piece is drawn, beside its rules kind: a cliff and a house both block
/// movement and sight, but do not look alike. Only the picture; the rules read `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Look {
    Wood,
    Hill,
    River,
    Ford,
    Water,
    Bog,
    Wall,
    Hedge,
    House,
    Ruin,
    Cliff,
    CaveWall,
    Rock,
    Pillar,
    Scree,
    Fire,
}

impl Look {
    /// Every look, in the order an editor offers them.
    pub const ALL: [Look; 16] = [
        Look::Wood,
        Look::Hill,
        Look::River,
        Look::Ford,
        Look::Water,
        Look::Bog,
        Look::Wall,
        Look::Hedge,
        Look::House,
        Look::Ruin,
        Look::Cliff,
        Look::CaveWall,
        Look::Rock,
        Look::Pillar,
        Look::Scree,
        Look::Fire,
    ];

    /// The look of a piece that names none: its kind's.
    pub fn of(kind: TerrainKind) -> Look {
        match kind {
            TerrainKind::Wood => Look::Wood,
            TerrainKind::LowWall => Look::Wall,
            TerrainKind::House => Look::House,
            TerrainKind::Rough => Look::Scree,
            TerrainKind::Impassable => Look::Water,
            TerrainKind::Hill => Look::Hill,
            TerrainKind::River => Look::River,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Look::Wood => "wood",
            Look::Hill => "hill",
            Look::River => "river",
            Look::Ford => "ford",
            Look::Water => "deep water",
            Look::Bog => "bog",
            Look::Wall => "wall",
            Look::Hedge => "hedge",
            Look::House => "house",
            Look::Ruin => "ruin",
            Look::Cliff => "cliff",
            Look::CaveWall => "cave wall",
            Look::Rock => "rock",
            Look::Pillar => "pillar",
            Look::Scree => "scree",
            Look::Fire => "fire",
        }
    }
}

/// The cloth or ground of the table under the terrain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mat {
    #[default]
    Grass,
    Felt,
    Sand,
    /// A dungeon's flagstones.
    Stone,
}

impl Mat {
    pub const ALL: [Mat; 4] = [Mat::Grass, Mat::Felt, Mat::Sand, Mat::Stone];

    pub fn name(self) -> &'static str {
        match self {
            Mat::Grass => "grass",
            Mat::Felt => "felt",
            Mat::Sand => "sand",
            Mat::Stone => "flagstones",
        }
    }
}
