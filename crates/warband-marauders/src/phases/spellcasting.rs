//! Phase 6, spellcasting: declared spells go off, first side's casters first (by id),
//! unless the caster moved, was hurt, or left play this round.

use super::{Phase, go_next};
use crate::battle::{Battle, ModelView, in_play, model};
use crate::components::*;
use crate::effects::{roll, roll_damage};
use crate::engine::Spells;
use crate::geometry::gap;
use crate::log::{BattleLog, LogEvent};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use bevy_state::prelude::*;
use warband_rules::Die;
use warband_rules::marauders::clauses;
use warband_rules::marauders::spells::{SpellEffect, sleep_victims};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Spellcasting), cast_all);
}

fn cast_all(world: &mut World) {
    super::log_start(world, Phase::Spellcasting);
    let first = world.resource::<Battle>().first_in(Phase::Spellcasting);
    for side in [first, first.other()] {
        let casters: Vec<ModelView> = crate::battle::models(world)
            .into_iter()
            .filter(|m| m.side == side && m.declared.is_some())
            .collect();
        for c in casters {
            cast(world, &c);
        }
    }
    go_next(world, Phase::Morale);
}

fn cast(world: &mut World, c: &ModelView) {
    let Some(declared) = c.declared.clone() else {
        return;
    };
    world
        .entity_mut(c.entity)
        .get_mut::<Caster>()
        .expect("caster")
        .declared = None;
    let lost = |why: &str| LogEvent::SpellLost {
        model: c.id,
        spell: declared.spell.clone(),
        why: why.into(),
    };
    let why = if !c.in_play {
        Some("the caster is out of action")
    } else if c.conditions.hurt {
        Some("the caster was hurt this round")
    } else if c.conditions.moved {
        Some("the caster moved this round")
    } else if c.conditions.asleep {
        Some("the caster is asleep")
    } else {
        None
    };
    if let Some(why) = why {
        world.resource_mut::<BattleLog>().push(lost(why));
        return;
    }
    let Some(def) = world.resource::<Spells>().get(&declared.spell).cloned() else {
        return;
    };
    world
        .entity_mut(c.entity)
        .get_mut::<Caster>()
        .expect("caster")
        .slots -= 1;
    world.resource_mut::<BattleLog>().push(LogEvent::SpellCast {
        model: c.id,
        spell: def.name.clone(),
    });
    let target = match declared.aim {
        SpellAim::Model(id) => model(world, id).filter(|m| m.in_play),
        SpellAim::Point(..) => None,
    };
    let purpose = format!("{} cast by model {}", def.name, c.id);
    match (&def.effect, declared.aim) {
        (SpellEffect::Damage { dice, modifier }, _) => {
            if let Some(t) = target {
                roll_damage(
                    world,
                    t.id,
                    usize::from(*dice),
                    *modifier,
                    c.side,
                    &purpose,
                    &clauses::SPELLCASTING,
                );
            }
        }
        (
            SpellEffect::Sleep {
                count,
                die,
                radius,
                max_hd,
            },
            SpellAim::Point(x, y),
        ) => {
            let total: u32 = roll(
                world,
                usize::from(*count),
                Die(*die),
                &purpose,
                &clauses::SPELLCASTING,
            )
            .iter()
            .map(|f| u32::from(*f))
            .sum();
            let point = crate::geometry::Placed::round(Vec2::new(x, y), 0.0);
            let candidates: Vec<(u32, u8)> = in_play(world)
                .into_iter()
                .filter(|m| m.side != c.side && m.hd.initial <= *max_hd && !m.conditions.asleep)
                .filter(|m| gap(&point, &m.base) <= *radius)
                .map(|m| (m.id, m.hd.initial))
                .collect();
            for id in sleep_victims(total, &candidates) {
                set_condition(world, id, |cond| cond.asleep = true);
                world
                    .resource_mut::<BattleLog>()
                    .push(LogEvent::FellAsleep { model: id });
            }
        }
        (SpellEffect::Blind, _) => {
            if let Some(t) = target {
                set_condition(world, t.id, |cond| cond.blinded = true);
                world
                    .resource_mut::<BattleLog>()
                    .push(LogEvent::Blinded { model: t.id });
            }
        }
        (SpellEffect::Heal { hd }, _) => {
            if let Some(t) = target {
                let mut e = world.entity_mut(t.entity);
                let mut h = e.get_mut::<HitDice>().expect("hit dice");
                let healed = (*hd).min(h.initial - h.left);
                h.left += healed;
                world.resource_mut::<BattleLog>().push(LogEvent::Healed {
                    model: t.id,
                    hd: healed,
                });
            }
        }
        (SpellEffect::Bless { dice }, _) => {
            if let Some(t) = target {
                let round = world.resource::<Battle>().round + 1;
                world
                    .entity_mut(c.entity)
                    .get_mut::<Caster>()
                    .expect("caster")
                    .blessing = Some(Blessing {
                    target: t.id,
                    dice: *dice,
                    round,
                });
            }
        }
        (SpellEffect::Sleep { .. }, SpellAim::Model(_)) => {}
    }
}

fn set_condition(world: &mut World, id: u32, f: impl FnOnce(&mut Conditions)) {
    if let Some(e) = crate::battle::entity_of(world, id) {
        f(&mut world
            .entity_mut(e)
            .get_mut::<Conditions>()
            .expect("conditions"));
    }
}
