//! Magical effects (seed "Magical Effects"; RULINGS B/X spells): Sleep, Magic Missile,
//! Cure and Cause Light Wounds, Light, Hold Person and Mirror Image, each a slot of its
//! own level and the caster's action; a caster hurt earlier in the round loses the
//! spell, except in a simultaneous step.

use crate::actions::{actor, mark_acted};
use crate::battle::{Battle, View, find, hurt, in_play, log, roll};
use crate::components::*;
use crate::log::LogEvent;
use bevy_ecs::prelude::*;
use warband_rules::borderlands::clauses::{ONGOING_SAVE, SPELL_EFFECT, SPELL_SAVE};
use warband_rules::borderlands::profile::{Spell, SpellTarget, slot_index};
use warband_rules::borderlands::rules::{saves, sleep_victims, spell_lost};
use warband_rules::borderlands::{DamageExpr, SaveKind, Swing};
use warband_rules::{Die, Side};
use warband_table::geometry::{gap, in_contact, line_of_fire};
use warband_table::{Refusal, refuse};

/// Sleep takes models within this many inches of the target's centre (B/X 40' square).
pub const SLEEP_RADIUS: f32 = 4.0;
/// The healing and the missile of the seed: 1d6+1 each.
pub const ONE_D6_PLUS_1: DamageExpr = DamageExpr::new(1, 6, 1);

/// The caster and target of a spell that may be cast.
pub fn check_cast(
    world: &World,
    side: Side,
    id: ModelId,
    spell: Spell,
    target: ModelId,
) -> Result<(View, View), Refusal> {
    let v = check_caster(world, side, id, spell)?;
    let Some(t) = find(world, target) else {
        return refuse(format!(
            "{} needs a target in play; model {target} is not",
            spell.name()
        ));
    };
    check_target(world, v, t, spell)
}

/// What [`check_cast`] asks of the caster whatever the target: it may act now, knows
/// the spell, has a slot of its level left and can see. A player weighing a spell on
/// every enemy asks this once.
pub fn check_caster(world: &World, side: Side, id: ModelId, spell: Spell) -> Result<View, Refusal> {
    let v = actor(world, side, id)?;
    if !v.stats.spells.contains(&spell) {
        return refuse(format!("{} does not know {}", v.stats.name, spell.name()));
    }
    if world
        .get::<Slots>(v.entity)
        .is_none_or(|s| s.0[slot_index(spell)] == 0)
    {
        return refuse(format!(
            "{} has no level-{} spell left today",
            v.stats.name,
            spell.level()
        ));
    }
    if v.cond.blinded {
        return refuse(format!("{} is blinded", v.stats.name));
    }
    Ok(v)
}

/// What [`check_cast`] asks of the target.
fn check_target(world: &World, v: View, t: View, spell: Spell) -> Result<(View, View), Refusal> {
    let id = v.id;
    let side = v.side;
    match spell.target() {
        SpellTarget::Caster if t.id != id => {
            refuse(format!("{} is cast on the caster itself", spell.name()))
        }
        SpellTarget::AllyTouched if t.side != side => {
            refuse(format!("{} is cast by touch on an ally", spell.name()))
        }
        SpellTarget::AllyTouched if t.id != id && !in_contact(&v.base, &t.base) => refuse(format!(
            "{} is cast by touch: {} is not in contact",
            spell.name(),
            t.stats.name
        )),
        SpellTarget::Caster | SpellTarget::AllyTouched => Ok((v, t)),
        _ if t.side == side => refuse(format!("{} is cast at an enemy", spell.name())),
        SpellTarget::EnemyTouched if !in_contact(&v.base, &t.base) => refuse(format!(
            "{} is cast by touch: {} is not in contact",
            spell.name(),
            t.stats.name
        )),
        SpellTarget::EnemyTouched => Ok((v, t)),
        SpellTarget::Enemy => check_at_range(world, v, t, spell),
    }
}

/// A spell cast at an enemy at range: within it, in sight, and a person for Hold Person.
fn check_at_range(world: &World, v: View, t: View, spell: Spell) -> Result<(View, View), Refusal> {
    let range = spell.range().unwrap_or(0.0);
    if gap(&v.base, &t.base) > range {
        return refuse(format!(
            "{} is beyond {}'s {range:.0}\"",
            t.stats.name,
            spell.name()
        ));
    }
    let terrain = world.resource::<TerrainMap>();
    if line_of_fire((v.id, &v.base), (t.id, &t.base), &[], &terrain.0)
        .sight_blocked_by
        .is_some()
    {
        return refuse(format!("{} cannot see {}", v.stats.name, t.stats.name));
    }
    if spell == Spell::HoldPerson && !t.stats.person {
        return refuse(format!(
            "Hold Person holds only persons (humans, demi-humans and human-like monsters), \
             not {}",
            t.stats.name
        ));
    }
    Ok((v, t))
}

/// Whether a spell `v` casts now would be lost, only spending its slot: it was hurt
/// earlier this round, outside a simultaneous step (B/X: a caster hit before it casts
/// loses the spell).
pub fn cast_lost(world: &World, v: &View) -> bool {
    spell_lost(v.cond.hurt, world.resource::<Battle>().step.together)
}

pub fn do_cast(
    world: &mut World,
    side: Side,
    id: ModelId,
    spell: Spell,
    target: ModelId,
) -> Result<(), Refusal> {
    let (v, t) = check_cast(world, side, id, spell, target)?;
    mark_acted(world, v.entity);
    if let Some(mut s) = world.get_mut::<Slots>(v.entity) {
        s.0[slot_index(spell)] -= 1;
    }
    if cast_lost(world, &v) {
        log(world, LogEvent::SpellLost { model: id, spell });
        return Ok(());
    }
    log(
        world,
        LogEvent::Cast {
            model: id,
            spell,
            target,
        },
    );
    match spell {
        Spell::MagicMissile => {
            let amount = roll(world, |d| {
                ONE_D6_PLUS_1.roll(
                    d,
                    &format!("Magic Missile damage ({ONE_D6_PLUS_1})"),
                    &SPELL_EFFECT,
                )
            });
            hurt(world, target, amount, Some(side));
        }
        Spell::CureLightWounds => cure(world, &t),
        Spell::CauseLightWounds => cause_wounds(world, &v, &t),
        Spell::MirrorImage => mirror_image(world, &v),
        Spell::Sleep => sleep(world, &t),
        Spell::HoldPerson => resisted_or(world, &t, spell, |c| c.held = true),
        Spell::Light => resisted_or(world, &t, spell, |c| c.blinded = true),
    }
    Ok(())
}

/// Cause Light Wounds: the caster's touch needs a hit roll (as its melee attack), then
/// deals 1d6+1.
fn cause_wounds(world: &mut World, v: &View, t: &View) {
    let bonus = crate::actions::melee_bonus(v);
    if crate::actions::swing(world, v, t, bonus, false, &SPELL_EFFECT) == Swing::Hit {
        let amount = roll(world, |d| {
            ONE_D6_PLUS_1.roll(
                d,
                &format!("Cause Light Wounds damage ({ONE_D6_PLUS_1})"),
                &SPELL_EFFECT,
            )
        });
        hurt(world, t.id, amount, Some(v.side));
    }
}

/// Mirror Image: 1d4 images of the caster.
fn mirror_image(world: &mut World, v: &View) {
    let images = roll(world, |d| {
        d.roll(Die::D4, "Mirror Image images", &SPELL_EFFECT)
    });
    // Read afresh: the cast has just marked the caster acted.
    let now = find(world, v.id).map_or(v.cond, |v| v.cond);
    let cond = Condition { images, ..now };
    world.entity_mut(v.entity).insert(cond);
    log(
        world,
        LogEvent::Images {
            model: v.id,
            images,
        },
    );
}

/// The HP a model at `hp` has after a cure of `amount`: no more than its most.
pub fn cured(hp: Hp, amount: u16) -> i32 {
    (hp.now + i32::from(amount)).min(hp.max)
}

/// 1d6+1 back (up to the maximum); a dying hero is stabilised, and up again above 0.
fn cure(world: &mut World, t: &View) {
    let amount = roll(world, |d| {
        // The expression in the words, as a damage's: the tray adds the die up with it.
        let purpose = format!("Cure Light Wounds healing ({ONE_D6_PLUS_1})");
        ONE_D6_PLUS_1.roll(d, &purpose, &SPELL_EFFECT)
    });
    let now = cured(t.hp, amount);
    let down = match t.cond.down {
        Some(_) if now > 0 => None,
        Some(_) => Some(Down::Stable),
        None => None,
    };
    // Read afresh: a caster curing itself has just been marked acted.
    let cond = find(world, t.id).map_or(t.cond, |t| t.cond);
    world
        .entity_mut(t.entity)
        .insert((Hp { now, ..t.hp }, Condition { down, ..cond }));
    log(
        world,
        LogEvent::Healed {
            model: t.id,
            amount,
            hp: now,
        },
    );
}

/// 2d8 HD of the target's side around it, lowest HD first; no save; not the undead.
fn sleep(world: &mut World, t: &View) {
    let budget = roll(world, |d| {
        d.roll(Die::D8, "Sleep HD", &SPELL_EFFECT) + d.roll(Die::D8, "Sleep HD", &SPELL_EFFECT)
    });
    let near = sleep_area(world, t);
    for i in sleep_victims(budget, &sleep_candidates(&near)) {
        let o = &near[i];
        world.entity_mut(o.entity).insert(Condition {
            asleep: true,
            ..o.cond
        });
        log(world, LogEvent::Asleep { model: o.id });
    }
}

/// The models Sleep at `t` may take: awake, not down and not undead, of `t`'s side,
/// their centres within [`SLEEP_RADIUS`] of its centre (the cast and the card alike).
pub fn sleep_area(world: &World, t: &View) -> Vec<View> {
    in_play(world)
        .into_iter()
        .filter(|o| o.side == t.side && !o.stats.undead && !o.cond.asleep && o.cond.down.is_none())
        .filter(|o| o.base.center.distance(t.base.center) <= SLEEP_RADIUS)
        .collect()
}

/// The area's models as Sleep weighs them: (place in the area, HD).
pub fn sleep_candidates(area: &[View]) -> Vec<(usize, f32)> {
    area.iter()
        .enumerate()
        .map(|(i, o)| (i, o.stats.level))
        .collect()
}

/// What `t`'s save vs spells needs against `spell` on a d20: Hold Person's is 2 worse
/// (RULINGS); None for a spell that allows none.
pub fn save_needed(t: &View, spell: Spell) -> Option<u8> {
    let penalty = match spell {
        Spell::HoldPerson => 2,
        Spell::Light => 0,
        _ => return None,
    };
    Some(t.stats.save_as.target(SaveKind::Spells) + penalty)
}

/// A save vs spells; a failure takes the effect.
fn resisted_or(world: &mut World, t: &View, spell: Spell, effect: impl FnOnce(&mut Condition)) {
    let target = save_needed(t, spell).unwrap_or(0);
    let purpose = format!("{} saves vs {}", t.stats.name, spell.name());
    let r = roll(world, |d| {
        d.roll_needing(Die::D20, Some(target.min(20)), purpose, &SPELL_SAVE)
    });
    if saves(target, r) {
        log(world, LogEvent::Resisted { model: t.id, spell });
        return;
    }
    let mut cond = t.cond;
    effect(&mut cond);
    world.entity_mut(t.entity).insert(cond);
    log(
        world,
        match spell {
            Spell::HoldPerson => LogEvent::Held { model: t.id },
            _ => LogEvent::Blinded { model: t.id },
        },
    );
}

/// At the start of a side's step its held and blinded models save vs spells to shake
/// the effect off (seed: "Roll for Saving Throws against ongoing effects").
pub fn ongoing_saves(world: &mut World, side: Side) {
    for v in in_play(world)
        .into_iter()
        .filter(|v| v.side == side && (v.cond.held || v.cond.blinded))
    {
        let target = v.stats.save_as.target(SaveKind::Spells);
        let purpose = format!("{} shakes off a spell", v.stats.name);
        let r = roll(world, |d| {
            d.roll_needing(Die::D20, Some(target.min(20)), purpose, &ONGOING_SAVE)
        });
        if saves(target, r) {
            world.entity_mut(v.entity).insert(Condition {
                held: false,
                blinded: false,
                ..v.cond
            });
            log(world, LogEvent::Recovered { model: v.id });
        }
    }
}
