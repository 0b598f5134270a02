//! What the desktop shell asks of a ruleset, and the registry of the three desks.
//!
//! A ruleset's [`Desk`] is its engine plus what the window needs: the table, the
//! roster's lines, the result's notes, its catalogue and designer for the army builder,
//! and its own part of the battle screen (top line, left panel, log lines, and a plugin
//! with its markers and input). [`DeskPlugin`] gives every ruleset the rest alike: the
//! drive at the chosen pace, the panel frame, the result and the trace, each running
//! only while that ruleset's battle is on the table. The shell knows a ruleset only by
//! its id and reaches it through [`desk`].

use super::catalogue::Catalogue;
pub use super::cues::Cue;
use super::screens::Screen;
use super::session::{GameSession, OnTable, TableLayout};
use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use bevy_egui::egui;
use std::marker::PhantomData;
use std::path::Path;
use warband_rules::army::ArmyList;
use warband_rules::{DieRoll, Ruleset, Side};
use warband_table::calibrate::Calibrate;
use warband_table::engine::Rules;
use warband_table::player::PlayerKind;
use warband_table::scenario::Setup;
use warband_table::sim::Contest;
use warband_table::table::{PerSide, Zone};

/// What the shell needs of a ruleset beyond its engine.
pub trait Desk: Contest + Calibrate + Rules<Setup: Send + Sync> {
    /// The ruleset's own state of the pointer and the panel between frames.
    type Selection: Resource + Component<Mutability = Mutable> + Default;

    /// The table of the battle: its size and terrain.
    fn layout(setup: &Self::Setup) -> TableLayout {
        super::session::layout(setup.scenario())
    }
    fn zones(setup: &Self::Setup) -> &PerSide<Zone> {
        &setup.scenario().deployment
    }
    /// The scenario's length, e.g. "12 rounds" or "8 turns".
    fn length(setup: &Self::Setup) -> String {
        warband_table::sim::rounds::<Self>(setup.scenario().round_limit)
    }
    /// How the battle is won, in a line: what ends it early and what counts at the end
    /// of its length.
    fn victory(setup: &Self::Setup) -> String;
    /// A profile as the roster shows it: what it is, and its cost in [`Desk::cost_unit`].
    fn entry(setup: &Self::Setup, profile: &str) -> Option<(String, u32)>;
    /// What an army's costs count: points, or in Borderlands a monster group's XP and a
    /// party's levels (a party has no XP budget).
    fn cost_unit(_setup: &Self::Setup, _army: &ArmyList) -> &'static str {
        "pts"
    }
    /// Whether an army's `points_limit` binds it: in Borderlands only a monster
    /// group's XP is budgeted, never a party's levels.
    fn budgeted(_setup: &Self::Setup, _army: &ArmyList) -> bool {
        true
    }
    /// What the result screen says of one side beyond its losses: a broken side, and
    /// each model or unit it lost.
    fn result_notes(world: &World, side: Side) -> Vec<String>;
    /// A scenario file's setup with what the player made in the data folder (Toy
    /// Soldier's units, Borderlands' heroes) as good as the shipped profiles, so an army
    /// of them loads and checks as one of those does.
    fn load_own(path: &Path) -> Result<Self::Setup, warband_table::files::DataError> {
        Self::load(path)
    }
    /// What is wrong with the player's own designs (a damaged `units.ron`), which the
    /// builder and setup then go without.
    fn own_data_problem() -> Option<String> {
        None
    }

    /// The profiles the army builder offers, with their costs and the army checks.
    fn catalogue() -> Result<Catalogue, String>;
    /// The builder's designer of new profiles (Toy Soldier units, Borderlands heroes).
    fn designer() -> Option<Box<dyn ProfileDesigner>> {
        None
    }

    /// The ruleset's rules in our own words, for the rules window (F2).
    fn reference() -> &'static super::hud::reference::Reference;

    /// The rules section of a phase (its clause, as the reference keys it), for the top
    /// bar's link; None for a phase with none (deployment, the battle's end).
    fn phase_rules(phase: Self::Phase) -> Option<&'static str>;

    /// The ruleset's own keys and mouse, for How to play (F1).
    fn shortcuts() -> &'static [(&'static str, &'static str)];

    /// The ruleset in a few lines, for How to play: what a newcomer needs before a
    /// first battle (the rules window has the rest).
    fn primer() -> &'static [&'static str];

    /// A model (a Toy Soldier unit) as the log names it: "Orc #3".
    fn model_name(world: &World, id: warband_table::components::ModelId) -> String;

    /// An engine's text (a die's purpose) as a player reads it: names, not ids.
    fn readable(_world: &World, text: &str) -> String {
        text.to_string()
    }

    /// Whether a die did its job for whoever rolled it (None for dice that only count
    /// against others). Most dice pass by meeting their face.
    fn die_for_roller(d: &DieRoll) -> Option<bool> {
        d.passed()
    }

    /// What a group of dice of one clause and purpose came to together, said after
    /// them in the tray once they land ("= 9" for a Sleep's HD, "+1 = 5" for a
    /// damage of 1d6+1), where the rules add them up and the group is one roll's dice
    /// (so many as the roll has); None where each die counts alone (a contest's highest
    /// die, one model's hit points beside the next one's).
    fn dice_total(_dice: &[&DieRoll]) -> Option<String> {
        None
    }

    /// What a settled die came to when its face alone does not say, read from the log's
    /// entries after it (a Borderlands shot whose near miss struck the cover): the tray
    /// marks it apart and says this under the pointer.
    fn die_note(
        _after: &[warband_table::log::Entry<Self::Command, Self::Event>],
    ) -> Option<&'static str> {
        None
    }

    /// Whether a person has a model of theirs chosen to act, its ghost following the
    /// pointer: the terrain card then stays away, not to cover the ghost and its words.
    fn aiming(session: &GameSession<Self>, selection: &Self::Selection) -> bool;

    /// The model of the side a person plays now that a click on the table would set
    /// moving (the chosen or active one), if any: a miniature dragged is dropped only
    /// when it is this one.
    fn carrying(
        session: &GameSession<Self>,
        selection: &Self::Selection,
    ) -> Option<warband_table::components::ModelId>;

    /// The ruleset's part of the top bar: scenario, round or turn, whose move.
    fn top_line(ui: &mut egui::Ui, session: &GameSession<Self>);
    /// The left panel under the watch controls: what is selected and what it may do.
    fn panel(
        ui: &mut egui::Ui,
        session: &mut GameSession<Self>,
        selection: &mut Self::Selection,
        cursor: Option<Vec2>,
    );
    /// The newest lines the filter keeps of the battle log's `entries`, in words, oldest
    /// first (most rulesets: [`super::hud::log::newest_lines`] with their own words, on
    /// the log up to the range's end).
    fn log_lines(
        session: &GameSession<Self>,
        filter: &super::hud::log::LogFilter,
        entries: std::ops::Range<usize>,
    ) -> Vec<LogLine>;
    /// The ruleset's own systems on the battle screen: its models, markers and input.
    fn screen_plugin(app: &mut App);

    /// What new log entries show beyond where the models stand: charges (moves the
    /// engine logged as ending in contact) lunge, shots draw tracers. `new` holds whole
    /// commands' entries, oldest first.
    fn cues(_new: &[warband_table::log::Entry<Self::Command, Self::Event>]) -> Vec<Cue> {
        Vec::new()
    }
}

/// One line of the battle log: what it says, the side it concerns (its colour and
/// filter), and whether it is a die (dice lines are hidden unless asked for).
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub side: Option<Side>,
    pub text: String,
    pub die: bool,
    /// A die's clause, which the line links to in the rules (set by `newest_lines`).
    pub clause: Option<String>,
    /// More than the line says, shown when the pointer rests on it (the models a run
    /// of moves told as one line moved).
    pub detail: Option<String>,
}

/// A designer of new profiles in the army builder: it shows itself and says when it
/// saved one (the catalogue is then read again).
pub trait ProfileDesigner: Send + Sync {
    /// The heading it is folded under.
    fn title(&self) -> &'static str;
    /// Draws the designer; true when it saved a design.
    fn show(&mut self, ui: &mut egui::Ui) -> bool;
}

/// A ruleset's desk as the shell holds it, by its id: everything the shell starts or
/// reads of a ruleset it does not name.
pub trait AnyDesk: Sync {
    /// The kinds of computer player it has.
    fn kinds(&self) -> Vec<PlayerKind>;
    fn read_save(&self, path: &Path) -> Result<Box<dyn super::saves::SavedBattle>, String>;
    /// The battle of a scenario file with these armies, or what is wrong with it.
    fn build(&self, scenario: &Path, armies: [Option<&ArmyList>; 2]) -> super::preview::Building;
    fn start_sim(&self, ask: &super::jobs::SimAsk) -> Result<super::jobs::SimJob, String>;
    /// The profiles of a scenario that can be calibrated, with their costs.
    fn calibration_profiles(&self, scenario: &Path) -> Result<Vec<(String, u32)>, String>;
    fn start_calibration(
        &self,
        scenario: &Path,
        profile: &str,
        games: u32,
    ) -> Result<super::jobs::CalibrationJob, String>;
    /// Starts balancing a scenario file of the ruleset (`warband balance`).
    fn start_balance(
        &self,
        scenario: &Path,
        games: u32,
    ) -> Result<super::balance_job::BalanceJob, String>;
    fn catalogue(&self) -> Result<Catalogue, String>;
    /// What the ruleset calls its rounds, for a heading: "Rounds", "Turns".
    fn rounds_word(&self) -> String;
    /// Its keys and clicks, as its battle's How to play (F1) lists them.
    fn shortcuts(&self) -> &'static [(&'static str, &'static str)];
    /// The ruleset in a few lines, as How to play gives it.
    fn primer(&self) -> &'static [&'static str];
    fn own_data_problem(&self) -> Option<String>;
    fn designer(&self) -> Option<Box<dyn ProfileDesigner>>;
    /// Takes its battle off the table, if one is there.
    fn end(&self, world: &mut World);
    fn add_plugin(&self, app: &mut App);
}

/// The desk of ruleset `R`.
pub struct DeskOf<R>(PhantomData<fn() -> R>);

impl<R: Desk> AnyDesk for DeskOf<R> {
    fn kinds(&self) -> Vec<PlayerKind> {
        R::kinds()
    }

    fn read_save(&self, path: &Path) -> Result<Box<dyn super::saves::SavedBattle>, String> {
        warband_table::save::Save::<R>::read(path)
            .map(|s| Box::new(s) as Box<dyn super::saves::SavedBattle>)
            .map_err(|e| e.to_string())
    }

    fn build(&self, scenario: &Path, armies: [Option<&ArmyList>; 2]) -> super::preview::Building {
        super::preview::build_of::<R>(scenario, armies)
    }

    fn start_sim(&self, ask: &super::jobs::SimAsk) -> Result<super::jobs::SimJob, String> {
        super::jobs::SimJob::start_of::<R>(ask)
    }

    fn calibration_profiles(&self, scenario: &Path) -> Result<Vec<(String, u32)>, String> {
        R::load_own(scenario)
            .map(|s| R::listed(&s))
            .map_err(|e| e.to_string())
    }

    fn start_calibration(
        &self,
        scenario: &Path,
        profile: &str,
        games: u32,
    ) -> Result<super::jobs::CalibrationJob, String> {
        super::jobs::CalibrationJob::start_of::<R>(scenario, profile, games)
    }

    fn start_balance(
        &self,
        scenario: &Path,
        games: u32,
    ) -> Result<super::balance_job::BalanceJob, String> {
        super::balance_job::BalanceJob::start_of::<R>(scenario, games)
    }

    fn catalogue(&self) -> Result<Catalogue, String> {
        R::catalogue()
    }

    fn rounds_word(&self) -> String {
        super::hud::capitalised(R::ROUND) + "s"
    }

    fn shortcuts(&self) -> &'static [(&'static str, &'static str)] {
        R::shortcuts()
    }

    fn primer(&self) -> &'static [&'static str] {
        R::primer()
    }

    fn own_data_problem(&self) -> Option<String> {
        R::own_data_problem().map(|p| format!("Your own designs are left out: {p}"))
    }

    fn designer(&self) -> Option<Box<dyn ProfileDesigner>> {
        R::designer()
    }

    fn end(&self, world: &mut World) {
        world.remove_non_send::<GameSession<R>>();
    }

    fn add_plugin(&self, app: &mut App) {
        app.add_plugins(DeskPlugin::<R>(PhantomData));
    }
}

/// The desk of a ruleset named by its id: the one turn from an id to a type the shell
/// makes (through the registry's `with_rules!`).
pub fn desk(ruleset: Ruleset) -> &'static dyn AnyDesk {
    crate::rulesets::with_rules!(ruleset, R => {
        static DESK: DeskOf<R> = DeskOf(PhantomData);
        &DESK
    })
}

/// Whether ruleset `ruleset` has a computer player of this kind.
pub fn playable(ruleset: Ruleset, kind: PlayerKind) -> bool {
    desk(ruleset).kinds().contains(&kind)
}

/// Ends whatever battle is on screen.
pub fn end_sessions(world: &mut World) {
    for r in Ruleset::ALL {
        desk(r).end(world);
    }
    world.remove_resource::<TableLayout>();
    world.remove_resource::<OnTable>();
}

/// Every ruleset's desk on the screens.
pub(super) fn plugin(app: &mut App) {
    for r in Ruleset::ALL {
        desk(r).add_plugin(app);
    }
}

/// Whether a battle of ruleset `R` is on the table.
pub fn has_session<R: Contest>(on: Option<Res<OnTable>>) -> bool {
    on.is_some_and(|on| on.0 == R::RULESET)
}

/// The run condition of a ruleset's battle systems: the battle screen, with its battle.
pub fn on_table<R: Contest>() -> impl SystemCondition<()> {
    in_state(Screen::Battle).and_then(has_session::<R>)
}

/// The run condition of a ruleset's battle input: its battle on the table and past
/// deployment by hand (which the shell's deployment takes the clicks for).
pub fn playing<R: Desk>() -> impl SystemCondition<()> {
    on_table::<R>().and_then(not(super::deploy::deploying))
}

/// What every ruleset's battle has alike on screen, for ruleset `R`.
pub struct DeskPlugin<R>(PhantomData<fn() -> R>);

impl<R: Desk> Plugin for DeskPlugin<R> {
    fn build(&self, app: &mut App) {
        app.init_resource::<R::Selection>()
            // What the ruleset's models read as they fall, and ask for frames with.
            .init_resource::<super::models::Casualties>()
            .init_resource::<super::awake::Busy>()
            .add_systems(
                OnEnter(Screen::Battle),
                (|mut s: ResMut<R::Selection>| *s = R::Selection::default())
                    .after(super::screens::BattleStarted),
            )
            .add_systems(Update, watch_pace::<R>.run_if(on_table::<R>()))
            .add_plugins((
                super::screens::battle::drive_plugin::<R>,
                super::hud::frame_plugin::<R>,
                super::screens::result::result_plugin::<R>,
                super::screens::smoke::trace_of::<R>,
                super::autosave::plugin::<R>,
                super::deploy::plugin::<R>,
                super::minis::drop_plugin::<R>,
                super::cues::plugin_of::<R>,
            ));
        R::screen_plugin(app);
    }
}

/// Models glide at the watch speed of the battle on the table.
fn watch_pace<R: Desk>(
    session: NonSend<GameSession<R>>,
    mut motion: ResMut<super::motion::Motion>,
) {
    let (watch, skip) = (session.pace.speed, session.pace.skip);
    if motion.watch != watch || motion.skip != skip {
        motion.watch = watch;
        motion.skip = skip;
    }
}

mod lost;
pub use lost::{lost_marked, read_log};
mod sums;
pub use sums::{added_up, faces, summed};

#[cfg(test)]
mod tests;
