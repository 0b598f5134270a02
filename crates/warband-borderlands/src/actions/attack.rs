//! Attacks: melee (with the room a round gives), missiles with cover and the model in the way, Mirror Image's images, and the damage they deal.

use super::*;
use warband_table::components::ModelId;

pub(super) fn blind_penalty(v: &View) -> i32 {
    if v.cond.blinded { 4 } else { 0 }
}

/// What a model adds to its melee rolls: its STR bonus, −4 while blinded.
pub fn melee_bonus(v: &View) -> i32 {
    i32::from(v.stats.melee_bonus) - blind_penalty(v)
}

/// The parts of [`melee_bonus`] that are not 0, each with what it is for, as the attack
/// card names them: a hero's STR bonus, −4 while blinded.
pub fn melee_bonus_parts(v: &View) -> Vec<(i32, &'static str)> {
    named_parts(&[
        (i32::from(v.stats.melee_bonus), "STR"),
        (-blind_penalty(v), "blindness"),
    ])
}

/// The parts of a shot's bonus ([`ShotPlan::bonus`]): a hero's DEX bonus.
pub fn missile_bonus_parts(v: &View) -> Vec<(i32, &'static str)> {
    named_parts(&[(i32::from(v.stats.missile_bonus), "DEX")])
}

fn named_parts(parts: &[(i32, &'static str)]) -> Vec<(i32, &'static str)> {
    parts.iter().copied().filter(|(b, _)| *b != 0).collect()
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
        // The die says what hits the target: in cover that is 4 more, and the faces
        // between strike the cover (the purpose says which).
        let penalty = if cover {
            warband_rules::borderlands::attack::COVER_PENALTY
        } else {
            0
        };
        let face = (need + penalty - bonus).clamp(2, 20) as u8;
        let purpose = format!(
            "{} attacks {}{}",
            a.stats.name,
            t.stats.name,
            if cover {
                cover_words(need, bonus)
            } else {
                String::new()
            }
        );
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

/// The words by which an attack die's purpose says its target is in cover (the faces
/// named after them strike the cover): its need then holds the cover's −4.
pub const IN_COVER: &str = " in cover (";

/// What a die at a target in cover says of the faces that strike the cover
/// (`cover_faces`: from the face that would hit but for the cover up to the one before
/// the face that hits the target; none where only a natural 20 hits at all).
fn cover_words(need: i32, bonus: i32) -> String {
    match warband_rules::borderlands::attack::cover_faces(need, bonus).1 {
        None => String::new(),
        Some((low, high)) if low == high => format!("{IN_COVER}a {low} strikes the cover)"),
        Some((low, high)) => format!("{IN_COVER}{low}–{high} strike the cover)"),
    }
}

/// An image of the model takes the hit, if it has one left.
pub(super) fn strike_image(world: &mut World, id: ModelId) -> bool {
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
pub(super) fn deal(
    world: &mut World,
    a: &View,
    target: ModelId,
    damage: DamageExpr,
    clause: &Clause,
) {
    // The expression in the words, so a die of 6 that deals 7 says why (1d6+1).
    let purpose = format!("{} damage ({damage})", a.stats.name);
    let amount = roll(world, |d| damage.roll(d, &purpose, clause));
    hurt(world, target, amount, Some(a.side));
}

/// An attack without cover, with its damage on a hit; a sleeper struck by an edged
/// weapon is killed by the blow (true: the routine need strike no more).
pub(super) fn strike(
    world: &mut World,
    a: &View,
    t: &View,
    bonus: i32,
    attack: &Attack,
    clause: &Clause,
) -> bool {
    if swing(world, a, t, bonus, false, clause) != Swing::Hit {
        return false;
    }
    if slain_in_its_sleep(t.cond.asleep, attack.edged()) {
        log(
            world,
            LogEvent::SleeperSlain {
                attacker: a.id,
                model: t.id,
            },
        );
        hurt(world, t.id, blow_that_kills(t), Some(a.side));
        return true;
    }
    deal(world, a, t.id, attack.damage, &DAMAGE);
    false
}

/// The blow of `a`'s routine that kills `t` in its sleep, if one will: the first edged
/// attack past its mirror images (each image takes one swing: B/X Sleep's "a single
/// blow of any edged weapon").
pub fn killing_blow<'a>(a: &'a View, t: &View) -> Option<&'a Attack> {
    a.stats
        .melee
        .iter()
        .skip(usize::from(t.cond.images))
        .find(|m| slain_in_its_sleep(t.cond.asleep, m.edged()))
}

/// The damage that kills `t` outright, a hero too: to 0 HP for a monster, to −CON for
/// a hero (RULINGS), where the landing of damage slays it.
pub fn blow_that_kills(t: &View) -> u16 {
    damage_down_to(t, t.stats.hero)
}

/// The damage that takes `t` to 0 HP, or to −CON where `to_con`; at least 1.
fn damage_down_to(t: &View, to_con: bool) -> u16 {
    let floor = if to_con { -i32::from(t.stats.con) } else { 0 };
    (t.hp.now - floor).clamp(1, i32::from(u16::MAX)) as u16
}

pub fn check_melee(
    world: &World,
    side: Side,
    id: ModelId,
    target: ModelId,
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
pub(super) fn room_this_round(world: &World, a: &View, t: &View) -> bool {
    let so_far = world.resource::<Battle>().attackers_of(t.id);
    may_attack_this_round(&so_far, a.id, t.stats.size.attacker_limit())
}

/// Every attack of the routine at the target (seed: a monster's claw/claw/bite all in
/// one action).
pub fn do_melee(
    world: &mut World,
    side: Side,
    id: ModelId,
    target: ModelId,
) -> Result<(), Refusal> {
    let (v, _) = check_melee(world, side, id, target)?;
    mark_acted(world, v.entity);
    world.resource_mut::<Battle>().note_attack(target, id);
    let bonus = melee_bonus(&v);
    for a in v.stats.melee.clone() {
        let Some(t) = find(world, target) else { break };
        if strike(world, &v, &t, bonus, &a, &ATTACK) {
            break;
        }
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
    pub cover_model: Option<ModelId>,
    pub damage: DamageExpr,
}

pub fn check_shot(
    world: &World,
    side: Side,
    id: ModelId,
    target: ModelId,
) -> Result<ShotPlan, Refusal> {
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

/// Where terrain that blocks sight stops a shot from `v` at `t`, if any does (models
/// on the line only give cover): drawn for a player pointing at an enemy it cannot see.
pub fn sight_stopped_at(world: &World, v: &View, t: &View) -> Option<bevy_math::Vec2> {
    let all = in_play(world);
    let bases = all.iter().map(|o| (o.id, &o.base));
    let terrain = &world.resource::<TerrainMap>().0;
    let line = line_of_fire_among((v.id, &v.base), (t.id, &t.base), bases, terrain);
    line.blocked_at(v.base.center, t.base.center, terrain)
}

/// Cover for a shot: the first model the line crosses (or, at a target held by 4 in
/// melee, its attacker nearest the line) takes near misses; terrain cover (the target
/// inside or touching it, or an obstacle on the line) absorbs them.
pub(super) fn cover_of(
    world: &World,
    v: &View,
    t: &View,
) -> Result<(bool, Option<ModelId>), Refusal> {
    let all = in_play(world);
    let bases: Vec<(ModelId, warband_table::geometry::Placed)> =
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

pub fn do_shoot(
    world: &mut World,
    side: Side,
    id: ModelId,
    target: ModelId,
) -> Result<(), Refusal> {
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

/// The odds of `a`'s shot at `t` by `plan`, as [`swing`] plays it: a helpless target
/// (asleep, held, dying) is hit without a roll, so nothing strikes its cover, and a hit
/// on a model with mirror images strikes an image, which cannot kill it.
pub fn shot_odds(a: &View, t: &View, plan: &ShotPlan) -> warband_rules::borderlands::AttackOdds {
    let kill = Some(damage_to_kill(t));
    let mut o = warband_rules::borderlands::attack_odds(
        a.stats.thac0,
        t.stats.ac,
        plan.bonus,
        plan.cover,
        plan.damage,
        kill,
    );
    if t.cond.helpless() {
        o.kills = kill.map(|hp| warband_rules::borderlands::attack::at_least(&o.damage, hp));
        (o.hit, o.cover, o.miss) = (1.0, 0.0, 0.0);
    }
    if t.cond.images > 0 {
        o.kills = Some(0.0);
    }
    o
}

/// The damage that takes `t` out for good: to 0 HP, or for a hero already down to −CON
/// (damage below 0 still lands: RULINGS).
pub fn damage_to_kill(t: &View) -> u16 {
    damage_down_to(t, t.cond.down.is_some())
}
