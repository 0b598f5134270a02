//! A click egui would miss: the pointer arriving on a button and clicking it within one
//! frame (a quick hand on a slow frame) left the button only highlighted, the click
//! lost (seen under Xvfb, first in the menu and the dialog to leave a battle). The press,
//! and what follows it, waits for the next frame, once egui has seen the pointer there.
//! A press and its release stay together: held apart over slow frames, egui would read
//! them as a drag.

use super::awake::Busy;
use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Busy>().add_systems(
        PreUpdate,
        split_quick_clicks
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// The frame's events for egui, up to a press that follows a move in this same frame;
/// that press and the rest are kept for the next frame (which is asked for).
fn split_quick_clicks(
    mut inputs: Query<&mut EguiInput>,
    mut held: Local<Vec<egui::Event>>,
    mut busy: ResMut<Busy>,
) {
    for mut input in &mut inputs {
        let mut events = std::mem::take(&mut *held);
        events.append(&mut input.events);
        if let Some(cut) = quick_press(&events) {
            *held = events.split_off(cut);
            busy.keep();
        }
        input.events = events;
    }
}

/// Where in `events` egui would miss a click, if anywhere: a press after the pointer
/// moved in this same frame (egui has not yet seen the pointer over the button).
fn quick_press(events: &[egui::Event]) -> Option<usize> {
    let mut moved = false;
    events.iter().position(|e| match e {
        egui::Event::PointerMoved(_) => {
            moved = true;
            false
        }
        egui::Event::PointerButton { pressed: true, .. } => moved,
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn button(pressed: bool) -> egui::Event {
        egui::Event::PointerButton {
            pos: egui::pos2(10.0, 10.0),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        }
    }

    /// A move, a press and its release in one frame reach egui as the move, then the
    /// press and the release together in the next frame; a click where the pointer
    /// already was passes at once.
    #[test]
    fn a_click_as_the_pointer_arrives_waits_a_frame() {
        let mut app = App::new();
        app.init_resource::<Busy>()
            .add_systems(Update, split_quick_clicks);
        let ctx = app.world_mut().spawn(EguiInput::default()).id();
        let moved = egui::Event::PointerMoved(egui::pos2(10.0, 10.0));
        let frame = |app: &mut App, events: Vec<egui::Event>| {
            app.world_mut().get_mut::<EguiInput>(ctx).unwrap().events = events;
            app.update();
            app.world().get::<EguiInput>(ctx).unwrap().events.clone()
        };
        let first = frame(&mut app, vec![moved.clone(), button(true), button(false)]);
        assert_eq!(first, vec![moved]);
        assert_eq!(frame(&mut app, vec![]), vec![button(true), button(false)]);
        let click = vec![button(true), button(false)];
        assert_eq!(frame(&mut app, click.clone()), click);
        assert_eq!(frame(&mut app, vec![]), vec![]);
    }
}
