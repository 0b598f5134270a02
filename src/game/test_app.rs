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
        .init_resource::<super::pointer::JustFell>()
        .add_systems(Update, system);
    app.world_mut().insert_non_send(session);
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Left);
    app
}

/// Every battle on record of one ruleset between two players (`tests/fixtures/FOLDER`,
/// its `-v-` files), by file, played again, in file order.
pub fn recorded_battles<R: warband_table::engine::Rules>(
    folder: &str,
) -> Vec<(String, warband_table::engine::Engine<R>)> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = std::fs::read_dir(root.join("tests/fixtures").join(folder)).unwrap();
    let mut files: Vec<String> = dir
        .filter_map(|f| f.ok()?.file_name().into_string().ok())
        .filter(|f| f.contains("-v-"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|name| {
            let file = format!("{folder}/{name}");
            let engine = recorded::<R>(&file).replay().unwrap();
            (file, engine)
        })
        .collect()
}

/// A new battle of a shipped scenario (`scenario` a file in assets/scenarios), as a
/// ruleset's desk loads it, at `seed`.
pub fn new_battle<R: crate::game::desk::Desk>(
    scenario: &str,
    seed: u64,
) -> warband_table::engine::Engine<R> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let setup = R::load_own(&root.join("assets/scenarios").join(scenario)).unwrap();
    warband_table::engine::Engine::new(&setup, seed).unwrap()
}

/// A battle on record in `tests/fixtures/`: `file` is the path under it, such as
/// "borderlands/cave-mouth-normal-v-normal.ron".
pub fn recorded<R: warband_table::engine::Rules>(file: &str) -> warband_table::save::Save<R> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    warband_table::save::Save::read(&root.join("tests/fixtures").join(file)).unwrap()
}

/// The words one frame of egui draws, `draw` given a bare context in the game's style
/// on a 600 × 1200 point screen.
pub fn egui_words(mut draw: impl FnMut(&mut bevy_egui::egui::Ui)) -> Vec<String> {
    use bevy_egui::egui;
    let ctx = egui::Context::default();
    crate::game::theme::put_on(&ctx);
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(600.0, 1200.0),
        )),
        ..Default::default()
    };
    let mut out = ctx.run_ui(input, |ui| draw(ui));
    out.textures_delta.clear();
    let mut words = Vec::new();
    let mut shapes: Vec<egui::Shape> = out.shapes.into_iter().map(|c| c.shape).collect();
    while let Some(shape) = shapes.pop() {
        match shape {
            egui::Shape::Text(t) => words.push(t.galley.text().to_string()),
            egui::Shape::Vec(v) => shapes.extend(v),
            _ => {}
        }
    }
    words.reverse();
    words
}

/// A shipped scenario of ruleset `R`: `file` under `assets/scenarios/`, loaded as a
/// battle is set up from it.
pub fn shipped<R: warband_table::sim::Contest>(file: &str) -> R::Setup {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    R::load(&root.join("assets/scenarios").join(file)).unwrap()
}

/// A Marauders battle of a shipped scenario (`open-field.ron`) at a table: `normal`
/// as side A against `charge`, from `seed`.
pub fn normal_v_charge(
    scenario: &str,
    seed: u64,
) -> crate::game::session::GameSession<warband_marauders::engine::Marauders> {
    use crate::game::session::{Controller, GameSession};
    let setup = shipped::<warband_marauders::engine::Marauders>(scenario);
    let charge = Controller::Ai(warband_table::player::PlayerKind::Charge);
    GameSession::new(setup, seed, [Controller::NORMAL, charge]).unwrap()
}

/// Moves an App with the screens' states to `screen`, entering it (one update).
pub fn go_to(app: &mut App, screen: crate::game::screens::Screen) {
    app.world_mut()
        .resource_mut::<NextState<crate::game::screens::Screen>>()
        .set(screen);
    app.update();
}
