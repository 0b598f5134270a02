//! A hosted battle written to its save file as it goes: a host killed mid-battle (a
//! headless one on a server, say) leaves a save to play on from, not nothing.

use super::Host;
use std::path::PathBuf;
use warband_table::engine::Rules;

/// Commands between two writes of the battle so far.
pub const EVERY: usize = 20;

/// Where the battle is written, and how many commands it held when last written.
pub(super) struct Checkpoint {
    path: PathBuf,
    written: usize,
}

impl<R: Rules> Host<R> {
    /// Writes the battle so far to `path` every [`EVERY`] commands while it is played
    /// (each write whole or not at all), as well as at its end if asked.
    pub fn with_checkpoints(mut self, path: PathBuf) -> Self {
        self.checkpoint = Some(Checkpoint { path, written: 0 });
        self
    }

    /// Writes the battle so far, if a checkpoint is due; a failure is told as a notice
    /// (each time a write is due and fails), and play goes on.
    pub(super) fn write_checkpoint(&mut self) {
        let n = self.entries.len();
        let due = self
            .checkpoint
            .as_ref()
            .is_some_and(|c| n >= c.written + EVERY);
        if !due {
            return;
        }
        let Some(mut engine) = self.engine.take() else {
            return;
        };
        let save = self.save(&mut engine);
        self.engine = Some(engine);
        let Some(c) = self.checkpoint.as_mut() else {
            return;
        };
        let failed = save.write(&c.path).err();
        c.written = n;
        if let Some(e) = failed {
            self.say(&format!("cannot write the battle so far: {e}"));
        }
    }
}
