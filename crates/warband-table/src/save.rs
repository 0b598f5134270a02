//! Saves of any ruleset: the ruleset, the setup, the seed and every command sent, with
//! the final-state hash (and, for a network battle, each command's dice salt and how
//! the players ended it, if they did). Loading one replays it. Written to a temporary file and
//! renamed, so a save is never half written; a bad or truncated save is refused with
//! its position.

use crate::engine::{Engine, Outcome, Rules};
use crate::files::{DataError, parse_ron};
use crate::player::PlayerKind;
use crate::salts::Salts;
use serde::{Deserialize, Serialize};
use std::path::Path;
use warband_rules::{Ruleset, Side};

/// Version 2 names the ruleset; version 1 (Marauders only) still loads.
pub const FORMAT_VERSION: u32 = 2;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Save<R: Rules> {
    pub format_version: u32,
    /// The ruleset the battle was played under (absent in version 1, which only
    /// Marauders wrote).
    #[serde(default = "marauders")]
    pub ruleset: Ruleset,
    pub setup: R::Setup,
    pub seed: u64,
    pub commands: Vec<(Side, R::Command)>,
    pub final_hash: u64,
    /// A network battle's dice salts, one a command from command `salted_from` on
    /// (see [`Save::salts`]): the dice of command `i` come from
    /// [`salted_seed`]`(seed, i, salt)`. Empty for every other battle.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    salts: Vec<u64>,
    /// The first command salted, where a battle begun at one machine went online later
    /// (0 for a network battle salted from its start).
    #[serde(default, skip_serializing_if = "is_zero")]
    salted_from: usize,
    /// How the players ended the battle off the table, after the last command: a
    /// concession or an agreed draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agreed: Option<Outcome>,
    /// Where the battle stood when it was saved, for the list of saves: never read
    /// back into a battle (the commands are the battle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stood: Option<Stood>,
    /// Who played each side, for Play on… to offer again: a computer player by its
    /// kind, or `None` for a person. Never read back into a battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<[Option<PlayerKind>; 2]>,
    /// Who played the battle before it was played on from a save with other players,
    /// oldest first: the round the next players took over at, and who played until
    /// then. Empty for a battle its players played throughout. Never read back into a
    /// battle.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier: Vec<(u32, [Option<PlayerKind>; 2])>,
}

/// The round a saved battle had reached and whether it was over, as Load battle lists
/// it. Written by whoever saves from a running engine ([`Save::noting`]); a save
/// without it is listed by its count of commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stood {
    pub round: u32,
    pub over: bool,
}

/// The seed of the dice of command `seq` of a network battle: the battle's seed and
/// the salt the host drew for that command after it was committed, so no player can
/// foresee its dice.
pub fn salted_seed(seed: u64, seq: u64, salt: u64) -> u64 {
    let mut h = crate::hash::Fnv::default();
    h.write_str("warband dice salt");
    for v in [seed, seq, salt] {
        h.write_u64(v);
    }
    h.finish()
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

fn marauders() -> Ruleset {
    Ruleset::Marauders
}

impl<R: Rules> Save<R> {
    /// A save of the current format for a battle of `setup` played from `seed`.
    pub fn new(
        setup: R::Setup,
        seed: u64,
        commands: Vec<(Side, R::Command)>,
        final_hash: u64,
    ) -> Self {
        Self {
            format_version: FORMAT_VERSION,
            ruleset: R::RULESET,
            setup,
            seed,
            commands,
            final_hash,
            salts: Vec::new(),
            salted_from: 0,
            agreed: None,
            stood: None,
            players: None,
            earlier: Vec::new(),
        }
    }

    /// The dice salts of its commands (none for a battle never played online).
    pub fn salts(&self) -> Salts {
        if self.salts.is_empty() && self.salted_from == 0 {
            return Salts::default();
        }
        Salts::listed(self.salted_from, self.salts.clone())
    }

    /// The save with its commands' dice salts noted.
    pub fn salted(mut self, salts: &Salts) -> Self {
        self.salts = salts.list().to_vec();
        self.salted_from = salts.from().unwrap_or(0);
        self
    }

    /// The save with who played each side noted (`None` for a person).
    pub fn played_by(mut self, players: [Option<PlayerKind>; 2]) -> Self {
        self.players = Some(players);
        self
    }

    /// The save with where `engine`'s battle stands noted for the list of saves.
    pub fn noting(mut self, engine: &Engine<R>) -> Self {
        let limit = crate::scenario::Setup::scenario(&self.setup).round_limit;
        self.stood = Some(Stood {
            // A battle that ran its course stands one round past its last.
            round: R::round(engine.world()).min(limit),
            over: engine.outcome().is_some(),
        });
        self
    }

    pub fn write(&self, path: &Path) -> Result<(), DataError> {
        crate::files::save_ron(path, self)
    }

    pub fn read(path: &Path) -> Result<Self, DataError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| DataError::new(path, format!("cannot read: {e}")))?;
        let save: Self = parse_ron(path, &text)?;
        if !(1..=FORMAT_VERSION).contains(&save.format_version) {
            return Err(DataError::new(
                path,
                format!(
                    "save format version {} is not supported (expected 1 to {FORMAT_VERSION})",
                    save.format_version
                ),
            ));
        }
        let scenario = crate::scenario::Setup::scenario(&save.setup).ruleset;
        save.salts()
            .check(save.commands.len())
            .map_err(|e| DataError::new(path, e))?;
        if save.ruleset != scenario || scenario != R::RULESET {
            return Err(DataError::new(
                path,
                format!(
                    "the save says ruleset `{}` but its scenario is for `{scenario}`",
                    save.ruleset
                ),
            ));
        }
        Ok(save)
    }

    /// Draws command `i`'s dice on `engine` from its salt, where the battle (a network
    /// battle) salted them.
    pub fn salt_dice(&self, engine: &mut Engine<R>, i: usize) {
        let salt = crate::salts::salt_at(self.salted_from, &self.salts, i);
        engine.salt_dice(self.seed, i as u64, salt);
    }

    /// Replays the commands on a fresh engine. Commands the original battle refused are
    /// refused again, so the log matches.
    pub fn replay(&self) -> Result<Engine<R>, String> {
        let mut engine = Engine::new(&self.setup, self.seed)?;
        for (i, (side, command)) in self.commands.iter().enumerate() {
            self.salt_dice(&mut engine, i);
            let _ = engine.submit(*side, command.clone());
        }
        self.conclude(&mut engine);
        Ok(engine)
    }

    /// Ends `engine`, this save's commands played on it, as the battle ended: by the
    /// agreement (a concession or a draw) it records, if any.
    pub fn conclude(&self, engine: &mut Engine<R>) {
        if let Some(outcome) = &self.agreed {
            engine.end_by_agreement(outcome.clone());
        }
    }

    /// Why `end` (this save's commands played and [`Save::conclude`]d) is not the battle
    /// saved, in a line, with the refusals its log records; None when it ends in the
    /// saved state ([`Save::final_hash`]).
    pub fn divergence(&self, end: &Engine<R>) -> Option<String> {
        (end.state_hash() != self.final_hash).then(|| {
            let refused = end
                .log()
                .events
                .iter()
                .filter(|e| matches!(e, crate::log::Entry::Refused { .. }))
                .count();
            format!(
                "the replay does not end in the saved state ({refused} of its {} commands \
                 refused in all, the battle's own refusals among them): the save was \
                 changed by hand, or made under other rules",
                self.commands.len()
            )
        })
    }
}
