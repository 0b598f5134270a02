//! Phase 2, initiative: a d6 per side; the higher takes priority and chooses who acts
//! first in each later phase. Ties: reroll in round 1, else priority passes.

use super::Phase;
use crate::battle::Battle;
use crate::command::{Refusal, refuse};
use crate::effects::roll;
use crate::log::{BattleLog, LogEvent};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use warband_rules::marauders::{Initiative, clauses, initiative};
use warband_rules::{Die, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Initiative), roll_initiative);
}

fn roll_initiative(world: &mut World) {
    super::log_start(world, Phase::Initiative);
    let last = world.resource::<Battle>().priority;
    let side = loop {
        let a = roll(
            world,
            1,
            Die::D6,
            "initiative, side A",
            &clauses::INITIATIVE,
        )[0];
        let b = roll(
            world,
            1,
            Die::D6,
            "initiative, side B",
            &clauses::INITIATIVE,
        )[0];
        if let Initiative::Priority(side) = initiative(a, b, last) {
            break side;
        }
    };
    {
        let mut b = world.resource_mut::<Battle>();
        b.last_priority = last;
        b.priority = Some(side);
        b.first.clear();
        b.turn.acting = Some(side);
        b.turn.done = [false; 2];
    }
    world
        .resource_mut::<BattleLog>()
        .push(LogEvent::Priority { side });
}

pub(super) fn choose_order(
    world: &mut World,
    side: Side,
    first: &[(Phase, Side)],
) -> Result<(), Refusal> {
    if let Some((p, _)) = first.iter().find(|(p, _)| !Phase::ORDERED.contains(p)) {
        return refuse(format!("{p:?} is not a phase whose order is chosen"));
    }
    let order: Vec<(Phase, Side)> = Phase::ORDERED
        .iter()
        .map(|p| {
            let s = first
                .iter()
                .rev()
                .find(|(q, _)| q == p)
                .map_or(side, |(_, s)| *s);
            (*p, s)
        })
        .collect();
    set_order(world, order);
    Ok(())
}

/// Ending the initiative phase without choosing: the priority side goes first in all.
pub(super) fn default_order(world: &mut World, side: Side) {
    set_order(world, Phase::ORDERED.iter().map(|p| (*p, side)).collect());
}

fn set_order(world: &mut World, order: Vec<(Phase, Side)>) {
    world.resource_mut::<Battle>().first = order.clone();
    world
        .resource_mut::<BattleLog>()
        .push(LogEvent::Order { first: order });
    super::go_next(world, Phase::Movement);
}
