//! The `charge` baseline: every model advances on the nearest enemy, shoots the nearest
//! enemy it can, never disengages, casts nothing, and the priority side goes first in
//! every phase. A yardstick for the real players.

use super::TablePolicy;
use super::snapshot::{Kept, Snapshot};
use crate::command::Command;
use crate::engine::Engine;
use crate::engine::Marauders;
use crate::geometry::{furthest_legal, gap};
use crate::phases::{Phase, shot_line};
use warband_rules::Side;
use warband_table::components::ModelId;

#[derive(Default)]
pub struct Charge {
    /// Its models with an id below this have nothing more to do this phase: it acts
    /// with its models in id order, so all it passed over before the last one it moved
    /// or shot with are done (all of them, once it has passed over every one).
    from: ModelId,
    key: (u32, Phase),
    kept: Kept,
}

impl TablePolicy<Marauders> for Charge {
    fn next(&mut self, engine: &Engine, side: Side) -> Option<Command> {
        let key = (engine.battle().round, engine.phase());
        if self.key != key {
            self.key = key;
            self.from = ModelId(0);
            self.kept.forget();
        }
        if !matches!(key.1, Phase::Movement | Phase::Shooting) {
            return None;
        }
        let snap = self.kept.take(engine.world(), side);
        let command = self.choose(&snap, key.1);
        self.kept.keep(snap, engine.world());
        command
    }
}

impl Charge {
    /// The first of its models, in id order, that has something to do, and what.
    fn choose(&mut self, snap: &Snapshot, phase: Phase) -> Option<Command> {
        let side = snap.side;
        let first = snap.models.partition_point(|m| m.id < self.from);
        for m in snap.models[first..].iter().filter(|m| m.side == side) {
            let command = match phase {
                Phase::Movement
                    if !m.conditions.moved
                        && !m.conditions.asleep
                        && m.engaged_since.is_none()
                        && m.declared.is_none() =>
                {
                    snap.nearest_enemy(m).and_then(|n| {
                        // No move goes further than the allowance: only bases near
                        // that much of the way can stop it.
                        let way = (n.base.center - m.base.center)
                            .clamp_length_max(m.profile.armour.movement_allowance() + 0.1);
                        let (lo, hi) = m.base.swept_bounds(way);
                        let (mover, others) = snap.mover_near(m, lo, hi);
                        let c = furthest_legal(
                            &mover,
                            n.base.center,
                            snap.table,
                            &others,
                            &snap.terrain,
                        );
                        (c.end.distance(m.base.center) > 0.05).then_some(Command::Move {
                            model: m.id,
                            to: (c.end.x, c.end.y),
                        })
                    })
                }
                Phase::Shooting if m.profile.ranged.is_some() && !m.conditions.shot => {
                    let mut targets: Vec<_> = snap.enemies().collect();
                    targets.sort_by(|a, b| {
                        gap(&m.base, &a.base)
                            .total_cmp(&gap(&m.base, &b.base))
                            .then(a.id.cmp(&b.id))
                    });
                    targets
                        .into_iter()
                        .find(|t| {
                            shot_line(&snap.models, &snap.terrain, snap.broken(side), m, t).is_ok()
                        })
                        .map(|t| Command::Shoot {
                            model: m.id,
                            target: t.id,
                        })
                }
                _ => None,
            };
            if command.is_some() {
                self.from = m.id;
                return command;
            }
        }
        self.from = ModelId(u32::MAX);
        None
    }
}
