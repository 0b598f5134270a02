//! The player's settings, kept in `settings.ron` in the data folder: the size of the
//! interface (for high-DPI screens), whether models animate and how fast, and the
//! watch speed a new battle starts at. Read when the game opens; written, atomically,
//! whenever one changes. A damaged file is told on the Settings screen and the
//! defaults are used, never a panic.

use crate::game::saves::data_dir;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The interface's size: 1 is as designed; more for a high-DPI screen.
    pub ui_scale: f32,
    /// Whether models fall (and move) as they would on a table, or at once.
    pub animation: bool,
    /// How fast animations run: 1 as designed, 2 twice as fast.
    pub animation_speed: f32,
    /// The watch speed a new battle of computers starts at.
    pub watch_speed: f32,
    /// Whether the table makes its sounds (dice, shots, blows, falls).
    pub sound: bool,
    /// How loud they are, 0 to 1.
    pub volume: f32,
    /// The window's size when it was last resized, in logical pixels.
    pub window: Option<(u32, u32)>,
    /// Which of the battle screen's side panels are folded to a strip.
    pub folded: Folded,
}

/// The scenario and armies of the last battle started from the setup form, offered
/// again the next time it opens, in this run of the game and the next. Kept in a file of
/// its own (`last-setup.ron`), so that it never puts the settings at risk: a damaged or
/// outdated one is only forgotten.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LastSetup {
    pub scenario: PathBuf,
    pub armies: [PathBuf; 2],
    pub by_hand: bool,
    /// Who played each side in the last new battle and the last watched one (by the
    /// form's `watching`), chosen again the next time.
    pub players: [Option<[crate::game::controller::Controller; 2]>; 2],
}

/// The battle screen's side panels folded to a thin strip, so the table gets the room:
/// the left panel (watch controls, the unit card), the log on the right, the dice tray
/// at the bottom. A settings file from before the panels folded reads as all open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Folded {
    pub left: bool,
    pub right: bool,
    pub bottom: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ui_scale: 1.0,
            animation: true,
            animation_speed: 1.0,
            watch_speed: 1.0,
            sound: true,
            volume: 0.6,
            window: None,
            folded: Folded::default(),
        }
    }
}

impl Settings {
    /// The ranges a setting may take; a file's value outside is brought within.
    pub const UI_SCALE: std::ops::RangeInclusive<f32> = 0.75..=2.5;
    pub const ANIMATION_SPEED: std::ops::RangeInclusive<f32> = 0.25..=4.0;
    pub const WATCH_SPEED: std::ops::RangeInclusive<f32> = 0.25..=16.0;
    pub const VOLUME: std::ops::RangeInclusive<f32> = 0.0..=1.0;

    /// A watch speed brought within [`Self::WATCH_SPEED`], 1× for one that is not a
    /// number (a settings file, or `--speed nan` on the command line).
    pub fn watch_speed(v: f32) -> f32 {
        within(v, Self::WATCH_SPEED, 1.0)
    }

    fn clamped(mut self) -> Self {
        self.ui_scale = within(self.ui_scale, Self::UI_SCALE, 1.0);
        self.animation_speed = within(self.animation_speed, Self::ANIMATION_SPEED, 1.0);
        self.watch_speed = Self::watch_speed(self.watch_speed);
        self.volume = within(self.volume, Self::VOLUME, 0.6);
        self.window = self
            .window
            .filter(|&(w, h)| (320..=16_384).contains(&w) && (240..=16_384).contains(&h));
        self
    }

    /// How loud the sounds are: the volume set, none when sound is off.
    pub fn heard_volume(&self) -> f32 {
        if self.sound { self.volume } else { 0.0 }
    }

    /// Seconds of animation `dt` seconds of play make: none when animation is off (all
    /// at once), else `dt` at the chosen speed.
    pub fn animated(&self, dt: f32) -> f32 {
        if self.animation {
            dt * self.animation_speed
        } else {
            f32::INFINITY
        }
    }
}

/// `v` brought within `r`, or `d` if it is not a number.
fn within(v: f32, r: std::ops::RangeInclusive<f32>, d: f32) -> f32 {
    if v.is_finite() {
        v.clamp(*r.start(), *r.end())
    } else {
        d
    }
}

/// Where the settings are kept.
pub fn settings_file(dir: &Path) -> PathBuf {
    dir.join("settings.ron")
}

/// The settings in `dir`, or the defaults; a file that cannot be read as settings is
/// told (with its line and column), not lost: it is only written over once a setting
/// is changed.
pub fn read(dir: &Path) -> (Settings, Option<String>) {
    let file = settings_file(dir);
    if !file.exists() {
        return (Settings::default(), None);
    }
    match warband_table::files::load_ron::<Settings>(&file) {
        Ok(s) => (s.clamped(), None),
        Err(e) => (
            Settings::default(),
            Some(format!("{e}; the defaults are used")),
        ),
    }
}

/// Why the settings file could not be read, if it could not.
#[derive(Resource, Default)]
pub struct SettingsProblem(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    let (settings, problem) = read(&data_dir());
    if let Some(last) = read_last_setup(&data_dir()) {
        app.insert_resource(last);
    }
    app.insert_resource(settings)
        .insert_resource(SettingsProblem(problem))
        .add_systems(EguiPrimaryContextPass, apply_scale);
}

/// The interface at the chosen size (egui's zoom), set again only when it changes.
fn apply_scale(mut contexts: EguiContexts, settings: Res<Settings>, mut set: Local<Option<f32>>) {
    if *set == Some(settings.ui_scale) {
        return;
    }
    if let Ok(ctx) = contexts.ctx_mut() {
        ctx.set_zoom_factor(settings.ui_scale);
        *set = Some(settings.ui_scale);
    }
}

/// The setup form's last choices, if a file of them reads (a damaged one is said on
/// standard error and forgotten: the form opens on its defaults).
pub fn read_last_setup(dir: &Path) -> Option<LastSetup> {
    let file = dir.join("last-setup.ron");
    if !file.exists() {
        return None;
    }
    match warband_table::files::load_ron::<LastSetup>(&file) {
        Ok(l) => Some(l),
        Err(e) => {
            eprintln!("warband: {e}; the setup form opens on its defaults");
            None
        }
    }
}

/// Keeps the setup form's last choices for the next run of the game.
pub fn write_last_setup(dir: &Path, last: &LastSetup) -> Result<(), String> {
    warband_table::files::save_ron(&dir.join("last-setup.ron"), last).map_err(|e| e.to_string())
}

/// Writes the settings; what went wrong, if anything, in words.
pub fn write(dir: &Path, settings: &Settings) -> Result<(), String> {
    warband_table::files::save_ron(&settings_file(dir), settings).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watch_speed_is_brought_within_its_range() {
        let (low, high) = (*Settings::WATCH_SPEED.start(), *Settings::WATCH_SPEED.end());
        assert_eq!(Settings::watch_speed(0.01), low);
        assert_eq!(Settings::watch_speed(99.0), high);
        assert_eq!(Settings::watch_speed(2.0), 2.0);
        assert_eq!(Settings::watch_speed(f32::NAN), 1.0, "--speed nan");
    }

    #[test]
    fn settings_are_kept_and_a_damaged_file_is_told_not_lost() {
        let dir = std::env::temp_dir().join(format!("warband-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(
            read(&dir),
            (Settings::default(), None),
            "no file: the defaults"
        );
        let mine = Settings {
            ui_scale: 1.5,
            animation: false,
            animation_speed: 2.0,
            watch_speed: 4.0,
            sound: false,
            volume: 0.3,
            window: Some((1400, 800)),
            folded: Folded {
                left: true,
                right: false,
                bottom: true,
            },
        };
        write(&dir, &mine).unwrap();
        assert_eq!(read(&dir), (mine, None), "the folded panels too");
        std::fs::write(settings_file(&dir), "(watch_speed: 2.0)").unwrap();
        let (s, _) = read(&dir);
        assert_eq!(
            s.folded,
            Folded::default(),
            "an older file: every panel open"
        );
        std::fs::write(
            settings_file(&dir),
            "(ui_scale: 99.0, watch_speed: -3.0, volume: 7.5)",
        )
        .unwrap();
        let (s, problem) = read(&dir);
        assert_eq!(
            (s.ui_scale, s.watch_speed, s.volume, problem),
            (2.5, *Settings::WATCH_SPEED.start(), 1.0, None),
            "brought within"
        );
        std::fs::write(settings_file(&dir), "(ui_scale: \"big\")").unwrap();
        let (s, problem) = read(&dir);
        assert_eq!(s, Settings::default());
        let problem = problem.expect("told");
        assert!(
            problem.contains("settings.ron") && problem.contains("1:"),
            "{problem}"
        );
        assert!(
            settings_file(&dir).exists(),
            "a damaged file is not written over"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_last_setup_is_kept_apart_and_a_damaged_one_forgotten() {
        let dir = std::env::temp_dir().join(format!("warband-last-setup-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(read_last_setup(&dir), None, "no file");
        let last = LastSetup {
            scenario: PathBuf::from("assets/scenarios/village-fight.ron"),
            armies: [PathBuf::from("a.ron"), PathBuf::from("b.ron")],
            by_hand: true,
            players: [
                Some([
                    crate::game::controller::Controller::Human,
                    crate::game::controller::Controller::NORMAL,
                ]),
                None,
            ],
        };
        write_last_setup(&dir, &last).unwrap();
        assert_eq!(read_last_setup(&dir), Some(last.clone()));
        assert!(
            !settings_file(&dir).exists(),
            "the settings are not touched"
        );
        // A file from before the watch speed was the settings' alone still reads.
        let file = dir.join("last-setup.ron");
        let old = std::fs::read_to_string(&file).unwrap();
        assert!(old.contains("by_hand:"), "{old}");
        std::fs::write(&file, old.replacen("by_hand:", "speed: 4.0, by_hand:", 1)).unwrap();
        assert_eq!(
            read_last_setup(&dir),
            Some(last),
            "an old file's speed is let be"
        );
        std::fs::write(dir.join("last-setup.ron"), "(scenario: 3)").unwrap();
        assert_eq!(read_last_setup(&dir), None, "damaged: forgotten");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn animation_off_finishes_at_once() {
        let off = Settings {
            animation: false,
            ..Settings::default()
        };
        assert_eq!(off.animated(0.1), f32::INFINITY);
        let fast = Settings {
            animation_speed: 2.0,
            ..Settings::default()
        };
        assert!((fast.animated(0.1) - 0.2).abs() < 1e-6);
    }
}
