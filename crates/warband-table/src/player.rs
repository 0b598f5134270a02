//! Players of any ruleset: a `Policy` chooses a side's next command from what is on the
//! table, and `play` runs a battle to its end with one policy per side, timing their
//! thinking. Computer players, the fuzzer and the batch simulator all go through here,
//! and so through the one command path.

use crate::engine::{Engine, Rules};
use std::time::{Duration, Instant};
use warband_rules::Side;

/// The computer players every ruleset after Marauders has: two baselines (`random`,
/// `charge`), `normal`, which judges with the exact odds, and the two built from them
/// (`easy`, `hard`: see [`crate::search`]). Named as on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Baseline {
    Random,
    Charge,
    Easy,
    Normal,
    Hard,
}

impl Baseline {
    pub const ALL: [Baseline; 5] = [
        Baseline::Random,
        Baseline::Charge,
        Baseline::Easy,
        Baseline::Normal,
        Baseline::Hard,
    ];

    pub fn name(self) -> &'static str {
        PlayerKind::from(self).name()
    }
}

impl std::fmt::Display for Baseline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Baseline {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Baseline::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("no `{s}` player: expected random, charge, easy, normal or hard")
            })
    }
}

/// Every kind of computer player, as the window and the command line name them. Each
/// ruleset has some of them (its `Contest::Player`, which converts to and from this), so
/// the shell offers a kind only where the ruleset has it ([`crate::sim::Contest::kinds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    Random,
    Charge,
    Easy,
    Normal,
    Hard,
}

impl PlayerKind {
    pub const ALL: [PlayerKind; 5] = [
        PlayerKind::Random,
        PlayerKind::Charge,
        PlayerKind::Easy,
        PlayerKind::Normal,
        PlayerKind::Hard,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Charge => "charge",
            PlayerKind::Easy => "easy",
            PlayerKind::Normal => "normal",
            PlayerKind::Hard => "hard",
        }
    }

    /// What the player does, in a line: the setup screen's hint and the command line's
    /// help for each kind.
    pub fn about(self) -> &'static str {
        match self {
            PlayerKind::Random => "Uniformly random legal commands (a baseline)",
            PlayerKind::Charge => "Goes straight for the nearest enemy and attacks (a baseline)",
            PlayerKind::Easy => "A beginner: plausible moves, now and then misjudged",
            PlayerKind::Normal => "Weighs every action with the exact odds",
            PlayerKind::Hard => "Looks ahead: tries its moves on copies of the battle first",
        }
    }
}

impl std::fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Baseline> for PlayerKind {
    fn from(b: Baseline) -> Self {
        match b {
            Baseline::Random => PlayerKind::Random,
            Baseline::Charge => PlayerKind::Charge,
            Baseline::Easy => PlayerKind::Easy,
            Baseline::Normal => PlayerKind::Normal,
            Baseline::Hard => PlayerKind::Hard,
        }
    }
}

impl TryFrom<PlayerKind> for Baseline {
    type Error = String;

    fn try_from(k: PlayerKind) -> Result<Self, String> {
        Ok(match k {
            PlayerKind::Random => Baseline::Random,
            PlayerKind::Charge => Baseline::Charge,
            PlayerKind::Easy => Baseline::Easy,
            PlayerKind::Normal => Baseline::Normal,
            PlayerKind::Hard => Baseline::Hard,
        })
    }
}

/// The seed of `side`'s computer player in a battle begun from `seed`: each side's
/// player has its own stream, and every runner of a battle (the CLI, the window, the
/// batch, the network) gives it the same one.
pub fn policy_seed(seed: u64, side: Side) -> u64 {
    seed ^ [0xa, 0xb][side.index()]
}

/// A computer player's own dice for choosing at random: seeded apart from the battle's,
/// so a player's whims never move the battle's dice.
pub struct Chooser(warband_rules::DiceRoller);

impl Chooser {
    pub fn new(seed: u64) -> Self {
        Self(warband_rules::DiceRoller::from_seed(seed))
    }

    /// A fraction from 0 to 1, in 200 steps.
    pub fn fraction(&mut self) -> f32 {
        f32::from(self.0.face(warband_rules::Die(200)) - 1) / 199.0
    }

    /// One of the options, each as likely (the first 255 of them); None if there are
    /// none.
    pub fn pick<T>(&mut self, mut options: Vec<T>) -> Option<T> {
        let n = options.len().min(255);
        if n == 0 {
            return None;
        }
        let i = usize::from(self.0.face(warband_rules::Die(n as u8)) - 1);
        Some(options.swap_remove(i))
    }
}

/// A ruleset's commands for a side now, as the `random` player draws from them: each
/// one the engine would accept (a move to a random spot is drawn with the chooser).
/// None left means the side ends its part.
pub trait Candidates: Rules {
    fn candidates(
        world: &bevy_ecs::world::World,
        side: Side,
        dice: &mut Chooser,
    ) -> Vec<Self::Command>;
}

/// `random`, for any ruleset with candidates: a uniformly random one each time.
pub struct RandomPlayer {
    dice: Chooser,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        Self {
            dice: Chooser::new(seed),
        }
    }
}

impl<R: Candidates> Policy<R> for RandomPlayer {
    fn next(&mut self, engine: &Engine<R>, side: Side) -> Option<R::Command> {
        let options = R::candidates(engine.world(), side, &mut self.dice);
        self.dice.pick(options)
    }
}

/// Something that chooses a side's commands.
pub trait Policy<R: Rules> {
    /// The next command for `side`, or None to end its part of the phase or turn.
    fn next(&mut self, engine: &Engine<R>, side: Side) -> Option<R::Command>;
}

/// The next command of `side` from `policy`: the policy's, or the yield command when it
/// has nothing to say; in deployment by hand, the computer's placement (every computer
/// player deploys alike).
pub fn next_command<R: Rules>(
    policy: &mut dyn Policy<R>,
    engine: &Engine<R>,
    side: Side,
) -> R::Command {
    if engine.deploying().is_some() {
        return R::deploy(crate::deployment::computer_placing(engine.world(), side));
    }
    crate::frozen::frozen(engine.world(), || policy.next(engine, side))
        .unwrap_or_else(|| engine.yield_command(side))
}

/// What a played battle sent and how long its players thought.
#[derive(Clone, Debug)]
pub struct Played<C> {
    pub commands: Vec<(Side, C)>,
    /// Commands the engine refused (a correct player sends none).
    pub refused: Vec<(Side, C, String)>,
    /// Thinking time of each side's turns (one entry per side per round and phase it
    /// acted in).
    pub decision_times: [Vec<Duration>; 2],
    /// Whether the battle reached its end (false only if the command cap was hit).
    pub finished: bool,
}

impl<C> Default for Played<C> {
    fn default() -> Self {
        Self {
            commands: Vec::new(),
            refused: Vec::new(),
            decision_times: [Vec::new(), Vec::new()],
            finished: false,
        }
    }
}

/// One side's turn in one round and phase: thinking time is summed over it.
type TurnKey<P> = (u32, P, Side);

/// No battle needs more commands than this; a player that sends more is stuck.
pub const COMMAND_CAP: usize = 20_000;

/// Plays a battle to its end with one player per side. A player with nothing to say,
/// or whose command is refused, gives way with the ruleset's yield command; a battle
/// that refuses even that is stuck and stops (unfinished), never a panic.
pub fn play<R: Rules>(
    engine: &mut Engine<R>,
    a: &mut dyn Policy<R>,
    b: &mut dyn Policy<R>,
) -> Played<R::Command> {
    let mut out = Played::default();
    let mut segment: Option<(TurnKey<R::Phase>, Duration)> = None;
    while let Some(side) = engine.awaiting() {
        if out.commands.len() >= COMMAND_CAP {
            break;
        }
        let key = (R::round(engine.world()), engine.phase(), side);
        if segment.as_ref().is_some_and(|(k, _)| *k != key)
            && let Some(((_, _, s), t)) = segment.take()
        {
            out.decision_times[s.index()].push(t);
        }
        let policy: &mut dyn Policy<R> = if side == Side::A { &mut *a } else { &mut *b };
        let started = Instant::now();
        let command = next_command(policy, engine, side);
        let spent = started.elapsed();
        segment = Some((key, segment.map_or(Duration::ZERO, |(_, t)| t) + spent));
        if !submit_or_yield(engine, side, command, &mut out) {
            break;
        }
    }
    if let Some(((_, _, s), t)) = segment {
        out.decision_times[s.index()].push(t);
    }
    out.finished = engine.outcome().is_some() && engine.awaiting().is_none();
    out
}

/// Submits a player's command; on a refusal, the ruleset's yield command instead.
/// False when that too is refused: the battle is stuck.
fn submit_or_yield<R: Rules>(
    engine: &mut Engine<R>,
    side: Side,
    command: R::Command,
    out: &mut Played<R::Command>,
) -> bool {
    let Err(refusal) = engine.submit(side, command.clone()) else {
        out.commands.push((side, command));
        return true;
    };
    out.commands.push((side, command.clone()));
    out.refused.push((side, command, refusal.0));
    let fallback = engine.yield_command(side);
    let accepted = engine.submit(side, fallback.clone());
    out.commands.push((side, fallback.clone()));
    if let Err(refusal) = accepted {
        out.refused.push((side, fallback, refusal.0));
        return false;
    }
    true
}
