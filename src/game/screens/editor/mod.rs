//! The scenario editor: a table of any ruleset laid out with the pointer — terrain of
//! each kind placed, moved, turned, resized and reshaped by its corners, deployment zones
//! dragged — with the armies and length chosen, checked live by `warband validate`'s own
//! checks, saved atomically to the player's scenarios (listed in battle setup), with
//! undo and redo.

mod canvas;
mod form;
mod pieces;

use super::Screen;
use super::shelf::{armies, scenario_picker, scenarios};
use crate::game::hud::root_ui;
use crate::game::saves::{scenarios_dir, slug};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use canvas::Grab;
use std::path::PathBuf;
use warband_rules::Ruleset;
use warband_rules::army::ArmyList;
use warband_table::scenario::Scenario;
use warband_table::table::{PerSide, TerrainKind};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), open_editor)
        .add_systems(
            EguiPrimaryContextPass,
            editor.run_if(in_state(Screen::Editor)),
        );
}

/// The scenario the editor opens (`warband edit --scenario FILE`).
#[derive(Resource, Clone, Debug)]
pub struct EditorPreset(pub PathBuf);

/// Undo and redo: the documents before each edit, and those undone.
#[derive(Default)]
pub struct History {
    undo: Vec<Scenario>,
    redo: Vec<Scenario>,
}

impl History {
    /// Remembers the document as it was before an edit.
    pub fn push(&mut self, before: Scenario) {
        self.undo.push(before);
        self.redo.clear();
    }

    fn step(from: &mut Vec<Scenario>, to: &mut Vec<Scenario>, doc: &mut Scenario) {
        if let Some(prev) = from.pop() {
            to.push(std::mem::replace(doc, prev));
        }
    }
}

#[derive(Resource)]
pub struct Editor {
    pub doc: Scenario,
    pub selected: Option<usize>,
    /// What the pointer holds, and where it was pressed.
    pub grab: Option<(Grab, egui::Pos2)>,
    pub before_drag: Option<Scenario>,
    /// The document before the table's resize under way, if one is.
    before_resize: Option<Scenario>,
    pub history: History,
    /// The document last checked, and what the checks found.
    checked: Option<(Scenario, Vec<String>)>,
    scenarios: Vec<(PathBuf, Scenario)>,
    open: usize,
    armies: Vec<(String, ArmyList)>,
    message: Option<String>,
    /// A balancing of the saved scenario, shown in its own window while it is open.
    balance: crate::game::screens::lab::balance::BalanceTab,
    balance_open: bool,
    /// The file this editor opened or last saved: saved over without asking. Any other
    /// file of the same name is left be (a new table named as an old one is saved
    /// under a name of its own).
    own: Option<PathBuf>,
    /// The document as last saved or opened: leaving with another asks first.
    kept: Scenario,
    /// Back was pressed with changes unsaved: asked to confirm.
    leaving: bool,
    /// Play was pressed and the scenario saved here: battle setup opens on it.
    play: Option<PathBuf>,
}

impl Editor {
    fn new(
        doc: Scenario,
        scenarios: Vec<(PathBuf, Scenario)>,
        armies: Vec<(String, ArmyList)>,
    ) -> Self {
        Self {
            kept: doc.clone(),
            leaving: false,
            play: None,
            doc,
            selected: None,
            grab: None,
            before_drag: None,
            before_resize: None,
            history: History::default(),
            checked: None,
            scenarios,
            open: 0,
            armies,
            message: None,
            own: None,
            balance: Default::default(),
            balance_open: false,
        }
    }

    /// Applies an edit that is undone in one step.
    fn edit(&mut self, f: impl FnOnce(&mut Scenario)) {
        let before = self.doc.clone();
        f(&mut self.doc);
        if before != self.doc {
            self.history.push(before);
            // "Saved …" no longer speaks for the table on screen.
            self.message = None;
        }
    }

    /// Turns or scales piece `i` (see `Scenario::turn_piece`), saying so where it would
    /// not fit on the table at all (a play-tester's Q/E and + did nothing, unexplained).
    fn turn_piece(&mut self, i: usize, degrees: f32, factor: f32) {
        let mut fits = true;
        self.edit(|d| fits = d.turn_piece(i, degrees, factor));
        if !fits && let Some(t) = self.doc.terrain.get(i) {
            let how = if factor > 1.0 {
                "any bigger"
            } else {
                "turned so"
            };
            self.message = Some(format!("{} would not fit on the table {how}", t.name));
        }
    }

    fn undo(&mut self) {
        self.before_resize = None;
        History::step(
            &mut self.history.undo,
            &mut self.history.redo,
            &mut self.doc,
        );
        self.selected = None;
    }

    fn redo(&mut self) {
        self.before_resize = None;
        History::step(
            &mut self.history.redo,
            &mut self.history.undo,
            &mut self.doc,
        );
        self.selected = None;
    }

    fn problems(&self) -> &[String] {
        self.checked.as_ref().map_or(&[], |(_, p)| p.as_slice())
    }

    /// Checks the document with `warband validate`'s checks once it stops changing.
    fn check(&mut self) {
        if self.grab.is_some() || self.checked.as_ref().is_some_and(|(d, _)| *d == self.doc) {
            return;
        }
        let problems = check(&self.doc);
        self.checked = Some((self.doc.clone(), problems));
    }
}

/// Where the player's scenario of this name is saved.
/// The file a scenario opened from `file` is saved over without asking: `file` itself
/// where it is the player's own, in their folder under the scenario's name; none for one
/// of the game's tables (a copy of it by the same name may be the player's own work).
fn owned(file: &std::path::Path, doc: &Scenario) -> Option<PathBuf> {
    let mine = save_path(doc);
    (mine == file).then_some(mine)
}

pub fn save_path(doc: &Scenario) -> PathBuf {
    file_in(&scenarios_dir(), &doc.name)
}

/// The file in `dir` a scenario named `name` is saved as.
fn file_in(dir: &std::path::Path, name: &str) -> PathBuf {
    dir.join(format!("{}.ron", slug(name)))
}

/// What Save does with a scenario opened from `file`: it saves over the player's own
/// file, or leaves the game's be and writes the player's copy, named after the scenario
/// (under a name of its own where the player has a table of that name already), where
/// battle setup lists it.
fn where_saved(file: &std::path::Path, doc: &Scenario) -> String {
    let to = save_path(doc);
    let shown = file.display();
    match (owned(file, doc).is_some(), to.exists()) {
        (true, _) => format!("Opened {shown}. Save writes over it."),
        (false, true) => format!(
            "Opened {shown}. You have a table named \"{}\" already: Save writes this one beside it, under a new name, where battle setup lists it.",
            doc.name
        ),
        (false, false) => format!(
            "Opened {shown}. Save writes your copy to {}, where battle setup lists it.",
            to.display()
        ),
    }
}

/// Every problem `warband validate` finds in the document, written where it would be
/// saved (so it reads the player's armies, then the game's data).
pub fn check(doc: &Scenario) -> Vec<String> {
    check_in(doc, &scenarios_dir())
}

fn check_in(doc: &Scenario, dir: &std::path::Path) -> Vec<String> {
    let file = dir.join(".editor-check.tmp");
    if let Err(e) = save_to(&file, doc) {
        return vec![e.to_string()];
    }
    let path = file.display().to_string();
    let problems = crate::rulesets::problems_of_file(&file)
        .into_iter()
        .map(|p| about_the_table(&p, &path))
        .collect();
    let _ = std::fs::remove_file(&file);
    problems
}

/// A problem of the table being edited, without the file it was checked in (a
/// play-tester read a path before every problem of a table not yet saved): a problem
/// of another file (an army it names) keeps its own.
fn about_the_table(problem: &str, checked: &str) -> String {
    let Some(rest) = problem.strip_prefix(checked) else {
        return problem.to_string();
    };
    // Past the line and column, if the problem gives them.
    let rest = rest.trim_start_matches(|c: char| c == ':' || c.is_ascii_digit());
    rest.trim_start().to_string()
}

/// Writes the document atomically (making its folder if need be).
fn save_to(path: &std::path::Path, doc: &Scenario) -> Result<(), warband_table::files::DataError> {
    warband_table::files::write_atomic(path, &doc.to_ron())
}

fn open_editor(mut commands: Commands, preset: Option<Res<EditorPreset>>) {
    let mut problems = Vec::new();
    // Scenarios' problems first, then the armies', as they are told.
    let mut army_problems = Vec::new();
    let all_armies = armies(&mut army_problems);
    let scenarios = scenarios(&all_armies, &mut problems);
    problems.append(&mut army_problems);
    // An army is named in a scenario by its file's stem.
    let armies: Vec<(String, ArmyList)> = all_armies
        .into_iter()
        .filter_map(|(p, a)| Some((p.file_stem()?.to_string_lossy().into_owned(), a)))
        .collect();
    let first = PerSide {
        a: "adventuring-party".to_string(),
        b: "goblin-raiders".to_string(),
    };
    let mut doc = Scenario::new(Ruleset::ALL[0], first);
    if let Some(p) = &preset {
        match warband_table::files::load_ron::<Scenario>(&p.0) {
            Ok(d) => doc = d,
            Err(e) => problems.push(e.to_string()),
        }
    }
    let opened = preset.as_ref().map(|p| where_saved(&p.0, &doc));
    // The list shows the scenario opened, if it is one of those listed.
    let open = preset
        .as_ref()
        .and_then(|p| {
            scenarios
                .iter()
                .position(|(f, _)| f.file_name() == p.0.file_name())
        })
        .unwrap_or(form::NONE_OPEN);
    let mut e = Editor::new(doc, scenarios, armies);
    e.open = open;
    e.message = problems.first().cloned().or(opened);
    e.own = preset.and_then(|p| owned(&p.0, &e.doc));
    commands.insert_resource(e);
}

fn editor(
    mut contexts: EguiContexts,
    editor: Option<ResMut<Editor>>,
    mut next: ResMut<NextState<Screen>>,
    busy: Option<ResMut<crate::game::awake::Busy>>,
    mut commands: Commands,
) -> Result {
    let Some(mut editor) = editor else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let e = &mut *editor;
    canvas::keys(ctx, e);
    e.check();
    let mut root = root_ui(ctx);
    egui::Panel::left("editor-form")
        .exact_size(380.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                form::show(ui, e);
                ui.add_space(12.0);
                if back(ui, e) {
                    next.set(Screen::MainMenu);
                }
            });
        });
    egui::CentralPanel::default().show(&mut root, |ui| canvas::show(ui, e));
    balance_window(ctx, e);
    if let Some(path) = e.play.take() {
        commands.insert_resource(super::menu::SetupPreset::NEW_BATTLE);
        commands.insert_resource(super::menu::SetupScenario(Some(path.clone())));
        // Back from setup comes back here, to the table just saved.
        commands.insert_resource(super::menu::SetupBack(Screen::Editor));
        commands.insert_resource(EditorPreset(path));
        next.set(Screen::Setup);
    }
    if e.balance.running() {
        ctx.request_repaint();
        if let Some(mut b) = busy {
            b.keep();
        }
    }
    Ok(())
}

/// Back to the menu: at once when nothing is unsaved, else after asking. True to go.
fn back(ui: &mut egui::Ui, e: &mut Editor) -> bool {
    if ui.button("◀ Back to the menu").clicked() {
        if e.doc == e.kept {
            return true;
        }
        e.leaving = true;
    }
    if !e.leaving || e.doc == e.kept {
        e.leaving = false;
        return false;
    }
    let mut go = false;
    ui.colored_label(
        egui::Color32::from_rgb(250, 200, 120),
        "This scenario has changes that are not saved. Leave, and lose them?",
    );
    ui.horizontal(|ui| {
        go = ui.button("Leave without saving").clicked();
        if ui.button("Stay").clicked() {
            e.leaving = false;
        }
    });
    go
}

/// The Balance window: the saved scenario balanced as the lab's Balance tab does it.
fn balance_window(ctx: &egui::Context, e: &mut Editor) {
    let mut open = e.balance_open;
    egui::Window::new("Balance")
        .open(&mut open)
        .default_pos([420.0, 60.0])
        .default_size([520.0, 420.0])
        .show(ctx, |ui| {
            if e.balance.running()
                && ui.button("■ Stop").clicked()
                && let Some(job) = &e.balance.job
            {
                job.stop();
            }
            crate::game::screens::lab::balance::view(ui, &mut e.balance);
        });
    if !open && let Some(job) = &e.balance.job {
        job.stop();
    }
    e.balance_open = open;
}

#[cfg(test)]
mod tests;
