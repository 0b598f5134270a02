//! Phase 3, movement: models move by their armour's allowance; a move into an enemy is a
//! charge. Engaged models may only disengage, not in the round the engagement started,
//! and every enemy in contact strikes the leaver once. A broken side flees.

use super::Phase;
use crate::battle::{Battle, ModelView, TerrainMap, in_play, model};
use crate::command::{Refusal, refuse};
use crate::components::*;
use crate::effects::{refresh_engagement, remove, roll_damage};
use crate::geometry::{MoveCheck, Mover, Other, check_move, furthest_legal, in_contact};
use crate::log::{BattleLog, LogEvent};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use bevy_state::prelude::*;
use warband_rules::Side;
use warband_rules::marauders::clauses;
use warband_rules::marauders::engagement::{ONE_HD, may_disengage};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Undoable>()
        .add_systems(OnEnter(Phase::Movement), start);
}

/// Plain moves (no charge, no dice) made this phase that may still be taken back, with
/// where each model came from, oldest first.
#[derive(Resource, Clone, Debug, Default)]
pub struct Undoable(pub Vec<(u32, Vec2)>);

fn start(world: &mut World) {
    super::start_in_order(world, Phase::Movement);
}

/// The mover and everything else on the table, as geometry sees them.
pub fn mover_and_others(world: &World, m: &ModelView) -> (Mover, Vec<Other>) {
    mover_among(m, &in_play(world))
}

/// `m` as a mover among `models` (it may be among them; it is left out of the others).
pub fn mover_among(m: &ModelView, models: &[ModelView]) -> (Mover, Vec<Other>) {
    let others = models
        .iter()
        .filter(|o| o.id != m.id)
        .map(|o| Other {
            id: o.id,
            base: o.base,
            enemy: o.side != m.side,
        })
        .collect();
    let mover = Mover {
        id: m.id,
        base: m.base,
        allowance: m.profile.armour.movement_allowance(),
    };
    (mover, others)
}

/// The engine's own check of a move of `m` to `to`, with the others it was checked
/// against.
fn checked(
    world: &World,
    m: &ModelView,
    to: (f32, f32),
) -> Result<(MoveCheck, Vec<Other>), Refusal> {
    let (mover, others) = mover_and_others(world, m);
    let table = world.resource::<Battle>().table;
    let check = check_move(
        &mover,
        Vec2::new(to.0, to.1),
        table,
        &others,
        &world.resource::<TerrainMap>().0,
    )
    .map_err(|e| Refusal(e.to_string()))?;
    Ok((check, others))
}

fn own_mobile_model(world: &mut World, side: Side, id: u32) -> Result<ModelView, Refusal> {
    let Some(m) = model(world, id).filter(|m| m.in_play && m.side == side) else {
        return refuse(format!("model {id} is not one of your models in play"));
    };
    if m.conditions.moved {
        return refuse(format!("{} has already moved this round", m.profile.name));
    }
    if m.conditions.asleep {
        return refuse(format!("{} is asleep", m.profile.name));
    }
    if m.declared.is_some() {
        return refuse(format!(
            "{} declared a spell this round and may not move",
            m.profile.name
        ));
    }
    Ok(m)
}

pub(super) fn move_model(
    world: &mut World,
    side: Side,
    id: u32,
    to: (f32, f32),
) -> Result<(), Refusal> {
    let m = own_mobile_model(world, side, id)?;
    if m.engaged_since.is_some() {
        return refuse(format!(
            "{} is engaged: it may only disengage",
            m.profile.name
        ));
    }
    let (check, _) = checked(world, &m, to)?;
    if check.charged.is_empty() {
        world.resource_mut::<Undoable>().0.push((id, m.base.center));
    }
    place(world, &m, check.end, check.charged);
    Ok(())
}

pub(super) fn disengage(
    world: &mut World,
    side: Side,
    id: u32,
    to: (f32, f32),
) -> Result<(), Refusal> {
    let round = world.resource::<Battle>().round;
    if let Some(m) = model(world, id).filter(|m| m.in_play && m.side == side) {
        let Some(since) = m.engaged_since else {
            return refuse(format!("{} is not engaged", m.profile.name));
        };
        if !may_disengage(since, round) {
            return refuse(format!(
                "{} became engaged this round and may not disengage until the next",
                m.profile.name
            ));
        }
    }
    let m = own_mobile_model(world, side, id)?;
    let (check, others) = checked(world, &m, to)?;
    let end_base = m.base.at(check.end);
    if others
        .iter()
        .any(|o| o.enemy && in_contact(&end_base, &o.base))
    {
        return refuse("a disengaging model may not end its move in contact with an enemy");
    }
    world
        .resource_mut::<BattleLog>()
        .push(LogEvent::Disengaged { model: id });
    // Dice are about to be rolled: nothing before this can be taken back.
    world.resource_mut::<Undoable>().0.clear();
    strike_leaver(world, &m);
    if model(world, id).is_some_and(|m| m.in_play) {
        place(world, &m, check.end, Vec::new());
    }
    Ok(())
}

/// Every enemy in contact deals one die at 1 HD strength to a model leaving combat.
fn strike_leaver(world: &mut World, m: &ModelView) {
    let strikers: Vec<(u32, Side)> = in_play(world)
        .into_iter()
        .filter(|o| o.side != m.side && in_contact(&o.base, &m.base) && !o.conditions.asleep)
        .map(|o| (o.id, o.side))
        .collect();
    for (striker, by) in strikers {
        let purpose = format!("model {striker} strikes disengaging model {}", m.id);
        roll_damage(world, m.id, ONE_HD, 0, by, &purpose, &clauses::DISENGAGE);
    }
}

fn place(world: &mut World, m: &ModelView, end: Vec2, charged: Vec<u32>) {
    let mut e = world.entity_mut(m.entity);
    e.insert(Base(m.base.at(end)));
    e.get_mut::<Conditions>()
        .expect("models have conditions")
        .moved = true;
    world.resource_mut::<BattleLog>().push(LogEvent::Moved {
        model: m.id,
        from: (m.base.center.x, m.base.center.y),
        to: (end.x, end.y),
        charged,
    });
    refresh_engagement(world);
}

/// A broken side: each model moves its full allowance straight away from the nearest
/// enemy, disengaging (and struck) if engaged; a base that would leave the table is out
/// of action. It never charges.
pub(super) fn flee(world: &mut World, side: Side) {
    let ids: Vec<u32> = in_play(world)
        .into_iter()
        .filter(|m| m.side == side && !m.conditions.asleep)
        .map(|m| m.id)
        .collect();
    for id in ids {
        let Some(m) = model(world, id).filter(|m| m.in_play) else {
            continue;
        };
        let enemies: Vec<ModelView> = in_play(world)
            .into_iter()
            .filter(|o| o.side != side)
            .collect();
        let Some(nearest) = enemies.iter().min_by(|a, b| {
            a.base
                .center
                .distance_squared(m.base.center)
                .total_cmp(&b.base.center.distance_squared(m.base.center))
                .then(a.id.cmp(&b.id))
        }) else {
            return;
        };
        if let Some(d) = m.declared.clone() {
            world
                .entity_mut(m.entity)
                .get_mut::<Caster>()
                .expect("caster")
                .declared = None;
            world.resource_mut::<BattleLog>().push(LogEvent::SpellLost {
                model: id,
                spell: d.spell,
                why: "its side is broken and it was forced to move".into(),
            });
        }
        let away = (m.base.center - nearest.base.center).normalize_or(Vec2::Y);
        let allowance = m.profile.armour.movement_allowance();
        let to = m.base.center + away * allowance;
        if m.engaged_since.is_some() {
            world
                .resource_mut::<BattleLog>()
                .push(LogEvent::Disengaged { model: id });
            strike_leaver(world, &m);
            if !model(world, id).is_some_and(|m| m.in_play) {
                continue;
            }
        }
        let table = world.resource::<Battle>().table;
        if !m.base.at(to).on_table(table) {
            world.resource_mut::<BattleLog>().push(LogEvent::Moved {
                model: id,
                from: (m.base.center.x, m.base.center.y),
                to: (to.x, to.y),
                charged: Vec::new(),
            });
            remove(world, id, "fled off the table");
            continue;
        }
        let (mover, mut others) = mover_and_others(world, &m);
        // Fleeing models never charge: every base is in the way, none is a target.
        for o in &mut others {
            o.enemy = false;
        }
        let check = furthest_legal(
            &mover,
            to,
            table,
            &others,
            &world.resource::<TerrainMap>().0,
        );
        place(world, &m, check.end, Vec::new());
    }
}

/// Takes back a plain move made this phase: the model returns to where it started and
/// may move again. Refused after dice were rolled, for a charge, or if the way back is
/// now taken.
pub(super) fn undo_move(world: &mut World, side: Side, id: u32) -> Result<(), Refusal> {
    let Some(m) = model(world, id).filter(|m| m.in_play && m.side == side) else {
        return refuse(format!("model {id} is not one of your models in play"));
    };
    let Some(index) = world
        .resource::<Undoable>()
        .0
        .iter()
        .rposition(|(u, _)| *u == id)
    else {
        return refuse(format!("{}'s move cannot be taken back", m.profile.name));
    };
    let from = world.resource::<Undoable>().0[index].1;
    let back = m.base.at(from);
    if in_play(world)
        .iter()
        .any(|o| o.id != id && crate::geometry::overlaps(&back, &o.base))
    {
        return refuse("another model now stands where it started");
    }
    world.resource_mut::<Undoable>().0.remove(index);
    let mut e = world.entity_mut(m.entity);
    e.insert(Base(back));
    e.get_mut::<Conditions>()
        .expect("models have conditions")
        .moved = false;
    world
        .resource_mut::<BattleLog>()
        .push(LogEvent::MoveUndone { model: id });
    refresh_engagement(world);
    Ok(())
}
