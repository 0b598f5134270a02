//! One command fuzzer for every ruleset: battles in which hostile commands (each
//! ruleset's [`Fuzzed::hostile`]: unknown, zero and `u32::MAX` ids, NaN, infinite and
//! huge numbers, the other side, out of turn, the wrong phase…) are interleaved with the
//! computer players' legal ones. After **every** command: a refusal leaves the state
//! hash unchanged and adds exactly one log event; an accepted command keeps the
//! ruleset's invariants ([`Fuzzed::check`]), written as conservation laws over the log
//! (what changed is exactly what the log says changed), so they can fail. Also
//! [`ai_battles`]: every pairing of computer players to the end, some saved, read back
//! and replayed bit-exact. Used by each ruleset's `tests/fuzz.rs` and `examples/<ruleset>_soak.rs`.

use crate::components::{Base, ModelId, OutOfAction};
use crate::engine::{Engine, ModelIndex};
use crate::geometry::{Placed, overlaps};
use crate::log::Entry;
use crate::player::{Policy, next_command};
use crate::sim::{Contest, game_seed};
use bevy_ecs::world::World;
use bevy_math::Vec2;
use warband_rules::Side;

mod battles;

pub use battles::{BattlesReport, ai_battles, setups_of, soak};

/// A ruleset the fuzzer can attack.
pub trait Fuzzed: Contest {
    /// What the invariants compare across one accepted command (tokens, AP, danger,
    /// hit points, slots…), read by [`Fuzzed::ledger`] before it.
    type Ledger;
    /// A command chosen to be wrong in some way, for `side` to send (the fuzzer has
    /// chosen it: the side acting, or a quarter of the time the other).
    fn hostile(rng: &mut Stream, engine: &Engine<Self>, side: Side) -> Self::Command;
    /// The ledger as the battle stands.
    fn ledger(engine: &Engine<Self>) -> Self::Ledger;
    /// What must hold after an accepted command, given the ledger before it and the log
    /// entries it added (the accepted command first).
    fn check(
        before: &Self::Ledger,
        engine: &Engine<Self>,
        added: &[Entry<Self::Command, Self::Event>],
    ) -> Result<(), String>;
    /// The computer players the fuzzer mixes its hostile commands with (the cheap ones:
    /// a look-ahead player is for [`ai_battles`]).
    fn fuzz_players() -> Vec<Self::Player>;
}

/// What a fuzzing run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuzzReport {
    pub steps: u64,
    pub battles: u64,
    pub hostile: u64,
    pub refused: u64,
}

impl FuzzReport {
    /// Adds another run's figures to these.
    pub fn add(&mut self, r: &FuzzReport) {
        self.steps += r.steps;
        self.battles += r.battles;
        self.hostile += r.hostile;
        self.refused += r.refused;
    }
}

/// A small seeded stream (SplitMix64) for the fuzzer's own choices: never the battle's.
pub struct Stream(pub u64);

impl Stream {
    pub fn draw(&mut self) -> u64 {
        self.0 = game_seed(self.0, 1);
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.draw() % n.max(1)
    }

    pub fn pick<T: Clone>(&mut self, from: &[T]) -> T {
        from[self.below(from.len() as u64) as usize].clone()
    }

    /// One in `n`.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// Model ids to name: 0, 1, the count, one past it, `u32::MAX` and one at random.
    pub fn ids(&mut self, models: usize) -> [crate::components::ModelId; 6] {
        let n = models as u32;
        let any = self.below(u64::from(n) + 2) as u32;
        [0, 1, n, n.saturating_add(1), u32::MAX, any].map(crate::components::ModelId)
    }

    /// Numbers to send where a length, angle or place is wanted: NaN, ±∞, 1e30, 1e9,
    /// −1, 0 and one at random below `scale`.
    pub fn number(&mut self, scale: f32) -> f32 {
        let any = self.below(scale.max(1.0) as u64 + 1) as f32;
        self.pick(&[
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            1e30,
            1e9,
            -1.0,
            0.0,
            any,
        ])
    }
}

/// Plays battles of `setup` for `steps` commands, hostile about one time in three;
/// stops at the first broken invariant and says which.
pub fn run<R: Fuzzed>(setup: &R::Setup, seed: u64, steps: u64) -> Result<FuzzReport, String> {
    let mut rng = Stream(seed);
    let mut report = FuzzReport::default();
    let kinds = R::fuzz_players();
    while report.steps < steps {
        let battle_seed = rng.draw();
        let mut engine = Engine::<R>::new(setup, battle_seed)?;
        let mut players: [Box<dyn Policy<R>>; 2] = [
            R::policy(
                rng.pick(&kinds),
                crate::player::policy_seed(battle_seed, Side::A),
            ),
            R::policy(
                rng.pick(&kinds),
                crate::player::policy_seed(battle_seed, Side::B),
            ),
        ];
        report.battles += 1;
        while let Some(side) = engine.awaiting() {
            if report.steps >= steps {
                break;
            }
            report.steps += 1;
            let (from, command) = if rng.one_in(3) {
                report.hostile += 1;
                let from = if rng.one_in(4) { side.other() } else { side };
                (from, R::hostile(&mut rng, &engine, from))
            } else {
                (
                    side,
                    next_command(players[side.index()].as_mut(), &engine, side),
                )
            };
            if !step(&mut engine, from, command)? {
                report.refused += 1;
                if from == side {
                    // Play goes on: the side gives way, as `player::play` does.
                    let give_way = engine.yield_command(side);
                    step(&mut engine, side, give_way)?;
                }
            }
        }
        if engine.awaiting().is_none() && engine.outcome().is_none() && report.steps < steps {
            return Err(format!(
                "battle {battle_seed} waits for no one and has no outcome"
            ));
        }
    }
    Ok(report)
}

/// [`run`] on each of `setups` in turn, `steps` commands each (seeded `seed`, `seed + 1`,
/// …), the figures summed; the first broken invariant names its setup's scenario.
pub fn across<R: Fuzzed>(setups: &[R::Setup], seed: u64, steps: u64) -> Result<FuzzReport, String> {
    use crate::scenario::Setup;
    let mut total = FuzzReport::default();
    for (i, setup) in setups.iter().enumerate() {
        let r = run::<R>(setup, seed.wrapping_add(i as u64), steps)
            .map_err(|e| format!("{}: {e}", setup.scenario().name))?;
        total.add(&r);
    }
    Ok(total)
}

/// Submits one command and checks what must hold; Ok(accepted).
pub fn step<R: Fuzzed>(
    engine: &mut Engine<R>,
    side: Side,
    command: R::Command,
) -> Result<bool, String> {
    let before_hash = engine.state_hash();
    let before_log = engine.log().events.len();
    let ledger = R::ledger(engine);
    let accepted = engine.submit(side, command.clone()).is_ok();
    let after_log = engine.log().events.len();
    if !accepted {
        if engine.state_hash() != before_hash {
            return Err(format!("refused {side} {command:?} changed the battle"));
        }
        if after_log != before_log + 1 {
            return Err(format!(
                "refused {command:?} logged {} events",
                after_log.abs_diff(before_log)
            ));
        }
        return Ok(false);
    }
    if after_log <= before_log {
        return Err(format!("the log did not grow after {command:?}"));
    }
    let added = &engine.log().events[before_log..];
    R::check(&ledger, engine, added).map_err(|e| format!("after {side} {command:?}: {e}"))?;
    Ok(true)
}

/// The table's own invariant for any ruleset: every base in play has a finite centre
/// and facing, lies on the `table`, and overlaps no other.
pub fn bases_apart_on_table(world: &World, table: Vec2) -> Result<(), String> {
    let bases: Vec<(ModelId, Placed)> = world
        .resource::<ModelIndex>()
        .0
        .iter()
        .map(|e| world.entity(*e))
        .filter(|e| !e.contains::<OutOfAction>())
        .filter_map(|e| Some((*e.get::<ModelId>()?, e.get::<Base>()?.0)))
        .collect();
    for (i, (id, b)) in bases.iter().enumerate() {
        if !b.center.is_finite() || !b.facing.is_finite() {
            return Err(format!(
                "model {id} stands at {} facing {}",
                b.center, b.facing
            ));
        }
        if !b.on_table(table) {
            return Err(format!("model {id} is off the table at {}", b.center));
        }
        if let Some((other, _)) = bases[i + 1..].iter().find(|(_, o)| overlaps(b, o)) {
            return Err(format!("models {id} and {other} overlap"));
        }
    }
    Ok(())
}
