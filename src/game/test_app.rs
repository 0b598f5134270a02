//! What the desktop's App tests share (Bevy's `how_to_test_systems` pattern): an `App`
//! with one input system, the battle's session as a non-send resource, and the left
//! button pressed, to be updated once.

use bevy::ecs::schedule::ScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

/// An App that runs `system` on `session` with a left click just pressed; the test adds
/// the resources the system reads, then calls `update`.
pub fn left_click<S: 'static>(session: S, system: ScheduleConfigs<ScheduleSystem>) -> App {
    let mut app = App::new();
    app.init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<ButtonInput<KeyCode>>()
        .add_systems(Update, system);
    app.world_mut().insert_non_send(session);
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Left);
    app
}

/// A battle on record in `tests/fixtures/`: `file` is the path under it, such as
/// "borderlands/cave-mouth-normal-v-normal.ron".
pub fn recorded<R: warband_table::engine::Rules>(file: &str) -> warband_table::save::Save<R> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    warband_table::save::Save::read(&root.join("tests/fixtures").join(file)).unwrap()
}
