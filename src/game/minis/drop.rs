//! Drag and drop: a miniature pressed and let go elsewhere on the table is dropped there.
//! The release is read as a second click where the pointer let go, as "pick it, then
//! click where it goes" would be, so every ruleset's own click decides what the drop
//! does (a move, a charge, a shot) and the engine judges it.

use crate::game::pointer::{InputDone, Pointer};
use crate::game::screens::Screen;
use bevy::prelude::*;
use warband_table::components::ModelId;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Carrying>().add_systems(
        Update,
        drop_dragged
            .after(crate::game::pointer::track)
            .before(InputDone)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Keeps [`Carrying`] to the battle on screen, before the drop is judged.
pub fn plugin_for<R: crate::game::desk::Desk>(app: &mut App) {
    app.add_systems(
        Update,
        carrying::<R>
            .before(drop_dragged)
            .run_if(crate::game::desk::on_table::<R>()),
    );
}

/// The model a click on the table would now set moving for the person whose turn it is
/// (the one chosen or active, or in deployment the one to set down): a miniature is
/// dropped only when the press on it made it this one. A press on the computer's model,
/// or on one of yours the ruleset did not take up (Toy Soldier's other units while one
/// is active), is a click, never a drag.
#[derive(Resource, Default, PartialEq, Eq)]
pub struct Carrying(pub Option<ModelId>);

fn carrying<R: crate::game::desk::Desk>(
    session: NonSend<crate::game::session::GameSession<R>>,
    selection: Res<R::Selection>,
    pick: Res<crate::game::deploy::DeployPick>,
    mut c: ResMut<Carrying>,
) {
    let now = match session.engine.deploying() {
        Some(_) => crate::game::deploy::placing_now(&session, *pick).map(|(_, m)| m),
        None => R::carrying(&session, &selection),
    };
    c.set_if_neq(Carrying(now));
}

/// Screen pixels from the press a release must be to drop the miniature there: less is
/// a click with a shaking hand.
pub const DROP_AFTER: f32 = 8.0;

/// The miniature the left button went down on, and where on the screen (None: off
/// any, or the button is up).
#[derive(Default)]
struct Pressed(Option<(ModelId, Vec2)>);

fn drop_dragged(
    pointer: Res<Pointer>,
    keys: Res<ButtonInput<KeyCode>>,
    mut buttons: ResMut<ButtonInput<MouseButton>>,
    drawn: super::DrawnAt,
    carrying: Res<Carrying>,
    mut pressed: Local<Pressed>,
) {
    // With M held the left button lays the tape measure.
    if keys.pressed(crate::game::tape::TAPE_KEY) {
        pressed.0 = None;
        return;
    }
    let left = MouseButton::Left;
    if buttons.just_pressed(left) {
        // The miniature whose base (its own shape, as drawn) is under the pointer.
        let under = |p: Vec2| drawn.under(p).map(|(id, _)| id);
        pressed.0 = pointer.cursor.and_then(under).zip(pointer.screen);
    } else if buttons.just_released(left) {
        let from = pressed.0.take();
        if let (Some((id, from)), Some(to), Some(_)) = (from, pointer.screen, pointer.cursor)
            && from.distance(to) >= DROP_AFTER
            && carrying.0 == Some(id)
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

    /// A table with one miniature, 1" across, at (5, 5).
    fn table() -> App {
        let mut app = App::new();
        app.init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<Pointer>()
            .insert_resource(Carrying(Some(ModelId(1))))
            .add_systems(Update, drop_dragged);
        let mut commands = app.world_mut().commands();
        let base = warband_table::geometry::Placed::round(Vec2::splat(5.0), 1.0);
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
        // 20 pixels an inch.
        let point = |p: Vec2| Pointer::on_screen(p, p * 20.0);
        app.insert_resource(point(from));
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        app.update();
        let mut buttons = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
        buttons.clear();
        buttons.release(MouseButton::Left);
        app.insert_resource(point(to));
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
    /// a drag that began off every miniature, or one on a model the press did not take
    /// up (the computer's, or another of yours), does not.
    #[test]
    fn a_dragged_miniature_is_dropped_where_the_pointer_lets_go() {
        let mut app = table();
        let on = Vec2::splat(5.2);
        assert!(drag(&mut app, on, on + Vec2::new(3.0, 0.0)));
        assert!(!drag(&mut app, on, on + Vec2::new(0.2, 0.0)), "a shake");
        assert!(
            !drag(&mut app, Vec2::splat(9.0), Vec2::splat(12.0)),
            "off every miniature"
        );
        assert!(drag(&mut app, on, on + Vec2::new(0.0, 2.0)));
        app.insert_resource(Carrying(Some(ModelId(2))));
        assert!(
            !drag(&mut app, on, on + Vec2::new(3.0, 0.0)),
            "a model the press did not take up"
        );
    }
}
