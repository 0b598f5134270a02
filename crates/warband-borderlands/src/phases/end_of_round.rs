//! The end of a round: death saves and bleeding of the dying, then each side's morale.

use super::*;

pub(super) fn death_save(world: &mut World, v: &View) {
    let target = v.stats.save_as.target(SaveKind::Death);
    let purpose = format!("{} saves vs death", v.stats.name);
    let r = roll(world, |d| {
        d.roll_needing(Die::D20, Some(target.min(20)), purpose, &DEATH_SAVE)
    });
    let saved = saves(target, r);
    log(world, LogEvent::DeathSave { model: v.id, saved });
    if saved {
        // A hero stabilised since it fell stays stable; the others bleed.
        let down = match v.cond.down {
            Some(Down::Stable) => Down::Stable,
            _ => Down::Bleeding,
        };
        world.entity_mut(v.entity).insert(Condition {
            down: Some(down),
            ..v.cond
        });
    } else {
        slay(world, v);
    }
}

pub(super) fn bleed(world: &mut World, v: &View) {
    let now = v.hp.now - 1;
    world.entity_mut(v.entity).insert(Hp { now, ..v.hp });
    log(
        world,
        LogEvent::Bled {
            model: v.id,
            hp: now,
        },
    );
    if bled_out(now, v.stats.con) {
        slay(world, v);
    }
}

/// The morale score of a side: its leader's while in play, else the lowest in play.
pub(super) fn morale_score(world: &World, side: Side) -> Option<u8> {
    let own: Vec<View> = in_play(world)
        .into_iter()
        .filter(|v| v.side == side)
        .collect();
    let leader = own.iter().find(|v| world.get::<Leader>(v.entity).is_some());
    leader
        .map(|v| v.stats.morale)
        .or_else(|| own.iter().map(|v| v.stats.morale).min())
}

/// Fires the side's standing triggers and, if one fired, checks 2d6 against its score.
pub(super) fn morale(world: &mut World, side: Side) {
    let own: Vec<View> = in_play(world)
        .into_iter()
        .filter(|v| v.side == side)
        .collect();
    let able: Vec<&View> = own.iter().filter(|v| v.cond.able()).collect();
    {
        let mut b = world.resource_mut::<Battle>();
        let s = b.side_mut(side);
        let start = s.starting_models;
        if (able.len() as u32) * 2 < start {
            s.fire(Trigger::BelowHalf);
        }
        if start == 1 && able.first().is_some_and(|v| v.hp.now * 4 < v.hp.max) {
            s.fire(Trigger::SoloBelowQuarter);
        }
        if start > 1 && able.len() == 1 {
            s.fire(Trigger::LastStanding);
        }
        if !std::mem::take(&mut s.check_due) {
            return;
        }
    }
    let Some(score) = morale_score(world, side) else {
        return;
    };
    let roll2 = match morale_need(score) {
        MoraleNeed::Roll { .. } => Some(roll(world, |d| {
            d.roll_2d6(&format!("{side} morale"), &MORALE)
        })),
        _ => None,
    };
    let state = world.resource::<Battle>().side(side).morale;
    // A score that needs no roll (12 never checks, 2 always flees) decides alone.
    let after = state.after(score, roll2.unwrap_or_default());
    world.resource_mut::<Battle>().side_mut(side).morale = after;
    log(
        world,
        LogEvent::Morale {
            side,
            score,
            roll: roll2,
            holds: !after.fled,
        },
    );
}
