//! Phase 7, morale (B/X): a side rolls 2d6 against its morale score once for each
//! trigger that fired; above the score it breaks. A broken side may rally on 2d6 at or
//! under its score in each later morale phase, and then checks the triggers that fired
//! while it was broken.

use super::{Phase, go_next};
use crate::battle::{Battle, Trigger, in_play};
use crate::effects::roll_2d6;
use crate::log::{BattleLog, LogEvent};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use warband_rules::Side;
use warband_rules::marauders::clauses::{MORALE_CHECK, MORALE_RALLY};
use warband_rules::morale::{MoraleNeed, breaks, morale_need, rallies};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Morale), check_morale);
}

/// The side's morale score: its leader's while the leader is in play, else the lowest
/// among its models in play.
pub fn morale_score(world: &mut World, side: Side) -> Option<u8> {
    let mine: Vec<_> = in_play(world)
        .into_iter()
        .filter(|m| m.side == side)
        .collect();
    mine.iter()
        .find(|m| m.leader)
        .map(|m| m.profile.morale)
        .or_else(|| mine.iter().map(|m| m.profile.morale).min())
}

fn check_morale(world: &mut World) {
    super::log_start(world, Phase::Morale);
    let first = world.resource::<Battle>().first_in(Phase::Morale);
    for side in [first, first.other()] {
        if let Some(score) = morale_score(world, side) {
            side_morale(world, side, score);
        }
    }
    go_next(world, Phase::DeclareSpells);
}

/// One side's morale phase: a broken side tries to rally; a steady one (or one that has
/// just rallied) checks each trigger still waiting, in the order they fired, until one
/// breaks it. Triggers that fire while the side is broken wait for it to rally: each
/// gets its one check.
fn side_morale(world: &mut World, side: Side, score: u8) {
    if world.resource::<Battle>().side(side).broken {
        let r = roll_2d6(world, &format!("{side} morale: rally"), &MORALE_RALLY);
        if !rallies(score, r) {
            world
                .resource_mut::<BattleLog>()
                .push(LogEvent::RallyFailed {
                    side,
                    score,
                    roll: r,
                });
            return;
        }
        world.resource_mut::<Battle>().side_mut(side).broken = false;
        world
            .resource_mut::<BattleLog>()
            .push(LogEvent::Rallied { side, roll: r });
    }
    while let Some(trigger) = take_pending(world, side) {
        let roll_value = match morale_need(score) {
            MoraleNeed::Roll { .. } => {
                let purpose = format!("{side} morale: {}", trigger.describe());
                Some(roll_2d6(world, &purpose, &MORALE_CHECK))
            }
            MoraleNeed::NeverChecks | MoraleNeed::AlwaysBreaks => None,
        };
        let broken = breaks(score, roll_value.unwrap_or(0));
        world
            .resource_mut::<BattleLog>()
            .push(LogEvent::MoraleCheck {
                side,
                trigger: trigger.describe().into(),
                score,
                roll: roll_value,
                broken,
            });
        if broken {
            world.resource_mut::<Battle>().side_mut(side).broken = true;
            return;
        }
    }
}

/// The oldest trigger of `side` still waiting for its check.
fn take_pending(world: &mut World, side: Side) -> Option<Trigger> {
    let mut b = world.resource_mut::<Battle>();
    let pending = &mut b.side_mut(side).pending;
    (!pending.is_empty()).then(|| pending.remove(0))
}
