//! Leaving combat in the movement phase: an engaged model may disengage, not in the
//! round its engagement started, and every enemy in contact strikes the leaver once.

use super::movement::{Undoable, check_mobile, checked, mover_along, place};
use crate::battle::{Battle, ModelView, model};
use crate::command::{Refusal, refuse};
use crate::components::*;
use crate::effects::roll_damage;
use crate::geometry::in_contact;
use crate::log::{BattleLog, LogEvent};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_rules::marauders::clauses;
use warband_rules::marauders::engagement::{disengage_dice, may_disengage};
use warband_rules::marauders::odds::{DamageOdds, damage_distribution};

pub(super) fn disengage(
    world: &mut World,
    side: Side,
    id: ModelId,
    to: (f32, f32),
) -> Result<(), Refusal> {
    if let Some(m) = model(world, id).filter(|m| m.in_play && m.side == side) {
        if m.engaged_since.is_none() {
            return refuse(format!("{} is not engaged", m.profile.name));
        }
        check_leaving(world, &m)?;
    }
    let m = check_mobile(world, side, id)?;
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
        // The others as the strikes left them.
        let (_, others) = mover_along(world, &m, check.end);
        place(world, &m, check.end, Vec::new(), &others);
    }
    Ok(())
}

/// Whether `m` may leave the combat it is in (if any) this round: not in the round its
/// engagement started.
pub fn check_leaving(world: &World, m: &ModelView) -> Result<(), Refusal> {
    let round = world.resource::<Battle>().round;
    match m.engaged_since {
        Some(since) if !may_disengage(since, round) => refuse(format!(
            "{} was engaged by an enemy this round and may not disengage until the next round",
            m.profile.name
        )),
        _ => Ok(()),
    }
}

/// Whether `side` may move its model `id` now, by a move or, engaged, by disengaging
/// ([`check_mobile`], then [`check_leaving`]): what a player is asked before a move is
/// shown to it.
pub fn check_may_move(world: &World, side: Side, id: ModelId) -> Result<ModelView, Refusal> {
    let m = check_mobile(world, side, id)?;
    check_leaving(world, &m)?;
    Ok(m)
}

/// Every enemy in contact (awake) deals damage of 1 HD strength to a model leaving
/// combat: `disengage_dice` of them, rolled together.
pub(super) fn strike_leaver(world: &mut World, m: &ModelView) {
    let strikers = leaver_strikers(world, m);
    if strikers.is_empty() {
        return;
    }
    let purpose = format!("models {strikers:?} strike disengaging model {}", m.id);
    roll_damage(
        world,
        m.id,
        disengage_dice(strikers.len()),
        LEAVING,
        m.side.other(),
        &purpose,
        &clauses::DISENGAGE,
    );
}

/// The enemies that strike `m` should it leave combat now: every awake one in contact.
pub fn leaver_strikers(world: &World, m: &ModelView) -> Vec<ModelId> {
    let (lo, hi) = m.base.swept_bounds(Vec2::ZERO);
    crate::components::bases_near(world, lo, hi, 0.1)
        .into_iter()
        .filter(|(_, side, base)| *side != m.side && in_contact(base, &m.base))
        .filter(|(id, ..)| model(world, *id).is_some_and(|o| !o.conditions.asleep))
        .map(|(id, ..)| id)
        .collect()
}

/// The modifier of the dice that strike a model leaving combat: none.
const LEAVING: i8 = 0;

/// What leaving combat now would cost `m`: the HD its strikers' dice remove (one die
/// each, 1 HD strength, no modifier), as a distribution.
pub fn disengage_odds(world: &World, m: &ModelView) -> DamageOdds {
    let dice = disengage_dice(leaver_strikers(world, m).len());
    damage_distribution(dice, m.effective_armour(), LEAVING)
}

/// What each die striking `m` as it leaves combat needs, as the engine rolls it.
pub fn disengage_need(m: &ModelView) -> Option<u8> {
    crate::effects::damage_need(m.effective_armour(), LEAVING)
}
