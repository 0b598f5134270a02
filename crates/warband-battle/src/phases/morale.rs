//! Phase 7, morale (B/X): a side rolls 2d6 against its morale score once for each
//! trigger that fired; above the score it breaks. A broken side may rally on 2d6 at or
//! under its score in each later morale phase.

use super::{Phase, go_next};
use crate::battle::{Battle, in_play};
use crate::effects::roll;
use crate::log::{BattleLog, LogEvent};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use warband_rules::Side;
use warband_rules::marauders::clauses;
use warband_rules::morale::{MoraleNeed, morale_need, rallies};

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
        let Some(score) = morale_score(world, side) else {
            continue;
        };
        let (broken, pending) = {
            let mut b = world.resource_mut::<Battle>();
            let s = b.side_mut(side);
            (s.broken, std::mem::take(&mut s.pending))
        };
        if broken {
            let r = two_d6(world, side, "rally");
            if rallies(score, r) {
                world.resource_mut::<Battle>().side_mut(side).broken = false;
                world
                    .resource_mut::<BattleLog>()
                    .push(LogEvent::Rallied { side, roll: r });
            }
            continue;
        }
        for trigger in pending {
            let (roll_value, breaks) = match morale_need(score) {
                MoraleNeed::NeverChecks => (None, false),
                MoraleNeed::AlwaysBreaks => (None, true),
                MoraleNeed::Roll { score } => {
                    let r = two_d6(world, side, trigger.describe());
                    (Some(r), r > score)
                }
            };
            world
                .resource_mut::<BattleLog>()
                .push(LogEvent::MoraleCheck {
                    side,
                    trigger: trigger.describe().into(),
                    score,
                    roll: roll_value,
                    broken: breaks,
                });
            if breaks {
                world.resource_mut::<Battle>().side_mut(side).broken = true;
                break;
            }
        }
    }
    go_next(world, Phase::DeclareSpells);
}

fn two_d6(world: &mut World, side: Side, why: &str) -> u8 {
    let purpose = format!("{side} morale: {why}");
    roll(world, 2, warband_rules::Die::D6, &purpose, &clauses::MORALE)
        .iter()
        .sum()
}
