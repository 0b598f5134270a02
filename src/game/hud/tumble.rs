//! Dice tumble in the tray before they settle: a new roll's dice show random faces for
//! about 0.4 s (shorter at a faster watch speed; at once with animation off, at 16× or
//! when skipping), then the faces the battle rolled. Only the picture: the random faces
//! come from a stream of the tray's own, never the battle's dice, and the face a die
//! settles on is the one its log entry records. The log tells a roll once its dice land
//! ([`Tumble::held`]).

use crate::game::awake::Busy;
use crate::game::motion::Motion;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Seconds new dice tumble at 1×.
pub const TUMBLE: f32 = 0.4;
/// Seconds each random face shows while a die tumbles.
const FLICK: f32 = 0.05;

/// The dice still tumbling: those from log entry `from` on, for `length` seconds.
#[derive(Resource, Debug, Default)]
pub struct Tumble {
    /// The log's length at the last look; None before the first look at a battle (the
    /// dice already in its tray then are not new).
    seen: Option<usize>,
    from: usize,
    age: f32,
    length: f32,
    /// This throw's seed, from the tray's own stream.
    seed: u64,
    /// The session's count of engines made at the last look: a log made again (a seek,
    /// a network resync) is looked at afresh, its dice not new.
    made: u32,
}

impl Tumble {
    /// Looks at a log of `len` entries `dt` seconds after the last look: what was logged
    /// since starts to tumble for `length` seconds. Whether any die still tumbles. (The
    /// tests' own: the window looks with the engine's count, [`Self::look_at`].)
    #[cfg(test)]
    pub fn look(&mut self, len: usize, dt: f32, length: f32) -> bool {
        self.look_at((0, len), dt, length)
    }

    /// [`Self::look`] at a log of `len` entries of the session's `made`-th engine: one
    /// made since the last look is looked at afresh.
    pub fn look_at(&mut self, (made, len): (u32, usize), dt: f32, length: f32) -> bool {
        if self.made != made {
            self.made = made;
            self.seen = None;
        }
        match self.seen {
            Some(seen) if len > seen => {
                self.from = seen;
                self.age = 0.0;
                self.length = length;
                self.seed = mix(self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15));
            }
            // The first look, or a replay stepped back: nothing new tumbles.
            Some(seen) if len == seen => self.age += dt,
            _ => {
                self.from = len;
                self.length = 0.0;
            }
        }
        self.seen = Some(len);
        self.tumbling(self.from)
    }

    /// Whether the die at log entry `at` is still tumbling.
    pub fn tumbling(&self, at: usize) -> bool {
        at >= self.from && self.age < self.length
    }

    /// The entries logged since the look before the last that still tumble (none once
    /// they have landed), and the log's length at the last look.
    pub fn held(&self) -> (std::ops::Range<usize>, usize) {
        let seen = self.seen.unwrap_or(0);
        let from = if self.age < self.length {
            self.from.min(seen)
        } else {
            seen
        };
        (from..seen, seen)
    }

    /// The face to show of the die at log entry `at` with `sides` sides that rolled
    /// `value`: a random one while it tumbles, `value` once it has settled.
    pub fn face(&self, at: usize, sides: u8, value: u8) -> u8 {
        if !self.tumbling(at) || sides == 0 {
            return value;
        }
        let flick = (self.age / FLICK) as u64;
        let r = mix(self.seed ^ mix(at as u64 ^ (flick << 32)));
        (r % sides as u64) as u8 + 1
    }

    /// Points a tumbling die at log entry `at` is drawn above (or below) its place, so it
    /// bobs as its faces change: −3 to 3, 0 once settled.
    pub fn bob(&self, at: usize) -> i8 {
        if !self.tumbling(at) {
            return 0;
        }
        let flick = (self.age / FLICK) as u64;
        (mix(self.seed ^ mix(!(at as u64) ^ (flick << 32))) % 7) as i8 - 3
    }

    /// Forgets the battle: the next look sees it afresh.
    pub fn reset(&mut self) {
        *self = Tumble {
            seed: self.seed,
            ..Tumble::default()
        };
    }
}

/// SplitMix64's finaliser: the tray's own stream of cosmetic faces.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What the tray needs to tumble its dice: its state, the frame's time, the pace of
/// motion, and the ask for more frames.
#[derive(SystemParam)]
pub struct TumbleClock<'w> {
    tumble: ResMut<'w, Tumble>,
    time: Res<'w, Time>,
    motion: Res<'w, Motion>,
    busy: ResMut<'w, Busy>,
}

impl TumbleClock<'_> {
    /// Looks at a log of `len` entries of the session's `made`-th engine; asks for
    /// frames while dice tumble.
    pub fn look(&mut self, made: u32, len: usize) -> &Tumble {
        let length = self.motion.scaled(TUMBLE);
        if self
            .tumble
            .look_at((made, len), self.time.delta_secs(), length)
        {
            self.busy.keep();
        }
        &self.tumble
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// New dice show random faces (all of them faces of the die) while they tumble, and
    /// the value the battle rolled once settled; the dice already there do not tumble.
    #[test]
    fn new_dice_tumble_then_show_the_real_face() {
        let mut t = Tumble::default();
        assert!(!t.look(10, 0.0, TUMBLE), "the first look: nothing new");
        assert_eq!(t.held(), (10..10, 10), "the log shows what was there");
        assert_eq!(t.face(9, 6, 4), 4);
        assert!(
            t.look(14, 0.016, TUMBLE),
            "four entries logged: they tumble"
        );
        assert_eq!(t.face(9, 6, 4), 4, "an older die stays put");
        assert_eq!(t.held(), (10..14, 14), "the log waits for the new dice");
        let mut faces = std::collections::BTreeSet::new();
        for _ in 0..7 {
            assert!(t.tumbling(12));
            let f = t.face(12, 6, 3);
            assert!((1..=6).contains(&f), "{f}");
            faces.insert(f);
            t.look(14, FLICK, TUMBLE);
        }
        assert!(faces.len() > 1, "the faces change: {faces:?}");
        for _ in 0..3 {
            t.look(14, 0.1, TUMBLE);
        }
        assert!(!t.tumbling(12), "settled after {TUMBLE} s");
        assert_eq!(t.held(), (14..14, 14), "landed: the log tells them");
        assert_eq!(t.bob(12), 0, "at rest");
        assert_eq!(t.face(12, 6, 3), 3, "the real face");
        assert_eq!(t.face(13, 20, 17), 17);
    }

    /// With animation off (a tumble of no length) the dice land at once; a replay
    /// stepped back tumbles nothing.
    #[test]
    fn instant_dice_and_steps_back_show_the_real_face_at_once() {
        let mut t = Tumble::default();
        t.look(3, 0.0, 0.0);
        assert!(!t.look(8, 0.016, 0.0));
        assert_eq!(t.face(5, 6, 2), 2);
        assert_eq!(t.held(), (8..8, 8), "the log waits for nothing");
        t.look(9, 0.0, TUMBLE);
        assert!(t.tumbling(8));
        assert!(!t.look(4, 0.0, TUMBLE), "stepped back");
        assert_eq!(t.held(), (4..4, 4));
        assert_eq!(t.face(8, 6, 5), 5);
        t.reset();
        assert!(
            !t.look(40, 0.0, TUMBLE),
            "a new battle: its dice are not new"
        );
        assert!(t.look(45, 0.016, TUMBLE));
        assert!(
            !t.look_at((1, 60), 0.016, TUMBLE),
            "a log made again (a seek): its dice are not new"
        );
        assert_eq!(t.held(), (60..60, 60));
    }

    /// The scaled length: shorter at 4×, none at 16× or skipping.
    #[test]
    fn the_watch_speed_shortens_the_tumble() {
        let m = |watch, skip| Motion {
            watch,
            skip,
            ..Motion::default()
        };
        assert_eq!(m(1.0, false).scaled(TUMBLE), TUMBLE);
        assert!(m(4.0, false).scaled(TUMBLE) < 0.11);
        assert_eq!(m(16.0, false).scaled(TUMBLE), 0.0);
        assert_eq!(m(1.0, true).scaled(TUMBLE), 0.0);
        let off = Motion {
            pace: f32::INFINITY,
            ..Motion::default()
        };
        assert_eq!(off.scaled(TUMBLE), 0.0);
    }
}
