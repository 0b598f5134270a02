//! Drag and drop: a miniature pressed and let go elsewhere on the table is dropped there.
//! The release is read as a second click where the pointer let go, as "pick it, then
//! click where it goes" would be, so every ruleset's own click decides what the drop
//! does (a move, a charge, a shot) and the engine judges it.

use super::Mini;
use super::body::Part;
use crate::game::pointer::{InputDone, Pointer};
use crate::game::screens::Screen;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Draggable>().add_systems(
        Update,
        drop_dragged
            .after(crate::game::pointer::track)
            .before(InputDone)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Keeps [`Draggable`] to the battle on screen: the sides a person plays.
pub fn plugin_for<R: crate::game::desk::Desk>(app: &mut App) {
    app.add_systems(
        Update,
        (|session: NonSend<crate::game::session::GameSession<R>>, mut d: ResMut<Draggable>| {
            let human =
                |i: usize| session.controllers[i] == crate::game::session::Controller::Human;
            let now = Draggable([human(0), human(1)]);
            if *d != now {
                *d = now;
            }
        })
        .before(drop_dragged)
        .run_if(crate::game::desk::on_table::<R>()),
    );
}

/// The sides whose miniatures may be dragged: those a person plays (a drag that began
/// on the computer's model would read as a click on it, then one where it let go).
#[derive(Resource, Default, PartialEq, Eq)]
pub struct Draggable(pub [bool; 2]);

/// Inches from the press a release must be to drop the miniature there: less is a
/// click with a shaking hand.
pub const DROP_AFTER: f32 = 0.3;

/// Where the left button went down on a miniature (None: off any, or up).
#[derive(Default)]
struct Pressed(Option<Vec2>);

fn drop_dragged(
    pointer: Res<Pointer>,
    keys: Res<ButtonInput<KeyCode>>,
    mut buttons: ResMut<ButtonInput<MouseButton>>,
    minis: Query<(&Mini, &Transform, &Part)>,
    draggable: Res<Draggable>,
    mut pressed: Local<Pressed>,
) {
    // With M held the left button lays the tape measure.
    if keys.pressed(KeyCode::KeyM) {
        pressed.0 = None;
        return;
    }
    let left = MouseButton::Left;
    if buttons.just_pressed(left) {
        let on_a_mini = |p: Vec2| {
            minis.iter().any(|(m, t, part)| match part {
                Part::Body(shape, ..) => {
                    draggable.0[m.side.index()]
                        && t.translation.truncate().distance(p) <= shape.reach()
                }
                Part::Shadow(_) => false,
            })
        };
        pressed.0 = pointer.cursor.filter(|p| on_a_mini(*p));
    } else if buttons.just_released(left) {
        let from = pressed.0.take();
        if let (Some(from), Some(to)) = (from, pointer.cursor)
            && from.distance(to) >= DROP_AFTER
        {
            // A click where it let go, this frame: pressed and up again.
            buttons.press(left);
            buttons.release(left);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_rules::Side;
    use warband_table::components::ModelId;
    use warband_table::geometry::Placed;

    /// A table with one miniature, 1" across, at (5, 5).
    fn table() -> App {
        let mut app = App::new();
        app.init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<Pointer>()
            .insert_resource(Draggable([true, false]))
            .add_systems(Update, drop_dragged);
        let mut commands = app.world_mut().commands();
        let base = Placed::round(Vec2::splat(5.0), 1.0);
        super::super::spawn_mini(
            &mut commands,
            "Fighter".into(),
            (ModelId(1), Side::A),
            &base,
            None,
            super::super::BARE,
        );
        app.world_mut().flush();
        app
    }

    /// Presses the left button at `from`, lets go at `to`: whether the frame of the
    /// release reads as a click.
    fn drag(app: &mut App, from: Vec2, to: Vec2) -> bool {
        app.world_mut().resource_mut::<Pointer>().cursor = Some(from);
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        app.update();
        let mut buttons = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
        buttons.clear();
        buttons.release(MouseButton::Left);
        app.world_mut().resource_mut::<Pointer>().cursor = Some(to);
        app.update();
        let clicked = app
            .world()
            .resource::<ButtonInput<MouseButton>>()
            .just_pressed(MouseButton::Left);
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .clear();
        clicked
    }

    /// A miniature dragged 3" is dropped there: the release clicks. A shake of the hand,
    /// a drag that began off every miniature, or one on the computer's, does not.
    #[test]
    fn a_dragged_miniature_is_dropped_where_the_pointer_lets_go() {
        let mut app = table();
        let on = Vec2::splat(5.2);
        assert!(drag(&mut app, on, on + Vec2::new(3.0, 0.0)));
        assert!(!drag(&mut app, on, on + Vec2::new(0.1, 0.0)), "a shake");
        assert!(
            !drag(&mut app, Vec2::splat(9.0), Vec2::splat(12.0)),
            "off every miniature"
        );
        assert!(drag(&mut app, on, on + Vec2::new(0.0, 2.0)));
        app.insert_resource(Draggable([false, true]));
        assert!(
            !drag(&mut app, on, on + Vec2::new(3.0, 0.0)),
            "the computer's miniature"
        );
    }
}
