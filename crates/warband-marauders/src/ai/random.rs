//! The `random` baseline: each decision is drawn uniformly from the legal commands it can
//! see (a move to a random reachable spot per model, each possible shot, each possible
//! spell, or ending its part of the phase), by the table's `random` player. Its
//! randomness is its own seeded stream, never the battle's dice.

use super::snapshot::Snapshot;
use crate::command::Command;
use crate::components::SpellAim;
use crate::engine::Marauders;
use crate::geometry::{check_move, gap, in_contact};
use crate::phases::{Phase, shot_line};
use bevy_ecs::world::World;
use bevy_math::Vec2;
use bevy_state::state::State;
use warband_rules::Side;
use warband_rules::marauders::engagement::may_disengage;
use warband_rules::marauders::spells::SpellTarget;
use warband_table::player::{Candidates, Chooser, RandomPlayer};

/// `random` draws from these: the table's [`RandomPlayer`].
pub type Random = RandomPlayer;

/// Ending its part of the phase, and each command of the phase it can see.
impl Candidates for Marauders {
    fn candidates(world: &World, side: Side, dice: &mut Chooser) -> Vec<Command> {
        let phase = *world.resource::<State<Phase>>().get();
        let snap = Snapshot::take(world, side);
        let mut options = vec![Command::EndPhase];
        match phase {
            Phase::DeclareSpells => options.extend(declarations(&snap)),
            Phase::Movement => options.extend(moves(&snap, dice)),
            Phase::Shooting => options.extend(shots(&snap, side)),
            _ => {}
        }
        options
    }
}

/// Every spell a ready caster may declare, at every target or enemy's spot in range.
fn declarations(snap: &Snapshot) -> Vec<Command> {
    let mut options = Vec::new();
    let ready = snap
        .mine()
        .filter(|m| m.slots > 0 && m.declared.is_none() && !m.conditions.asleep);
    for c in ready {
        for def in c
            .profile
            .spells
            .iter()
            .filter_map(|s| snap.spells.get(s.name()))
        {
            let aims: Vec<SpellAim> = match def.target {
                SpellTarget::Enemy => snap.enemies().map(|t| SpellAim::Model(t.id)).collect(),
                SpellTarget::Friend => snap.mine().map(|t| SpellAim::Model(t.id)).collect(),
                SpellTarget::Point => snap
                    .enemies()
                    .map(|t| SpellAim::Point(t.base.center.x, t.base.center.y))
                    .collect(),
            };
            for aim in aims {
                let ok = match aim {
                    SpellAim::Model(id) => snap.get(id).is_some_and(|t| {
                        t.id == c.id || gap(&c.base, &t.base) <= def.range.max(0.05)
                    }),
                    SpellAim::Point(x, y) => {
                        Vec2::new(x, y).distance(c.base.center) - c.base.shape.reach() <= def.range
                    }
                };
                if ok {
                    options.push(Command::DeclareSpell {
                        caster: c.id,
                        spell: def.name.to_string(),
                        aim,
                    });
                }
            }
        }
    }
    options
}

/// One move of each model free to move, in a random direction for a random part of its
/// allowance (a disengagement if it is engaged and may leave).
fn moves(snap: &Snapshot, dice: &mut Chooser) -> Vec<Command> {
    let mut options = Vec::new();
    let movers: Vec<_> = snap
        .mine()
        .filter(|m| !m.conditions.moved && !m.conditions.asleep && m.declared.is_none())
        .cloned()
        .collect();
    for m in movers {
        let (mover, others) = snap.mover(&m);
        let angle = dice.fraction() * std::f32::consts::TAU;
        let dist = dice.fraction() * mover.allowance;
        let to = m.base.center + Vec2::new(angle.cos(), angle.sin()) * dist;
        let Ok(check) = check_move(&mover, to, snap.table, &others, &snap.terrain) else {
            continue;
        };
        let to = (check.end.x, check.end.y);
        match m.engaged_since {
            None => options.push(Command::Move { model: m.id, to }),
            Some(since) => {
                let end = m.base.at(check.end);
                if may_disengage(since, snap.round)
                    && !snap.enemies().any(|e| in_contact(&e.base, &end))
                {
                    options.push(Command::Disengage { model: m.id, to });
                }
            }
        }
    }
    options
}

/// Every shot with a clear line from a model with a missile weapon.
fn shots(snap: &Snapshot, side: Side) -> Vec<Command> {
    let mut options = Vec::new();
    for s in snap.mine().filter(|m| m.profile.ranged.is_some()) {
        for t in snap.enemies() {
            if shot_line(&snap.models, &snap.terrain, snap.broken(side), s, t).is_ok() {
                options.push(Command::Shoot {
                    model: s.id,
                    target: t.id,
                });
            }
        }
    }
    options
}
