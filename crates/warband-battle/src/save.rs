//! Saves: the setup, the seed and every command sent, with the final-state hash. Loading
//! one replays it. Written to a temporary file and renamed, so a save is never half
//! written; a bad or truncated save is refused with its position.

use crate::command::Command;
use crate::data::{BattleSetup, DataError, parse_ron};
use crate::engine::Engine;
use serde::{Deserialize, Serialize};
use std::path::Path;
use warband_rules::Side;

pub const FORMAT_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Save {
    pub format_version: u32,
    pub setup: BattleSetup,
    pub seed: u64,
    pub commands: Vec<(Side, Command)>,
    pub final_hash: u64,
}

impl Save {
    pub fn write(&self, path: &Path) -> Result<(), DataError> {
        crate::data::save_ron(path, self)
    }

    pub fn read(path: &Path) -> Result<Self, DataError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| DataError::new(path, format!("cannot read: {e}")))?;
        let save: Save = parse_ron(path, &text)?;
        if save.format_version != FORMAT_VERSION {
            return Err(DataError::new(
                path,
                format!(
                    "save format version {} is not supported (expected {FORMAT_VERSION})",
                    save.format_version
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
