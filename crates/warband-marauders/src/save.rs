//! Saves: the setup, the seed and every command sent, with the final-state hash. Loading
//! one replays it. Written to a temporary file and renamed, so a save is never half
//! written; a bad or truncated save is refused with its position.

use crate::command::Command;
use crate::data::{BattleSetup, DataError, parse_ron};
use crate::engine::Engine;
use serde::{Deserialize, Serialize};
use std::path::Path;
use warband_rules::{Ruleset, Side};

/// Version 2 names the ruleset; version 1 (Marauders only) still loads.
pub const FORMAT_VERSION: u32 = 2;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Save {
    pub format_version: u32,
    /// The ruleset the battle was played under (absent in version 1: Marauders).
    #[serde(default = "marauders")]
    pub ruleset: Ruleset,
    pub setup: BattleSetup,
    pub seed: u64,
    pub commands: Vec<(Side, Command)>,
    pub final_hash: u64,
}

fn marauders() -> Ruleset {
    Ruleset::Marauders
}

impl Save {
    /// A save of the current format for a battle of `setup` played from `seed`.
    pub fn new(
        setup: BattleSetup,
        seed: u64,
        commands: Vec<(Side, Command)>,
        final_hash: u64,
    ) -> Self {
        Self {
            format_version: FORMAT_VERSION,
            ruleset: setup.scenario.ruleset,
            setup,
            seed,
            commands,
            final_hash,
        }
    }

    pub fn write(&self, path: &Path) -> Result<(), DataError> {
        crate::data::save_ron(path, self)
    }

    pub fn read(path: &Path) -> Result<Self, DataError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| DataError::new(path, format!("cannot read: {e}")))?;
        let save: Save = parse_ron(path, &text)?;
        if !(1..=FORMAT_VERSION).contains(&save.format_version) {
            return Err(DataError::new(
                path,
                format!(
                    "save format version {} is not supported (expected 1 to {FORMAT_VERSION})",
                    save.format_version
                ),
            ));
        }
        if save.ruleset != save.setup.scenario.ruleset {
            return Err(DataError::new(
                path,
                format!(
                    "the save says ruleset `{}` but its scenario is for `{}`",
                    save.ruleset, save.setup.scenario.ruleset
                ),
            ));
        }
        Ok(save)
    }

    /// Replays the commands on a fresh engine. Commands the original battle refused are
    /// refused again, so the log matches.
    pub fn replay(&self) -> Result<Engine, String> {
        let mut engine = Engine::new(&self.setup, self.seed)?;
        for (side, command) in &self.commands {
            let _ = engine.submit(*side, command.clone());
        }
        Ok(engine)
    }
}
