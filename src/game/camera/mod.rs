//! The camera over the table: pan with the right or middle button or WASD, zoom with
//! the wheel (out as far as the whole table, which fits it again), F fits the table in the room the panels leave (more of it with panels
//! folded; a table still as fitted is fitted again when a panel folds or opens). World
//! units are inches.

use super::screens::Screen;
use super::session::TableLayout;
use crate::game::settings::{Folded, Settings};
use bevy::camera::CameraUpdateSystems;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::transform::TransformSystems;
use bevy_egui::EguiPostUpdateSet;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};

pub(super) fn plugin(app: &mut App) {
    marks_after_the_view(app);
    app.init_resource::<FitPending>()
        .add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(Screen::Battle), |mut f: ResMut<FitPending>| {
            f.pending = true
        })
        .add_systems(
            Update,
            (
                refit_on_fold,
                fit.run_if(|f: Res<FitPending>| f.pending),
                pan_and_zoom.run_if(not(egui_wants_any_pointer_input)),
                keys.run_if(not(egui_wants_any_keyboard_input)),
                keep_table_in_view,
            )
                .chain()
                .run_if(in_state(Screen::Battle)),
        );
}

/// The interface's marks over the table (health, words, stars) are placed from the
/// camera as this frame left it: a zoom or pan is propagated and the camera's projection
/// worked out before egui's pass. Unordered, the pass could run first and draw them
/// where the camera stood the frame before (a play-tester saw them trail a zoom).
fn marks_after_the_view(app: &mut App) {
    app.configure_sets(
        PostUpdate,
        EguiPostUpdateSet::EndPass
            .after(TransformSystems::Propagate)
            .after(CameraUpdateSystems),
    );
}

#[derive(Component)]
pub struct TableCamera;

/// Whether the table should be fitted to the window (as soon as the camera and session
/// exist), where the last fit left the camera (its place and scale), and the panels
/// folded and the window's size then.
#[derive(Resource, Default)]
struct FitPending {
    pending: bool,
    left: Option<(Vec3, f32)>,
    folded: Folded,
    window: Vec2,
}

/// The camera's place and scale, to tell whether it is still where a fit left it.
fn view_of(t: &Transform, p: &Projection) -> Option<(Vec3, f32)> {
    match p {
        Projection::Orthographic(o) => Some((t.translation, o.scale)),
        _ => None,
    }
}

/// A panel folded or opened, or the window resized: the table is fitted to the new room
/// if the player had not moved the view since the last fit (a view they chose is left
/// as it is; a play-tester's shrunk window cut the table off until F).
fn refit_on_fold(
    settings: Option<Res<Settings>>,
    window: Single<&Window>,
    camera: Single<(&Transform, &Projection), With<TableCamera>>,
    mut fit: ResMut<FitPending>,
    mut busy: ResMut<crate::game::awake::Busy>,
) {
    let now = (folded(settings.as_deref()), window.size());
    if now == (fit.folded, fit.window) {
        return;
    }
    (fit.folded, fit.window) = now;
    let (t, p) = *camera;
    if fit.left.is_some() && view_of(t, p) == fit.left {
        fit.pending = true;
        busy.keep();
    }
}

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
/// and odds), right (log), top (bar), bottom (dice tray: two rows of dice, a melee's
/// contest and the blows that followed, as a play-tester asked). The hud draws them this size.
pub const PANELS: [f32; 4] = [280.0, 300.0, 34.0, 124.0];

/// The width (or the dice tray's height) of a panel folded to a strip with its button.
pub const STRIP: f32 = 30.0;

/// The most of a window's width each side panel takes, and of its height the dice
/// tray: at a large interface size on a small screen the panels keep to their share and
/// leave the table room (at 2.5× on 1920×1080, 768 points wide, the table had 188).
const SHARE: [f32; 2] = [0.27, 0.18];

/// The panels' room in egui's points in a window `points` across, with those `folded`
/// taken down to a [`STRIP`].
pub fn panel_sizes(points: Vec2, folded: Folded) -> [f32; 4] {
    let [left, right, top, bottom] = PANELS;
    let wide = (points.x * SHARE[0]).max(STRIP * 4.0);
    let high = (points.y * SHARE[1]).max(STRIP * 2.0);
    let or_strip = |f: bool, open: f32| if f { STRIP } else { open };
    [
        or_strip(folded.left, left.min(wide)),
        or_strip(folded.right, right.min(wide)),
        top,
        or_strip(folded.bottom, bottom.min(high)),
    ]
}

/// The panels' room in pixels in a `window` of pixels at the interface's size `scale`
/// (egui's zoom: PANELS are in its points).
pub fn panels(window: Vec2, scale: f32, folded: Folded) -> [f32; 4] {
    panel_sizes(window / scale, folded).map(|p| p * scale)
}

/// The interface's size, from the settings (1 without them).
pub fn ui_scale(settings: Option<&Settings>) -> f32 {
    settings.map_or(1.0, |s| s.ui_scale)
}

/// The panels folded, from the settings (none without them).
pub fn folded(settings: Option<&Settings>) -> Folded {
    settings.map_or(Folded::default(), |s| s.folded)
}

/// The room the panels leave for the table in a window of this size (pixels from the
/// top-left, or egui's points with `scale` 1; empty where the window is smaller than
/// its panels).
pub fn room(window: Vec2, scale: f32, folded: Folded) -> Rect {
    let [left, right, top, bottom] = panels(window, scale, folded);
    Rect {
        min: Vec2::new(left, top),
        max: window - Vec2::new(right, bottom),
    }
}

/// Whether a window position lies in the [`room`] the panels leave. The wheel, the
/// buttons and the pointer act on the table only there: scrolling the log must not zoom
/// the table, nor a click on the card move a model.
pub fn in_room(at: Vec2, window: Vec2, scale: f32, folded: Folded) -> bool {
    room(window, scale, folded).contains(at)
}

/// Centres the table in the room the panels leave and scales it to fill that room.
pub fn fit_table(
    table: Vec2,
    window: Vec2,
    (scale, folded): (f32, Folded),
    transform: &mut Transform,
    projection: &mut Projection,
) {
    let [left, right, top, bottom] = panels(window, scale, folded);
    if let Projection::Orthographic(o) = projection {
        o.scale = fitted_scale(table, window, (scale, folded));
        // The room's centre sits (left − right)/2 px right of the window's centre and
        // (bottom − top)/2 px above it; world y points up the screen.
        transform.translation.x = table.x / 2.0 + (right - left) / 2.0 * o.scale;
        transform.translation.y = table.y / 2.0 - (bottom - top) / 2.0 * o.scale;
    }
}

/// The camera's scale (inches a pixel) at which the whole table fills the room.
fn fitted_scale(table: Vec2, window: Vec2, (scale, folded): (f32, Folded)) -> f32 {
    let [left, right, top, bottom] = panels(window, scale, folded);
    let room = (window - Vec2::new(left + right, top + bottom)).max(Vec2::splat(100.0));
    (table.x / room.x).max(table.y / room.y) * 1.06
}

/// The scale after `lines` of the wheel from `scale` (negative: out), and whether the
/// zoom out has come as far as the whole table (`fitted`): the view is then fitted
/// again, centred in the room (zoomed out about the pointer, a play-tester's table
/// drifted off-centre and under the log). It zooms out as far as the whole table at
/// least, however big the table or small the window, so a fit wider than the usual
/// limit is never turned into a zoom in.
fn zoom(scale: f32, lines: f32, fitted: Option<f32>) -> (f32, bool) {
    let most = fitted.map_or(0.3, |f| f.max(0.3));
    let zoomed = (scale * 0.85f32.powf(lines)).clamp(0.005, most);
    let to_fit = lines < 0.0 && fitted.is_some_and(|f| zoomed >= f);
    (zoomed, to_fit)
}

fn fit(
    layout: Option<Res<TableLayout>>,
    window: Single<&Window>,
    camera: Single<(&mut Transform, &mut Projection), With<TableCamera>>,
    mut pending: ResMut<FitPending>,
    settings: Option<Res<Settings>>,
) {
    let Some(layout) = layout else { return };
    let (mut t, mut p) = camera.into_inner();
    let s = settings.as_deref();
    let folded = folded(s);
    fit_table(
        layout.size,
        window.size(),
        (ui_scale(s), folded),
        &mut t,
        &mut p,
    );
    *pending = FitPending {
        pending: false,
        left: view_of(&t, &p),
        folded,
        window: window.size(),
    };
}

/// Panning stops with the middle of the view over the table's edge: some of the table
/// is always in sight, however far the view is pushed (F or Home fits it again).
fn keep_table_in_view(
    layout: Option<Res<TableLayout>>,
    camera: Single<&mut Transform, With<TableCamera>>,
) {
    let Some(layout) = layout else { return };
    let mut t = camera.into_inner();
    let centre = t.translation.truncate();
    let kept = centre.clamp(Vec2::ZERO, layout.size);
    if kept != centre {
        t.translation.x = kept.x;
        t.translation.y = kept.y;
    }
}

fn pan_and_zoom(
    (buttons, motion, scroll): (
        Res<ButtonInput<MouseButton>>,
        Res<AccumulatedMouseMotion>,
        Res<AccumulatedMouseScroll>,
    ),
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform, &mut Transform, &mut Projection), With<TableCamera>>,
    settings: Option<Res<Settings>>,
    (layout, mut fit): (Option<Res<TableLayout>>, ResMut<FitPending>),
) {
    let s = settings.as_deref();
    if !window
        .cursor_position()
        .is_some_and(|c| in_room(c, window.size(), ui_scale(s), folded(s)))
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
        let room = (ui_scale(s), folded(s));
        let fitted = layout
            .as_ref()
            .map(|l| fitted_scale(l.size, window.size(), room));
        let to_fit;
        (o.scale, to_fit) = zoom(o.scale, lines, fitted);
        if let Some(layout) = layout.as_ref().filter(|_| to_fit) {
            // Fitted at once, in this frame, and noted as fitted.
            fit_table(
                layout.size,
                window.size(),
                room,
                &mut transform,
                &mut projection,
            );
            fit.left = view_of(&transform, &projection);
            return;
        }
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
    camera: Single<(&mut Transform, &Projection), With<TableCamera>>,
    mut busy: ResMut<crate::game::awake::Busy>,
    mut fit: ResMut<FitPending>,
) {
    let (mut transform, projection) = camera.into_inner();
    if keys.just_pressed(KeyCode::KeyF) || keys.just_pressed(KeyCode::Home) {
        fit.pending = true;
        busy.keep();
        return;
    }
    let Projection::Orthographic(o) = projection else {
        return;
    };
    let mut dir = Vec2::ZERO;
    for (key, d) in [
        (KeyCode::KeyW, Vec2::Y),
        (KeyCode::KeyS, -Vec2::Y),
        (KeyCode::KeyA, -Vec2::X),
        (KeyCode::KeyD, Vec2::X),
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, -Vec2::Y),
        (KeyCode::ArrowLeft, -Vec2::X),
        (KeyCode::ArrowRight, Vec2::X),
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
mod tests;
