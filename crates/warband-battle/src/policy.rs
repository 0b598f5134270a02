//! The built-in `charge` policy: every model advances on the nearest enemy, shooters
//! that have a target in range stay and shoot the nearest, casters throw damage spells
//! at the nearest enemy in range, no one disengages, the priority side goes first in
//! every phase. It acts only through `Command`s. The AI issue adds stronger players.

use crate::battle::{ModelView, TerrainMap, in_play};
use crate::command::Command;
use crate::components::SpellAim;
use crate::engine::{Engine, Spells};
use crate::geometry::{furthest_legal, gap};
use crate::phases::Phase;
use bevy_ecs::prelude::*;
use warband_rules::Side;
use warband_rules::marauders::spells::{SpellEffect, SpellTarget};

/// Something that chooses a side's commands.
pub trait Policy {
    /// The next command for `side` in the current phase, or None to end its part.
    fn next(&mut self, engine: &mut Engine, side: Side) -> Option<Command>;
}

#[derive(Default)]
pub struct Charge;

fn nearest<'a>(m: &ModelView, enemies: &'a [ModelView]) -> Option<&'a ModelView> {
    enemies.iter().min_by(|a, b| {
        gap(&m.base, &a.base)
            .total_cmp(&gap(&m.base, &b.base))
            .then(a.id.cmp(&b.id))
    })
}

impl Policy for Charge {
    fn next(&mut self, engine: &mut Engine, side: Side) -> Option<Command> {
        let phase = engine.phase();
        let world = engine.world_mut();
        let all = in_play(world);
        let (mine, enemies): (Vec<ModelView>, Vec<ModelView>) =
            all.into_iter().partition(|m| m.side == side);
        match phase {
            Phase::DeclareSpells => declare(world, &mine, &enemies),
            Phase::Movement => mine
                .iter()
                .filter(|m| !m.conditions.moved && !m.conditions.asleep && m.declared.is_none())
                .filter(|m| m.engaged_since.is_none())
                .find_map(|m| {
                    if has_shot(world, side, m, &enemies) {
                        None
                    } else {
                        advance(world, m, &enemies)
                    }
                }),
            Phase::Shooting => mine.iter().filter(|m| !m.conditions.shot).find_map(|m| {
                let mut targets: Vec<&ModelView> = enemies.iter().collect();
                targets.sort_by(|a, b| {
                    gap(&m.base, &a.base)
                        .total_cmp(&gap(&m.base, &b.base))
                        .then(a.id.cmp(&b.id))
                });
                targets
                    .into_iter()
                    .find(|t| crate::phases::plan_shot(world, side, m.id, t.id).is_ok())
                    .map(|t| Command::Shoot {
                        model: m.id,
                        target: t.id,
                    })
            }),
            _ => None,
        }
    }
}

fn has_shot(world: &mut World, side: Side, m: &ModelView, enemies: &[ModelView]) -> bool {
    m.profile.ranged.is_some()
        && enemies
            .iter()
            .any(|t| crate::phases::plan_shot(world, side, m.id, t.id).is_ok())
}

fn advance(world: &mut World, m: &ModelView, enemies: &[ModelView]) -> Option<Command> {
    let target = nearest(m, enemies)?;
    let (mover, others) = crate::phases::mover_and_others(world, m);
    let table = world.resource::<crate::battle::Battle>().table;
    let check = furthest_legal(
        &mover,
        target.base.center,
        table,
        &others,
        &world.resource::<TerrainMap>().0,
    );
    (check.end.distance(m.base.center) > 0.05).then_some(Command::Move {
        model: m.id,
        to: (check.end.x, check.end.y),
    })
}

fn declare(world: &mut World, mine: &[ModelView], enemies: &[ModelView]) -> Option<Command> {
    let spells = world.resource::<Spells>().clone();
    mine.iter()
        .filter(|m| m.slots > 0 && m.declared.is_none() && !m.conditions.asleep)
        .find_map(|m| {
            let spell = m
                .profile
                .spells
                .iter()
                .filter_map(|s| spells.get(s))
                .find(|s| {
                    matches!(s.effect, SpellEffect::Damage { .. }) && s.target == SpellTarget::Enemy
                })?;
            let target = nearest(m, enemies).filter(|t| gap(&m.base, &t.base) <= spell.range)?;
            Some(Command::DeclareSpell {
                caster: m.id,
                spell: spell.name.clone(),
                aim: SpellAim::Model(target.id),
            })
        })
}

/// Plays a battle to its end with one policy per side. Returns the commands sent, in
/// order, for a save.
pub fn play(engine: &mut Engine, a: &mut dyn Policy, b: &mut dyn Policy) -> Vec<(Side, Command)> {
    let mut sent = Vec::new();
    let mut guard = 0u32;
    while let Some(side) = engine.awaiting() {
        guard += 1;
        if guard > 200_000 {
            break;
        }
        let policy: &mut dyn Policy = if side == Side::A { &mut *a } else { &mut *b };
        let command = policy.next(engine, side).unwrap_or(Command::EndPhase);
        let ok = engine.submit(side, command.clone()).is_ok();
        sent.push((side, command));
        if !ok {
            // A refused command changes nothing: end the side's part so play goes on.
            engine
                .submit(side, Command::EndPhase)
                .expect("ending one's own phase is always allowed");
            sent.push((side, Command::EndPhase));
        }
    }
    sent
}
