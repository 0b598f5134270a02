//! The battle being played on screen: the headless engine, who controls each side, and
//! everything the screen needs to remember between frames. The engine is a Bevy App of
//! its own (the battle crate owns its world), so it lives here as a non-send resource;
//! the screen reads it and changes it only by submitting `Command`s.

use bevy::prelude::*;
use std::time::Duration;
use warband_marauders::ai::{AiKind, Policy};
use warband_marauders::data::BattleSetup;
use warband_marauders::log::LogEvent;
use warband_marauders::save::Save;
use warband_marauders::{Command, Engine, Refusal, Side};

/// Who plays a side.
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

pub struct Session {
    pub engine: Engine,
    pub setup: BattleSetup,
    pub seed: u64,
    pub controllers: [Controller; 2],
    players: [Option<Box<dyn Policy + Send>>; 2],
    /// Every command sent, accepted or refused, for saves and replays.
    pub commands: Vec<(Side, Command)>,
    pub last_refusal: Option<String>,
    /// Where the latest roll starts in the log: the dice tray shows what follows.
    pub roll_start: usize,
    pub pace: Pace,
    /// Replaying a finished battle: no one may act, the log plays back.
    pub replay: Option<Vec<(Side, Command)>>,
}

impl Session {
    pub fn new(
        setup: BattleSetup,
        seed: u64,
        controllers: [Controller; 2],
    ) -> Result<Self, String> {
        let engine = Engine::new(&setup, seed)?;
        let players = [0, 1].map(|i| match controllers[i] {
            Controller::Human => None,
            Controller::Ai(kind) => Some(kind.policy(seed ^ (0xa + i as u64))),
        });
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
        })
    }

    /// A session that plays a save back, command by command, at the watch pace.
    pub fn replay_of(save: &Save) -> Result<Self, String> {
        let mut s = Self::new(save.setup.clone(), save.seed, [Controller::Human; 2])?;
        let mut queue = save.commands.clone();
        queue.reverse();
        s.replay = Some(queue);
        Ok(s)
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

    pub fn submit(&mut self, side: Side, command: Command) -> Result<(), Refusal> {
        self.commands.push((side, command.clone()));
        let result = self.send(side, command);
        self.last_refusal = result.as_ref().err().map(|r| r.0.clone());
        result
    }

    /// Sends a command to the engine. The dice tray moves on to what it rolled, and
    /// keeps the latest dice (the initiative roll, say) when it rolled none.
    fn send(&mut self, side: Side, command: Command) -> Result<(), Refusal> {
        let before = self.engine.log().events.len();
        let result = self.engine.submit(side, command);
        if self.engine.log().events[before..]
            .iter()
            .any(|e| matches!(e, LogEvent::Die(_)))
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
            .unwrap_or(Command::EndPhase);
        self.players[side.index()] = Some(player);
        if self.submit(side, command).is_err() {
            let _ = self.submit(side, Command::EndPhase);
        }
        true
    }

    pub fn save(&mut self) -> Save {
        Save::new(
            self.setup.clone(),
            self.seed,
            self.commands.clone(),
            self.engine.state_hash(),
        )
    }
}

/// What the battle screen is to show; set by the setup screen, the command line or a
/// loaded save.
#[derive(Resource, Default)]
pub struct PendingBattle(pub Option<Launch>);

pub enum Launch {
    New {
        setup: Box<BattleSetup>,
        seed: u64,
        controllers: [Controller; 2],
        speed: f32,
    },
    Replay(Box<Save>),
    /// Play a saved battle's commands, then carry on with these controllers.
    Resume {
        save: Box<Save>,
        controllers: [Controller; 2],
    },
}

impl Launch {
    pub fn start(self) -> Result<Session, String> {
        match self {
            Launch::New {
                setup,
                seed,
                controllers,
                speed,
            } => {
                let mut s = Session::new(*setup, seed, controllers)?;
                s.pace.speed = speed;
                Ok(s)
            }
            Launch::Replay(save) => Session::replay_of(&save),
            Launch::Resume { save, controllers } => {
                let mut s = Session::new(save.setup.clone(), save.seed, controllers)?;
                for (side, command) in &save.commands {
                    let _ = s.submit(*side, command.clone());
                }
                s.last_refusal = None;
                Ok(s)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
