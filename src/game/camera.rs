//! The camera over the table: pan with the right or middle button or WASD, zoom with
//! the wheel, F fits the table. World units are inches.

use super::screens::Screen;
use super::session::TableLayout;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FitPending>()
        .add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(Screen::Battle), |mut f: ResMut<FitPending>| {
            f.0 = true
        })
        .add_systems(
            Update,
            (
                fit.run_if(|f: Res<FitPending>| f.0),
                pan_and_zoom.run_if(not(egui_wants_any_pointer_input)),
                keys.run_if(not(egui_wants_any_keyboard_input)),
            )
                .run_if(in_state(Screen::Battle)),
        );
}

#[derive(Component)]
pub struct TableCamera;

/// The table should be fitted to the window as soon as the camera and session exist.
#[derive(Resource, Default)]
struct FitPending(bool);

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("Table camera"),
        TableCamera,
        Camera2d,
        Msaa::Sample4,
        Projection::Orthographic(OrthographicProjection {
            scale: 0.05,
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// Room the overlay's panels take at each edge of the window, in pixels: left (unit card
/// and odds), right (log), top (bar), bottom (dice tray). The hud draws them this size.
pub const PANELS: [f32; 4] = [280.0, 300.0, 34.0, 96.0];

/// The panels' room in pixels at the interface's size `scale` (egui's zoom: PANELS are
/// in its points).
pub fn panels(scale: f32) -> [f32; 4] {
    PANELS.map(|p| p * scale)
}

/// The interface's size, from the settings (1 without them).
pub fn ui_scale(settings: Option<&crate::game::settings::Settings>) -> f32 {
    settings.map_or(1.0, |s| s.ui_scale)
}

/// The room the panels leave for the table in a window of this size (pixels from the
/// top-left, or egui's points with `scale` 1; empty where the window is smaller than
/// its panels).
pub fn room(window: Vec2, scale: f32) -> Rect {
    let [left, right, top, bottom] = panels(scale);
    Rect {
        min: Vec2::new(left, top),
        max: window - Vec2::new(right, bottom),
    }
}

/// Whether a window position lies in the [`room`] the panels leave. The wheel, the
/// buttons and the pointer act on the table only there: scrolling the log must not zoom
/// the table, nor a click on the card move a model.
pub fn in_room(at: Vec2, window: Vec2, scale: f32) -> bool {
    room(window, scale).contains(at)
}

/// Centres the table in the room the panels leave and scales it to fill that room.
pub fn fit_table(
    table: Vec2,
    window: Vec2,
    scale: f32,
    transform: &mut Transform,
    projection: &mut Projection,
) {
    let [left, right, top, bottom] = panels(scale);
    let room = (window - Vec2::new(left + right, top + bottom)).max(Vec2::splat(100.0));
    if let Projection::Orthographic(o) = projection {
        o.scale = (table.x / room.x).max(table.y / room.y) * 1.06;
        // The room's centre sits (left − right)/2 px right of the window's centre and
        // (bottom − top)/2 px above it; world y points up the screen.
        transform.translation.x = table.x / 2.0 + (right - left) / 2.0 * o.scale;
        transform.translation.y = table.y / 2.0 - (bottom - top) / 2.0 * o.scale;
    }
}

fn fit(
    layout: Option<Res<TableLayout>>,
    window: Single<&Window>,
    camera: Single<(&mut Transform, &mut Projection), With<TableCamera>>,
    mut pending: ResMut<FitPending>,
    settings: Option<Res<crate::game::settings::Settings>>,
) {
    let Some(layout) = layout else { return };
    let (mut t, mut p) = camera.into_inner();
    let scale = ui_scale(settings.as_deref());
    fit_table(layout.size, window.size(), scale, &mut t, &mut p);
    pending.0 = false;
}

fn pan_and_zoom(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform, &mut Transform, &mut Projection), With<TableCamera>>,
    settings: Option<Res<crate::game::settings::Settings>>,
) {
    let scale = ui_scale(settings.as_deref());
    if !window
        .cursor_position()
        .is_some_and(|c| in_room(c, window.size(), scale))
    {
        return;
    }
    let (cam, global, mut transform, mut projection) = camera.into_inner();
    let Projection::Orthographic(o) = &mut *projection else {
        return;
    };
    if buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle) {
        transform.translation.x -= motion.delta.x * o.scale;
        transform.translation.y += motion.delta.y * o.scale;
    }
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if lines != 0.0 {
        // Zoom about the cursor: the point under it stays put.
        let before = window
            .cursor_position()
            .and_then(|c| cam.viewport_to_world_2d(global, c).ok());
        o.scale = (o.scale * 0.85f32.powf(lines)).clamp(0.005, 0.3);
        if let (Some(p), Some(c)) = (before, window.cursor_position()) {
            let centre = window.size() / 2.0;
            let offset = Vec2::new(c.x - centre.x, centre.y - c.y);
            let new_world = transform.translation.truncate() + offset * o.scale;
            transform.translation += (p - new_world).extend(0.0);
        }
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    layout: Option<Res<TableLayout>>,
    window: Single<&Window>,
    camera: Single<(&mut Transform, &mut Projection), With<TableCamera>>,
    mut busy: ResMut<crate::game::awake::Busy>,
    settings: Option<Res<crate::game::settings::Settings>>,
) {
    let (mut transform, mut projection) = camera.into_inner();
    if keys.just_pressed(KeyCode::KeyF)
        && let Some(layout) = layout
    {
        let scale = ui_scale(settings.as_deref());
        fit_table(
            layout.size,
            window.size(),
            scale,
            &mut transform,
            &mut projection,
        );
        return;
    }
    let Projection::Orthographic(o) = &*projection else {
        return;
    };
    let mut dir = Vec2::ZERO;
    for (key, d) in [
        (KeyCode::KeyW, Vec2::Y),
        (KeyCode::KeyS, -Vec2::Y),
        (KeyCode::KeyA, -Vec2::X),
        (KeyCode::KeyD, Vec2::X),
    ] {
        if keys.pressed(key) {
            dir += d;
        }
    }
    if dir == Vec2::ZERO {
        return;
    }
    busy.keep();
    // 600 pixels a second, whatever the zoom; the first frame after an idle spell
    // moves as if it came at once.
    let dt = time.delta_secs().min(0.05);
    transform.translation += (dir * 600.0 * o.scale * dt).extend(0.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a table point lands in the window, in pixels from the top-left corner.
    fn to_screen(p: Vec2, window: Vec2, t: &Transform, proj: &Projection) -> Vec2 {
        let Projection::Orthographic(o) = proj else {
            unreachable!()
        };
        let d = (p - t.translation.truncate()) / o.scale;
        Vec2::new(window.x / 2.0 + d.x, window.y / 2.0 - d.y)
    }

    #[test]
    fn the_room_is_the_window_less_its_panels() {
        let window = Vec2::new(1280.0, 800.0);
        assert!(in_room(Vec2::new(640.0, 400.0), window, 1.0));
        // Over the unit card, the log, the top bar and the dice tray.
        for at in [
            (140.0, 300.0),
            (1100.0, 300.0),
            (640.0, 10.0),
            (640.0, 760.0),
        ] {
            assert!(!in_room(Vec2::new(at.0, at.1), window, 1.0), "{at:?}");
        }
        // A window smaller than its panels leaves no room at all.
        assert!(!in_room(
            Vec2::new(160.0, 120.0),
            Vec2::new(320.0, 240.0),
            1.0
        ));
        // At twice the interface's size the card is 560 pixels wide.
        assert!(in_room(Vec2::new(400.0, 400.0), window, 1.0));
        assert!(!in_room(Vec2::new(400.0, 400.0), window, 2.0));
        assert_eq!(room(window, 2.0).min, Vec2::new(560.0, 68.0));
    }

    #[test]
    fn a_fitted_table_lies_inside_the_room_the_panels_leave() {
        let [left, right, top, bottom] = PANELS;
        for (table, window) in [
            (Vec2::new(48.0, 36.0), Vec2::new(1280.0, 720.0)),
            (Vec2::new(36.0, 36.0), Vec2::new(1280.0, 720.0)),
            (Vec2::new(24.0, 48.0), Vec2::new(1000.0, 800.0)),
            (Vec2::new(120.0, 120.0), Vec2::new(1920.0, 1080.0)),
        ] {
            let mut t = Transform::default();
            let mut p = Projection::Orthographic(OrthographicProjection::default_2d());
            fit_table(table, window, 1.0, &mut t, &mut p);
            for corner in [
                Vec2::ZERO,
                Vec2::new(table.x, 0.0),
                table,
                Vec2::new(0.0, table.y),
            ] {
                let s = to_screen(corner, window, &t, &p);
                assert!(
                    s.x >= left - 0.5 && s.x <= window.x - right + 0.5,
                    "{table} {s}"
                );
                assert!(
                    s.y >= top - 0.5 && s.y <= window.y - bottom + 0.5,
                    "{table} {s}"
                );
            }
        }
    }
}
