//! A command fuzzer: battles in which random and hostile commands (unknown, zero and
//! `u32::MAX` ids, NaN, infinite and huge coordinates, the other side's models, the
//! wrong phase, empty and over-full splits, spells nobody knows) are interleaved with
//! the AI players' legal ones, and the engine's invariants are checked after every
//! command. Used by `tests/fuzz.rs` (10,000 steps) and `examples/soak.rs` (millions).

use crate::ai::{AiKind, Policy};
use crate::battle::{Battle, models};
use crate::command::Allocation;
use crate::components::ModelId;
use crate::components::SpellAim;
use crate::data::BattleSetup;
use crate::geometry::{in_contact, overlaps};
use crate::phases::Phase;
use crate::sim::game_seed;
use crate::{Command, Engine, Side};

/// What a fuzzing run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuzzReport {
    pub steps: u64,
    pub battles: u64,
    pub hostile: u64,
    pub refused: u64,
}

/// A small seeded stream (SplitMix64) for the fuzzer's own choices.
struct Stream(u64);

impl Stream {
    fn next(&mut self) -> u64 {
        self.0 = game_seed(self.0, 1);
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.below(from.len() as u64) as usize]
    }
}

/// Plays battles of `setup` for `steps` commands, hostile about one time in three;
/// stops at the first broken invariant and says which.
pub fn run(setup: &BattleSetup, seed: u64, steps: u64) -> Result<FuzzReport, String> {
    let mut rng = Stream(seed);
    let mut report = FuzzReport::default();
    while report.steps < steps {
        let battle_seed = rng.next();
        let mut engine = Engine::new(setup, battle_seed)?;
        let kinds = [AiKind::Random, AiKind::Normal, AiKind::Charge];
        let mut players: [Box<dyn Policy + Send>; 2] = [
            rng.pick(&kinds).policy(battle_seed ^ 0xa),
            rng.pick(&kinds).policy(battle_seed ^ 0xb),
        ];
        report.battles += 1;
        while let Some(side) = engine.awaiting() {
            if report.steps >= steps {
                break;
            }
            report.steps += 1;
            let (from, command) = if rng.below(3) == 0 {
                report.hostile += 1;
                hostile(&mut rng, &engine, side)
            } else {
                let c = players[side.index()].next(&engine, side);
                (side, c.unwrap_or(Command::EndPhase))
            };
            if !step(&mut engine, from, command.clone())? {
                report.refused += 1;
                if from == side {
                    // Play goes on: the side ends its part, as `ai::play` does.
                    step(&mut engine, side, Command::EndPhase)?;
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

/// Submits one command and checks the invariants; Ok(accepted).
fn step(engine: &mut Engine, side: Side, command: Command) -> Result<bool, String> {
    let before_hash = engine.state_hash();
    let before_log = engine.log().events.len();
    let accepted = engine.submit(side, command.clone()).is_ok();
    let after_log = engine.log().events.len();
    if accepted {
        if after_log < before_log {
            return Err(format!("the log shrank after {command:?}"));
        }
        invariants(engine).map_err(|e| format!("after {side} {command:?}: {e}"))?;
    } else {
        if engine.state_hash() != before_hash {
            return Err(format!("refused {side} {command:?} changed the battle"));
        }
        if after_log != before_log + 1 {
            return Err(format!(
                "refused {command:?} logged {} events",
                after_log - before_log
            ));
        }
    }
    Ok(accepted)
}

/// What must hold after every accepted command.
pub fn invariants(engine: &Engine) -> Result<(), String> {
    let world = engine.world();
    let table = world.resource::<Battle>().table;
    let all: Vec<_> = models(world).into_iter().filter(|m| m.in_play).collect();
    for (i, m) in all.iter().enumerate() {
        let c = m.base.center;
        if !c.is_finite() || !m.base.on_table(table) {
            return Err(format!("model {} is off the table at {c}", m.id));
        }
        if m.hd.left == 0 || m.hd.left > m.hd.initial {
            return Err(format!(
                "model {} has {} of {} HD",
                m.id, m.hd.left, m.hd.initial
            ));
        }
        if let Some(o) = all[i + 1..].iter().find(|o| overlaps(&m.base, &o.base)) {
            return Err(format!("models {} and {} overlap", m.id, o.id));
        }
        let touching = all
            .iter()
            .any(|o| o.side != m.side && in_contact(&m.base, &o.base));
        if touching != m.engaged_since.is_some() {
            return Err(format!(
                "model {} engaged {:?} but touching an enemy: {touching}",
                m.id, m.engaged_since
            ));
        }
    }
    Ok(())
}

/// A command chosen to be wrong in some way, from either side.
fn hostile(rng: &mut Stream, engine: &Engine, acting: Side) -> (Side, Command) {
    let side = if rng.below(4) == 0 {
        acting.other()
    } else {
        acting
    };
    let n = models(engine.world()).len() as u32;
    let ids = [0, 1, n, n + 1, u32::MAX, rng.below(u64::from(n) + 2) as u32].map(ModelId);
    let table = engine.battle().table;
    let coords = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        1e30,
        -3.0,
        rng.below(table.x as u64 + 1) as f32,
        rng.below(table.y as u64 + 1) as f32,
    ];
    let mut id = || rng.pick(&ids);
    let (m, t) = (id(), id());
    let to = (rng.pick(&coords), rng.pick(&coords));
    let alloc = |rng: &mut Stream| -> Vec<Allocation> {
        (0..rng.below(4))
            .map(|_| Allocation {
                attacker: rng.pick(&ids),
                target: rng.pick(&ids),
                dice: rng.pick(&[0, 1, 3, 255]),
            })
            .collect()
    };
    let command = match rng.below(10) {
        0 => Command::Move { model: m, to },
        1 => Command::Disengage { model: m, to },
        2 => Command::UndoMove { model: m },
        3 => Command::Shoot {
            model: m,
            target: t,
        },
        4 => Command::ResolveMelee {
            model: m,
            allocation: Some(alloc(rng)).filter(|_| rng.below(2) == 0),
        },
        5 => Command::AllocateDamage {
            allocation: Some(alloc(rng)),
        },
        6 => Command::DeclareSpell {
            caster: m,
            spell: rng
                .pick(&["Magic Missile", "Sleep", "Bless", "Wish", ""])
                .into(),
            aim: if rng.below(2) == 0 {
                SpellAim::Model(t)
            } else {
                SpellAim::Point(to.0, to.1)
            },
        },
        7 => Command::ChooseOrder {
            first: vec![(
                rng.pick(&[Phase::Deploy, Phase::Movement, Phase::Over, Phase::Morale]),
                rng.pick(&Side::BOTH),
            )],
        },
        _ => Command::EndPhase,
    };
    (side, command)
}

/// What a run of AI battles did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BattlesReport {
    pub battles: u64,
    pub replayed: u64,
    pub refused: u64,
}

/// Plays `count` AI battles, every pairing of players in turn over the setups, each to
/// its end within its round limit; every `replay_every`-th is saved as RON text, read
/// back and replayed, and must give the same final hash and the same log. Battles run
/// in parallel; game `i` depends only on `seed` and `i`.
pub fn ai_battles(
    setups: &[BattleSetup],
    count: u64,
    seed: u64,
    replay_every: u64,
) -> Result<BattlesReport, String> {
    use rayon::prelude::*;
    let results: Vec<Result<(bool, usize), String>> = (0..count)
        .into_par_iter()
        .map(|i| one_battle(&setups[(i as usize) % setups.len()], seed, i, replay_every))
        .collect();
    let mut report = BattlesReport::default();
    for r in results {
        let (replayed, refused) = r?;
        report.battles += 1;
        report.replayed += u64::from(replayed);
        report.refused += refused as u64;
    }
    Ok(report)
}

fn one_battle(
    setup: &BattleSetup,
    seed: u64,
    i: u64,
    replay_every: u64,
) -> Result<(bool, usize), String> {
    let kinds = AiKind::ALL;
    let n = kinds.len() as u64;
    let (a, b) = (kinds[(i % n) as usize], kinds[((i / n) % n) as usize]);
    let game = game_seed(seed, i);
    let mut engine = Engine::new(setup, game)?;
    let played = crate::ai::play(
        &mut engine,
        a.policy(game ^ 0xa).as_mut(),
        b.policy(game ^ 0xb).as_mut(),
    );
    let limit = setup.scenario.round_limit;
    if !played.finished || engine.battle().round > limit + 1 {
        return Err(format!(
            "game {i} ({a} v {b}) did not end within {limit} rounds"
        ));
    }
    if replay_every == 0 || !i.is_multiple_of(replay_every) {
        return Ok((false, played.refused.len()));
    }
    let save = crate::save::Save::new(setup.clone(), game, played.commands, engine.state_hash());
    let text = ron::to_string(&save).map_err(|e| e.to_string())?;
    let back: crate::save::Save = ron::from_str(&text).map_err(|e| format!("game {i}: {e}"))?;
    let mut replay = back.replay()?;
    if replay.state_hash() != save.final_hash || replay.log().digest() != engine.log().digest() {
        return Err(format!("game {i} ({a} v {b}) replayed differently"));
    }
    Ok((true, played.refused.len()))
}
