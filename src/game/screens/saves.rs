//! Saved battles of every ruleset, read afresh each time the screen opens: watch one
//! again, or play on from where it stopped with a controller chosen for each side.

use super::Screen;
use super::setup::listen_field;
use crate::game::hud::root_ui;
use crate::game::net::launch::HostSeat;
use crate::game::saves::{SaveEntry, SavedBattle, list_saves_in};
use crate::game::session::{Controller, PendingBattle};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavesListing>()
        .init_resource::<SavesFolder>();
    app.add_systems(OnEnter(Screen::Saves), read_listing);
    app.add_systems(
        EguiPrimaryContextPass,
        saves.run_if(in_state(Screen::Saves)),
    );
}

/// The saves on screen, read when the screen opens (so a battle saved since shows).
#[derive(Resource, Default)]
pub struct SavesListing {
    pub entries: Vec<SaveEntry>,
    /// The entry whose "Play on" row is open, and what is chosen on it.
    pub resuming: Option<PlayOn>,
    /// The entry whose Delete asks to be confirmed.
    pub deleting: Option<usize>,
}

/// A save's Play on row: who plays each side, and where to listen when a side is a
/// remote player (then the battle is hosted online).
pub struct PlayOn {
    pub entry: usize,
    pub controllers: [Controller; 2],
    pub listen: String,
}

impl PlayOn {
    fn hosted(&self) -> bool {
        self.controllers.contains(&Controller::Remote)
    }
}

/// Where the screen reads saves from: the player's saves folder.
#[derive(Resource)]
pub struct SavesFolder(pub std::path::PathBuf);

impl Default for SavesFolder {
    fn default() -> Self {
        Self(crate::game::saves::saves_dir())
    }
}

pub fn read_listing(mut listing: ResMut<SavesListing>, folder: Res<SavesFolder>) {
    *listing = SavesListing {
        entries: list_saves_in(&folder.0),
        resuming: None,
        deleting: None,
    };
}

fn saves(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Screen>>,
    mut pending: ResMut<PendingBattle>,
    mut listing: ResMut<SavesListing>,
    folder: Res<SavesFolder>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading("Saved battles");
        ui.label(format!("In {}", folder.0.display()));
        ui.separator();
        if listing.entries.is_empty() {
            ui.label("No saved battles yet. Save one from the result screen, or with `warband battle --save`.");
        }
        let height = ui.available_height() - 80.0;
        egui::ScrollArea::vertical().max_height(height).show(ui, |ui| {
            let mut deleted = false;
            let SavesListing {
                entries,
                resuming,
                deleting,
            } = &mut *listing;
            for (i, entry) in entries.iter().enumerate() {
                let open = Open {
                    resuming: &mut *resuming,
                    deleting: &mut *deleting,
                };
                if let Some(screen) = entry_row(ui, entry, i, open, &mut pending) {
                    next.set(screen);
                }
                deleted |= delete_row(ui, entry, i, deleting);
                ui.separator();
            }
            if deleted {
                *entries = list_saves_in(&folder.0);
                *resuming = None;
            }
        });
        if ui.button("◀ Back").clicked() {
            next.set(Screen::MainMenu);
        }
    });
    Ok(())
}

/// The widest an entry's words stand, so that every entry's buttons line up after them.
const WORDS: f32 = 560.0;

/// Delete, asked once more before the file goes (on a line of its own under the entry);
/// true once it has gone.
fn delete_row(
    ui: &mut egui::Ui,
    entry: &SaveEntry,
    i: usize,
    deleting: &mut Option<usize>,
) -> bool {
    let mut gone = false;
    if *deleting != Some(i) {
        return false;
    }
    ui.horizontal(|ui| {
        ui.add_space(24.0);
        ui.label("Delete this save for good?");
        if ui.button("Delete").clicked() {
            gone = std::fs::remove_file(&entry.path).is_ok();
            *deleting = None;
        }
        if ui.button("Keep").clicked() {
            *deleting = None;
        }
    });
    gone
}

/// Who plays each side on a save's Play on row to begin with: as it was played; a
/// network battle of two people, hosted again with you as A and a joined player as B
/// (two people at this machine was a play-tester's hot-seat game by mistake); an older
/// save that does not say, you against `normal`.
fn play_on_as(players: Option<[Controller; 2]>, online: bool) -> [Controller; 2] {
    match players {
        Some([Controller::Human, Controller::Human]) if online => {
            [Controller::Human, Controller::Remote]
        }
        Some(players) => players,
        None => [Controller::Human, Controller::NORMAL],
    }
}

/// What the screen has open under an entry: its Play on choices, its Delete question.
struct Open<'a> {
    resuming: &'a mut Option<PlayOn>,
    deleting: &'a mut Option<usize>,
}

/// One saved battle: Watch, Play on with a controller chosen for each side, Delete.
fn entry_row(
    ui: &mut egui::Ui,
    entry: &SaveEntry,
    i: usize,
    open: Open<'_>,
    pending: &mut PendingBattle,
) -> Option<Screen> {
    let Open { resuming, deleting } = open;
    let mut go = None;
    // Narrower where the window (or a large interface size) leaves less room, so the
    // buttons after the words stay on screen.
    let width = (ui.available_width() - 260.0).clamp(200.0, WORDS);
    ui.horizontal(|ui| {
        let words = egui::Layout::top_down(egui::Align::LEFT);
        ui.allocate_ui_with_layout(egui::vec2(width, 0.0), words, |ui| {
            ui.set_min_width(width);
            let seed = entry
                .save
                .as_ref()
                .map_or(String::new(), |s| format!("\nseed {}", s.seed()));
            ui.label(&entry.title)
                .on_hover_text(format!("{}{seed}", entry.path.display()));
            ui.small(&entry.when);
        });
        match &entry.save {
            Ok(save) => {
                if ui.button("Watch").clicked() {
                    pending.0 = Some(save.replay());
                    go = Some(Screen::Battle);
                }
                let play_on = ui
                    .add_enabled(!save.over(), egui::Button::new("Play on…"))
                    .on_hover_text("Carry on from where it was saved: choose who plays each side (as it was played, to begin with)")
                    .on_disabled_hover_text("The battle is over: Watch it again instead");
                if play_on.clicked() {
                    *resuming = Some(PlayOn {
                        entry: i,
                        controllers: play_on_as(save.players(), save.online()),
                        listen: super::setup::LISTEN.into(),
                    });
                }
            }
            Err(e) => {
                ui.colored_label(egui::Color32::from_rgb(240, 120, 100), e);
            }
        }
        if ui.small_button("Delete…").clicked() {
            *deleting = Some(i);
        }
    });
    let (Ok(save), Some(open)) = (&entry.save, resuming.as_mut()) else {
        return go;
    };
    if open.entry != i {
        return go;
    }
    play_on_row(ui, save.as_ref(), open, pending).or(go)
}

/// Who plays each side from here on, and Play on (or, with a remote player, Host and
/// where to listen): a saved network battle is played on online as well as here.
fn play_on_row(
    ui: &mut egui::Ui,
    save: &dyn SavedBattle,
    open: &mut PlayOn,
    pending: &mut PendingBattle,
) -> Option<Screen> {
    let mut go = None;
    // Wrapped: with a remote side the row grows a field and a button, which a narrow
    // window would leave off its edge.
    ui.horizontal_wrapped(|ui| {
        ui.add_space(24.0);
        let armies = save.armies();
        for (i, (army, c)) in armies.iter().zip(open.controllers.iter_mut()).enumerate() {
            ui.label(army);
            egui::ComboBox::from_id_salt(("play on", i))
                .selected_text(c.label())
                .show_ui(ui, |ui| {
                    for choice in Controller::hosting_choices(save.ruleset()) {
                        crate::game::controller::choice_entry(ui, c, choice);
                    }
                });
        }
        if !open.hosted() {
            if ui.button("▶ Play on").clicked() {
                pending.0 = Some(save.resume(open.controllers, true));
                go = Some(Screen::Battle);
            }
            return;
        }
        ui.label("Listen on");
        let problem = listen_field(ui, &mut open.listen, 140.0);
        let host = ui
            .add_enabled(problem.is_none(), egui::Button::new("▶ Host"))
            .on_hover_text(save.host_words())
            .on_disabled_hover_text(problem.unwrap_or_default());
        if host.clicked() {
            let seats = open.controllers.map(HostSeat::of);
            pending.0 = Some(save.host(seats, open.listen.trim()));
            go = Some(Screen::Battle);
        }
    });
    go
}

#[cfg(test)]
mod tests {
    /// A network battle of two people is hosted again by default, not played by two at
    /// this machine; any other as it was played.
    #[test]
    fn an_online_battle_of_two_plays_on_online() {
        use super::{Controller, play_on_as};
        let two = [Controller::Human; 2];
        assert_eq!(
            play_on_as(Some(two), true),
            [Controller::Human, Controller::Remote]
        );
        assert_eq!(play_on_as(Some(two), false), two, "hot seat, as it was");
        let computer = [Controller::Human, Controller::NORMAL];
        assert_eq!(play_on_as(Some(computer), true), computer);
        assert_eq!(play_on_as(None, false), computer);
    }

    use super::*;
    use crate::game::session::OnTable;
    use bevy::state::app::StatesPlugin;
    use std::path::Path;
    use warband_rules::Ruleset;

    fn copy_fixture(dir: &Path, ruleset: &str, file: &str) {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let from = root.join("tests/fixtures").join(ruleset).join(file);
        std::fs::copy(from, dir.join(format!("{ruleset}.ron"))).unwrap();
    }

    /// The Saves screen lists a save of every ruleset, reads the folder afresh each
    /// time it opens (a battle saved since shows), and each save opens as its own
    /// ruleset's battle.
    #[test]
    fn the_saves_screen_lists_every_ruleset_afresh_and_opens_each() {
        let dir = std::env::temp_dir().join(format!("warband-saves-screen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        copy_fixture(&dir, "marauders", "open-field-normal-v-normal.ron");
        copy_fixture(&dir, "toy-soldier", "river-crossing-normal-v-normal.ron");
        let mut app = App::new();
        app.add_plugins(StatesPlugin)
            .insert_state(Screen::MainMenu)
            .init_resource::<PendingBattle>()
            .add_plugins(plugin)
            .insert_resource(SavesFolder(dir.clone()));
        crate::game::test_app::go_to(&mut app, Screen::Saves);
        assert_eq!(app.world().resource::<SavesListing>().entries.len(), 2);
        copy_fixture(&dir, "borderlands", "cave-mouth-normal-v-normal.ron");
        crate::game::test_app::go_to(&mut app, Screen::MainMenu);
        crate::game::test_app::go_to(&mut app, Screen::Saves);
        let listing = app.world().resource::<SavesListing>();
        assert_eq!(listing.entries.len(), 3, "read again on opening");
        let saves: Vec<_> = listing
            .entries
            .iter()
            .map(|e| e.save.as_ref().unwrap().replay())
            .collect();
        let mut opened = Vec::new();
        for starter in saves {
            let mut world = World::new();
            starter.start(&mut world).unwrap();
            opened.push(world.resource::<OnTable>().0);
        }
        opened.sort_by_key(|r| Ruleset::ALL.iter().position(|x| x == r));
        assert_eq!(opened, Ruleset::ALL);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
