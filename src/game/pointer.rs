//! Where the pointer is on the table, for every ruleset's input: tracked once a frame
//! before any ruleset's input reads it.

use super::camera::{TableCamera, in_room};
use super::screens::Screen;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pointer>().add_systems(
        Update,
        track.before(InputDone).run_if(in_state(Screen::Battle)),
    );
}

/// Input for the frame has been handled (overlays and the hud come after).
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct InputDone;

/// The pointer on the table, in inches (None off the window, and over a panel, where a
/// click does not reach the table: no move is previewed under the panels).
#[derive(Resource, Default)]
pub struct Pointer {
    pub cursor: Option<Vec2>,
    /// The same place in the window's logical pixels.
    pub screen: Option<Vec2>,
}

#[cfg(test)]
impl Pointer {
    /// The pointer at `cursor` on the table, its window place unknown.
    pub fn at(cursor: Option<Vec2>) -> Self {
        Self {
            cursor,
            screen: None,
        }
    }
}

pub fn track(
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    egui: Option<Res<EguiWantsInput>>,
    mut pointer: ResMut<Pointer>,
    settings: Option<Res<crate::game::settings::Settings>>,
) {
    let s = settings.as_deref();
    let (scale, folded) = (
        crate::game::camera::ui_scale(s),
        crate::game::camera::folded(s),
    );
    let (cam, at) = *camera;
    // A popup or a dragged widget may lie over the table itself.
    let egui_busy = egui.is_some_and(|e| e.wants_any_pointer_input());
    pointer.screen = window
        .cursor_position()
        .filter(|c| !egui_busy && in_room(*c, window.size(), scale, folded));
    pointer.cursor = pointer
        .screen
        .and_then(|c| cam.viewport_to_world_2d(at, c).ok());
}

/// The model whose base reaches `p`, the nearest of them where several do: what a
/// click at `p` is on (Marauders' and Borderlands' round bases).
pub fn nearest_at<'a>(
    bases: impl Iterator<
        Item = (
            warband_table::components::ModelId,
            &'a warband_table::geometry::Placed,
        ),
    >,
    p: Vec2,
) -> Option<warband_table::components::ModelId> {
    bases
        .filter(|(_, b)| b.center.distance(p) <= b.shape.reach())
        .min_by(|(_, a), (_, b)| a.center.distance(p).total_cmp(&b.center.distance(p)))
        .map(|(id, _)| id)
}
