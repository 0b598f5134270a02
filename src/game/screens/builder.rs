//! The army builder: browse the bestiary, add and count models, pick a leader, see the
//! points against the limit and every problem as you go; save, load, duplicate and
//! delete lists in the data folder (written atomically), start from a copy of one the
//! game ships, or roll a random legal army. Saved armies appear in battle setup.

use super::Screen;
use super::builder_files::{self, FileAction};
use crate::game::art::icons::icon_and_name;
use crate::game::catalogue::{Catalogue, amount};
use crate::game::desk::{ProfileDesigner, desk};
use crate::game::hud::root_ui;
use crate::game::saves::{ArmyFile, armies_dir, list_armies};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use warband_rules::army::ArmyList;
use warband_rules::{DiceRoller, Ruleset};

#[path = "builder_ask.rs"]
mod builder_ask;
use builder_ask::{Ask, ask};
#[path = "builder_buttons.rs"]
mod builder_buttons;
#[path = "builder_catalogue.rs"]
mod builder_catalogue;
use builder_buttons::verdict_and_buttons;
use builder_catalogue::catalogue_panel;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Builder), open).add_systems(
        EguiPrimaryContextPass,
        builder.run_if(in_state(Screen::Builder)),
    );
}

#[derive(Resource)]
struct Builder {
    catalogue: Catalogue,
    /// The ruleset's designer of new profiles, if it has one.
    designer: Option<Box<dyn ProfileDesigner>>,
    army: ArmyList,
    /// The file the army was loaded from or last saved to; saving a renamed army moves
    /// it to the new name's file.
    file: Option<std::path::PathBuf>,
    saved: Vec<ArmyFile>,
    /// The armies the game ships, to copy, and the scenario each was made for.
    shipped: Vec<ArmyFile>,
    made_for: Vec<Option<String>>,
    filter: String,
    message: Option<String>,
    rng: DiceRoller,
    /// What waits on the player's word: another ruleset, a new army or leaving while
    /// the army on screen has unsaved changes, or a file to delete.
    asking: Option<Ask>,
    /// The army as last saved, loaded or begun: one that differs is unsaved work.
    kept: ArmyList,
    /// Whether its leader was chosen (by the player's click, or with a loaded or
    /// random army): a model added then leaves the lead where it is.
    lead_chosen: bool,
    /// Asked to play the army saved in this file: a new battle is set up with it.
    play: Option<std::path::PathBuf>,
    /// Gone to set up a battle with the army: coming back finds it as it was left.
    playing: bool,
}

impl Builder {
    /// Switches to another ruleset's catalogue with an empty army.
    fn switch(&mut self, ruleset: Ruleset) {
        match Catalogue::load(ruleset) {
            Ok(c) => {
                self.army = c.blank();
                self.lead_chosen = false;
                self.kept = self.army.clone();
                self.file = None;
                self.catalogue = c;
                // Another ruleset's names: a word found in the last one would hide them.
                self.filter.clear();
                self.designer = desk(ruleset).designer();
                self.message = desk(ruleset).own_data_problem();
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// Loads an army into the builder, with its ruleset's catalogue, and the file it
    /// came from (None for a new army or a copy).
    fn take(&mut self, army: ArmyList, file: Option<std::path::PathBuf>) {
        self.asking = None;
        if army.ruleset != self.catalogue.ruleset {
            self.switch(army.ruleset);
        }
        self.kept = army.clone();
        self.army = army;
        self.lead_chosen = true;
        self.file = file;
    }

    /// Whether the army on screen has models and changes not saved.
    fn unsaved(&self) -> bool {
        !self.army.entries.is_empty() && self.army != self.kept
    }
}

fn open(
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut menu: ResMut<super::menu::MenuMessage>,
    kept: Option<ResMut<Builder>>,
) {
    // Back from the battle set up with Play: the army as it was left.
    if let Some(mut b) = kept
        && b.playing
    {
        b.playing = false;
        return;
    }
    // The first ruleset whose catalogue reads; if none does, back to the menu with why.
    let mut problems = Vec::new();
    let Some(catalogue) = Ruleset::ALL
        .into_iter()
        .find_map(|r| Catalogue::load(r).map_err(|e| problems.push(e)).ok())
    else {
        menu.0 = Some(format!(
            "The army builder cannot read its data: {}",
            problems.join("; ")
        ));
        next.set(Screen::MainMenu);
        return;
    };
    let message = problems.first().cloned();
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(7, |d| d.as_nanos() as u64);
    let shipped = list_armies(&crate::game::saves::assets_dir().join("armies"));
    commands.insert_resource(Builder {
        designer: desk(catalogue.ruleset).designer(),
        kept: catalogue.blank(),
        army: catalogue.blank(),
        file: None,
        catalogue,
        saved: list_armies(&armies_dir()),
        made_for: builder_files::made_for(&shipped),
        shipped,
        filter: String::new(),
        message,
        rng: DiceRoller::from_seed(seed),
        asking: None,
        lead_chosen: false,
        play: None,
        playing: false,
    });
}

fn builder(
    mut contexts: EguiContexts,
    b: Option<ResMut<Builder>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let Some(mut b) = b else { return Ok(()) };
    let b = &mut *b;
    let ctx = contexts.ctx_mut()?;
    // The side panels give way on a narrow screen (or a large interface size), so the
    // army in the middle keeps room to be read.
    let width = ctx.viewport_rect().width();
    let mut root = root_ui(ctx);
    egui::Panel::right("saved")
        .exact_size((width * 0.2).clamp(200.0, 300.0))
        .show(&mut root, |ui| files_panel(ui, b));
    egui::Panel::left("bestiary")
        .exact_size((width * 0.45).clamp(280.0, 620.0))
        .show(&mut root, |ui| catalogue_panel(ui, b));
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.heading("Army builder");
            if ui.button("◀ Menu").clicked() {
                if b.unsaved() {
                    b.asking = Some(Ask::Leave);
                } else {
                    next.set(Screen::MainMenu);
                }
            }
        });
        ui.separator();
        let party = b.catalogue.is_party(&b.army);
        let switch_to = heading(ui, &mut b.army, party);
        total(ui, b);
        ui.separator();
        entries(ui, b);
        ui.small(b.catalogue.leader_hint);
        if !b.lead_chosen && !b.army.entries.is_empty() {
            // A play-tester added a Troll and saw the lead move to it unasked.
            ui.small("The lead is on the costliest model that may lead until you choose one.");
        }
        ui.separator();
        verdict_and_buttons(ui, b);
        if let Some(m) = b.message_now() {
            ui.label(m);
        }
        if let Some(r) = switch_to {
            b.choose_ruleset(r);
        }
        // A file to delete is asked about beside the list of files.
        if !matches!(b.asking, Some(Ask::Delete(_))) && ask(ui, b) {
            next.set(Screen::MainMenu);
        }
    });
    if let Some(army) = b.play.take() {
        // Back from setup comes back here, to the army as it was left.
        b.playing = true;
        commands.insert_resource(super::menu::SetupPreset::NEW_BATTLE);
        commands.insert_resource(super::menu::SetupArmy(Some(army)));
        commands.insert_resource(super::menu::SetupBack(Screen::Builder));
        next.set(Screen::Setup);
    }
    Ok(())
}

/// The player's saved armies and the shipped ones: load, copy, delete.
fn files_panel(ui: &mut egui::Ui, b: &mut Builder) {
    let folder = armies_dir().display().to_string();
    match builder_files::show(ui, &folder, &b.saved, &b.shipped, &b.made_for) {
        Some(FileAction::Load(a, path)) => b.take(a, Some(path)),
        Some(FileAction::Copy(a)) => b.take(a, None),
        Some(FileAction::Delete(path)) => b.asking = Some(Ask::Delete(path)),
        None => {}
    }
    if matches!(b.asking, Some(Ask::Delete(_))) {
        ui.separator();
        ask(ui, b);
    }
}

/// The army's name, ruleset and points limit (none for a party, which has no budget);
/// the ruleset chosen, if it changed.
fn heading(ui: &mut egui::Ui, army: &mut ArmyList, party: bool) -> Option<Ruleset> {
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut army.name);
    });
    // Wrapped, as the buttons below: in a narrow window the middle column's rows
    // would run past its edge (a play-tester's 800 × 600 cut "Points limit 10…").
    ui.horizontal_wrapped(|ui| {
        ui.label("Ruleset");
        let mut ruleset = army.ruleset;
        egui::ComboBox::from_id_salt("ruleset")
            .selected_text(ruleset.title())
            .show_ui(ui, |ui| {
                for r in Ruleset::ALL {
                    ui.selectable_value(&mut ruleset, r, r.title());
                }
            });
        // A party's levels have no budget: a limit there would be one no rule asks
        // (a play-tester was shown a working "Points limit 200" beside "no budget").
        if party {
            army.points_limit = None;
        } else {
            let mut limited = army.points_limit.is_some();
            ui.checkbox(&mut limited, "Points limit");
            let mut limit = army.points_limit.unwrap_or(100);
            if limited {
                ui.add(egui::DragValue::new(&mut limit).range(10..=2000));
            }
            army.points_limit = limited.then_some(limit);
        }
        (ruleset != army.ruleset).then_some(ruleset)
    })
    .inner
}

/// The army's cost against its limit: red when over, green when the army may be fielded;
/// a party's levels have no limit.
/// Costs of another unit (monsters in a party) follow after a "+".
fn total(ui: &mut egui::Ui, b: &Builder) {
    let (army, unit) = (&b.army, b.catalogue.unit_of(&b.army));
    let totals = b.catalogue.totals(army);
    let main = totals.first().map_or(0, |(_, sum)| *sum);
    let others: String = totals[1..]
        .iter()
        .map(|(u, sum)| format!(" + {}", amount(*sum, u)))
        .collect();
    let (text, over) = match army.points_limit {
        _ if b.catalogue.is_party(army) => (
            format!("{}{others} · a party has no XP budget", amount(main, unit)),
            false,
        ),
        Some(l) => (format!("{main} / {l} {unit}{others}"), main > l),
        None => (format!("{main} {unit}{others}"), false),
    };
    // Green only for an army that may be fielded (a play-tester saw a green total
    // beside the warning that heroes and monsters may not be mixed).
    let colour = if over {
        egui::Color32::from_rgb(240, 110, 90)
    } else if !b.catalogue.problems(army).is_empty() {
        ui.visuals().text_color()
    } else {
        egui::Color32::from_rgb(140, 220, 140)
    };
    ui.colored_label(colour, egui::RichText::new(text).size(20.0));
}

/// Each entry with its leader button, count and cost; removing the leader passes the
/// lead to the fittest entry left.
fn entries(ui: &mut egui::Ui, b: &mut Builder) {
    let army = &mut b.army;
    let mut remove = None;
    egui::Grid::new("entries").num_columns(5).show(ui, |ui| {
        for (i, e) in army.entries.iter_mut().enumerate() {
            let each = b.catalogue.cost(&e.profile).unwrap_or(0);
            if ui
                .radio_value(&mut army.leader, e.profile.clone(), "")
                .on_hover_text("Leader")
                .clicked()
            {
                b.lead_chosen = true;
            }
            icon_and_name(ui, b.catalogue.find(&e.profile).map(|c| c.icon), &e.profile);
            ui.horizontal(|ui| {
                if ui.small_button("−").clicked() {
                    if e.count <= 1 {
                        remove = Some(i);
                    } else {
                        e.count -= 1;
                    }
                }
                ui.label(e.count.to_string());
                if ui.small_button("+").clicked() {
                    e.count = e.count.saturating_add(1);
                }
            });
            let unit = b.catalogue.unit_of_entry(&e.profile);
            ui.label(amount(each.saturating_mul(u32::from(e.count)), unit));
            if ui.small_button("✖").clicked() {
                remove = Some(i);
            }
            ui.end_row();
        }
    });
    if let Some(i) = remove {
        let gone = army.entries.remove(i);
        if army.leader == gone.profile {
            b.lead_chosen = false;
            army.leader = b
                .catalogue
                .fittest_leader(army)
                .or_else(|| army.entries.first().map(|e| e.profile.clone()))
                .unwrap_or_default();
        }
    }
}
