//! Each model's one action a round: move, fighting withdrawal, retreat, melee, missile,
//! first aid, hold. Every action has a read-only check (what the AI and the screen ask)
//! and the step that plays it; a refused action changes nothing.

use crate::battle::{Battle, View, find, hurt, in_play, log, roll};
use crate::components::*;
use crate::log::LogEvent;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use warband_rules::borderlands::clauses::{
    ATTACK, COVER_DAMAGE, DAMAGE, FIRST_AID, RETREAT_ATTACK,
};
use warband_rules::borderlands::rules::{
    first_aid_works, may_attack_this_round, melee_attackers_give_cover, room_to_attack,
};
use warband_rules::borderlands::{DamageExpr, Swing, judge, needed};
use warband_rules::{Clause, Die, Side};
use warband_table::geometry::{
    Crossed, MoveCheck, Mover, Other, check_move, gap, in_contact, line_of_fire,
};
use warband_table::{Refusal, RefusalKind, refuse, refuse_as};

/// The model `id` of `side`, ready to act this round.
pub fn actor(world: &World, side: Side, id: u32) -> Result<View, Refusal> {
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
fn enemy(world: &World, side: Side, id: u32) -> Result<View, Refusal> {
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
    in_play(world)
        .into_iter()
        .filter(|o| o.side != v.side && in_contact(&o.base, &v.base))
        .collect()
}

/// Every other base on the table as `v` sees it (friend or enemy).
pub(crate) fn others(world: &World, v: &View) -> Vec<Other> {
    in_play(world)
        .into_iter()
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
pub fn check_move_to(world: &World, side: Side, id: u32, to: Vec2) -> Result<MoveCheck, Refusal> {
    let v = actor(world, side, id)?;
    if !foes_in_contact(world, &v).is_empty() {
        return refuse(format!(
            "{} is in melee: withdraw or retreat to leave it",
            v.stats.name
        ));
    }
    let m = legal_move(world, &v, to, v.stats.move_inches)?;
    let placed = v.base.at(m.end);
    for o in in_play(world)
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
    id: u32,
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
    if in_play(world)
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
    world.entity_mut(v.entity).insert(Base(v.base.at(m.end)));
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

pub fn do_move(world: &mut World, side: Side, id: u32, to: Vec2) -> Result<(), Refusal> {
    let m = check_move_to(world, side, id, to)?;
    let v = find(world, id).expect("checked");
    place(world, &v, &m);
    Ok(())
}

pub fn do_withdraw(world: &mut World, side: Side, id: u32, to: Vec2) -> Result<(), Refusal> {
    let m = check_leave(world, side, id, to, true)?;
    let v = find(world, id).expect("checked");
    place(world, &v, &m);
    Ok(())
}

/// A retreat: every enemy in contact first gets one attack at +2 (the first of its
/// routine), then the model runs.
pub fn do_retreat(world: &mut World, side: Side, id: u32, to: Vec2) -> Result<(), Refusal> {
    let m = check_leave(world, side, id, to, false)?;
    let v = find(world, id).expect("checked");
    parting_blows(world, id);
    place(world, &find(world, id).unwrap_or(v), &m);
    Ok(())
}

/// Every able enemy in contact with a model that runs gets one attack at +2 (the
/// first of its routine).
pub fn parting_blows(world: &mut World, id: u32) {
    let Some(v) = find(world, id) else { return };
    for foe in foes_in_contact(world, &v) {
        if !foe.cond.able() || !room_this_round(world, &foe, &v) {
            continue;
        }
        world.resource_mut::<Battle>().note_attack(id, foe.id);
        if let (Some(a), Some(t)) = (foe.stats.melee.first().cloned(), find(world, id)) {
            let bonus = i32::from(foe.stats.melee_bonus) + 2 - blind_penalty(&foe);
            strike(world, &foe, &t, bonus, a.damage, &RETREAT_ATTACK);
        }
    }
}

fn blind_penalty(v: &View) -> i32 {
    if v.cond.blinded { 4 } else { 0 }
}

/// What a model adds to its melee rolls: its STR bonus, −4 while blinded.
pub fn melee_bonus(v: &View) -> i32 {
    i32::from(v.stats.melee_bonus) - blind_penalty(v)
}

/// One attack roll of `a` at `t` (helpless targets are hit without a roll); a hit on a
/// model with mirror images strikes an image instead, which vanishes (a miss for it).
pub(crate) fn swing(
    world: &mut World,
    a: &View,
    t: &View,
    bonus: i32,
    cover: bool,
    clause: &Clause,
) -> Swing {
    let need = needed(a.stats.thac0, t.stats.ac);
    let s = if t.cond.helpless() {
        Swing::Hit
    } else {
        let face = (need - bonus).clamp(2, 20) as u8;
        let purpose = format!("{} attacks {}", a.stats.name, t.stats.name);
        let r = roll(world, |d| {
            d.roll_needing(Die::D20, Some(face), purpose, clause)
        });
        judge(r, bonus, need, cover)
    };
    log(
        world,
        LogEvent::Attack {
            attacker: a.id,
            target: t.id,
            need,
            swing: s,
        },
    );
    if s == Swing::Hit && strike_image(world, t.id) {
        return Swing::Miss;
    }
    s
}

/// An image of the model takes the hit, if it has one left.
fn strike_image(world: &mut World, id: u32) -> bool {
    let Some(t) = find(world, id).filter(|t| t.cond.images > 0) else {
        return false;
    };
    let left = t.cond.images - 1;
    world.entity_mut(t.entity).insert(Condition {
        images: left,
        ..t.cond
    });
    log(world, LogEvent::ImageStruck { model: id, left });
    true
}

/// Rolls damage of one hit and deals it.
fn deal(world: &mut World, a: &View, target: u32, damage: DamageExpr, clause: &Clause) {
    let purpose = format!("{} damage", a.stats.name);
    let amount = roll(world, |d| damage.roll(d, &purpose, clause));
    hurt(world, target, amount, Some(a.side));
}

/// An attack without cover, with its damage on a hit.
fn strike(world: &mut World, a: &View, t: &View, bonus: i32, damage: DamageExpr, clause: &Clause) {
    if swing(world, a, t, bonus, false, clause) == Swing::Hit {
        deal(world, a, t.id, damage, &DAMAGE);
    }
}

pub fn check_melee(
    world: &World,
    side: Side,
    id: u32,
    target: u32,
) -> Result<(View, View), Refusal> {
    let v = actor(world, side, id)?;
    let t = enemy(world, side, target)?;
    if !in_contact(&v.base, &t.base) {
        return refuse(format!(
            "{} is not in contact with {}",
            v.stats.name, t.stats.name
        ));
    }
    if v.stats.melee.is_empty() {
        return refuse(format!("{} has no melee weapon", v.stats.name));
    }
    if !room_this_round(world, &v, &t) {
        let limit = t.stats.size.attacker_limit();
        return refuse(format!(
            "{} has already been attacked by {limit} this round: the {limit}-to-1 limit",
            t.stats.name
        ));
    }
    Ok((v, t))
}

/// Whether `a` may make melee attacks on `t` this round under the 4-to-1 limit.
fn room_this_round(world: &World, a: &View, t: &View) -> bool {
    let so_far = world.resource::<Battle>().attackers_of(t.id);
    may_attack_this_round(&so_far, a.id, t.stats.size.attacker_limit())
}

/// Every attack of the routine at the target (seed: a monster's claw/claw/bite all in
/// one action).
pub fn do_melee(world: &mut World, side: Side, id: u32, target: u32) -> Result<(), Refusal> {
    let (v, _) = check_melee(world, side, id, target)?;
    mark_acted(world, v.entity);
    world.resource_mut::<Battle>().note_attack(target, id);
    let bonus = melee_bonus(&v);
    for a in v.stats.melee.clone() {
        let Some(t) = find(world, target) else { break };
        strike(world, &v, &t, bonus, a.damage, &ATTACK);
    }
    Ok(())
}

/// A shot as it will be rolled: the number needed, the bonus, cover, and the model that
/// takes a near miss (terrain cover absorbs it).
#[derive(Clone, Debug, PartialEq)]
pub struct ShotPlan {
    pub need: i32,
    pub bonus: i32,
    pub cover: bool,
    pub cover_model: Option<u32>,
    pub damage: DamageExpr,
}

pub fn check_shot(world: &World, side: Side, id: u32, target: u32) -> Result<ShotPlan, Refusal> {
    let v = actor(world, side, id)?;
    let t = enemy(world, side, target)?;
    let Some(w) = v.stats.missile.clone() else {
        return refuse(format!("{} has no missile weapon", v.stats.name));
    };
    if v.cond.blinded {
        return refuse(format!("{} is blinded", v.stats.name));
    }
    if !foes_in_contact(world, &v).is_empty() {
        return refuse(format!("{} is in melee: no shooting", v.stats.name));
    }
    if gap(&v.base, &t.base) > w.range_inches() {
        return refuse(format!(
            "{} is beyond the {}'s {:.0}\"",
            t.stats.name,
            w.name,
            w.range_inches()
        ));
    }
    let (cover, cover_model) = cover_of(world, &v, &t)?;
    Ok(ShotPlan {
        need: needed(v.stats.thac0, t.stats.ac),
        bonus: i32::from(v.stats.missile_bonus),
        cover,
        cover_model,
        damage: w.damage,
    })
}

/// Cover for a shot: the first model the line crosses (or, at a target held by 4 in
/// melee, its attacker nearest the line) takes near misses; terrain cover (the target
/// inside or touching it, or an obstacle on the line) absorbs them.
fn cover_of(world: &World, v: &View, t: &View) -> Result<(bool, Option<u32>), Refusal> {
    let all = in_play(world);
    let bases: Vec<(u32, warband_table::geometry::Placed)> =
        all.iter().map(|o| (o.id, o.base)).collect();
    let terrain = world.resource::<TerrainMap>();
    let line = line_of_fire((v.id, &v.base), (t.id, &t.base), &bases, &terrain.0);
    if let Some(i) = line.sight_blocked_by {
        return Err(Refusal::sight_blocked(world, i));
    }
    let held: Vec<&View> = all
        .iter()
        .filter(|o| o.side != t.side && in_contact(&o.base, &t.base))
        .collect();
    let cover_from_melee = melee_attackers_give_cover(held.len());
    // A model in the way covers the target, except one of its melee attackers when
    // fewer than 4 hold it (RULINGS: that shot is taken normally).
    let crossed = line.obstacles.iter().find_map(|c| match c.what {
        Crossed::Base(id) if cover_from_melee || !held.iter().any(|h| h.id == id) => Some(id),
        _ => None,
    });
    let nearest_attacker = cover_from_melee
        .then(|| {
            let dir = (t.base.center - v.base.center).normalize_or_zero();
            held.iter()
                .min_by(|a, b| {
                    let off = |o: &View| (o.base.center - v.base.center).perp_dot(dir).abs();
                    off(a).total_cmp(&off(b)).then(a.id.cmp(&b.id))
                })
                .map(|o| o.id)
        })
        .flatten();
    let model = crossed.or(nearest_attacker);
    let terrain_cover = line
        .obstacles
        .iter()
        .any(|c| matches!(c.what, Crossed::Terrain(_)))
        || terrain
            .0
            .iter()
            .any(|p| p.flags.cover && p.touches(&t.base));
    Ok((model.is_some() || terrain_cover, model))
}

pub fn do_shoot(world: &mut World, side: Side, id: u32, target: u32) -> Result<(), Refusal> {
    let plan = check_shot(world, side, id, target)?;
    let v = find(world, id).expect("checked");
    let t = find(world, target).expect("checked");
    mark_acted(world, v.entity);
    match swing(world, &v, &t, plan.bonus, plan.cover, &ATTACK) {
        Swing::Hit => deal(world, &v, target, plan.damage, &DAMAGE),
        Swing::HitCover => {
            log(
                world,
                LogEvent::CoverTook {
                    shooter: id,
                    cover: plan.cover_model,
                },
            );
            if let Some(c) = plan.cover_model {
                deal(world, &v, c, plan.damage, &COVER_DAMAGE);
            }
        }
        Swing::Miss => {}
    }
    Ok(())
}

pub fn check_first_aid(
    world: &World,
    side: Side,
    id: u32,
    target: u32,
) -> Result<(View, View), Refusal> {
    let v = actor(world, side, id)?;
    let Some(t) = find(world, target).filter(|t| t.side == side && t.id != id) else {
        return refuse(format!("model {target} is not an ally in play"));
    };
    if !matches!(t.cond.down, Some(Down::Fallen | Down::Bleeding)) {
        return refuse(format!("{} is not dying", t.stats.name));
    }
    if !in_contact(&v.base, &t.base) {
        return refuse(format!(
            "{} must be in contact with {}",
            v.stats.name, t.stats.name
        ));
    }
    if v.stats.wis == 0 {
        return refuse(format!("{} knows no first aid", v.stats.name));
    }
    Ok((v, t))
}

pub fn do_first_aid(world: &mut World, side: Side, id: u32, target: u32) -> Result<(), Refusal> {
    let (v, t) = check_first_aid(world, side, id, target)?;
    mark_acted(world, v.entity);
    let wis = v.stats.wis;
    let purpose = format!("{} gives first aid", v.stats.name);
    let r = roll(world, |d| d.roll(Die::D20, purpose, &FIRST_AID));
    if first_aid_works(wis, r) {
        world.entity_mut(t.entity).insert(Condition {
            down: Some(Down::Stable),
            ..t.cond
        });
        log(world, LogEvent::Stabilised { model: t.id });
    }
    Ok(())
}

pub fn do_hold(world: &mut World, side: Side, id: u32) -> Result<(), Refusal> {
    let v = actor(world, side, id)?;
    mark_acted(world, v.entity);
    Ok(())
}
