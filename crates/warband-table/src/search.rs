//! Two computer players any ruleset can field from its own scripts.
//!
//! `hard` is a portfolio search (after Churchill & Buro's Portfolio Greedy Search,
//! 2013): at each decision every script of the ruleset's portfolio (`normal`, `charge`,
//! and the ruleset's own options: which unit to activate, focus fire)
//! proposes its command; where they disagree, each proposal is tried on forks of the
//! battle and judged by short playouts — both sides played on by `normal` for a fixed
//! number of commands — and the one whose playouts end best for the side is sent. The
//! forks' dice come from the player's own seeded stream, never the battle's, keyed by
//! what each die is for (`Engine::fork_keyed`), so every proposal meets the same luck
//! event by event; and the budget is counted in playouts and commands, never in time,
//! so a battle is the same on any machine. Of PGS it keeps the portfolio and the
//! judging by playouts; the greedy improvement runs over the one unit a decision moves
//! (these games move one at a time), against `normal` as the opponent's reply.
//!
//! `easy` is a beginner: its moves are `normal`'s, but now and then it goes for the
//! obvious (`charge`'s move) or loses the thread (`random`'s).

use crate::engine::{Engine, Rules};
use crate::player::{Chooser, Policy, next_command};
use crate::sim::Contest;
use bevy_ecs::world::World;
use warband_rules::Side;

/// Commands each playout plays on.
pub const HORIZON: usize = 50;
/// The most proposals judged at one decision (the first ones offered).
pub const PROPOSALS: usize = 8;

/// What a ruleset gives its `hard` and `easy` players.
pub trait Scripts: Contest {
    /// The ruleset's `normal` player: the first script, and the playouts' player.
    fn normal(seed: u64) -> Box<dyn Policy<Self>>;
    /// The ruleset's `charge` baseline: the obvious move.
    fn charge(seed: u64) -> Box<dyn Policy<Self>>;
    /// The ruleset's `random` baseline.
    fn random(seed: u64) -> Box<dyn Policy<Self>>;
    /// Commands the ruleset's own scripts propose for `side` now, beyond `normal`'s and
    /// `charge`'s (each must be one the engine would accept).
    fn options(world: &World, side: Side) -> Vec<Self::Command>;
    /// Whether the decision `side` faces now is one the search weighs (else `hard` plays
    /// `normal`'s move): by default every one.
    fn searched(_world: &World, _side: Side) -> bool {
        true
    }
    /// Whether `hard` may send `command` for `side` now: by default every command the
    /// engine accepts. A ruleset rules out here what no playout would fault but a
    /// player would (Toy Soldier: a turn or step that takes the active unit back to
    /// where it was earlier in its activation). `normal`'s own proposal is not asked:
    /// a ruleset's `normal` keeps to the same rule itself.
    fn sensible(_world: &World, _side: Side, _command: &Self::Command) -> bool {
        true
    }
    /// How the battle stands for `side` (higher is better): by default what the other
    /// side has lost less what this side has.
    fn standing(world: &World, side: Side) -> f64 {
        let lost = Self::losses(world);
        f64::from(lost[side.other().index()]) - f64::from(lost[side.index()])
    }
    /// How often `easy` slips: the share of its decisions played at random, then the
    /// share (from there) played as `charge` would; the rest are `normal`'s.
    const SLIPS: [f32; 2] = [0.125, 0.25];
    /// How much better than the first proposal (`normal`'s) another must stand, in
    /// [`Scripts::standing`]'s units, to be sent: by default half a point.
    const MARGIN: f64 = 0.5;
    /// Playouts each proposal is judged by: by default three.
    const PLAYOUTS: usize = 3;
}

/// `hard`: the portfolio search.
pub struct Hard<R: Scripts> {
    normal: Box<dyn Policy<R>>,
    charge: Box<dyn Policy<R>>,
    dice: warband_rules::DiceRoller,
    seed: u64,
}

impl<R: Scripts> Hard<R> {
    pub fn new(seed: u64) -> Self {
        Self {
            normal: R::normal(seed),
            charge: R::charge(seed ^ 0x5eed),
            dice: warband_rules::DiceRoller::from_seed(seed ^ 0xa11_0ff),
            seed,
        }
    }

    /// The next fork's dice seed, from the player's own stream.
    fn fork_seed(&mut self) -> u64 {
        let d = warband_rules::Die(200);
        (0..4).fold(self.seed, |acc, _| {
            acc.wrapping_mul(0x100_0000_01b3) ^ u64::from(self.dice.face(d))
        })
    }

    /// The mean standing for `side` after `command` and a playout of `HORIZON`
    /// commands from each of `seeds`; None if the engine refuses the command.
    fn judge(engine: &Engine<R>, side: Side, command: &R::Command, seeds: &[u64]) -> Option<f64> {
        let mut total = 0.0;
        for &seed in seeds {
            let mut fork = engine.fork_keyed(seed);
            fork.submit(side, command.clone()).ok()?;
            playout(&mut fork, seed);
            total += R::standing(fork.world(), side);
        }
        Some(total / seeds.len() as f64)
    }
}

/// Plays on a fork with `normal` on both sides for `HORIZON` commands or to the end.
fn playout<R: Scripts>(fork: &mut Engine<R>, seed: u64) {
    let mut players = [R::normal(seed), R::normal(seed ^ 1)];
    for _ in 0..HORIZON {
        let Some(side) = fork.awaiting() else { break };
        let c = next_command(players[side.index()].as_mut(), fork, side);
        if fork.submit(side, c).is_err() {
            let fallback = fork.yield_command(side);
            if fork.submit(side, fallback).is_err() {
                break;
            }
        }
    }
}

impl<R: Scripts> Policy<R> for Hard<R> {
    fn next(&mut self, engine: &Engine<R>, side: Side) -> Option<R::Command> {
        let first = self.normal.next(engine, side);
        if !R::searched(engine.world(), side) {
            return first;
        }
        let mut proposals: Vec<R::Command> = first.iter().cloned().collect();
        let more = self
            .charge
            .next(engine, side)
            .into_iter()
            .chain(R::options(engine.world(), side));
        for c in more {
            if proposals.len() < PROPOSALS
                && !proposals.contains(&c)
                && R::sensible(engine.world(), side, &c)
            {
                proposals.push(c);
            }
        }
        if proposals.len() <= 1 {
            return first;
        }
        // Every proposal meets the same dice (common random numbers: the same seeds,
        // and keyed dice, so one attack rolls one face in every proposal's playout
        // however the play before it differed), so the playouts compare the moves, not
        // their luck; `normal`'s own proposal, offered first, keeps the decision unless
        // another beats it by the ruleset's margin.
        let seeds: Vec<u64> = (0..R::PLAYOUTS).map(|_| self.fork_seed()).collect();
        let mut best: Option<(f64, R::Command)> = None;
        for c in proposals {
            let Some(score) = Self::judge(engine, side, &c, &seeds) else {
                continue;
            };
            if best.as_ref().is_none_or(|(b, _)| score > *b + R::MARGIN) {
                best = Some((score, c));
            }
        }
        best.map(|(_, c)| c).or(first)
    }
}

/// `easy`: `normal`'s move most of the time, else `random`'s or `charge`'s, as often as
/// the ruleset's [`Scripts::SLIPS`] say (by default one time in eight and one in four).
pub struct Easy<R: Rules> {
    normal: Box<dyn Policy<R>>,
    charge: Box<dyn Policy<R>>,
    random: Box<dyn Policy<R>>,
    whim: Chooser,
}

impl<R: Scripts> Easy<R> {
    pub fn new(seed: u64) -> Self {
        Self {
            normal: R::normal(seed),
            charge: R::charge(seed ^ 0xc4a),
            random: R::random(seed ^ 0x7a2d),
            whim: Chooser::new(seed ^ 0xea5e),
        }
    }
}

impl<R: Scripts> Policy<R> for Easy<R> {
    fn next(&mut self, engine: &Engine<R>, side: Side) -> Option<R::Command> {
        let f = self.whim.fraction();
        let [random, charge] = R::SLIPS;
        if f < random {
            self.random.next(engine, side)
        } else if f < random + charge {
            self.charge.next(engine, side)
        } else {
            self.normal.next(engine, side)
        }
    }
}
