//! Starting a battle on screen: a new one, a replay, or a save played on from where it
//! stopped, put on the table with its session.

use super::{Controller, GameSession};
use crate::game::desk::Desk;
use bevy::prelude::*;
use warband_rules::Ruleset;
use warband_table::save::Save;
use warband_table::sim::Contest;

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
    /// Watch a save again: at `speed` where given (the pace the battle was watched at,
    /// from its result), else at the settings' watch speed.
    Replay {
        save: Box<Save<R>>,
        speed: Option<f32>,
    },
    /// Play a saved battle's commands, then carry on with these controllers.
    Resume {
        save: Box<Save<R>>,
        controllers: [Controller; 2],
        /// Whether the save is one Load battle lists: the battle then stands saved
        /// until it moves on (not so an autosave, nor a replay played on from here).
        listed: bool,
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
            Launch::Replay { save, speed } => {
                let mut s = GameSession::replay_of(&save)?;
                if let Some(speed) = speed {
                    s.pace.speed = speed;
                }
                Ok(s)
            }
            Launch::Resume {
                save,
                controllers,
                listed,
            } => {
                let mut s = GameSession::new(save.setup.clone(), save.seed, controllers)?;
                let mut rounds = super::moves::RoundKeeper::default();
                rounds.note(&s.engine, 0);
                // A network battle's dice were salted command by command: played on
                // here, its commands draw the same dice, and its saves keep the salts.
                for (i, (side, command)) in save.commands.iter().enumerate() {
                    save.salt_dice(&mut s.engine, i);
                    let _ = s.submit(*side, command.clone());
                    rounds.note(&s.engine, i + 1);
                }
                // The saved commands were played at once: none of their dice asks the
                // computer to wait on.
                s.pace.owed = 0.0;
                s.moved_before = rounds.moves(&save.commands, |e, i| save.salt_dice(e, i));
                s.salts = save.salts();
                s.last_refusal = None;
                // A play-tester loaded a save, played on, and was asked at once to save it.
                s.saved_at = listed.then_some(s.commands.len());
                s.earlier = save.earlier.clone();
                let now = controllers.map(Controller::kind);
                if let Some(before) = save
                    .players
                    .filter(|p| *p != now && !save.commands.is_empty())
                {
                    s.earlier.push((R::round(s.engine.world()), before));
                }
                Ok(s)
            }
        }
    }
}

impl<R: Desk> Starter for Launch<R> {
    fn start(self: Box<Self>, world: &mut World) -> Result<(), String> {
        // A play-tester watched a battle at 16×, then its replay from the result at 1×.
        let chosen = matches!(
            *self,
            Launch::New { .. } | Launch::Replay { speed: Some(_), .. }
        );
        let mut session = self.session()?;
        // A new battle watches at the speed its form chose, a replay from a result at
        // the battle's; any other replay or a battle played on, at the settings' (they
        // started at 1× whatever the settings said).
        if !chosen && let Some(s) = world.get_resource::<crate::game::settings::Settings>() {
            session.pace.speed = s.watch_speed;
        }
        put_on_table(world, session);
        Ok(())
    }
}

/// Puts a session's battle on the table.
pub fn put_on_table<R: Desk>(world: &mut World, session: GameSession<R>) {
    world.insert_resource(R::layout(&session.setup));
    world.insert_non_send(session);
    world.insert_resource(OnTable(R::RULESET));
}

/// The ruleset of the battle on the table. Run conditions read it rather than the
/// non-send session itself, which only the main thread may touch.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnTable(pub Ruleset);
