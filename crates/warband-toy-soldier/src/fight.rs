//! What lands on units: danger, damage with its morale check, melee, and removal.

use crate::battle::{
    Battle, View, commander_near, end_battle, find, in_play_shared, log, roll, set_marks,
};
use crate::components::*;
use crate::log::LogEvent;
use bevy_ecs::prelude::*;
use warband_rules::toy_soldier::clauses::{MELEE, MORALE};
use warband_rules::toy_soldier::{melee_score, morale_holds};
use warband_table::engine::Outcome;
use warband_table::geometry::aspect_of;

/// Puts danger markers on a unit.
pub fn place_danger(world: &mut World, id: ModelId, amount: u32) {
    let Some(v) = find(world, id) else { return };
    if amount == 0 {
        return;
    }
    let marks = Marks {
        danger: v.marks.danger + amount,
        ..v.marks
    };
    set_marks(world, &v, marks);
    log(
        world,
        LogEvent::DangerPlaced {
            unit: id,
            amount,
            danger: marks.danger,
        },
    );
}

/// Deals damage to a unit, which then checks morale at once: its morale die (+1 with
/// the commander near) at or above its damage so far, or it retreats from the battle.
pub fn take_damage(world: &mut World, id: ModelId, amount: u32) {
    let Some(v) = find(world, id) else { return };
    if amount == 0 {
        return;
    }
    let marks = Marks {
        damage: v.marks.damage + amount,
        ..v.marks
    };
    set_marks(world, &v, marks);
    log(
        world,
        LogEvent::Damaged {
            unit: id,
            amount,
            damage: marks.damage,
        },
    );
    let near = commander_near(&in_play_shared(world), &v);
    let face = roll(world, |d| {
        d.roll(
            v.unit.morale_die(),
            format!("{} morale", v.unit.name),
            &MORALE,
        )
    });
    let holds = morale_holds(face, near, marks.damage);
    let check = LogEvent::Morale {
        unit: id,
        roll: face,
        commander: near,
        damage: marks.damage,
        holds,
    };
    log(world, check);
    if !holds {
        remove(world, &v);
    }
}

/// Takes a unit out of the battle; the other side scores its points, and a side left
/// with no units loses.
pub fn remove(world: &mut World, v: &View) {
    world.entity_mut(v.entity).insert(OutOfAction);
    log(world, LogEvent::Retreated { unit: v.id });
    let mut b = world.resource_mut::<Battle>();
    b.side_mut(v.side.other()).points_removed += v.unit.points();
    if b.activation.as_ref().is_some_and(|a| a.unit == v.id) {
        b.activation = None;
    }
    if !in_play_shared(world).iter().any(|u| u.side == v.side) {
        let outcome = Outcome {
            winner: Some(v.side.other()),
            reason: format!("{} has no units left", v.side),
        };
        end_battle(world, outcome);
    }
}

/// A melee begun by `attacker` against `defender`: each rolls its activation die, the
/// initiator +1, minus danger and damage, ×2/×3 striking a side/rear, halved for
/// artillery; the higher puts the difference on the other as danger.
pub fn melee(world: &mut World, attacker: &View, defender: &View) {
    let aspect = aspect_of(&defender.base, attacker.base.center);
    let (ra, rd) = roll(world, |d| {
        (
            d.roll(
                attacker.unit.activation_die(),
                format!("{} melee", attacker.unit.name),
                &MELEE,
            ),
            d.roll(
                defender.unit.activation_die(),
                format!("{} melee", defender.unit.name),
                &MELEE,
            ),
        )
    });
    let (fa, fd) = (attacker.fighter(), defender.fighter());
    let sa = melee_score(ra, true, fa.penalty, aspect, fa.artillery);
    let sd = melee_score(
        rd,
        false,
        fd.penalty,
        warband_rules::Aspect::Front,
        fd.artillery,
    );
    log(
        world,
        LogEvent::Melee {
            attacker: attacker.id,
            defender: defender.id,
            aspect,
            scores: (sa, sd),
        },
    );
    if sa > sd {
        place_danger(world, defender.id, sa - sd);
    } else if sd > sa {
        place_danger(world, attacker.id, sd - sa);
    }
}
