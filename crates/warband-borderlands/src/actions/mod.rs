//! Each model's one action a round: move, fighting withdrawal, retreat, melee, missile,
//! first aid, hold. Every action has a read-only check (what the AI and the screen ask)
//! and the step that plays it; a refused action changes nothing.

use crate::battle::{Battle, View, find, hurt, in_play, in_play_shared, log, roll};
use crate::components::*;
use crate::log::LogEvent;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use warband_rules::borderlands::clauses::{
    ATTACK, COVER_DAMAGE, DAMAGE, FIRST_AID, RETREAT_ATTACK,
};
use warband_rules::borderlands::profile::Attack;
use warband_rules::borderlands::rules::{
    first_aid_fails_from, first_aid_works, may_attack_this_round, melee_attackers_give_cover,
    room_to_attack, slain_in_its_sleep,
};
use warband_rules::borderlands::{DamageExpr, Swing, judge, needed};
use warband_rules::{Clause, Die, Side};
use warband_table::geometry::{
    CONTACT_GAP, Crossed, MoveCheck, Mover, Other, check_move, gap, in_contact, line_of_fire,
    line_of_fire_among,
};
use warband_table::{Refusal, RefusalKind, refuse, refuse_as};

mod attack;
pub use attack::*;

/// The model `id` of `side`, ready to act this round.
pub fn actor(world: &World, side: Side, id: ModelId) -> Result<View, Refusal> {
    let Some(v) = find(world, id) else {
        return refuse_as(
            RefusalKind::NoSuchModel,
            format!("there is no model {id} in play"),
        );
    };
    if v.side != side {
        return refuse_as(
            RefusalKind::NoSuchModel,
            format!("model {id} is not {side}'s"),
        );
    }
    if world.resource::<Battle>().side(side).morale.fled {
        return refuse(format!("{side} is fleeing: its models only run"));
    }
    if v.cond.acted {
        return refuse(format!("{} has already acted this round", v.stats.name));
    }
    if !v.cond.can_act() {
        return refuse(format!(
            "{} cannot act (down, asleep or held)",
            v.stats.name
        ));
    }
    Ok(v)
}

/// An enemy of `side` in play, by id.
fn enemy(world: &World, side: Side, id: ModelId) -> Result<View, Refusal> {
    match find(world, id) {
        Some(t) if t.side != side => Ok(t),
        Some(_) => refuse_as(
            RefusalKind::NoSuchModel,
            format!("model {id} is not an enemy"),
        ),
        None => refuse_as(
            RefusalKind::NoSuchModel,
            format!("there is no model {id} in play"),
        ),
    }
}

/// Enemies touching `v`.
pub fn foes_in_contact(world: &World, v: &View) -> Vec<View> {
    in_play_shared(world)
        .iter()
        .filter(|o| o.side != v.side && in_contact(&o.base, &v.base))
        .cloned()
        .collect()
}

/// Every other base on the table as `v` sees it (friend or enemy).
pub(crate) fn others(world: &World, v: &View) -> Vec<Other> {
    in_play_shared(world)
        .iter()
        .filter(|o| o.id != v.id)
        .map(|o| Other {
            id: o.id,
            base: o.base,
            enemy: o.side != v.side,
        })
        .collect()
}

/// Where a straight move of `v` up to `allowance` towards `to` ends, if it is legal.
fn legal_move(world: &World, v: &View, to: Vec2, allowance: f32) -> Result<MoveCheck, Refusal> {
    let b = world.resource::<Battle>();
    let terrain = world.resource::<TerrainMap>();
    let mover = Mover {
        id: v.id,
        base: v.base,
        allowance,
    };
    check_move(&mover, to, b.table, &others(world, v), &terrain.0)
        .map_err(|e| Refusal::of_move(world, e))
}

/// A move into or out of melee range (not for an engaged model); the 4-to-1 limit holds
/// for every enemy it ends touching.
pub fn check_move_to(
    world: &World,
    side: Side,
    id: ModelId,
    to: Vec2,
) -> Result<MoveCheck, Refusal> {
    let v = actor(world, side, id)?;
    if !foes_in_contact(world, &v).is_empty() {
        return refuse(format!(
            "{} is in melee: withdraw or retreat to leave it",
            v.stats.name
        ));
    }
    let m = legal_move(world, &v, to, v.stats.move_inches)?;
    let placed = v.base.at(m.end);
    for o in in_play_shared(world)
        .iter()
        .filter(|o| o.side != side && in_contact(&o.base, &placed))
    {
        let attackers = foes_in_contact(world, o).len();
        if !room_to_attack(attackers, o.stats.size.attacker_limit()) {
            return refuse(format!(
                "{} already has {attackers} attackers: the {}-to-1 limit",
                o.stats.name,
                o.stats.size.attacker_limit()
            ));
        }
    }
    Ok(m)
}

/// Leaving melee: a fighting withdrawal (`half` move, never nearer any enemy in contact)
/// or a retreat (full move); either must end out of contact.
pub fn check_leave(
    world: &World,
    side: Side,
    id: ModelId,
    to: Vec2,
    half: bool,
) -> Result<MoveCheck, Refusal> {
    let v = actor(world, side, id)?;
    let foes = foes_in_contact(world, &v);
    if foes.is_empty() {
        return refuse(format!("{} is not in melee: just move", v.stats.name));
    }
    let allowance = if half {
        v.stats.move_inches / 2.0
    } else {
        v.stats.move_inches
    };
    let m = legal_move(world, &v, to, allowance)?;
    let placed = v.base.at(m.end);
    if in_play_shared(world)
        .iter()
        .any(|o| o.side != side && in_contact(&o.base, &placed))
    {
        return refuse("leaving melee must end out of contact with every enemy");
    }
    if half
        && foes
            .iter()
            .any(|f| f.base.center.distance(m.end) < f.base.center.distance(v.base.center))
    {
        return refuse("a fighting withdrawal moves away from the enemy");
    }
    Ok(m)
}

fn place(world: &mut World, v: &View, m: &MoveCheck) {
    set_base(world, v.entity, v.base.at(m.end));
    mark_acted(world, v.entity);
    log(
        world,
        LogEvent::Moved {
            model: v.id,
            from: v.base.center.into(),
            to: m.end.into(),
            engaged: m.charged.clone(),
        },
    );
}

pub fn mark_acted(world: &mut World, e: Entity) {
    if let Some(mut c) = world.entity_mut(e).get_mut::<Condition>() {
        c.acted = true;
    }
}

pub fn do_move(world: &mut World, side: Side, id: ModelId, to: Vec2) -> Result<(), Refusal> {
    let (v, m) = checked(world, id, |w| check_move_to(w, side, id, to))?;
    place(world, &v, &m);
    Ok(())
}

pub fn do_withdraw(world: &mut World, side: Side, id: ModelId, to: Vec2) -> Result<(), Refusal> {
    let (v, m) = checked(world, id, |w| check_leave(w, side, id, to, true))?;
    place(world, &v, &m);
    Ok(())
}

/// A move's check and its mover, with the world frozen while it is checked (the check
/// reads the models again and again and changes nothing; see `warband_table::frozen`).
fn checked<T>(
    world: &World,
    id: ModelId,
    check: impl FnOnce(&World) -> Result<T, Refusal>,
) -> Result<(View, T), Refusal> {
    warband_table::frozen::frozen(world, || {
        let m = check(world)?;
        Ok((find(world, id).expect("checked"), m))
    })
}

/// A retreat: every enemy in contact first gets one attack at +2 (the first of its
/// routine), then the model runs.
pub fn do_retreat(world: &mut World, side: Side, id: ModelId, to: Vec2) -> Result<(), Refusal> {
    let (v, m) = checked(world, id, |w| check_leave(w, side, id, to, false))?;
    parting_blows(world, id);
    place(world, &find(world, id).unwrap_or(v), &m);
    Ok(())
}

/// Every able enemy in contact with a model that runs gets one attack at +2 (the
/// first of its routine).
pub fn parting_blows(world: &mut World, id: ModelId) {
    let Some(v) = find(world, id) else { return };
    for foe in foes_in_contact(world, &v) {
        if !foe.cond.able() || !room_this_round(world, &foe, &v) {
            continue;
        }
        world.resource_mut::<Battle>().note_attack(id, foe.id);
        if let (Some(a), Some(t)) = (foe.stats.melee.first().cloned(), find(world, id)) {
            let bonus = i32::from(foe.stats.melee_bonus) + 2 - blind_penalty(&foe);
            let _ = strike(world, &foe, &t, bonus, &a, &RETREAT_ATTACK);
        }
    }
}

/// Where `v` stands in contact with ally `t` to give it first aid, on the side of `t`
/// that faces it: the centres as far apart as the two bases' reaches and half the
/// contact gap (a move there is the engine's to judge, as any move is). Exact for the
/// round bases Borderlands plays on.
pub fn beside(v: &View, t: &View) -> Vec2 {
    let away = (v.base.center - t.base.center).normalize_or(Vec2::X);
    let apart = v.base.shape.reach() + t.base.shape.reach() + 0.5 * CONTACT_GAP;
    t.base.center + away * apart
}

pub fn check_first_aid(
    world: &World,
    side: Side,
    id: ModelId,
    target: ModelId,
) -> Result<(View, View), Refusal> {
    let (v, t) = check_first_aid_but_contact(world, side, id, target)?;
    if !in_contact(&v.base, &t.base) {
        return refuse(format!(
            "{} must be in contact with {}",
            v.stats.name, t.stats.name
        ));
    }
    Ok((v, t))
}

/// Every condition of first aid but contact: whether `id` could give it to `target`
/// once it stood beside it (a move there is worth making).
pub fn check_first_aid_but_contact(
    world: &World,
    side: Side,
    id: ModelId,
    target: ModelId,
) -> Result<(View, View), Refusal> {
    let v = actor(world, side, id)?;
    let Some(t) = find(world, target).filter(|t| t.side == side && t.id != id) else {
        return refuse(format!("model {target} is not an ally in play"));
    };
    if !t.cond.dying() {
        return refuse(format!("{} is not dying", t.stats.name));
    }
    if v.stats.wis == 0 {
        return refuse(format!("{} knows no first aid", v.stats.name));
    }
    Ok((v, t))
}

pub fn do_first_aid(
    world: &mut World,
    side: Side,
    id: ModelId,
    target: ModelId,
) -> Result<(), Refusal> {
    let (v, t) = check_first_aid(world, side, id, target)?;
    mark_acted(world, v.entity);
    let wis = v.stats.wis;
    let purpose = format!("{} gives first aid", v.stats.name);
    let fails = first_aid_fails_from(wis);
    let r = roll(world, |d| {
        d.roll_needing(Die::D20, Some(fails), purpose, &FIRST_AID)
    });
    if first_aid_works(wis, r) {
        world.entity_mut(t.entity).insert(Condition {
            down: Some(Down::Stable),
            ..t.cond
        });
        log(world, LogEvent::Stabilised { model: t.id });
    } else {
        log(world, LogEvent::FirstAidFailed { model: t.id });
    }
    Ok(())
}

pub fn do_hold(world: &mut World, side: Side, id: ModelId) -> Result<(), Refusal> {
    let v = actor(world, side, id)?;
    mark_acted(world, v.entity);
    Ok(())
}
