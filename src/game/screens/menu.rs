//! The main menu.

use super::Screen;
use crate::game::hud::root_ui;
use crate::game::session::{Controller, PendingBattle};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_phosphor::regular as icon;
use warband_rules::Ruleset;
use warband_table::player::PlayerKind;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuMessage>()
        .init_resource::<Resumable>()
        .add_systems(
            OnEnter(Screen::MainMenu),
            (look_for_autosave, look_for_assets),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (menu, guide.after(menu)).run_if(in_state(Screen::MainMenu)),
        );
}

/// How to play, from the menu's corner or F1 (or ?): a first battle step by step and
/// every key (a play-tester found no help before a battle, and F1 silent on the menu).
/// Kept off the column of buttons, whose places the desktop tests click.
fn guide(
    mut contexts: EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    mut open: Local<bool>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if crate::game::hud::help::help_key(&keys) {
        *open = !*open;
    } else if keys.just_pressed(KeyCode::Escape) {
        *open = false;
    }
    egui::Area::new("how to play".into())
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .show(ctx, |ui| {
            let words =
                egui::RichText::new(format!("{}  How to play (F1)", icon::QUESTION)).size(16.0);
            if ui.button(words).clicked() {
                *open = !*open;
            }
        });
    crate::game::hud::help::guide(ctx, &mut open);
    Ok(())
}

/// A battle left in progress (after quitting or a crash), read once as the menu opens.
#[derive(Resource, Default)]
struct Resumable(Option<crate::game::autosave::LeftInProgress>);

fn look_for_autosave(
    mut resumable: ResMut<Resumable>,
    folder: Option<Res<crate::game::autosave::AutosaveFolder>>,
) {
    let dir = folder.map_or_else(crate::game::saves::data_dir, |f| f.0.clone());
    resumable.0 = crate::game::autosave::left_in_progress(&dir);
}

/// Says so at once when the game's own data is missing (run from another folder, say),
/// rather than leaving the setup screen to list no scenarios.
fn look_for_assets(mut message: ResMut<MenuMessage>) {
    if message.0.is_none() {
        message.0 = warband_table::files::shipped_missing()
            .map(|why| format!("No battle can be set up: {why}."));
    }
}

/// A message for the menu to show (e.g. why a battle could not start).
#[derive(Resource, Default)]
pub struct MenuMessage(pub Option<String>);

/// The scenario the setup form opens on, once (the editor's Play): its own armies.
#[derive(Resource, Default)]
pub struct SetupScenario(pub Option<std::path::PathBuf>);

/// The army the setup form opens with as side A, once (the army builder's Play), on
/// the last table set up of its ruleset, else its ruleset's first.
#[derive(Resource, Default)]
pub struct SetupArmy(pub Option<std::path::PathBuf>);

/// Where the setup screen's Back goes, when not to the main menu: the editor whose
/// Play ▶ opened it (a play-tester's Back lost the editor). Taken when setup closes.
#[derive(Resource, Clone, Copy)]
pub struct SetupBack(pub Screen);

/// What the setup screen should start with.
#[derive(Resource, Clone, Copy)]
pub struct SetupPreset {
    pub controllers: [Controller; 2],
    /// Host a network battle: a side may be a remote player.
    pub hosting: bool,
    /// Watch AI vs AI: both sides are computer players.
    pub watching: bool,
}

impl SetupPreset {
    /// A new battle: you against the computer's `normal`.
    pub const NEW_BATTLE: Self = Self {
        controllers: [Controller::Human, Controller::NORMAL],
        hosting: false,
        watching: false,
    };
}

/// What a click on the menu asks for.
enum Choice {
    Resume,
    NewBattle,
    Watch,
    Host,
    Open(Screen),
    Quit,
}

fn menu(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Screen>>,
    mut message: ResMut<MenuMessage>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
    mut pending: ResMut<PendingBattle>,
    resumable: Res<Resumable>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let mut choice = None;
    // Clear, over the table's cloth (`backdrop`); the column of words and buttons on a
    // dark band of its own.
    let clear = egui::Frame::new().inner_margin(8);
    let panel = egui::CentralPanel::default().frame(clear);
    panel.show(&mut root, |ui| {
        // Scrolls when a large interface size leaves the window too short for it.
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                let card = ui.painter().add(egui::Shape::Noop);
                header(ui, &mut message, resumable.0.is_some());
                choice = buttons(ui, &resumable);
                // A band from the window's top to its foot, as wide as the words.
                let column = ui.min_rect();
                let high = ui.ctx().viewport_rect().y_range();
                let half = column.width().min(640.0) / 2.0 + 24.0;
                let across = egui::Rangef::new(column.center().x - half, column.center().x + half);
                let band = egui::Rect::from_x_y_ranges(across, high);
                let fill = ui.visuals().panel_fill.gamma_multiply(0.9);
                let edge = egui::Stroke::new(1.5, egui::Color32::from_rgb(150, 120, 60));
                let [left, right] = [band.left(), band.right()]
                    .map(|x| egui::Shape::vline(x, band.y_range(), edge));
                let filled = egui::Shape::rect_filled(band, 0.0, fill);
                ui.painter()
                    .set(card, egui::Shape::Vec(vec![filled, left, right]));
            });
        });
    });
    let preset = |controllers, hosting, watching| SetupPreset {
        controllers,
        hosting,
        watching,
    };
    match choice {
        None => {}
        Some(Choice::Resume) => {
            if let Some(left) = &resumable.0 {
                pending.0 = Some(resume(left));
                next.set(Screen::Battle);
            }
        }
        Some(Choice::NewBattle) => {
            pending.0 = None;
            commands.insert_resource(SetupPreset::NEW_BATTLE);
            next.set(Screen::Setup);
        }
        Some(Choice::Watch) => {
            let ais = [Controller::NORMAL, Controller::Ai(PlayerKind::Hard)];
            commands.insert_resource(preset(ais, false, true));
            next.set(Screen::Setup);
        }
        Some(Choice::Host) => {
            pending.0 = None;
            let seats = [Controller::Human, Controller::Remote];
            commands.insert_resource(preset(seats, true, false));
            next.set(Screen::Setup);
        }
        Some(Choice::Open(screen)) => next.set(screen),
        Some(Choice::Quit) => {
            exit.write(AppExit::Success);
        }
    }
    Ok(())
}

/// A battle left in progress, on the table again: hosted again where this window hosted
/// it (its friend joins as before), else played on here by its players.
fn resume(left: &crate::game::autosave::LeftInProgress) -> Box<dyn crate::game::session::Starter> {
    match left.hosted {
        Some(seats) => {
            let seats = seats.map(crate::game::net::launch::HostSeat::of);
            left.save.host(seats, super::setup::LISTEN)
        }
        None => left.save.resume(left.players, false),
    }
}

/// The menu's top: its place in the window, why a battle could not start, the title.
fn header(ui: &mut egui::Ui, message: &mut MenuMessage, resumable: bool) {
    // A short window keeps every button in view: its title shrinks, and the menu (about
    // 560 points tall, 635 with its Resume line) sits with the Army builder's button 31
    // points above the middle, as in a window of 800 (the desktop tests click it there).
    let high = ui.ctx().viewport_rect().height();
    let short = high < 760.0;
    let top = match (short, resumable) {
        (false, _) => high * 0.17,
        // Shorter than the menu itself (a large interface size): from the top.
        _ if high < 620.0 => 4.0,
        (true, false) => (high / 2.0 - 246.0).max(4.0),
        (true, true) => ((high - 635.0) / 2.0).max(4.0),
    };
    ui.add_space(top);
    // Why a battle could not start, above the title: below the buttons, a short window
    // left it (and its Dismiss) out of view.
    if let Some(m) = &message.0 {
        ui.colored_label(egui::Color32::from_rgb(240, 120, 100), m);
        if ui.button("Dismiss").clicked() {
            message.0 = None;
        }
        ui.add_space(8.0);
    }
    let title = if short { 40.0 } else { 54.0 };
    ui.heading(egui::RichText::new("WARBAND").size(title).strong());
    let rulesets: Vec<&str> = Ruleset::ALL.iter().map(|r| r.title()).collect();
    ui.label(format!(
        "A miniatures table that plays the rules for you · {}",
        rulesets.join(" · ")
    ));
    ui.add_space(if high < 620.0 { 10.0 } else { 28.0 });
}

/// The column of buttons, each its icon then its words; the one clicked, if any.
fn buttons(ui: &mut egui::Ui, resumable: &Resumable) -> Option<Choice> {
    let button = |ui: &mut egui::Ui, icon: &str, text: &str| {
        let words = egui::RichText::new(format!("{icon}  {text}")).size(18.0);
        ui.add_sized([300.0, 40.0], egui::Button::new(words))
            .clicked()
    };
    let mut choice = None;
    if let Some(left) = &resumable.0 {
        if button(ui, icon::PLAY, "Resume battle") {
            choice = Some(Choice::Resume);
        }
        let (save, online) = (&left.save, left.hosted.is_some());
        let joined = left.hosted.is_some_and(|h| h.contains(&Controller::Remote));
        let how = match (online, joined) {
            (true, true) => " · hosted again: the others join it afresh",
            (true, false) => " · hosted again",
            _ => "",
        };
        ui.small(format!(
            "Left in progress{}: {}, {}{how}",
            if online { " online" } else { "" },
            save.summary(),
            save.progress()
        ));
        ui.add_space(6.0);
    }
    for (icon, text, what) in [
        (icon::SWORD, "New battle", Choice::NewBattle),
        (icon::EYE, "Watch AI vs AI", Choice::Watch),
        (
            icon::USERS_THREE,
            "Army builder",
            Choice::Open(Screen::Builder),
        ),
        (
            icon::MAP_TRIFOLD,
            "Scenario editor",
            Choice::Open(Screen::Editor),
        ),
        (
            icon::FLASK,
            "Lab: simulate and calibrate",
            Choice::Open(Screen::Lab),
        ),
        (
            icon::FOLDER_OPEN,
            "Load battle",
            Choice::Open(Screen::Saves),
        ),
        (icon::BROADCAST, "Host a network battle", Choice::Host),
        (
            icon::PLUGS_CONNECTED,
            "Join a network battle",
            Choice::Open(Screen::Join),
        ),
        (icon::GEAR, "Settings", Choice::Open(Screen::Settings)),
        (icon::SIGN_OUT, "Quit", Choice::Quit),
    ] {
        if button(ui, icon, text) {
            choice = Some(what);
        }
    }
    choice
}
