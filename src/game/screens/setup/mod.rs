//! Battle setup: scenario, the army of each side, who controls each side, the seed.

use super::Screen;
use super::shelf::scenario_picker;
use crate::game::hud::root_ui;
use crate::game::net::launch::HostSeat;
use crate::game::preview::Building;
use crate::game::screens::menu::SetupBack;
use crate::game::session::{Controller, PendingBattle};
use crate::game::settings::LastSetup;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;
use warband_rules::Ruleset;
use warband_rules::army::ArmyList;
use warband_table::scenario::Scenario;

mod armies;
mod gallery;
mod open;
mod players;

use armies::{army_combo, scenario_armies};
use players::{keep_players, offered};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Setup), open::open_form)
        .add_systems(OnExit(Screen::Setup), forget_back)
        .add_systems(EguiPrimaryContextPass, form.run_if(in_state(Screen::Setup)));
}

/// Setup closed: its Back goes to the main menu again the next time it opens from it.
fn forget_back(mut commands: Commands) {
    commands.remove_resource::<SetupBack>();
}

#[derive(Resource)]
struct SetupForm {
    scenarios: Vec<(PathBuf, Scenario)>,
    armies: Vec<(PathBuf, ArmyList)>,
    scenario: usize,
    army: [usize; 2],
    controllers: [Controller; 2],
    /// Opened to watch AI vs AI: only computer players are offered.
    watching: bool,
    seed: u64,
    speed: f32,
    /// Each side sets its models down by hand before the first round.
    by_hand: bool,
    /// Hosting a network battle: where to listen, and whether the seed is given (else
    /// the machines draw it together).
    hosting: Option<Hosting>,
    problems: Vec<String>,
    /// Why the battle it last started could not start (a port in use).
    start_failed: Option<String>,
    /// The battle the form describes as last built, and the choices it was built from.
    preview: Option<(Choice, Building)>,
}

/// Where a hosted battle listens unless told: every address of this machine.
pub const LISTEN: &str = "0.0.0.0:4740";

/// A network battle's own choices.
struct Hosting {
    listen: String,
    fixed_seed: bool,
}

/// What the preview depends on: the scenario and the two armies chosen.
type Choice = (usize, [usize; 2]);

fn form(
    mut contexts: EguiContexts,
    form: Option<ResMut<SetupForm>>,
    mut next: ResMut<NextState<Screen>>,
    mut pending: ResMut<PendingBattle>,
    last: Option<Res<LastSetup>>,
    back: Option<Res<SetupBack>>,
    mut commands: Commands,
) -> Result {
    let Some(mut form) = form else { return Ok(()) };
    let back = back.map_or(Screen::MainMenu, |b| b.0);
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let f = &mut *form;
    let choice = (f.scenario, f.army);
    if f.preview.as_ref().is_none_or(|(c, _)| *c != choice) {
        f.preview = Some((choice, build(f)));
    }
    // The preview takes at most 40% of the window, so a large interface size (or a
    // small window) leaves the form its choices.
    let preview_width = (ctx.content_rect().width() * 0.4).min(560.0);
    egui::Panel::right("preview")
        .exact_size(preview_width)
        .show(&mut root, |ui| preview(ui, f));
    // The form scrolls, both ways, within its own room: in a narrow window its rows
    // no longer run on over the preview (a play-tester's 640 × 480).
    egui::CentralPanel::default().show(&mut root, |ui| {
        egui::ScrollArea::both()
            .auto_shrink([false; 2])
            .show(ui, |ui| {
                ui.heading(if f.hosting.is_some() {
                    "Host a network battle"
                } else if f.watching {
                    "Watch AI vs AI"
                } else {
                    "New battle"
                });
                ui.separator();
                choices(ui, f);
                ui.add_space(12.0);
                ui.horizontal(|ui| {
                    if ui.button("◀ Back").clicked() {
                        next.set(back);
                    }
                    let listen_ok = f
                        .hosting
                        .as_ref()
                        .is_none_or(|h| listen_problem(&h.listen).is_none());
                    let ready = matches!(&f.preview, Some((_, Ok(_)))) && listen_ok;
                    if ui
                        .add_enabled(ready, egui::Button::new("Start battle ▶"))
                        .clicked()
                        && let Some((_, Ok(built))) = &f.preview
                    {
                        f.start_failed = None;
                        pending.0 = Some(start(f, built.as_ref(), last.as_deref(), &mut commands));
                        next.set(Screen::Battle);
                    }
                });
                for p in f.start_failed.iter().chain(&f.problems) {
                    ui.colored_label(egui::Color32::from_rgb(240, 120, 100), p);
                }
                ui.add_space(16.0);
                ui.heading("Scenarios");
                ui.separator();
                gallery::gallery(ui, f);
            });
    });
    Ok(())
}

/// Whether a person plays either side (here or on another machine): only then may the
/// sides be set down by hand.
fn by_a_person(controllers: &[Controller; 2]) -> bool {
    controllers
        .iter()
        .any(|c| matches!(c, Controller::Human | Controller::Remote))
}

/// The battle the form starts (hosted, or on this machine), with its choices kept
/// for the next time the form opens.
fn start(
    f: &SetupForm,
    built: &dyn crate::game::preview::Built,
    last: Option<&LastSetup>,
    commands: &mut Commands,
) -> Box<dyn crate::game::session::Starter> {
    let by_hand = f.by_hand && by_a_person(&f.controllers);
    let launch = match &f.hosting {
        Some(h) => {
            let seed = h.fixed_seed.then_some(f.seed);
            let seats = f.controllers.map(HostSeat::of);
            built.host(seats, h.listen.trim(), seed, by_hand)
        }
        None => built.launch(f.seed, f.controllers, f.speed, by_hand),
    };
    let mut players = last.map_or([None; 2], |l| l.players);
    if f.hosting.is_none() {
        players[usize::from(f.watching)] = Some(f.controllers);
    }
    let chosen = LastSetup {
        scenario: f.scenarios[f.scenario].0.clone(),
        armies: f.army.map(|i| f.armies[i].0.clone()),
        by_hand: f.by_hand,
        players,
    };
    // The watch speed chosen is the next session's too, where the form showed it.
    let watching = !f.controllers.contains(&Controller::Human);
    commands.queue(keep_choices(chosen.clone(), watching.then_some(f.speed)));
    commands.insert_resource(chosen);
    launch
}

/// The map and both rosters of the battle chosen, or why it cannot be played.
fn preview(ui: &mut egui::Ui, f: &SetupForm) {
    // Its own scroll for each scenario: another one chosen is seen from its top, its
    // name and rules first.
    egui::ScrollArea::vertical()
        .id_salt(("preview", f.scenario))
        .show(ui, |ui| match &f.preview {
            Some((_, Ok(built))) => {
                if let Some((_, s)) = f.scenarios.get(f.scenario) {
                    ui.heading(&s.name);
                }
                built.show(ui);
            }
            Some((_, Err(problems))) => {
                ui.heading("This battle cannot be played");
                for p in problems {
                    ui.colored_label(egui::Color32::from_rgb(240, 120, 100), p);
                }
            }
            None => {}
        });
}

/// What the seed is, for its hover.
const SEED: &str = "The battle's dice: the same seed and the same moves give the same battle, so a seed can be shared or played again. Type a number, or a game's 0x… seed from the lab's CSV.";

/// Scenario (grouped by ruleset), each side's army (of that ruleset) and controller,
/// the seed and the watch speed.
fn choices(ui: &mut egui::Ui, f: &mut SetupForm) {
    egui::Grid::new("setup")
        .num_columns(2)
        .spacing([24.0, 10.0])
        .show(ui, |ui| {
            ui.label("Scenario");
            let before = f.scenario;
            scenario_combo(ui, f);
            ui.end_row();
            if before != f.scenario {
                f.army = scenario_armies(f);
                keep_players(f);
            }
            for (i, label) in ["Side A (blue)", "Side B (red)"].into_iter().enumerate() {
                ui.label(label);
                ui.horizontal(|ui| {
                    army_combo(ui, f, i);
                    egui::ComboBox::from_id_salt(("controller", i))
                        .selected_text(f.controllers[i].label())
                        .show_ui(ui, |ui| {
                            for c in offered(f) {
                                crate::game::controller::choice_entry(ui, &mut f.controllers[i], c);
                            }
                        })
                        .response
                        .on_hover_text(f.controllers[i].about());
                });
                ui.end_row();
            }
            ui.label("Seed").on_hover_text(SEED);
            ui.horizontal(|ui| {
                super::seed_field::seed_field(ui, "setup seed", &mut f.seed).on_hover_text(SEED);
                if let Some(h) = &mut f.hosting {
                    ui.checkbox(&mut h.fixed_seed, "play this seed")
                        .on_hover_text(
                            "Unticked, the machines draw the seed together (commit-reveal) \
                             and every command's dice are salted by the host, so no one can \
                             foresee them.",
                        );
                }
            });
            ui.end_row();
            if let Some(h) = &mut f.hosting {
                ui.label("Listen on");
                ui.vertical(|ui| {
                    if let Some(why) = listen_field(ui, &mut h.listen, 160.0) {
                        ui.colored_label(egui::Color32::from_rgb(240, 120, 100), why);
                    }
                });
                ui.end_row();
            }
            // Offered only where a person sets models down: a play-tester found it on
            // Watch AI vs AI.
            if by_a_person(&f.controllers) {
                ui.label("Deployment");
                ui.checkbox(
                    &mut f.by_hand,
                    "by hand: the sides take turns setting models down",
                )
                .on_hover_text(
                    "Side A first, one model (a Toy Soldier unit) at a time, each wholly in \
                         its zone; the computer sets its own, and can set the rest of yours. \
                         Unticked, both armies stand in rows in their zones.",
                );
                ui.end_row();
            }
            if f.controllers.iter().all(|c| *c != Controller::Human) {
                ui.label("Watch speed");
                ui.add(
                    egui::Slider::new(&mut f.speed, crate::game::settings::Settings::WATCH_SPEED)
                        .logarithmic(true)
                        .suffix("×"),
                );
                ui.end_row();
            }
        });
}

fn scenario_combo(ui: &mut egui::Ui, f: &mut SetupForm) {
    scenario_picker(ui, "scenario", &f.scenarios, &mut f.scenario);
}

/// The ruleset of the scenario chosen.
fn ruleset_of(f: &SetupForm) -> Ruleset {
    f.scenarios
        .get(f.scenario)
        .map_or(Ruleset::ALL[0], |(_, s)| s.ruleset)
}

/// The form's choices kept for the next run of the game (in a file of their own), and
/// the watch speed chosen when watching (in the settings).
fn keep_choices(chosen: LastSetup, speed: Option<f32>) -> impl FnOnce(&mut World) {
    move |world: &mut World| {
        let dir = crate::game::saves::data_dir();
        let _ = crate::game::settings::write_last_setup(&dir, &chosen);
        let Some(speed) = speed else { return };
        if let Some(mut s) = world.get_resource_mut::<crate::game::settings::Settings>()
            && s.watch_speed != speed
        {
            s.watch_speed = speed;
            let _ = crate::game::settings::write(&dir, &s);
        }
    }
}

/// Where a hosted battle listens, as typed (on this form and on a save's Play on row):
/// what is wrong with it, if anything.
pub fn listen_field(ui: &mut egui::Ui, listen: &mut String, width: f32) -> Option<String> {
    ui.add(egui::TextEdit::singleline(listen).desired_width(width))
        .on_hover_text("0.0.0.0:4740 takes players from any machine that can reach this one");
    listen_problem(listen)
}

/// What is wrong with an address to listen on, said on the form before Start (a typo
/// there used to end on the main menu, the form lost): an address or a host name, and
/// a port.
fn listen_problem(listen: &str) -> Option<String> {
    let listen = listen.trim();
    let named = listen.rsplit_once(':').is_some_and(|(host, port)| {
        !host.is_empty() && !host.contains([':', ' ', '\t']) && port.parse::<u16>().is_ok()
    });
    let ok = named || listen.parse::<std::net::SocketAddr>().is_ok();
    (!ok).then(|| format!("\"{listen}\" is not an address and a port, such as 0.0.0.0:4740"))
}

/// The battle the form describes, or what is wrong with it.
fn build(f: &SetupForm) -> Building {
    let (path, head) = f
        .scenarios
        .get(f.scenario)
        .ok_or_else(|| vec!["choose a scenario".to_string()])?;
    let armies = f.army.map(|i| f.armies.get(i).map(|(_, a)| a));
    crate::game::desk::desk(head.ruleset).build(path, armies)
}

#[cfg(test)]
mod tests;
