//! What happens to models: damage, removal, engagement, morale triggers, victory.

use crate::battle::{Battle, ModelView, Outcome, Trigger, models};
use crate::components::*;
use crate::geometry::Placed;
use crate::geometry::in_contact;
use crate::log::{BattleLog, LogEvent};
use crate::phases::Undoable;
use bevy_ecs::prelude::*;
use warband_rules::marauders::damage::hits;
use warband_rules::{Clause, DiceRoller, Die, Side};

/// Rolls `dice` damage dice against model `target` with a modifier and applies them.
/// `by` is the side that dealt the damage (it is credited with the HD removed).
pub fn roll_damage(
    world: &mut World,
    target: ModelId,
    dice: usize,
    modifier: i8,
    by: Side,
    purpose: &str,
    clause: &Clause,
) -> u8 {
    let Some(m) = crate::battle::model(world, target) else {
        return 0;
    };
    if !m.in_play || dice == 0 {
        return 0;
    }
    let need = damage_need(m.effective_armour(), modifier);
    let faces = roll_needing(world, dice, Die::D6, need, purpose, clause);
    let removed = hits(&faces, m.effective_armour(), modifier);
    apply_damage(world, target, removed, by, clause);
    removed
}

/// Rolls `count` dice from the battle's stream and logs each with its clause.
pub fn roll(world: &mut World, count: usize, die: Die, purpose: &str, clause: &Clause) -> Vec<u8> {
    with_dice(world, |d| d.roll_pool(count, die, purpose, clause))
}

/// Rolls 2d6 from the battle's stream, logs both dice and returns their sum.
pub fn roll_2d6(world: &mut World, purpose: &str, clause: &Clause) -> u8 {
    with_dice(world, |d| d.roll_2d6(purpose, clause))
}

/// Picks one of `n` things (0-based) with a logged dN.
pub fn pick(world: &mut World, n: usize, purpose: &str, clause: &Clause) -> usize {
    with_dice(world, |d| d.pick(n, purpose, clause))
}

/// The natural face a damage die needs against an armour with a modifier (7: never).
pub fn damage_need(armour: warband_rules::marauders::Armour, modifier: i8) -> Option<u8> {
    Some((i16::from(armour.threshold()) - i16::from(modifier)).clamp(1, 7) as u8)
}

/// Rolls dice that each succeed on `need` or more, and logs them.
pub fn roll_needing(
    world: &mut World,
    count: usize,
    die: Die,
    need: Option<u8>,
    purpose: &str,
    clause: &Clause,
) -> Vec<u8> {
    with_dice(world, |d| {
        (0..count)
            .map(|_| d.roll_needing(die, need, purpose, clause))
            .collect()
    })
}

/// Runs `f` on the battle's dice and logs every die it rolled. Once a die is rolled,
/// no earlier move can be taken back.
fn with_dice<T>(world: &mut World, f: impl FnOnce(&mut DiceRoller) -> T) -> T {
    let before = world.resource::<BattleLog>().events.len();
    let out = warband_table::log::roll_logged::<crate::command::Command, LogEvent, T>(world, f);
    if world.resource::<BattleLog>().events.len() > before
        && let Some(mut undoable) = world.get_resource_mut::<Undoable>()
    {
        undoable.0.clear();
    }
    out
}

/// Removes `hd` HD from a model. A sleeper that loses HD and lives wakes; one slain in
/// its sleep never woke. `by` is credited with the HD only if the model is its enemy:
/// friendly fire removes HD but scores nothing.
pub fn apply_damage(world: &mut World, target: ModelId, hd: u8, by: Side, clause: &Clause) {
    let Some(entity) = crate::battle::entity_of(world, target) else {
        return;
    };
    let mut e = world.entity_mut(entity);
    if e.contains::<OutOfAction>() {
        return;
    }
    if hd == 0 {
        return;
    }
    let enemy = e.get::<Team>().is_some_and(|t| t.0 != by);
    let mut events = Vec::new();
    let (lost, left) = {
        let mut hit_dice = e.get_mut::<HitDice>().expect("models have hit dice");
        let lost = hd.min(hit_dice.left);
        hit_dice.left -= lost;
        (lost, hit_dice.left)
    };
    {
        let mut cond = e.get_mut::<Conditions>().expect("models have conditions");
        cond.hurt = true;
        if cond.asleep {
            cond.asleep = false;
            if left > 0 {
                events.push(LogEvent::Woke { model: target });
            }
        }
    }
    if let Some(mut caster) = e.get_mut::<Caster>()
        && let Some(d) = caster.declared.take()
    {
        events.push(LogEvent::SpellLost {
            model: target,
            spell: d.spell,
            why: "the caster was hurt".into(),
        });
    }
    events.insert(
        0,
        LogEvent::Damaged {
            model: target,
            hd: lost,
            left,
            clause: clause.clone(),
        },
    );
    let mut log = world.resource_mut::<BattleLog>();
    for ev in events {
        log.push(ev);
    }
    if enemy {
        world.resource_mut::<Battle>().side_mut(by).hd_removed += u32::from(lost);
    }
    if left == 0 {
        remove(world, target, "slain");
    } else {
        note_triggers(world);
    }
}

/// Takes a model out of play.
pub fn remove(world: &mut World, id: ModelId, why: &str) {
    let Some(before) = crate::battle::model(world, id) else {
        return;
    };
    world.entity_mut(before.entity).insert(OutOfAction);
    world.resource_mut::<BattleLog>().push(LogEvent::Removed {
        model: id,
        why: why.into(),
    });
    // Counted once for both: moving the engagements about it removes no one.
    let counts = crate::battle::head_counts(world);
    note_triggers_from(world, counts);
    refresh_engagement_after_move(world, &before);
    check_annihilation(world, counts);
}

/// Sets every model's engagement from the table as it stands: a model touching an enemy
/// is engaged since the round that contact began; one touching none is not (for a table
/// set by hand; play refreshes only around the model that moved).
pub fn refresh_engagement(world: &mut World) {
    let all = models(world);
    let mut touching = vec![false; all.len()];
    for (i, j) in crate::geometry::close_pairs(&all, |m| &m.base, crate::geometry::CONTACT_GAP) {
        let (a, b) = (&all[i], &all[j]);
        if a.in_play && b.in_play && a.side != b.side && in_contact(&a.base, &b.base) {
            touching[i] = true;
            touching[j] = true;
        }
    }
    let contact = |t: bool| if t { Contact::Held } else { Contact::None };
    let ids = all.iter().map(|m| m.id);
    set_engagement(world, ids.zip(touching.into_iter().map(contact)).collect());
}

/// Sets engagement after one model moved from `before` to where it stands now, or left
/// play: a model touching an enemy is engaged since the round that contact began, one
/// touching none is not; only the model and the enemies it touched there or touches now
/// can have changed.
pub fn refresh_engagement_after_move(world: &mut World, before: &ModelView) {
    let now = crate::battle::model(world, before.id)
        .filter(|m| m.in_play)
        .map(|m| m.base);
    let to = now.map_or(before.base.center, |b| b.center);
    let (_, others) = crate::phases::mover_along(world, before, to);
    refresh_engagement_among(world, before, now, &others);
}

/// A model's contact with enemies after a move: none, only what it had, or a new enemy
/// come into contact this round (which pins an engaged model: RULINGS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Contact {
    None,
    Held,
    New,
}

/// [`refresh_engagement_after_move`] given where the model stands `now` (None: out of
/// play) and every other model in play as its move saw them (`enemy`: of the other side).
/// An enemy the mover touches now and did not before has a new enemy in contact.
pub fn refresh_engagement_among(
    world: &mut World,
    before: &ModelView,
    now: Option<Placed>,
    others: &[crate::geometry::Other],
) {
    let near = |base: &Placed, at: Option<Placed>| at.is_some_and(|at| in_contact(base, &at));
    // An enemy of the mover is engaged if it touches one of the mover's side.
    let touches_movers_side = |base: &Placed| {
        near(base, now) || others.iter().any(|o| !o.enemy && in_contact(base, &o.base))
    };
    let fresh = |base: &Placed| near(base, now) && !near(base, Some(before.base));
    let mover = if others.iter().any(|o| o.enemy && fresh(&o.base)) {
        Contact::New
    } else if now.is_some_and(|n| others.iter().any(|o| o.enemy && in_contact(&n, &o.base))) {
        Contact::Held
    } else {
        Contact::None
    };
    let mut changed = vec![(before.id, mover)];
    for o in others.iter().filter(|o| o.enemy) {
        if near(&o.base, Some(before.base)) || near(&o.base, now) {
            let contact = match (fresh(&o.base), touches_movers_side(&o.base)) {
                (true, _) => Contact::New,
                (false, true) => Contact::Held,
                (false, false) => Contact::None,
            };
            changed.push((o.id, contact));
        }
    }
    set_engagement(world, changed);
}

/// Sets each model's engagement from its contact with enemies: engaged since the round
/// contact began, and since this round again when a new enemy came into contact (so an
/// engaged model charged by another enemy may not disengage this round: RULINGS).
fn set_engagement(world: &mut World, models: Vec<(ModelId, Contact)>) {
    let round = world.resource::<Battle>().round;
    for (id, contact) in models {
        let Some(entity) = crate::battle::entity_of(world, id) else {
            continue;
        };
        let was = world.get::<Engagement>(entity).and_then(|e| e.since);
        let since = match (contact, was) {
            (Contact::None, _) => None,
            (Contact::Held, Some(r)) => Some(r),
            (Contact::Held | Contact::New, _) => Some(round),
        };
        if since != was {
            world.entity_mut(entity).insert(Engagement { since });
        }
    }
}

/// Notes morale triggers that have just become true (each fires once per battle).
pub fn note_triggers(world: &mut World) {
    let counts = crate::battle::head_counts(world);
    note_triggers_from(world, counts);
}

/// [`note_triggers`] with each side's [`crate::battle::head_counts`] as they stand.
fn note_triggers_from(world: &mut World, counts: [(u32, u32); 2]) {
    for side in Side::BOTH {
        let (mine, left) = counts[side.index()];
        let start = world.resource::<Battle>().side(side).starting_models;
        let solo_hurt = start == 1
            && left == 1
            && crate::battle::solo_hd(world, side)
                .is_some_and(|hd| u32::from(hd.left) * 4 < u32::from(hd.initial));
        let mut battle = world.resource_mut::<Battle>();
        let state = battle.side_mut(side);
        let mut now = Vec::new();
        if left < mine {
            now.push(Trigger::FirstRemoved);
        }
        if left * 2 < start {
            now.push(Trigger::BelowHalf);
        }
        if solo_hurt {
            now.push(Trigger::SoloBelowQuarter);
        }
        if start > 1 && left == 1 {
            now.push(Trigger::LastStanding);
        }
        for t in now {
            if !state.fired.contains(&t) {
                state.fired.push(t);
                state.pending.push(t);
            }
        }
    }
}

/// A side with no model in play loses (both at once: a draw); `counts` are each side's
/// [`crate::battle::head_counts`] as they stand.
fn check_annihilation(world: &mut World, counts: [(u32, u32); 2]) {
    if world.resource::<Battle>().outcome.is_some() {
        return;
    }
    let alive = |s: Side| counts[s.index()].1 > 0;
    let outcome = match (alive(Side::A), alive(Side::B)) {
        (true, true) => return,
        (false, false) => Outcome {
            winner: None,
            reason: "both sides were wiped out".into(),
        },
        (true, false) => Outcome {
            winner: Some(Side::A),
            reason: "side B has no model in play".into(),
        },
        (false, true) => Outcome {
            winner: Some(Side::B),
            reason: "side A has no model in play".into(),
        },
    };
    end_battle(world, outcome);
}

pub fn end_battle(world: &mut World, outcome: Outcome) {
    world
        .resource_mut::<BattleLog>()
        .push(crate::log::Entry::ended(&outcome));
    world.resource_mut::<Battle>().outcome = Some(outcome);
    crate::phases::go_next(world, crate::phases::Phase::Over);
}
