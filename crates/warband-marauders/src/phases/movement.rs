//! Phase 3, movement: models move by their armour's allowance; a move into an enemy is a
//! charge. Engaged models may only disengage (`disengage.rs`). A broken side flees (`flee.rs`).

use super::Phase;
use crate::battle::{Battle, ModelView, TerrainMap, in_play, model};
use crate::command::{Refusal, refuse};
use crate::components::*;
use crate::geometry::{MoveCheck, Mover, Other, check_move, furthest_legal};
use crate::log::{BattleLog, LogEvent};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use bevy_state::prelude::*;
use warband_rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Undoable>()
        .add_systems(OnEnter(Phase::Movement), start);
    crate::state::resource::<Undoable>(app);
}

/// Plain moves (no charge, no dice) made this phase that may still be taken back, with
/// where each model came from, oldest first.
#[derive(Resource, Clone, Debug, Default)]
pub struct Undoable(pub Vec<(ModelId, Vec2)>);

fn start(world: &mut World) {
    world.resource_mut::<Undoable>().0.clear();
    super::start_in_order(world, Phase::Movement);
}

/// The last move `side` may still take back (what Z undoes), if any.
pub fn undoable_move(world: &World, side: Side) -> Option<ModelId> {
    world
        .resource::<Undoable>()
        .0
        .iter()
        .rev()
        .map(|(id, _)| *id)
        .find(|id| model(world, *id).is_some_and(|m| m.side == side && undo_blocked(&m).is_none()))
}

/// Why a model's plain move can no longer be taken back, if it cannot.
fn undo_blocked(m: &ModelView) -> Option<String> {
    if !m.in_play {
        return Some(format!("{} is out of action", m.profile.name));
    }
    m.engaged_since.map(|_| {
        format!(
            "{} is engaged now: its move cannot be taken back",
            m.profile.name
        )
    })
}

/// The mover, and every other base in play its move towards `to` could meet or change
/// the engagement of, as geometry sees them: those near the swept path, out to a
/// friend touching an enemy that touches the mover at either end. Found from the
/// [`BaseGrid`](crate::components::BaseGrid), so a move reads its neighbourhood, not
/// every model.
pub fn mover_along(world: &World, m: &ModelView, to: Vec2) -> (Mover, Vec<Other>) {
    let (lo, hi) = m.base.swept_bounds(to - m.base.center);
    mover_in_box(world, m, lo, hi)
}

/// `m` as a mover among every base its move could meet whichever way it goes: those
/// within its allowance all round it (what a flight that may turn along a wall needs).
pub fn mover_around(world: &World, m: &ModelView) -> (Mover, Vec<Other>) {
    let r = Vec2::splat(m.profile.armour.movement_allowance() + m.base.shape.reach());
    mover_in_box(world, m, m.base.center - r, m.base.center + r)
}

/// `m` as a mover among every base that may meet a base swept inside the box from
/// `lo` to `hi` (in contact or passed by).
fn mover_in_box(world: &World, m: &ModelView, lo: Vec2, hi: Vec2) -> (Mover, Vec<Other>) {
    let reach = world.resource::<crate::components::BaseGrid>().0.reach();
    let margin = 2.0 * (reach + crate::geometry::CONTACT_GAP) + 0.01;
    let bases = crate::components::bases_near(world, lo, hi, margin);
    mover_with(m, bases.iter().map(|(id, side, base)| (*id, *side, base)))
}

/// `m` as a mover among `models` (it may be among them; it is left out of the others).
pub fn mover_among<'a>(
    m: &ModelView,
    models: impl IntoIterator<Item = &'a ModelView>,
) -> (Mover, Vec<Other>) {
    mover_with(m, models.into_iter().map(|o| (o.id, o.side, &o.base)))
}

/// `m` as a mover among bases (id, side, base) (it is left out of the others).
fn mover_with<'a>(
    m: &ModelView,
    bases: impl Iterator<Item = (ModelId, Side, &'a crate::geometry::Placed)>,
) -> (Mover, Vec<Other>) {
    // Room for them all at once: a filtered list would grow step by step.
    let mut others = Vec::with_capacity(bases.size_hint().1.unwrap_or(0));
    others.extend(
        bases
            .filter(|(id, ..)| *id != m.id)
            .map(|(id, side, base)| Other {
                id,
                base: *base,
                enemy: side != m.side,
            }),
    );
    let mover = Mover {
        id: m.id,
        base: m.base,
        allowance: m.profile.armour.movement_allowance(),
    };
    (mover, others)
}

/// Where a move of model `id` towards `toward` would end, as the engine would take it:
/// a plain move or a charge (snapped into contact), or for an engaged model a disengage,
/// which never charges. What the movement ghost shows.
pub fn move_preview(world: &World, id: ModelId, toward: Vec2) -> Option<MoveCheck> {
    let m = model(world, id).filter(|m| m.in_play)?;
    let (mover, mut others) = mover_along(world, &m, toward);
    if m.engaged_since.is_some() {
        for o in &mut others {
            o.enemy = false;
        }
    }
    let table = world.resource::<Battle>().table;
    Some(furthest_legal(
        &mover,
        toward,
        table,
        &others,
        &world.resource::<TerrainMap>().0,
    ))
}

/// The melee group model `id` would stand in if it were at `at` (empty: none), with
/// the models as they stand otherwise: who joins a charge.
pub fn group_if_at(world: &World, id: ModelId, at: Vec2) -> Vec<ModelView> {
    let mut all = in_play(world);
    let Some(m) = all.iter_mut().find(|m| m.id == id) else {
        return Vec::new();
    };
    m.base.center = at;
    let groups =
        crate::geometry::melee_groups(&all.iter().map(ModelView::grouped).collect::<Vec<_>>());
    let Some(group) = groups.into_iter().find(|g| g.contains(&id)) else {
        return Vec::new();
    };
    all.into_iter().filter(|m| group.contains(&m.id)).collect()
}

/// Whether `m` could still charge in this round's movement phase: in play, awake, not
/// engaged, not moved yet, no spell declared, its side not broken.
pub fn may_still_charge(world: &World, m: &ModelView) -> bool {
    m.in_play
        && !m.conditions.asleep
        && !m.conditions.moved
        && m.engaged_since.is_none()
        && m.declared.is_none()
        && !world.resource::<Battle>().side(m.side).broken
}

/// The threat overlay: each model of `side` that may still charge this round, with how
/// far from its centre a charge can reach (its allowance plus its base).
pub fn charge_threats(world: &World, side: Side) -> Vec<(ModelView, f32)> {
    in_play(world)
        .into_iter()
        .filter(|m| m.side == side && may_still_charge(world, m))
        .map(|m| {
            let reach = m.profile.armour.movement_allowance() + m.base.shape.reach();
            (m, reach)
        })
        .collect()
}

/// Why the engine would refuse a straight move of `m` to `to`, if it would (what the
/// move passes through or overlaps, or that it costs too much): for a screen to say
/// why an enemy cannot be charged.
pub fn move_refusal(world: &World, m: &ModelView, to: Vec2) -> Option<Refusal> {
    checked(world, m, (to.x, to.y)).err()
}

/// The engine's own check of a move of `m` to `to`, with the others it was checked
/// against.
pub(super) fn checked(
    world: &World,
    m: &ModelView,
    to: (f32, f32),
) -> Result<(MoveCheck, Vec<Other>), Refusal> {
    let to = Vec2::new(to.0, to.1);
    let (mover, others) = mover_along(world, m, to);
    let table = world.resource::<Battle>().table;
    let check = check_move(
        &mover,
        to,
        table,
        &others,
        &world.resource::<TerrainMap>().0,
    )
    .map_err(|e| Refusal::of_move(world, e))?;
    Ok((check, others))
}

/// Model `id` of `side` if it may move this phase at all (in play, not moved, awake, no
/// spell declared): what the screen asks before it offers a move.
pub fn check_mobile(world: &World, side: Side, id: ModelId) -> Result<ModelView, Refusal> {
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
    id: ModelId,
    to: (f32, f32),
) -> Result<(), Refusal> {
    let m = check_mobile(world, side, id)?;
    if m.engaged_since.is_some() {
        return refuse(format!(
            "{} is engaged: it may only disengage",
            m.profile.name
        ));
    }
    let (check, others) = checked(world, &m, to)?;
    if check.charged.is_empty() {
        world.resource_mut::<Undoable>().0.push((id, m.base.center));
    }
    // Nothing else has moved since the check: its view of the others still holds.
    place(world, &m, check.end, check.charged, &others);
    Ok(())
}

/// Puts model `m` at `end`, moved, logs it, and refreshes the engagement it changed
/// among `others` (every other model in play, as they stand).
pub(super) fn place(
    world: &mut World,
    m: &ModelView,
    end: Vec2,
    charged: Vec<ModelId>,
    others: &[Other],
) {
    set_base(world, m.entity, m.base.at(end));
    let mut e = world.entity_mut(m.entity);
    e.get_mut::<Conditions>()
        .expect("models have conditions")
        .moved = true;
    world.resource_mut::<BattleLog>().push(LogEvent::Moved {
        model: m.id,
        from: (m.base.center.x, m.base.center.y),
        to: (end.x, end.y),
        charged,
    });
    crate::effects::refresh_engagement_among(world, m, Some(m.base.at(end)), others);
}

/// A declared spell lost: `m` was made to move.
pub(super) fn lose_spell(world: &mut World, m: &ModelView, why: &str) {
    let Some(d) = m.declared.clone() else {
        return;
    };
    world
        .entity_mut(m.entity)
        .get_mut::<Caster>()
        .expect("caster")
        .declared = None;
    world.resource_mut::<BattleLog>().push(LogEvent::SpellLost {
        model: m.id,
        spell: d.spell,
        why: why.into(),
    });
}

/// Takes back a plain move made this phase by the side now acting: the model returns
/// to where it started and may move again. Refused for a charge, for a move made before
/// any die was rolled since (the list is emptied then, at the start of each movement
/// phase and when a side ends its part), for a model now engaged, or if the way back is
/// now taken.
pub(super) fn undo_move(world: &mut World, side: Side, id: ModelId) -> Result<(), Refusal> {
    let Some(m) = model(world, id).filter(|m| m.in_play && m.side == side) else {
        return refuse(format!("model {id} is not one of your models in play"));
    };
    if let Some(why) = undo_blocked(&m) {
        return refuse(why);
    }
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
    set_base(world, m.entity, back);
    let mut e = world.entity_mut(m.entity);
    e.get_mut::<Conditions>()
        .expect("models have conditions")
        .moved = false;
    world
        .resource_mut::<BattleLog>()
        .push(LogEvent::MoveUndone { model: id });
    crate::effects::refresh_engagement_after_move(world, &m);
    Ok(())
}
