//! The `hard` player looks ahead with the engine itself as the simulator. At the start
//! of each of its movement phases it tries a portfolio of movement plans — its `normal`
//! judgement, a bolder and a warier version of it, an all-out advance, holding still —
//! each on a fork of the battle: the plan's moves are played, then the enemy's reply
//! (its movement, as `normal` would make it, when it has yet to move). The position that
//! results is judged in expectation, with the exact odds: the shots each side can take,
//! the fights that have formed, and the charges each side will threaten next. No die is
//! rolled in that judgement but a disengaging model's strikes, on the fork's own dice, so
//! nothing is learnt of the real dice. Each plan is also rolled out a round further on
//! forks with keyed dice from `hard`'s own seed (the same for every plan): the HD it wins
//! by the next round's end of movement, and the position then, count for three quarters
//! of its value. As priority holder it tries both movement orders by the first
//! judgement alone. Other phases play as `normal`.

use super::eval::{exposure_parts, melee_value, shot_value};
use super::normal::{Normal, Weights};
use super::snapshot::Snapshot;
use super::{Charge, Policy, TablePolicy};
use crate::battle::ModelView;
use crate::command::Command;
use crate::engine::Engine;
use crate::engine::Marauders;
use crate::geometry::melee_groups;
use crate::phases::Phase;
use warband_rules::Side;

/// A movement plan: `normal` judgement with given weights, or one of the two extremes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Plan {
    Weighted(Weights),
    Advance,
    Hold,
}

impl Plan {
    /// Its own weights, bolder, warier, all-out advance, hold. (A twelve-style grid of
    /// caution × push measured no better against `normal` and took three times as long.)
    fn portfolio(own: Weights) -> [Plan; 5] {
        [
            Plan::Weighted(own),
            Plan::Weighted(Weights {
                caution: own.caution * 0.4,
                extra_push: own.extra_push + 0.12,
                ..own
            }),
            Plan::Weighted(Weights {
                caution: own.caution * 2.0,
                extra_push: own.extra_push - 0.05,
                ..own
            }),
            Plan::Advance,
            Plan::Hold,
        ]
    }

    fn player(self, seed: u64) -> Box<dyn Policy + Send> {
        match self {
            Plan::Weighted(w) => Box::new(Normal::weighted(w, seed)),
            Plan::Advance => Box::new(Charge::default()),
            Plan::Hold => Box::new(Hold),
        }
    }
}

/// Moves nothing.
struct Hold;

impl TablePolicy<Marauders> for Hold {
    fn next(&mut self, _: &Engine, _: Side) -> Option<Command> {
        None
    }
}

pub struct Hard {
    seed: u64,
    /// Its own weights (`Weights::HARD`), from which its plans are made.
    own: Weights,
    normal: Normal,
    mover: Option<Box<dyn Policy + Send>>,
    key: (u32, Phase),
}

impl Hard {
    pub fn new(seed: u64) -> Self {
        Self::weighted(Weights::HARD, seed)
    }

    /// `hard` with other weights of its own (for tuning them: `examples/tune.rs`).
    pub fn weighted(own: Weights, seed: u64) -> Self {
        Self {
            seed,
            own,
            normal: Normal::weighted(own, seed),
            mover: None,
            key: (0, Phase::Deploy),
        }
    }

    /// The value for `side` of playing `first` (if any), then `plan` for its movement
    /// and `normal` for the enemy's: the position at the end of the movement phase,
    /// and where there are `rollouts`, also where the plan leads a round later.
    fn judge(
        &self,
        engine: &Engine,
        side: Side,
        first: Option<&Command>,
        plan: Plan,
        rollouts: u64,
    ) -> f64 {
        let mut fork = engine.fork(self.seed);
        if let Some(c) = first {
            let _ = fork.submit(side, c.clone());
        }
        let mut them = Normal::standard(self.seed);
        self.move_by(&mut fork, side, plan, &mut them);
        let now = position_value(&Snapshot::take(fork.world(), side));
        if rollouts == 0 {
            return now;
        }
        let later = (0..rollouts)
            .map(|j| self.rollout(engine, side, plan, j))
            .sum::<f64>()
            / rollouts as f64;
        NOW_SHARE * now + (1.0 - NOW_SHARE) * later
    }

    /// Rollout `j` of `plan`, on a fork with keyed dice (the same `j` for every plan
    /// meets the same dice): this round's movement by the plan, the rest of the round and
    /// the next one's spells and initiative by `hard`'s own `normal` judgement, the next
    /// round's movement by the plan again, `normal` for the enemy throughout. Its value
    /// for `side` is the HD margin won meanwhile plus the position then (or a battle won
    /// or lost). Where a fork refuses even an EndPhase, `play_on` stops and the rollout
    /// is judged where it stands.
    fn rollout(&self, engine: &Engine, side: Side, plan: Plan, j: u64) -> f64 {
        let round = engine.battle().round;
        let seed = warband_table::sim::game_seed(self.seed ^ (u64::from(round) << 32), j);
        let mut fork = engine.fork_keyed(seed);
        let mut them = Normal::standard(self.seed);
        let mut rest = Normal::weighted(self.own, self.seed);
        self.move_by(&mut fork, side, plan, &mut them);
        play_on(&mut fork, by_side(side, &mut rest, &mut them), |f| {
            let r = f.battle().round;
            r == round || (r == round + 1 && f.phase() != Phase::Movement)
        });
        self.move_by(&mut fork, side, plan, &mut them);
        let won = margin(&fork, side) - margin(engine, side);
        match fork.outcome() {
            Some(o) => won + o.winner.map_or(0.0, |w| if w == side { WON } else { -WON }),
            None => won + position_value(&Snapshot::take(fork.world(), side)),
        }
    }

    /// Plays `fork`'s movement phase on: `plan` for `side`, `them` for the enemy.
    fn move_by(&self, fork: &mut Engine, side: Side, plan: Plan, them: &mut dyn Policy) {
        let round = fork.battle().round;
        let mut mine = plan.player(self.seed);
        play_on(fork, by_side(side, mine.as_mut(), them), |f| {
            f.battle().round == round && f.phase() == Phase::Movement
        });
    }
}

/// The most rollouts that judge each movement plan (`tune 1000 1001 hard`, woods and
/// walls and the ruined keep: 4 rollouts 0.560, 8 0.591, 16 0.587, 32 0.599; docs/ai.md).
const ROLLOUTS: u64 = 16;

/// Rollouts times models in play that a plan may cost: a rollout costs about a round of
/// play, which grows with the models. Up to 32 models a plan has all 16 rollouts, fewer
/// beyond, and none past 128 (fewer than 4 would judge by luck).
const ROLLOUT_BUDGET: u64 = 16 * 32;

/// How many rollouts judge each plan with `models` in play.
fn rollouts_for(models: usize) -> u64 {
    let n = (ROLLOUT_BUDGET / models.max(1) as u64).min(ROLLOUTS);
    if n < 4 { 0 } else { n }
}

/// The share of a plan's value that is the position at the end of this movement; the
/// rest is its rollouts' mean.
const NOW_SHARE: f64 = 0.25;

/// What a battle won is worth to a judgement in HD (lost: the same, negative).
const WON: f64 = 10.0;

/// The two players by side: `mine` plays `side`, `them` the other.
fn by_side<'a>(
    side: Side,
    mine: &'a mut dyn Policy,
    them: &'a mut dyn Policy,
) -> [&'a mut dyn Policy; 2] {
    match side {
        Side::A => [mine, them],
        Side::B => [them, mine],
    }
}

/// HD `side` has removed less HD it has lost.
fn margin(engine: &Engine, side: Side) -> f64 {
    let b = engine.battle();
    f64::from(b.side(side).hd_removed) - f64::from(b.side(side.other()).hd_removed)
}

/// Plays `fork` on while a side is asked and `go_on` holds, at most
/// [`COMMAND_CAP`](warband_table::player::COMMAND_CAP) commands: each side's command
/// from its player in `players` (by side), or EndPhase where it has none or is refused.
/// False where even that is refused (the fork is stuck).
fn play_on(
    fork: &mut Engine,
    players: [&mut dyn Policy; 2],
    go_on: impl Fn(&Engine) -> bool,
) -> bool {
    for _ in 0..warband_table::player::COMMAND_CAP {
        let Some(s) = fork.awaiting().filter(|_| go_on(fork)) else {
            break;
        };
        let c = players[s.index()]
            .next(fork, s)
            .unwrap_or(Command::EndPhase);
        if fork.submit(s, c).is_err() && fork.submit(s, Command::EndPhase).is_err() {
            return false;
        }
    }
    true
}

/// A position judged in expected HD for `snap.side`: this round's shots both ways, the
/// fights on the table, and half the charges each side threatens for the next round.
pub fn position_value(snap: &Snapshot) -> f64 {
    if snap.models.iter().all(|m| m.side == snap.side) {
        return WON;
    }
    if snap.models.iter().all(|m| m.side != snap.side) {
        return -WON;
    }
    let mut theirs = snap.clone();
    theirs.side = snap.side.other();
    let shots = |view: &Snapshot| -> f64 {
        view.mine()
            .filter(|s| s.profile.ranged.is_some())
            .map(|s| {
                view.enemies()
                    .map(|t| shot_value(view, s, t, s.conditions.moved))
                    .fold(0.0, f64::max)
            })
            .sum()
    };
    let groups = melee_groups(
        &snap
            .models
            .iter()
            .map(ModelView::grouped)
            .collect::<Vec<_>>(),
    );
    let fights: f64 = groups
        .iter()
        .map(|g| {
            let side_of = |mine: bool| -> Vec<&ModelView> {
                g.iter()
                    .filter_map(|id| snap.get(*id))
                    .filter(|m| (m.side == snap.side) == mine)
                    .collect()
            };
            melee_value(snap, &side_of(true), &side_of(false))
        })
        .sum();
    let threat = |view: &Snapshot| -> f64 {
        view.mine()
            .filter(|m| m.engaged_since.is_none())
            .map(|m| exposure_parts(view, m, m.base).1)
            .sum()
    };
    shots(snap) - shots(&theirs) + fights + 0.5 * (threat(&theirs) - threat(snap))
}

impl TablePolicy<Marauders> for Hard {
    fn next(&mut self, engine: &Engine, side: Side) -> Option<Command> {
        let key = (engine.battle().round, engine.phase());
        let fresh = self.key != key;
        self.key = key;
        match key.1 {
            Phase::Initiative => {
                let order = |mover: Side| Command::ChooseOrder {
                    first: vec![
                        (Phase::Movement, mover),
                        (Phase::Shooting, side),
                        (Phase::Attacking, side),
                        (Phase::Spellcasting, side),
                        (Phase::Morale, side),
                    ],
                };
                let (first, second) = (order(side), order(side.other()));
                let own = Plan::Weighted(self.own);
                let v1 = self.judge(engine, side, Some(&first), own, 0);
                let v2 = self.judge(engine, side, Some(&second), own, 0);
                // Moving second sees the enemy's moves before its own; `judge` stops at
                // the end of movement either way, so the comparison is fair.
                Some(if v1 > v2 { first } else { second })
            }
            Phase::Movement => {
                if fresh || self.mover.is_none() {
                    let own = Plan::Weighted(self.own);
                    let rollouts = rollouts_for(crate::battle::in_play(engine.world()).len());
                    let plan = Plan::portfolio(self.own)
                        .into_iter()
                        .map(|p| (self.judge(engine, side, None, p, rollouts), p))
                        .fold((f64::NEG_INFINITY, own), |best, c| {
                            if c.0 > best.0 { c } else { best }
                        })
                        .1;
                    self.mover = Some(plan.player(self.seed));
                }
                self.mover.as_mut().and_then(|p| p.next(engine, side))
            }
            Phase::DeclareSpells => {
                let c = self.normal.next(engine, side)?;
                Some(self.sleep_aimed(engine, side, &c).unwrap_or(c))
            }
            _ => self.normal.next(engine, side),
        }
    }
}

impl Hard {
    /// A Sleep declared at a point is cast only in phase 6, after both sides have
    /// moved: `normal` aims it where the enemy stands now. `hard` plays the round on a
    /// fork and aims the Sleep at the best point among where the enemies then stand,
    /// when that point is in the caster's range now and worth more there than
    /// `normal`'s.
    fn sleep_aimed(&self, engine: &Engine, side: Side, declared: &Command) -> Option<Command> {
        let Command::DeclareSpell {
            caster,
            spell,
            aim: crate::components::SpellAim::Point(x, y),
        } = declared
        else {
            return None;
        };
        let then = self.when_spells_go_off(engine, side)?;
        let now = Snapshot::take(engine.world(), side);
        let c = now.get(*caster)?;
        let def = now.spells.get(spell)?;
        let (worth, aim) = super::spells::sleep_point(&then, c, def)?;
        let theirs = super::spells::sleep_value(&then, bevy_math::Vec2::new(*x, *y), def);
        if worth <= theirs {
            return None;
        }
        crate::phases::check_aim(engine.world(), side, c, def, aim).ok()?;
        Some(Command::DeclareSpell {
            caster: *caster,
            spell: spell.clone(),
            aim,
        })
    }

    /// The battle, seen by `side`, as it will stand when this round's spells go off:
    /// the round played on a fork with `normal` for both sides and none of `side`'s
    /// spells (`normal` does not read the enemy's declarations, so its moves are the
    /// same), seen at the next round's start. Its spells, shots and fights are played,
    /// the models they removed gone and those they woke awake: as the spells of phase 6
    /// find them, but for the sleepers of phase 6 itself, none of them `side`'s. None
    /// where the battle ends first.
    fn when_spells_go_off(&self, engine: &Engine, side: Side) -> Option<Snapshot> {
        let round = engine.battle().round;
        let mut fork = engine.fork(self.seed);
        fork.submit(side, Command::EndPhase).ok()?;
        let [mut a, mut b] = [Normal::standard(self.seed), Normal::standard(self.seed)];
        if !play_on(&mut fork, [&mut a, &mut b], |f| f.battle().round == round) {
            return None;
        }
        fork.awaiting()?;
        (fork.battle().round != round).then(|| Snapshot::take(fork.world(), side))
    }
}
