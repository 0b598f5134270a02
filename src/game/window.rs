//! The window: it opens at the size it last had (1600 × 900 the first time), made
//! smaller where the monitor is smaller, and remembers its size in the settings once the
//! player stops resizing it.

use super::settings::{Settings, SettingsProblem, write};
use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryWindow, WindowResized};

/// The size the window first opens at: room for a 48" table at 16 px an inch between
/// the panels.
pub const FIRST_SIZE: (u32, u32) = (1600, 900);

/// The size to open at: `$WARBAND_WINDOW` (`1280x800`: the desktop tests' size, kept
/// as given), else the settings' remembered size, else [`FIRST_SIZE`].
pub fn opening_size(settings: &Settings) -> (u32, u32) {
    asked_size().unwrap_or(settings.window.unwrap_or(FIRST_SIZE))
}

/// The size `$WARBAND_WINDOW` asks for, if it names one.
fn asked_size() -> Option<(u32, u32)> {
    let asked = std::env::var("WARBAND_WINDOW").ok()?;
    let (w, h) = asked.split_once('x')?;
    Some((w.trim().parse().ok()?, h.trim().parse().ok()?))
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, remember_size);
    if asked_size().is_none() {
        app.add_systems(Update, fit_to_monitor);
    }
}

/// The most of a monitor the window takes when it would not fit: room for its frame
/// and the desktop's bars.
const OF_MONITOR: f32 = 0.92;

/// A size that fits on a monitor of `monitor` logical pixels.
pub fn fitted(size: Vec2, monitor: Vec2) -> Vec2 {
    size.min(monitor * OF_MONITOR)
        .max(Vec2::new(320.0, 240.0))
        .floor()
}

/// Once the monitor is known, shrinks a window larger than it to fit.
fn fit_to_monitor(
    monitors: Query<&Monitor>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    let (Some(m), Ok(mut w)) = (monitors.iter().next(), window.single_mut()) else {
        return;
    };
    *done = true;
    let monitor = Vec2::new(m.physical_width as f32, m.physical_height as f32)
        / m.scale_factor.max(0.1) as f32;
    let now = Vec2::new(w.resolution.width(), w.resolution.height());
    let fit = fitted(now, monitor);
    if fit != now {
        w.resolution.set(fit.x, fit.y);
    }
}

/// Seconds without a resize before the new size is written.
const SETTLE: f32 = 1.0;

/// Whether a settled window size is written to the settings file: when it is new, and
/// the file read cleanly. A damaged file is written over only when the player changes a
/// setting on the Settings screen (and sees why), never by a resize.
fn worth_writing(settings: &Settings, size: (u32, u32), problem: &SettingsProblem) -> bool {
    settings.window != Some(size) && problem.0.is_none()
}

/// Writes the window's size to the settings once it has stopped changing.
fn remember_size(
    mut resized: MessageReader<WindowResized>,
    time: Res<Time>,
    mut settings: ResMut<Settings>,
    problem: Res<SettingsProblem>,
    mut pending: Local<Option<((u32, u32), f32)>>,
) {
    if let Some(r) = resized.read().last() {
        let size = (r.width.round() as u32, r.height.round() as u32);
        *pending = Some((size, 0.0));
    }
    let Some((size, quiet)) = pending.as_mut() else {
        return;
    };
    *quiet += time.delta_secs();
    if *quiet < SETTLE {
        return;
    }
    let size = *size;
    *pending = None;
    if worth_writing(&settings, size, &problem) {
        settings.window = Some(size);
        if let Err(e) = write(&super::saves::data_dir(), &settings) {
            warn!("the window's size was not kept: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_larger_than_its_monitor_is_made_to_fit() {
        let first = Vec2::new(1600.0, 900.0);
        assert_eq!(fitted(first, Vec2::new(1920.0, 1080.0)), first);
        let small = fitted(first, Vec2::new(1280.0, 800.0));
        assert!(
            small.x <= 1280.0 * 0.92 && small.y <= 800.0 * 0.92,
            "{small}"
        );
        assert_eq!(
            fitted(first, Vec2::new(100.0, 100.0)),
            Vec2::new(320.0, 240.0)
        );
    }

    #[test]
    fn a_resize_never_writes_over_a_damaged_settings_file() {
        let s = Settings::default();
        let clean = SettingsProblem(None);
        assert!(worth_writing(&s, (1400, 820), &clean));
        let kept = Settings {
            window: Some((1400, 820)),
            ..Settings::default()
        };
        assert!(!worth_writing(&kept, (1400, 820), &clean), "the same size");
        let damaged = SettingsProblem(Some("settings.ron:1:12: expected a number".into()));
        assert!(!worth_writing(&s, (1400, 820), &damaged));
    }

    #[test]
    fn the_window_opens_at_its_remembered_size() {
        let mut s = Settings::default();
        assert_eq!(opening_size(&s), FIRST_SIZE);
        s.window = Some((1400, 820));
        assert_eq!(opening_size(&s), (1400, 820));
    }
}
