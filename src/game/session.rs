//! The battle being played on screen, for any ruleset: the headless engine, who
//! controls each side, and everything the screen needs to remember between frames. The
//! engine is a Bevy App of its own (the battle crate owns its world), so it lives here as
//! a non-send resource `GameSession<R>`; the screen reads it and changes it only by
//! submitting the ruleset's commands.

use bevy::prelude::*;
use std::time::Duration;
use warband_borderlands::Borderlands;
use warband_marauders::ai::AiKind;
use warband_marauders::engine::Marauders;
use warband_rules::army::ArmyList;
use warband_rules::{Ruleset, Side};
use warband_table::Refusal;
use warband_table::engine::{Engine, Rules};
use warband_table::player::Policy;
use warband_table::save::Save;
use warband_table::sim::Contest;
use warband_table::table::{PerSide, TerrainDef, Zone};
use warband_table::timeline::Timeline;
use warband_toy_soldier::ToySoldier;

/// Who plays a side: a person, or a computer player by kind. The kinds are named as in
/// Marauders, which has them all; another ruleset plays the kinds it has by the same
/// names (`Controller::choices`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    Human,
    Ai(AiKind),
}

impl Controller {
    /// Every controller a side can have: you, or any computer player the command line
    /// offers (the `random` and `charge` baselines included).
    pub const CHOICES: [Controller; 6] = [
        Controller::Human,
        Controller::Ai(AiKind::Easy),
        Controller::Ai(AiKind::Normal),
        Controller::Ai(AiKind::Hard),
        Controller::Ai(AiKind::Random),
        Controller::Ai(AiKind::Charge),
    ];

    /// The controllers a ruleset offers: you, and the computer players it has.
    pub fn choices(ruleset: Ruleset) -> Vec<Controller> {
        Self::CHOICES
            .into_iter()
            .filter(|c| match c {
                Controller::Human => true,
                Controller::Ai(kind) => playable(ruleset, *kind),
            })
            .collect()
    }

    pub fn label(self) -> &'static str {
        match self {
            Controller::Human => "Human",
            Controller::Ai(AiKind::Easy) => "AI: easy",
            Controller::Ai(AiKind::Normal) => "AI: normal",
            Controller::Ai(AiKind::Hard) => "AI: hard",
            Controller::Ai(AiKind::Random) => "AI: random",
            Controller::Ai(AiKind::Charge) => "AI: charge",
        }
    }
}

/// Pace of computer players.
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    pub paused: bool,
    /// 0.5× to 16×; at 1× the computer sends two commands a second.
    pub speed: f32,
    /// Send one command, then pause.
    pub step: bool,
    /// Play to the end at once.
    pub skip: bool,
    owed: f32,
}

impl Default for Pace {
    fn default() -> Self {
        Self {
            paused: false,
            speed: 1.0,
            step: false,
            skip: false,
            owed: 0.0,
        }
    }
}

/// Whether ruleset `ruleset` has a computer player of this kind.
pub fn playable(ruleset: Ruleset, kind: AiKind) -> bool {
    crate::cli::with_rules!(ruleset, R => kind.name().parse::<<R as Contest>::Player>().is_ok())
}

/// What the desktop shell needs of a ruleset beyond its engine: the table it is played
/// on, the armies, and a line about each army entry for the setup screen.
pub trait Desk: Contest {
    fn layout(setup: &Self::Setup) -> TableLayout;
    fn zones(setup: &Self::Setup) -> &PerSide<Zone>;
    fn armies(setup: &mut Self::Setup) -> &mut PerSide<ArmyList>;
    /// Everything that would stop the battle being played.
    fn problems(setup: &Self::Setup) -> Vec<String>;
    /// The scenario's length, e.g. "12 rounds" or "8 turns".
    fn length(setup: &Self::Setup) -> String;
    /// A profile as the roster shows it: what it is, and its cost in [`Desk::cost_unit`].
    fn entry(setup: &Self::Setup, profile: &str) -> Option<(String, u32)>;
    /// What an army's costs count: points, or in Borderlands a monster group's XP and a
    /// party's levels (a party has no XP budget).
    fn cost_unit(_setup: &Self::Setup, _army: &ArmyList) -> &'static str {
        "pts"
    }
    /// What the result screen says of one side beyond its losses: a broken side, and
    /// each model or unit it lost.
    fn result_notes(world: &World, side: Side) -> Vec<String>;
    /// Adds what the player made in the data folder (Borderlands: the hero designer's
    /// heroes) to a setup loaded from the assets.
    fn adopt_user_data(_setup: &mut Self::Setup) {}
}

/// The table of the battle on screen: its size and terrain.
#[derive(Resource, Clone, Debug)]
pub struct TableLayout {
    pub size: Vec2,
    pub terrain: Vec<TerrainDef>,
}

/// The battle on screen, of ruleset `R`.
pub struct GameSession<R: Contest> {
    pub engine: Engine<R>,
    pub setup: R::Setup,
    pub seed: u64,
    pub controllers: [Controller; 2],
    players: [Option<Box<dyn Policy<R>>>; 2],
    /// Every command sent, accepted or refused, for saves and replays.
    pub commands: Vec<(Side, R::Command)>,
    pub last_refusal: Option<String>,
    /// Where the latest roll starts in the log: the dice tray shows what follows.
    pub roll_start: usize,
    pub pace: Pace,
    /// Replaying a finished battle: no one may act, the log plays back.
    pub replay: Option<Vec<(Side, R::Command)>>,
    /// A replay's whole battle, to move back and forth through.
    pub timeline: Option<Timeline<R>>,
    /// Asked from a replay: a new battle from where the replay stands, with these
    /// controllers (the battle screen starts it).
    pub play_on: Option<[Controller; 2]>,
}

/// The Marauders battle on screen (its panels and input are written for it).
pub type Session = GameSession<Marauders>;

impl<R: Contest> GameSession<R> {
    pub fn new(setup: R::Setup, seed: u64, controllers: [Controller; 2]) -> Result<Self, String> {
        let engine = Engine::<R>::new(&setup, seed)?;
        let mut players: [Option<Box<dyn Policy<R>>>; 2] = [None, None];
        for (i, c) in controllers.iter().enumerate() {
            if let Controller::Ai(kind) = c {
                let player: R::Player = kind.name().parse()?;
                players[i] = Some(R::policy(player, seed ^ (0xa + i as u64)));
            }
        }
        Ok(Self {
            engine,
            setup,
            seed,
            controllers,
            players,
            commands: Vec::new(),
            last_refusal: None,
            roll_start: 0,
            pace: Pace::default(),
            replay: None,
            timeline: None,
            play_on: None,
        })
    }

    /// A session that plays a save back, command by command, at the watch pace, and can
    /// move to any point of it.
    pub fn replay_of(save: &Save<R>) -> Result<Self, String> {
        let mut s = Self::new(save.setup.clone(), save.seed, [Controller::Human; 2])?;
        s.timeline = Some(Timeline::new(
            &save.setup,
            save.seed,
            save.commands.clone(),
        )?);
        s.seek(0);
        Ok(s)
    }

    /// How far into the replay the table stands: commands played of the whole.
    pub fn replay_at(&self) -> Option<(usize, usize)> {
        let t = self.timeline.as_ref()?;
        let left = self.replay.as_ref().map_or(0, Vec::len);
        Some((t.len() - left, t.len()))
    }

    /// Moves the replay to just after its first `at` commands (paused there); the rest
    /// plays on from it.
    pub fn seek(&mut self, at: usize) {
        let Some(t) = &self.timeline else { return };
        let at = at.min(t.len());
        self.engine = t.at(at);
        let mut rest = t.commands()[at..].to_vec();
        rest.reverse();
        self.replay = Some(rest);
        self.roll_start = last_roll(&self.engine);
    }

    /// The side a person must act for now, if any.
    pub fn human_turn(&self) -> Option<Side> {
        if self.replay.is_some() {
            return None;
        }
        self.engine
            .awaiting()
            .filter(|s| self.controllers[s.index()] == Controller::Human)
    }

    pub fn watching(&self) -> bool {
        self.replay.is_some() || self.controllers.iter().all(|c| *c != Controller::Human)
    }

    pub fn submit(&mut self, side: Side, command: R::Command) -> Result<(), Refusal> {
        self.commands.push((side, command.clone()));
        let result = self.send(side, command);
        self.last_refusal = result.as_ref().err().map(|r| r.0.clone());
        result
    }

    /// Sends a command to the engine. The dice tray moves on to what it rolled, and
    /// keeps the latest dice (the initiative roll, say) when it rolled none.
    fn send(&mut self, side: Side, command: R::Command) -> Result<(), Refusal> {
        let before = self.engine.log().events.len();
        let result = self.engine.submit(side, command);
        if self.engine.log().events[before..]
            .iter()
            .any(|e| e.die().is_some())
        {
            self.roll_start = before;
        }
        result
    }

    /// Lets computer players (or the replay) act for the time that has passed.
    pub fn advance(&mut self, dt: Duration) {
        if self.pace.skip {
            while self.computer_step() {}
            self.pace.skip = false;
            return;
        }
        if self.pace.step {
            self.pace.step = false;
            self.computer_step();
            return;
        }
        if self.pace.paused {
            return;
        }
        self.pace.owed = (self.pace.owed + dt.as_secs_f32() * 2.0 * self.pace.speed).min(64.0);
        while self.pace.owed >= 1.0 {
            self.pace.owed -= 1.0;
            if !self.computer_step() {
                self.pace.owed = 0.0;
                break;
            }
        }
    }

    /// One command from the replay or the computer whose turn it is; false if none.
    fn computer_step(&mut self) -> bool {
        if let Some(queue) = &mut self.replay {
            let Some((side, command)) = queue.pop() else {
                return false;
            };
            let _ = self.send(side, command);
            return true;
        }
        let Some(side) = self.engine.awaiting() else {
            return false;
        };
        let Some(mut player) = self.players[side.index()].take() else {
            return false;
        };
        let command = player
            .next(&mut self.engine, side)
            .unwrap_or_else(|| R::yield_command(self.engine.world(), side));
        self.players[side.index()] = Some(player);
        if self.submit(side, command).is_err() {
            let fallback = R::yield_command(self.engine.world(), side);
            if self.submit(side, fallback).is_err() {
                // Stuck even so (a bug, logged as refusals): the computer stops rather
                // than trying again every frame.
                self.players[side.index()] = None;
                return false;
            }
        }
        true
    }

    /// A new battle from where the replay stands: its commands so far are played again,
    /// then these controllers carry on.
    pub fn play_on_from_here(&mut self, controllers: [Controller; 2]) -> Option<Launch<R>> {
        let (at, _) = self.replay_at()?;
        let commands = self.timeline.as_ref()?.commands()[..at].to_vec();
        let save = Save::new(
            self.setup.clone(),
            self.seed,
            commands,
            self.engine.state_hash(),
        );
        Some(Launch::Resume {
            save: Box::new(save),
            controllers,
        })
    }

    pub fn save(&mut self) -> Save<R> {
        Save::new(
            self.setup.clone(),
            self.seed,
            self.commands.clone(),
            self.engine.state_hash(),
        )
    }
}

/// Where the latest roll of dice begins in a battle's log: after the last event that is
/// not a die, before the dice that follow it.
fn last_roll<R: Rules>(engine: &Engine<R>) -> usize {
    let events = &engine.log().events;
    let last_die = events.iter().rposition(|e| e.die().is_some());
    last_die.map_or(events.len(), |i| {
        events[..=i]
            .iter()
            .rposition(|e| e.die().is_none())
            .map_or(0, |j| j + 1)
    })
}

/// What the battle screen is to show; set by the setup screen, the command line or a
/// loaded save.
#[derive(Resource, Default)]
pub struct PendingBattle(pub Option<Box<dyn Starter>>);

/// A battle ready to start: it puts its session and table into the world.
pub trait Starter: Send + Sync {
    fn start(self: Box<Self>, world: &mut World) -> Result<(), String>;
}

pub enum Launch<R: Contest> {
    New {
        setup: Box<R::Setup>,
        seed: u64,
        controllers: [Controller; 2],
        speed: f32,
    },
    Replay(Box<Save<R>>),
    /// Play a saved battle's commands, then carry on with these controllers.
    Resume {
        save: Box<Save<R>>,
        controllers: [Controller; 2],
    },
}

impl<R: Contest> Launch<R> {
    /// The session this launch opens.
    pub fn session(self) -> Result<GameSession<R>, String> {
        match self {
            Launch::New {
                setup,
                seed,
                controllers,
                speed,
            } => {
                let mut s = GameSession::new(*setup, seed, controllers)?;
                s.pace.speed = speed;
                Ok(s)
            }
            Launch::Replay(save) => GameSession::replay_of(&save),
            Launch::Resume { save, controllers } => {
                let mut s = GameSession::new(save.setup.clone(), save.seed, controllers)?;
                for (side, command) in &save.commands {
                    let _ = s.submit(*side, command.clone());
                }
                s.last_refusal = None;
                Ok(s)
            }
        }
    }
}

impl<R: Desk> Starter for Launch<R>
where
    R::Setup: Send + Sync,
{
    fn start(self: Box<Self>, world: &mut World) -> Result<(), String> {
        let session = self.session()?;
        world.insert_resource(R::layout(&session.setup));
        world.insert_non_send(session);
        Ok(())
    }
}

/// Ends whatever battle is on screen.
pub fn end_sessions(world: &mut World) {
    world.remove_non_send::<GameSession<Marauders>>();
    world.remove_non_send::<GameSession<ToySoldier>>();
    world.remove_non_send::<GameSession<Borderlands>>();
    world.remove_resource::<TableLayout>();
}

/// The table of a scenario of any ruleset, from its size and terrain.
fn layout(table: (f32, f32), terrain: &[TerrainDef]) -> TableLayout {
    TableLayout {
        size: Vec2::new(table.0, table.1),
        terrain: terrain.to_vec(),
    }
}

/// The parts of `Desk` every ruleset's setup has alike (scenario, armies, problems).
macro_rules! desk_common {
    () => {
        fn layout(setup: &Self::Setup) -> TableLayout {
            layout(setup.scenario.table, &setup.scenario.terrain)
        }

        fn zones(setup: &Self::Setup) -> &PerSide<Zone> {
            &setup.scenario.deployment
        }

        fn armies(setup: &mut Self::Setup) -> &mut PerSide<ArmyList> {
            &mut setup.armies
        }

        fn problems(setup: &Self::Setup) -> Vec<String> {
            setup.problems()
        }
    };
}

impl Desk for Marauders {
    desk_common!();

    fn length(setup: &Self::Setup) -> String {
        warband_table::sim::rounds::<Self>(setup.scenario.round_limit)
    }

    fn entry(setup: &Self::Setup, profile: &str) -> Option<(String, u32)> {
        let p = setup.profile(profile)?;
        let what = format!("HD {} · {} · morale {}", p.hd, p.armour, p.morale);
        Some((what, warband_rules::marauders::points::points(p)))
    }

    fn result_notes(world: &World, side: Side) -> Vec<String> {
        use warband_marauders::battle::{Battle, models};
        let mut out = Vec::new();
        if world.resource::<Battle>().side(side).broken {
            out.push("The side broke and fled.".to_string());
        }
        let lost = models(world)
            .into_iter()
            .filter(|m| m.side == side && !m.in_play);
        out.extend(lost.map(|m| format!("✝ {} #{}", m.profile.name, m.id)));
        out
    }
}

impl Desk for ToySoldier {
    desk_common!();

    fn adopt_user_data(setup: &mut Self::Setup) {
        if let Ok(units) = crate::game::saves::load_units() {
            setup.adopt(units);
        }
    }

    fn length(setup: &Self::Setup) -> String {
        warband_table::sim::rounds::<Self>(setup.scenario.turn_limit)
    }

    fn entry(setup: &Self::Setup, profile: &str) -> Option<(String, u32)> {
        let u = setup.units.find(profile)?;
        let mut what = format!(
            "{:?} {} · {:?} · morale d{}",
            u.quality,
            u.activation_die(),
            u.kind,
            u.morale
        );
        for (has, tag) in [
            (u.shields, "shields"),
            (u.ranged, "ranged"),
            (u.magical, "magical"),
            (u.command, "Command"),
        ] {
            if has {
                what.push_str(" · ");
                what.push_str(tag);
            }
        }
        Some((what, u.points()))
    }

    fn result_notes(world: &World, side: Side) -> Vec<String> {
        lost_names(world, side, |e| {
            world
                .get::<warband_toy_soldier::components::Unit>(e)
                .map(|u| u.0.name.clone())
        })
    }
}

impl Desk for Borderlands {
    desk_common!();

    fn adopt_user_data(setup: &mut Self::Setup) {
        if let Ok(heroes) = crate::game::saves::hero_combatants() {
            setup.adopt(heroes);
        }
    }

    fn length(setup: &Self::Setup) -> String {
        warband_table::sim::rounds::<Self>(setup.scenario.round_limit)
    }

    fn entry(setup: &Self::Setup, profile: &str) -> Option<(String, u32)> {
        let c = setup.combatant(profile)?;
        if c.hero {
            let what = format!("level {} · AC {} · THAC0 {}", c.level, c.ac, c.thac0);
            return Some((what, c.level as u32));
        }
        let what = format!("AC {} · THAC0 {} · morale {}", c.ac, c.thac0, c.morale);
        Some((what, c.xp))
    }

    fn cost_unit(setup: &Self::Setup, army: &ArmyList) -> &'static str {
        let party = army
            .entries
            .first()
            .and_then(|e| setup.combatant(&e.profile))
            .is_some_and(|c| c.hero);
        if party { "levels" } else { "XP" }
    }

    fn result_notes(world: &World, side: Side) -> Vec<String> {
        let battle = world.resource::<warband_borderlands::battle::Battle>();
        // At the round limit HP removed decides, whoever is left standing: say so.
        let at_limit = battle.round >= battle.round_limit;
        let mut out = vec![format!(
            "Took {} HP off the enemy (a model counts down to 0 HP at most){}",
            battle.side(side).hp_removed,
            if at_limit {
                "; at the round limit the side that took more wins, whoever still stands"
            } else {
                ""
            }
        )];
        if world
            .resource::<warband_borderlands::battle::Battle>()
            .side(side)
            .morale
            .fled
        {
            out.push("The side failed its morale and fled.".to_string());
        }
        out.extend(lost_names(world, side, |e| {
            world
                .get::<warband_borderlands::components::Stats>(e)
                .map(|s| s.0.name.clone())
        }));
        out
    }
}

/// "✝ Name #id" for each model of `side` out of action, named by `name`.
fn lost_names(world: &World, side: Side, name: impl Fn(Entity) -> Option<String>) -> Vec<String> {
    use warband_table::components::{ModelId, OutOfAction, Team};
    world
        .resource::<warband_table::engine::ModelIndex>()
        .0
        .iter()
        .filter(|e| world.get::<Team>(**e).is_some_and(|t| t.0 == side))
        .filter(|e| world.get::<OutOfAction>(**e).is_some())
        .filter_map(|e| Some(format!("✝ {} #{}", name(*e)?, world.get::<ModelId>(*e)?.0)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each ruleset counts its rounds in its own word, "1 round" but "8 turns".
    #[test]
    fn each_ruleset_counts_its_own_rounds() {
        use warband_table::sim::rounds;
        assert_eq!(rounds::<Marauders>(1), "1 round");
        assert_eq!(rounds::<Marauders>(12), "12 rounds");
        assert_eq!(rounds::<ToySoldier>(1), "1 turn");
        assert_eq!(rounds::<ToySoldier>(8), "8 turns");
        assert_eq!(rounds::<Borderlands>(3), "3 rounds");
    }

    #[test]
    fn every_computer_player_can_be_chosen_on_screen() {
        for kind in AiKind::ALL {
            assert!(
                Controller::CHOICES.contains(&Controller::Ai(kind)),
                "{kind}"
            );
        }
        assert!(Controller::CHOICES.contains(&Controller::Human));
    }

    #[test]
    fn each_ruleset_offers_the_players_it_has() {
        let toy = Controller::choices(Ruleset::ToySoldier);
        assert!(toy.contains(&Controller::Ai(AiKind::Normal)));
        assert!(toy.contains(&Controller::Ai(AiKind::Charge)));
        assert!(!toy.contains(&Controller::Ai(AiKind::Hard)));
        assert_eq!(Controller::choices(Ruleset::Marauders).len(), 6);
    }

    /// A party is counted in levels (it has no XP budget), a monster group in XP.
    #[test]
    fn a_party_counts_levels_and_monsters_xp() {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let file = root.join("assets/scenarios/cave-mouth.ron");
        let mut setup = warband_borderlands::data::BattleSetup::load(&file).unwrap();
        let armies = Borderlands::armies(&mut setup).clone();
        assert_eq!(Borderlands::cost_unit(&setup, &armies.a), "levels");
        assert_eq!(Borderlands::cost_unit(&setup, &armies.b), "XP");
        let (what, level) = Borderlands::entry(&setup, "Fighter 2").unwrap();
        assert_eq!(level, 2);
        assert!(what.starts_with("level 2"), "{what}");
        assert_eq!(Borderlands::entry(&setup, "Kobold").unwrap().1, 5);
    }
}
