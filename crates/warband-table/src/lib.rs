//! The table every Warband ruleset shares, knowing no ruleset: base and terrain
//! geometry on parry2d (contact, overlap, legal straight moves, lines of fire, melee
//! groups), terrain kinds, deployment zones and deployment, RON data files with
//! file:line:col errors and atomic writes, the refusal of a command, a stable hash, the
//! registry that drives forks and state hashes of a battle world, and the generic
//! engine (`engine::Engine<R>`) each ruleset runs on through its `engine::Rules`.

pub mod balance;
pub mod bounded;
pub mod calibrate;
pub mod components;
pub mod corpus;
pub mod deployment;
pub mod engine;
pub mod files;
pub mod frozen;
pub mod fuzz;
pub mod geometry;
pub mod hash;
pub mod hostile;
pub mod kept_query;
pub mod lab;
pub mod log;
pub mod player;
pub mod recycle;
pub mod salts;
pub mod save;
pub mod scenario;
pub mod search;
pub mod sim;
pub mod state;
pub mod table;
pub mod timeline;
mod transition;
pub mod views;

pub use warband_rules::Side;

/// Why a command was refused: what any ruleset's engine answers to a command it will
/// not play — the reason a player reads, and its kind. The battle is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String, pub RefusalKind);

/// What sort of thing stopped a command, for a screen or a player to act on without
/// reading the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RefusalKind {
    /// Not this side's turn or step, not the phase for it, or the battle is over.
    OutOfTurn,
    /// The model, unit or target named is not one this command may name.
    NoSuchModel,
    /// The table forbids it: off the table, blocked, overlapping, too far.
    Table,
    /// A rule of the ruleset forbids it.
    Rule,
}

impl Refusal {
    pub fn kind(&self) -> RefusalKind {
        self.1
    }

    pub fn message(&self) -> &str {
        &self.0
    }

    /// The table refuses: a geometry problem.
    pub fn table(reason: impl Into<String>) -> Self {
        Refusal(reason.into(), RefusalKind::Table)
    }

    /// The rules refuse.
    pub fn rule(reason: impl Into<String>) -> Self {
        Refusal(reason.into(), RefusalKind::Rule)
    }

    /// The table refuses a move or pivot; terrain in the way is named as the scenario
    /// names it ("the Inn blocks movement"), not by its index.
    pub fn of_move(world: &bevy_ecs::world::World, e: geometry::MoveError) -> Self {
        match e {
            geometry::MoveError::Blocked { terrain } => Refusal::table(format!(
                "{} blocks movement",
                components::terrain_name(world, terrain)
            )),
            e => Refusal::table(e.to_string()),
        }
    }

    /// Terrain that blocks sight stops a shot or spell, named as the scenario names it.
    pub fn sight_blocked(world: &bevy_ecs::world::World, terrain: usize) -> Self {
        Refusal::rule(format!(
            "{} blocks the line of sight",
            components::terrain_name(world, terrain)
        ))
    }
}

/// A refusal by a rule.
pub fn refuse<T>(reason: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::rule(reason))
}

/// A refusal of a given kind.
pub fn refuse_as<T>(kind: RefusalKind, reason: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(reason.into(), kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::MoveError;
    use crate::table::{TerrainDef, TerrainKind, lay_terrain};

    /// Terrain in the way is named as the scenario names it; a piece the world does not
    /// hold (a fork has no terrain entities) falls back to its index.
    #[test]
    fn refusals_name_the_terrain_in_the_way() {
        let mut world = bevy_ecs::world::World::new();
        let inn = TerrainDef {
            look: None,
            name: "Inn".into(),
            kind: TerrainKind::House,
            corners: vec![(2.0, 2.0), (6.0, 2.0), (6.0, 5.0), (2.0, 5.0)],
        };
        lay_terrain(&mut world, &[inn]).unwrap();
        let blocked = Refusal::of_move(&world, MoveError::Blocked { terrain: 0 });
        assert_eq!(blocked.message(), "Inn blocks movement");
        assert_eq!(blocked.kind(), RefusalKind::Table);
        assert_eq!(
            Refusal::sight_blocked(&world, 0).message(),
            "Inn blocks the line of sight"
        );
        assert_eq!(
            Refusal::of_move(&world, MoveError::Blocked { terrain: 3 }).message(),
            "terrain piece 3 blocks movement"
        );
        assert_eq!(
            Refusal::of_move(&world, MoveError::OffTable).message(),
            MoveError::OffTable.to_string()
        );
    }
}
