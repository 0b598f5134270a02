//! The players a side can have: `random` and `charge` baselines for measurement, and
//! `easy`, `normal` and `hard` opponents. Every one of them acts only through the
//! engine's `Command`s and sees only what is on the table.

mod candidates;
mod charge;
mod eval;
mod hard;
mod normal;
mod position;
mod random;
mod snapshot;
mod spells;

pub use charge::Charge;
pub use hard::Hard;
pub use normal::{Normal, Weights};
pub use random::Random;
pub use snapshot::Snapshot;

use crate::command::Command;
use crate::engine::{Engine, Marauders};
use std::fmt;
use std::str::FromStr;

/// A Marauders player: the table's `Policy` for the Marauders rules.
pub use warband_table::player::{COMMAND_CAP, Policy as TablePolicy};

/// Something that chooses a Marauders side's commands.
pub trait Policy: TablePolicy<Marauders> {}

impl<P: TablePolicy<Marauders>> Policy for P {}

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

impl From<AiKind> for warband_table::player::PlayerKind {
    fn from(k: AiKind) -> Self {
        use warband_table::player::PlayerKind as P;
        match k {
            AiKind::Random => P::Random,
            AiKind::Charge => P::Charge,
            AiKind::Easy => P::Easy,
            AiKind::Normal => P::Normal,
            AiKind::Hard => P::Hard,
        }
    }
}

/// Marauders has every kind of player.
impl TryFrom<warband_table::player::PlayerKind> for AiKind {
    type Error = String;

    fn try_from(k: warband_table::player::PlayerKind) -> Result<Self, String> {
        use warband_table::player::PlayerKind as P;
        Ok(match k {
            P::Random => AiKind::Random,
            P::Charge => AiKind::Charge,
            P::Easy => AiKind::Easy,
            P::Normal => AiKind::Normal,
            P::Hard => AiKind::Hard,
        })
    }
}

/// What a played battle of Marauders sent and how long its players thought.
pub type Played = warband_table::player::Played<Command>;

/// Plays a battle to its end with one player per side.
pub fn play(engine: &mut Engine, a: &mut dyn Policy, b: &mut dyn Policy) -> Played {
    warband_table::player::play::<Marauders>(engine, a, b)
}

/// Whole battles to test the players' judgement on.
#[cfg(test)]
mod battles {
    use super::{AiKind, Snapshot};
    use crate::Command;
    use crate::data::BattleSetup;
    use crate::engine::Engine;
    use crate::phases::Phase;

    /// Plays the shipped scenario `name` to its end from `seed` with `kind` on both
    /// sides, handing `each` a fresh snapshot of the awaiting side at every movement
    /// decision, before that side's player decides.
    pub fn each_movement(name: &str, seed: u64, kind: AiKind, each: impl FnMut(&Snapshot)) {
        each_movement_in(&scenario(name), seed, kind, each);
    }

    /// The shipped scenario `name`.
    pub fn scenario(name: &str) -> BattleSetup {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../../assets/scenarios/{name}.ron"));
        BattleSetup::load(&path).expect("the shipped scenario loads")
    }

    /// [`each_movement`] on `setup`.
    pub fn each_movement_in(
        setup: &BattleSetup,
        seed: u64,
        kind: AiKind,
        mut each: impl FnMut(&Snapshot),
    ) {
        let mut engine = Engine::new(setup, seed).expect("valid setup");
        let mut players = [kind.policy(seed), kind.policy(seed + 1)];
        while let Some(side) = engine.awaiting() {
            if engine.phase() == Phase::Movement {
                each(&Snapshot::take(engine.world(), side));
            }
            let command = players[side.index()]
                .next(&engine, side)
                .unwrap_or(Command::EndPhase);
            engine.submit(side, command).expect("a legal command");
        }
    }
}
