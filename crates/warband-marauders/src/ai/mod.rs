//! The players a side can have: `random` and `charge` baselines for measurement, and
//! `easy`, `normal` and `hard` opponents. Every one of them acts only through the
//! engine's `Command`s and sees only what is on the table.

mod candidates;
mod charge;
mod eval;
mod hard;
mod normal;
mod random;
mod snapshot;
mod spells;

use crate::engine::MaraudersEngine as _;
pub use charge::Charge;
pub use hard::Hard;
pub use normal::Normal;
pub use random::Random;
pub use snapshot::Snapshot;

use crate::command::Command;
use crate::engine::Engine;
use crate::phases::Phase;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};
use warband_rules::Side;

/// Something that chooses a side's commands.
pub trait Policy {
    /// The next command for `side` in the current phase, or None to end its part.
    fn next(&mut self, engine: &mut Engine, side: Side) -> Option<Command>;
}

/// The players by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AiKind {
    Random,
    Charge,
    Easy,
    Normal,
    Hard,
}

impl AiKind {
    pub const ALL: [AiKind; 5] = [
        AiKind::Random,
        AiKind::Charge,
        AiKind::Easy,
        AiKind::Normal,
        AiKind::Hard,
    ];

    pub fn name(self) -> &'static str {
        match self {
            AiKind::Random => "random",
            AiKind::Charge => "charge",
            AiKind::Easy => "easy",
            AiKind::Normal => "normal",
            AiKind::Hard => "hard",
        }
    }

    /// A player for one side of one battle; `seed` feeds its own random choices.
    pub fn policy(self, seed: u64) -> Box<dyn Policy + Send> {
        match self {
            AiKind::Random => Box::new(Random::new(seed)),
            AiKind::Charge => Box::new(Charge::default()),
            AiKind::Easy => Box::new(Normal::easy(seed)),
            AiKind::Normal => Box::new(Normal::standard(seed)),
            AiKind::Hard => Box::new(Hard::new(seed)),
        }
    }
}

impl fmt::Display for AiKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for AiKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        AiKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("unknown AI `{s}`: expected random, charge, easy, normal or hard")
            })
    }
}

/// What a played battle sent and how long its players thought.
#[derive(Clone, Debug, Default)]
pub struct Played {
    pub commands: Vec<(Side, Command)>,
    /// Commands the engine refused (a correct player sends none).
    pub refused: Vec<(Side, Command, String)>,
    /// Thinking time of each side-phase (one entry per side per phase it acted in).
    pub decision_times: [Vec<Duration>; 2],
    /// Whether the battle reached its end (false only if the command cap was hit).
    pub finished: bool,
}

/// No battle needs more commands than this; a player that sends more is stuck.
pub const COMMAND_CAP: usize = 20_000;

/// Plays a battle to its end with one player per side.
pub fn play(engine: &mut Engine, a: &mut dyn Policy, b: &mut dyn Policy) -> Played {
    let mut out = Played::default();
    let mut segment: Option<((u32, Phase, Side), Duration)> = None;
    while let Some(side) = engine.awaiting() {
        if out.commands.len() >= COMMAND_CAP {
            break;
        }
        let key = (engine.battle().round, engine.phase(), side);
        if segment.as_ref().is_some_and(|(k, _)| *k != key)
            && let Some(((_, _, s), t)) = segment.take()
        {
            out.decision_times[s.index()].push(t);
        }
        let policy: &mut dyn Policy = if side == Side::A { &mut *a } else { &mut *b };
        let started = Instant::now();
        let command = policy.next(engine, side).unwrap_or(Command::EndPhase);
        let spent = started.elapsed();
        segment = Some((key, segment.map_or(Duration::ZERO, |(_, t)| t) + spent));
        match engine.submit(side, command.clone()) {
            Ok(()) => out.commands.push((side, command)),
            Err(refusal) => {
                out.commands.push((side, command.clone()));
                out.refused.push((side, command, refusal.0));
                // A refused command changes nothing: end the side's part so play goes on.
                engine
                    .submit(side, Command::EndPhase)
                    .expect("a side may always end its own part of a phase");
                out.commands.push((side, Command::EndPhase));
            }
        }
    }
    if let Some(((_, _, s), t)) = segment {
        out.decision_times[s.index()].push(t);
    }
    out.finished = engine.outcome().is_some() && engine.phase() == Phase::Over;
    out
}
