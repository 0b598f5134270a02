//! The `hard` player looks ahead in movement, the phase that decides fights: portfolio
//! greedy search (Churchill & Buro) over one script per model — its `normal` choice,
//! its best charge, holding, advancing, retreating — scoring each whole-side plan by the
//! enemy's likely reply (each enemy charges where the exact odds favour it most) and the
//! expected HD exchange of the melee groups that result, with exact odds (expectation
//! over the dice, never the dice themselves). Other phases play as `normal`.

use super::candidates::{Candidate, Kind, candidates};
use super::eval::melee_value;
use super::normal::{Normal, move_score, position_score};
use super::snapshot::Snapshot;
use super::Policy;
use crate::battle::ModelView;
use crate::command::Command;
use crate::engine::Engine;
use crate::geometry::{check_move, furthest_legal, gap, melee_groups};
use crate::phases::Phase;
use bevy_math::Vec2;
use warband_rules::Side;

/// Passes of greedy improvement over the whole plan.
const PASSES: usize = 2;

pub struct Hard {
    normal: Normal,
    /// The plan for the current movement phase: (model, end).
    plan: Vec<(u32, Vec2)>,
    key: (u32, Phase),
}

impl Hard {
    pub fn new(seed: u64) -> Self {
        Self {
            normal: Normal::normal(seed),
            plan: Vec::new(),
            key: (0, Phase::Deploy),
        }
    }
}

/// One model's options, each with the parts of its value that do not depend on the rest
/// of the plan (its own shots, its exposure to shots).
struct Options {
    model: ModelView,
    scripts: Vec<(Candidate, f64)>,
}

impl Policy for Hard {
    fn next(&mut self, engine: &mut Engine, side: Side) -> Option<Command> {
        if engine.phase() != Phase::Movement {
            return self.normal.next(engine, side);
        }
        let key = (engine.battle().round, Phase::Movement);
        let snap = Snapshot::take(engine.world(), side);
        if self.key != key {
            self.key = key;
            self.plan = plan(&snap);
        }
        // Play the plan's moves in order; engaged models are left to `normal`.
        while let Some((id, end)) = self.plan.first().copied() {
            self.plan.remove(0);
            let Some(m) = snap.get(id) else { continue };
            if m.conditions.moved || m.engaged_since.is_some() || end.distance(m.base.center) < 0.05 {
                continue;
            }
            // Friends moved since the plan was made: get as near the planned end as the
            // table now allows.
            let (mover, others) = snap.mover(m);
            let end = match check_move(&mover, end, snap.table, &others, &snap.terrain) {
                Ok(c) => c.end,
                Err(_) => furthest_legal(&mover, end, snap.table, &others, &snap.terrain).end,
            };
            if end.distance(m.base.center) < 0.05 {
                continue;
            }
            return Some(Command::Move {
                model: id,
                to: (end.x, end.y),
            });
        }
        self.normal.next(engine, side)
    }
}

fn plan(snap: &Snapshot) -> Vec<(u32, Vec2)> {
    let options: Vec<Options> = snap
        .mine()
        .filter(|m| !m.conditions.moved && !m.conditions.asleep && m.declared.is_none() && m.engaged_since.is_none())
        .map(|m| {
            let cands = candidates(snap, m);
            let mut scored: Vec<(Candidate, f64)> = cands
                .into_iter()
                .map(|c| {
                    let s = position_score(snap, m, &c, 1.0, false);
                    (c, s)
                })
                .collect();
            scored.sort_by(|a, b| b.1.total_cmp(&a.1));
            // The portfolio: best by `normal`, best charge, hold, advance, retreat.
            let mut scripts: Vec<(Candidate, f64)> = Vec::new();
            let mut take = |pred: &dyn Fn(&Candidate) -> bool| {
                if let Some((c, _)) = scored.iter().find(|(c, _)| pred(c)) {
                    if !scripts.iter().any(|(s, _)| s.check.end.distance(c.check.end) < 0.05) {
                        let own = position_score(snap, m, c, 1.0, false);
                        scripts.push((c.clone(), own));
                    }
                }
            };
            let normal_best = scored
                .iter()
                .map(|(c, _)| (move_score(snap, m, c, 1.0), c))
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, c)| c.check.end);
            take(&|c| Some(c.check.end) == normal_best);
            take(&|c| c.kind == Kind::Charge);
            take(&|c| c.kind == Kind::Stay);
            take(&|c| c.kind == Kind::Advance);
            take(&|c| c.kind == Kind::Retreat);
            Options {
                model: m.clone(),
                scripts,
            }
        })
        .collect();
    let mut choice = vec![0usize; options.len()];
    let mut best = plan_value(snap, &options, &choice);
    for _ in 0..PASSES {
        let mut improved = false;
        for i in 0..options.len() {
            for s in 0..options[i].scripts.len() {
                if s == choice[i] {
                    continue;
                }
                let old = choice[i];
                choice[i] = s;
                let v = plan_value(snap, &options, &choice);
                if v > best + 1e-9 {
                    best = v;
                    improved = true;
                } else {
                    choice[i] = old;
                }
            }
        }
        if !improved {
            break;
        }
    }
    options
        .iter()
        .zip(&choice)
        .map(|(o, c)| (o.model.id, o.scripts[*c].0.check.end))
        .collect()
}

/// The expected HD exchange after this plan and the enemy's reply.
fn plan_value(snap: &Snapshot, options: &[Options], choice: &[usize]) -> f64 {
    let mut world = snap.clone();
    let mut own = 0.0;
    for (o, c) in options.iter().zip(choice) {
        let (cand, v) = &o.scripts[*c];
        own += v;
        if let Some(m) = world.get_mut(o.model.id) {
            m.base.center = cand.check.end;
            m.conditions.moved = cand.kind != Kind::Stay;
        }
    }
    enemy_reply(&mut world);
    let groups = melee_groups(&world.models.iter().map(ModelView::grouped).collect::<Vec<_>>());
    let fights: f64 = groups
        .iter()
        .map(|g| {
            let us: Vec<&ModelView> = g.iter().filter_map(|id| world.get(*id)).filter(|m| m.side == snap.side).collect();
            let them: Vec<&ModelView> = g.iter().filter_map(|id| world.get(*id)).filter(|m| m.side != snap.side).collect();
            melee_value(&us, &them)
        })
        .sum();
    own + fights
}

/// Each free enemy charges the model of ours it fares best against, if that fight is in
/// its favour; its base is put in contact on the line between centres.
fn enemy_reply(world: &mut Snapshot) {
    let side = world.side;
    let enemies: Vec<u32> = world
        .models
        .iter()
        .filter(|e| e.side != side && e.engaged_since.is_none() && !e.conditions.asleep && e.profile.ranged.is_none())
        .map(|e| e.id)
        .collect();
    for id in enemies {
        let Some(e) = world.get(id).cloned() else { continue };
        let reach = e.profile.armour.movement_allowance();
        let target = world
            .models
            .iter()
            .filter(|t| t.side == side && gap(&e.base, &t.base) <= reach)
            .map(|t| (melee_value(&[&e], &[t]), t.id, t.base))
            .filter(|(v, _, _)| *v > 0.0)
            .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
        if let Some((_, _, base)) = target {
            let dir = (e.base.center - base.center).normalize_or(Vec2::Y);
            let touch = base.shape.reach() + e.base.shape.reach();
            if let Some(m) = world.get_mut(id) {
                m.base.center = base.center + dir * touch;
            }
        }
    }
}
