//! How fast the computer players' commands are shown: the watch speed, pause, step
//! and skip.

use std::time::Duration;

/// Pace of computer players.
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    pub paused: bool,
    /// 0.25× to 16× (`Settings::WATCH_SPEED`); at 1× the computer sends two commands a
    /// second.
    pub speed: f32,
    /// Send one command, then pause.
    pub step: bool,
    /// Play to the end at once.
    pub skip: bool,
    pub(super) owed: f32,
}

/// The most of a frame's time the pace counts: a long frame (the window opening, the
/// first frames while the GPU builds its pipelines, a stall) is not made up for by a
/// burst of commands the player never sees played. (A window drawing under four frames
/// a second therefore watches slower than its speed.)
pub const LONGEST_FRAME: Duration = Duration::from_millis(250);

impl Pace {
    /// How many of the commands waiting may be shown now, `dt` after the last frame: at
    /// the watch speed (two a second at 1×), all at once when skipping, none while
    /// paused but for a step.
    pub(crate) fn allow(&mut self, dt: Duration) -> usize {
        if self.skip {
            return usize::MAX;
        }
        if self.step {
            self.step = false;
            return 1;
        }
        if self.paused {
            return 0;
        }
        self.owe(dt);
        let whole = self.owed.floor();
        self.owed -= whole;
        whole as usize
    }

    /// Holds the next command back until `steps` of the pace have passed (a person's
    /// own dice stand in the tray as long as the computer's stand before them).
    pub(crate) fn linger(&mut self, steps: f32) {
        self.owed = self.owed.min(1.0 - steps);
    }

    /// Adds the commands a frame of `dt` lets through at this speed (two a second at
    /// 1×), counting at most [`LONGEST_FRAME`] of it.
    pub(crate) fn owe(&mut self, dt: Duration) {
        let dt = dt.min(LONGEST_FRAME).as_secs_f32();
        self.owed = (self.owed + dt * 2.0 * self.speed).min(64.0);
    }
}

impl Default for Pace {
    fn default() -> Self {
        Self {
            paused: false,
            speed: 1.0,
            step: false,
            skip: false,
            owed: 0.0,
        }
    }
}
