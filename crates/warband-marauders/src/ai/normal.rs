//! The `normal` and `easy` players: score every candidate action with the exact odds and
//! take the best. `easy` adds a beginner's noise and ignores danger.

use super::candidates::{Kind, Steps, candidates};
use super::eval::{hd_worth, melee_value, shot_value_along};
use super::position::{Around, Place, place, position_score};
use super::snapshot::{Kept, Snapshot};
use super::{TablePolicy, spells};
use crate::battle::ModelView;
use crate::command::Command;
use crate::engine::Engine;
use crate::engine::Marauders;
use crate::geometry::in_contact;
use crate::phases::Phase;
use bevy_math::Vec2;
use warband_rules::marauders::damage::die_chance;
use warband_rules::marauders::engagement::may_disengage;
use warband_rules::{DiceRoller, Die, Side};
use warband_table::bounded::{Bound, first_best};
use warband_table::components::ModelId;

pub struct Scoring {
    /// Standard size of the random error added to every score (0: none).
    pub noise: f64,
    /// Whether to choose the phase order (else the priority side goes first in all).
    pub choose_order: bool,
    pub weights: Weights,
}

/// How a move's parts are weighed against one another. `Weights::NORMAL` is `normal`'s
/// own judgement; `hard` plays a set tuned by self-play (`docs/ai.md`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// How much danger counts (1: fully, 0: ignored).
    pub caution: f64,
    /// Added to how hard melee models press on (negative: hang back).
    pub extra_push: f64,
    /// The charges a melee model will threaten from its new place.
    pub threat: f64,
    /// Standing in cover.
    pub cover: f64,
    /// How much of a melee model's danger counts before pressing on discounts it.
    pub melee_danger: f64,
    /// An enemy shooter's shots stopped by tying it up in melee.
    pub denial: f64,
    /// The fight a charge forms (1: its expected exchange as it is).
    pub charge: f64,
    /// Unmoved friends counted as following a charge in.
    pub followers: usize,
    /// How much worse than the parting blows a fight must look before leaving it.
    pub disengage: f64,
    /// Which of the eight steps it tries, and how a crowd thins them ([`Steps`]: normal
    /// leaves out the steps more than 90° off the way to its nearest enemy; it may always
    /// advance on that enemy, and retreat straight away from it but in a crowd).
    pub steps: Steps,
}

impl Weights {
    pub const NORMAL: Weights = Weights {
        caution: 1.0,
        extra_push: 0.0,
        threat: 0.3,
        cover: 0.1,
        melee_danger: 0.6,
        denial: 0.5,
        charge: 1.0,
        followers: 2,
        disengage: 0.25,
        steps: Steps {
            arc: 90.0,
            crowd: 11,
        },
    };

    /// Tuned by self-play against `NORMAL` (`examples/tune.rs`, `docs/ai.md`): warier, no
    /// bonus for cover, and pressing on only when behind; it tries all eight steps and
    /// the retreat, in a crowd too, as when it was tuned (`normal` leaves out those
    /// leading away, and more in a crowd, to think faster).
    pub const HARD: Weights = Weights {
        caution: 2.5,
        extra_push: -0.1,
        cover: 0.0,
        melee_danger: 1.0,
        steps: Steps::ALL,
        ..Weights::NORMAL
    };
}

pub struct Normal {
    scoring: Scoring,
    rng: DiceRoller,
    /// Models that chose to do nothing in the current phase (sorted by id).
    held: Vec<ModelId>,
    key: (u32, Phase),
    kept: Kept,
    /// Where in the kept snapshot's models to start looking for the next to move: every
    /// model before it is the enemy's, has moved or is held (none of which changes again
    /// within the phase). Back to 0 whenever the snapshot is taken afresh.
    from: usize,
}

impl Normal {
    pub fn standard(seed: u64) -> Self {
        Self::with(
            Scoring {
                noise: 0.0,
                choose_order: true,
                weights: Weights::NORMAL,
            },
            seed,
        )
    }

    pub fn easy(seed: u64) -> Self {
        Self::with(
            Scoring {
                noise: 0.8,
                choose_order: false,
                weights: Weights {
                    caution: 0.0,
                    ..Weights::NORMAL
                },
            },
            seed,
        )
    }

    /// A `normal` player weighing a move's parts its own way.
    pub fn weighted(weights: Weights, seed: u64) -> Self {
        Self::with(
            Scoring {
                noise: 0.0,
                choose_order: true,
                weights,
            },
            seed,
        )
    }

    fn with(scoring: Scoring, seed: u64) -> Self {
        Self {
            scoring,
            rng: DiceRoller::from_seed(seed),
            held: Vec::new(),
            key: (0, Phase::Deploy),
            kept: Kept::default(),
            from: 0,
        }
    }

    /// Sets a model aside for the rest of the phase (kept sorted, so a big army's
    /// models are looked up by halves, not one by one).
    fn hold(&mut self, id: ModelId) {
        if let Err(i) = self.held.binary_search(&id) {
            self.held.insert(i, id);
        }
    }

    fn is_held(&self, id: ModelId) -> bool {
        self.held.binary_search(&id).is_ok()
    }

    fn noise(&mut self) -> f64 {
        if self.scoring.noise == 0.0 {
            return 0.0;
        }
        // Sum of three d20s, centred and scaled: a cheap bell curve.
        let s: u32 = (0..3).map(|_| u32::from(self.rng.face(Die::D20))).sum();
        (f64::from(s) - 31.5) / 10.0 * self.scoring.noise
    }
}

impl TablePolicy<Marauders> for Normal {
    fn next(&mut self, engine: &Engine, side: Side) -> Option<Command> {
        let phase = engine.phase();
        let round = engine.battle().round;
        if self.key != (round, phase) {
            // The kept snapshot is patched across the phases of a round where it can be.
            self.key = (round, phase);
            self.held.clear();
            self.from = 0;
        }
        if !matches!(
            phase,
            Phase::DeclareSpells | Phase::Movement | Phase::Shooting
        ) {
            // Nothing to look at: it chooses the order as a rule, and leaves the other
            // phases to the engine (no snapshot is taken to be thrown away).
            return (phase == Phase::Initiative)
                .then(|| self.order(side))
                .flatten();
        }
        let (snap, patched) = self.kept.take_telling(engine.world(), side);
        if !patched {
            self.from = 0;
        }
        let command = match phase {
            Phase::DeclareSpells => self.declare(&snap),
            Phase::Movement => self.movement(&snap),
            _ => self.shooting(&snap),
        };
        self.kept.keep(snap, engine.world());
        command
    }
}

impl Normal {
    fn declare(&mut self, snap: &Snapshot) -> Option<Command> {
        let choice = spells::best_declaration(snap, &self.held)?;
        if let Command::DeclareSpell { caster, .. } = &choice {
            self.hold(*caster);
        }
        Some(choice)
    }

    /// The enemy moves first; this side shoots, attacks, casts and checks morale first.
    fn order(&self, side: Side) -> Option<Command> {
        self.scoring.choose_order.then(|| Command::ChooseOrder {
            first: vec![
                (Phase::Movement, side.other()),
                (Phase::Shooting, side),
                (Phase::Attacking, side),
                (Phase::Spellcasting, side),
                (Phase::Morale, side),
            ],
        })
    }

    /// The first model in id order that wants to move, and where. The walk starts at
    /// `from`, and moves it on past the models it finds settled for the phase, so that a
    /// big army's movement phase does not walk every model at every decision.
    fn movement(&mut self, snap: &Snapshot) -> Option<Command> {
        let mut settled = true;
        for (i, m) in snap.models.iter().enumerate().skip(self.from) {
            let done = m.side != snap.side || m.conditions.moved || self.is_held(m.id);
            if !done && !m.conditions.asleep && m.declared.is_none() {
                let command = if m.engaged_since.is_some() {
                    self.disengage(snap, m)
                } else {
                    self.best_move(snap, m)
                };
                if command.is_some() {
                    return command;
                }
                self.hold(m.id);
            } else if !done {
                settled = false;
            }
            if settled {
                self.from = i + 1;
            }
        }
        None
    }

    /// `m`'s best move (None: it is best where it stands). Every candidate is bounded
    /// cheaply, and only those whose bound could still win are judged in full
    /// (`first_best`), which chooses as judging them all would.
    fn best_move(&mut self, snap: &Snapshot, m: &ModelView) -> Option<Command> {
        let w = self.scoring.weights;
        let nearest = snap.nearest_enemy(m);
        let cands = candidates(snap, m, nearest, w.steps);
        // Each candidate's noise is drawn in turn, as when every one was judged in full.
        let noise: Vec<f64> = cands.iter().map(|_| self.noise()).collect();
        if let [only] = &cands[..]
            && only.kind == Kind::Stay
        {
            // Hemmed in, it can only stay: nothing about it need be weighed.
            return None;
        }
        let around = Around::of(snap, m, nearest);
        let places: Vec<Place> = cands
            .iter()
            .map(|c| place(snap, m, &around, c, &w))
            .collect();
        let bounds: Vec<Bound> = places
            .iter()
            .zip(&noise)
            .map(|(p, n)| p.bound.plus(*n))
            .collect();
        let best = first_best(&bounds, |i, beat| {
            let n = noise[i];
            position_score(snap, m, &around, &cands[i], &places[i], &w, |upper| {
                upper + n < beat
            })
            .map(|s| s + n)
        })?;
        let c = &cands[best];
        (c.kind != Kind::Stay).then_some(Command::Move {
            model: m.id,
            to: (c.check.end.x, c.check.end.y),
        })
    }

    /// Leaves a fight it expects to lose by more than the parting blows cost.
    fn disengage(&mut self, snap: &Snapshot, m: &ModelView) -> Option<Command> {
        if !m
            .engaged_since
            .is_some_and(|s| may_disengage(s, snap.round))
            || self.scoring.weights.caution == 0.0
        {
            return None;
        }
        let them: Vec<&ModelView> = snap.touching_enemies(m).collect();
        let friends: Vec<&ModelView> = snap
            .touching_any(m.side, &them)
            .into_iter()
            .filter(|f| them.iter().any(|t| in_contact(&f.base, &t.base)))
            .collect();
        let fight = melee_value(snap, &friends, &them);
        let parting = them.len() as f64 * die_chance(m.effective_armour(), 0);
        if fight > -parting - self.scoring.weights.disengage {
            return None;
        }
        let center: Vec2 = them.iter().map(|t| t.base.center).sum::<Vec2>() / them.len() as f32;
        let away = (m.base.center - center).normalize_or(Vec2::Y);
        let (mover, others) = snap.mover(m);
        let check = crate::geometry::furthest_legal(
            &mover,
            m.base.center + away * mover.allowance,
            snap.table,
            &others
                .iter()
                .map(|o| crate::geometry::Other { enemy: false, ..*o })
                .collect::<Vec<_>>(),
            &snap.terrain,
        );
        let end = m.base.at(check.end);
        if snap.enemies().any(|e| in_contact(&e.base, &end)) {
            return None;
        }
        Some(Command::Disengage {
            model: m.id,
            to: (check.end.x, check.end.y),
        })
    }

    fn shooting(&mut self, snap: &Snapshot) -> Option<Command> {
        let shooters: Vec<&ModelView> = snap
            .shooters(snap.side)
            .filter(|m| !m.conditions.shot && !self.is_held(m.id))
            .collect();
        for s in shooters {
            let mut best: Option<(f64, ModelId)> = None;
            // Out of range is no line: only enemies in range meet the line, and the noise.
            snap.targets_from(s, &s.base, |t| {
                let Ok(line) = snap.shot_line(s, t) else {
                    return;
                };
                let v = shot_value_along(snap, s, t, &line, s.conditions.moved)
                    * hd_worth(t).sqrt()
                    + self.noise() * 0.2;
                if v > 0.02 && best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, t.id));
                }
            });
            match best {
                Some((_, target)) => {
                    return Some(Command::Shoot {
                        model: s.id,
                        target,
                    });
                }
                None => self.hold(s.id),
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
