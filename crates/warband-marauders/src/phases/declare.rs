//! Phase 1, declare spells: a new round begins; both sides declare spells in public,
//! last round's priority side first (side A in round 1).

use super::{Phase, begin_turns};
use crate::battle::{Battle, ModelView, Outcome, in_play, model};
use crate::command::{Refusal, refuse};
use crate::components::*;
use crate::effects::end_battle;
use crate::geometry::gap;
use crate::log::{BattleLog, LogEvent};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use bevy_state::prelude::*;
use warband_rules::Side;
use warband_rules::marauders::spells::{SpellDef, SpellTarget};
use warband_table::kept_query::with_query;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::DeclareSpells), start_round);
}

fn start_round(world: &mut World) {
    let (round, limit) = {
        let mut b = world.resource_mut::<Battle>();
        b.round += 1;
        (b.round, b.round_limit)
    };
    if round > limit {
        end_by_hd(world);
        super::go_next(world, Phase::Over);
        return;
    }
    with_query::<&mut Conditions, (), _>(world, |world, q| {
        for mut c in q.iter_mut(world) {
            c.moved = false;
            c.shot = false;
            c.hurt = false;
        }
    });
    world
        .resource_mut::<BattleLog>()
        .push(LogEvent::RoundStarted { round });
    world
        .resource_mut::<BattleLog>()
        .push(LogEvent::PhaseStarted {
            phase: Phase::DeclareSpells,
        });
    let first = world.resource::<Battle>().priority.unwrap_or(Side::A);
    begin_turns(world, Phase::DeclareSpells, first);
}

/// After the round limit the side that removed more HD wins; equal is a draw.
fn end_by_hd(world: &mut World) {
    let b = world.resource::<Battle>();
    let (a, bb) = (b.side(Side::A).hd_removed, b.side(Side::B).hd_removed);
    let winner = match a.cmp(&bb) {
        std::cmp::Ordering::Greater => Some(Side::A),
        std::cmp::Ordering::Less => Some(Side::B),
        std::cmp::Ordering::Equal => None,
    };
    let reason = format!(
        "round limit {} reached: A removed {a} HD, B removed {bb} HD",
        b.round_limit
    );
    end_battle(world, Outcome { winner, reason });
}

pub(super) fn declare(
    world: &mut World,
    side: Side,
    caster: ModelId,
    spell: &str,
    aim: SpellAim,
) -> Result<(), Refusal> {
    let Some(m) = model(world, caster) else {
        return refuse(format!("there is no model {caster}"));
    };
    if m.side != side || !m.in_play {
        return refuse(format!("model {caster} is not one of your models in play"));
    }
    if !m.profile.spells.iter().any(|s| s == spell) {
        return refuse(format!("{} does not know {spell}", m.profile.name));
    }
    if m.slots == 0 {
        return refuse(format!("{} has no spell slots left", m.profile.name));
    }
    if m.declared.is_some() {
        return refuse(format!("{} has already declared a spell", m.profile.name));
    }
    if m.conditions.asleep {
        return refuse("a sleeping model cannot cast");
    }
    let def = world
        .resource::<crate::engine::Spells>()
        .get(spell)
        .cloned()
        .ok_or_else(|| {
            Refusal(
                format!("unknown spell {spell}"),
                warband_table::RefusalKind::Rule,
            )
        })?;
    check_aim(world, side, &m, &def, aim)?;
    world
        .entity_mut(m.entity)
        .get_mut::<Caster>()
        .expect("casters have Caster")
        .declared = Some(Declared {
        spell: spell.to_string(),
        aim,
    });
    world
        .resource_mut::<BattleLog>()
        .push(LogEvent::SpellDeclared {
            model: caster,
            spell: spell.to_string(),
        });
    Ok(())
}

/// Whether `aim` suits the spell: a point in range for Sleep, an enemy or a friend
/// (as the spell wants) in range for the rest. The spell card asks the same before a
/// click declares it.
pub fn check_aim(
    world: &World,
    side: Side,
    m: &ModelView,
    def: &SpellDef,
    aim: SpellAim,
) -> Result<(), Refusal> {
    let spell = &def.name;
    match (def.target, aim) {
        (SpellTarget::Point, SpellAim::Point(x, y)) => {
            let reach = Vec2::new(x, y).distance(m.base.center) - m.base.shape.reach();
            if reach > def.range {
                return refuse(format!(
                    "the point is beyond {spell}'s range of {}\"",
                    def.range
                ));
            }
        }
        (SpellTarget::Enemy | SpellTarget::Friend, SpellAim::Model(t)) => {
            let Some(target) = in_play(world).into_iter().find(|o| o.id == t) else {
                return refuse(format!("model {t} is not in play"));
            };
            let want_enemy = def.target == SpellTarget::Enemy;
            if (target.side != side) != want_enemy {
                return refuse(format!(
                    "{spell} must target {}",
                    if want_enemy { "an enemy" } else { "a friend" }
                ));
            }
            let range = gap(&m.base, &target.base).max(0.0);
            if target.id != m.id && range > def.range.max(crate::geometry::CONTACT_GAP) {
                return refuse(format!(
                    "the target is {range:.1}\" away, beyond {spell}'s range of {}\"",
                    def.range
                ));
            }
        }
        _ => return refuse(format!("{spell} needs a {:?} target", def.target)),
    }
    Ok(())
}
