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
use warband_rules::marauders::clauses;
use warband_rules::marauders::spells::{SpellDef, SpellEffect, sleep_victims};
use warband_rules::{Die, Side};
use warband_table::kept_query::with_query;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Spellcasting), cast_all);
}

fn cast_all(world: &mut World) {
    super::log_start(world, Phase::Spellcasting);
    let first = world.resource::<Battle>().first_in(Phase::Spellcasting);
    for side in [first, first.other()] {
        for c in declared_casters(world, side) {
            cast(world, &c);
        }
    }
    go_next(world, Phase::Morale);
}

/// `side`'s models with a spell declared, in id order: found among the casters alone
/// (a big battle's every model is not read to find its few casters).
fn declared_casters(world: &mut World, side: Side) -> Vec<ModelView> {
    let mut ids: Vec<ModelId> = with_query::<(&ModelId, &Team, &Caster), (), _>(world, |w, q| {
        q.iter(w)
            .filter(|(_, team, c)| team.0 == side && c.declared.is_some())
            .map(|(id, ..)| *id)
            .collect()
    });
    ids.sort_unstable();
    ids.into_iter().filter_map(|id| model(world, id)).collect()
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
    if let Some(why) = lost_because(c).or_else(|| target_gone(world, &declared.aim)) {
        world.resource_mut::<BattleLog>().push(LogEvent::SpellLost {
            model: c.id,
            spell: declared.spell.clone(),
            why: why.into(),
        });
        return;
    }
    // The declaration checked the spell against the list, which does not change.
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
        spell: def.name.to_string(),
    });
    take_effect(world, c, &def, declared.aim);
}

/// Why a declared spell does not go off: the caster left play, was hurt, moved or
/// fell asleep this round.
fn lost_because(c: &ModelView) -> Option<&'static str> {
    if !c.in_play {
        Some("the caster is out of action")
    } else if c.conditions.hurt {
        Some("the caster was hurt this round")
    } else if c.conditions.moved {
        Some("the caster moved this round")
    } else if c.conditions.asleep {
        Some("the caster is asleep")
    } else {
        None
    }
}

/// Why a spell aimed at a model does not go off: that model left play before it went
/// off (before phase 6, or to a spell cast earlier in it).
/// The seeds: spells go off "unless … the spell was somehow interrupted in some other
/// way"; like every lost spell, it keeps its slot.
fn target_gone(world: &World, aim: &SpellAim) -> Option<&'static str> {
    match aim {
        SpellAim::Model(id) => model(world, *id)
            .is_none_or(|m| !m.in_play)
            .then_some("its target is out of action"),
        SpellAim::Point(..) => None,
    }
}

/// What a spell cast by `c` at `aim` does.
fn take_effect(world: &mut World, c: &ModelView, def: &SpellDef, aim: SpellAim) {
    let target = match aim {
        SpellAim::Model(id) => model(world, id).filter(|m| m.in_play),
        SpellAim::Point(..) => None,
    };
    let purpose = format!("{} cast by model {}", def.name, c.id);
    let log = |world: &mut World, e: LogEvent| world.resource_mut::<BattleLog>().push(e);
    match (&def.effect, aim, target) {
        (SpellEffect::Damage { dice, modifier }, _, Some(t)) => {
            let (n, clause) = (usize::from(*dice), &clauses::SPELLCASTING);
            roll_damage(world, t.id, n, *modifier, c.side, &purpose, clause);
        }
        (sleep @ SpellEffect::Sleep { .. }, SpellAim::Point(x, y), _) => {
            put_to_sleep(world, c, sleep, Vec2::new(x, y), &purpose);
        }
        (SpellEffect::Blind, _, Some(t)) => {
            set_condition(world, t.id, |cond| cond.blinded = true);
            log(world, LogEvent::Blinded { model: t.id });
        }
        (SpellEffect::Heal { hd }, _, Some(t)) => {
            let mut e = world.entity_mut(t.entity);
            let mut h = e.get_mut::<HitDice>().expect("hit dice");
            let healed = (*hd).min(h.initial - h.left);
            h.left += healed;
            log(
                world,
                LogEvent::Healed {
                    model: t.id,
                    hd: healed,
                },
            );
        }
        (SpellEffect::Bless { dice }, _, Some(t)) => {
            let round = world.resource::<Battle>().round + 1;
            let blessing = Blessing {
                target: t.id,
                dice: *dice,
                round,
            };
            let mut caster = world.entity_mut(c.entity);
            caster.get_mut::<Caster>().expect("caster").blessing = Some(blessing);
        }
        // Sleep aimed at a model, or another spell at a point: the declaration refuses both.
        _ => {}
    }
}

/// Sleep: roll its HD, then the lowest-HD enemies near the point fall asleep while the
/// total lasts.
fn put_to_sleep(world: &mut World, c: &ModelView, sleep: &SpellEffect, at: Vec2, purpose: &str) {
    let SpellEffect::Sleep {
        count,
        die,
        radius,
        max_hd,
    } = sleep
    else {
        return;
    };
    let faces = roll(
        world,
        usize::from(*count),
        Die(*die),
        purpose,
        &clauses::SPELLCASTING,
    );
    let total: u32 = faces.iter().map(|f| u32::from(*f)).sum();
    let candidates = sleep_candidates(world, c.side, at, *radius, *max_hd);
    let victims = sleep_victims(total, &candidates);
    if victims.is_empty() {
        world.resource_mut::<BattleLog>().push(LogEvent::SleptNone {
            caster: c.id,
            rolled: total,
        });
    }
    for id in victims {
        set_condition(world, id, |cond| cond.asleep = true);
        world
            .resource_mut::<BattleLog>()
            .push(LogEvent::FellAsleep { model: id });
    }
}

/// The enemies of `side` a Sleep at `at` may take: awake, of at most `max_hd` HD, their
/// bases within `radius` of the point; each with its initial HD.
pub fn sleep_candidates(
    world: &World,
    side: Side,
    at: Vec2,
    radius: f32,
    max_hd: u8,
) -> Vec<(ModelId, u8)> {
    let point = crate::geometry::Placed::round(at, 0.0);
    in_play(world)
        .into_iter()
        .filter(|m| m.side != side && m.hd.initial <= max_hd && !m.conditions.asleep)
        .filter(|m| gap(&point, &m.base) <= radius)
        .map(|m| (m.id, m.hd.initial))
        .collect()
}

fn set_condition(world: &mut World, id: ModelId, f: impl FnOnce(&mut Conditions)) {
    if let Some(e) = crate::battle::entity_of(world, id) {
        f(&mut world
            .entity_mut(e)
            .get_mut::<Conditions>()
            .expect("conditions"));
    }
}
