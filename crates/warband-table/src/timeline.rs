//! A recorded battle you can move through: any point from the start to the end, forward
//! or back. Snapshots are kept every few commands, so going back to any point replays
//! from the nearest snapshot before it, never from the start.

use crate::engine::{Engine, Rules};
use crate::salts::Salts;
use warband_rules::Side;

/// Commands between snapshots.
pub const SNAPSHOT_EVERY: usize = 25;

pub struct Timeline<R: Rules> {
    commands: Vec<(Side, R::Command)>,
    /// A network battle's dice salts (none for every other battle).
    salts: Salts,
    seed: u64,
    /// (commands applied, the battle then), in order; the first is the start.
    snapshots: Vec<(usize, Engine<R>)>,
}

impl<R: Rules> Timeline<R> {
    /// Plays the whole battle once, keeping a snapshot every [`SNAPSHOT_EVERY`] commands.
    pub fn new(
        setup: &R::Setup,
        seed: u64,
        commands: Vec<(Side, R::Command)>,
    ) -> Result<Self, String> {
        Self::salted(setup, seed, commands, Salts::default())
    }

    /// The timeline of a network battle, whose commands' dice were salted.
    pub fn salted(
        setup: &R::Setup,
        seed: u64,
        commands: Vec<(Side, R::Command)>,
        salts: Salts,
    ) -> Result<Self, String> {
        let mut engine = Engine::<R>::new(setup, seed)?;
        let mut timeline = Self {
            commands,
            salts,
            seed,
            snapshots: vec![(0, engine.snapshot())],
        };
        for i in 0..timeline.commands.len() {
            timeline.play(&mut engine, i);
            if (i + 1) % SNAPSHOT_EVERY == 0 {
                timeline.snapshots.push((i + 1, engine.snapshot()));
            }
        }
        Ok(timeline)
    }

    /// Draws command `i`'s dice on `engine` from its salt, where the battle salted them.
    pub fn salt_dice(&self, engine: &mut Engine<R>, i: usize) {
        engine.salt_dice(self.seed, i as u64, self.salts.get(i));
    }

    /// Plays command `i` on `engine`, with its salt if it has one.
    pub fn play(&self, engine: &mut Engine<R>, i: usize) {
        self.salt_dice(engine, i);
        let (side, command) = &self.commands[i];
        let _ = engine.submit(*side, command.clone());
    }

    /// How many commands the battle has.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// The dice salts (none for a battle that was not played over a network).
    pub fn salts(&self) -> &Salts {
        &self.salts
    }

    pub fn commands(&self) -> &[(Side, R::Command)] {
        &self.commands
    }

    /// The battle after its first `at` commands (at most all of them).
    pub fn at(&self, at: usize) -> Engine<R> {
        let at = at.min(self.commands.len());
        let (from, snap) = self
            .snapshots
            .iter()
            .rev()
            .find(|(i, _)| *i <= at)
            .expect("the start is always kept");
        let mut engine = snap.snapshot();
        for i in *from..at {
            self.play(&mut engine, i);
        }
        engine
    }

    /// How many commands bring the battle to the start of round `round` (or to its end,
    /// if it never gets there).
    pub fn round_start(&self, round: u32) -> usize {
        // Snapshots are in order of rounds too: start from the last one before it.
        let (from, snap) = self
            .snapshots
            .iter()
            .rev()
            .find(|(_, e)| R::round(e.world()) < round)
            .unwrap_or(&self.snapshots[0]);
        let mut engine = snap.snapshot();
        if R::round(engine.world()) >= round {
            return *from;
        }
        for i in *from..self.commands.len() {
            self.play(&mut engine, i);
            if R::round(engine.world()) >= round {
                return i + 1;
            }
        }
        self.commands.len()
    }
}
