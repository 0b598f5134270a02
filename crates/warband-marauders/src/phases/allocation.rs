//! A melee winner's damage dice split among the enemies its models touch: the check of
//! a split a side chose, and the split the engine makes when a side leaves it to it.

use super::attacking::own_dice;
use crate::battle::ModelView;
use crate::command::Allocation;
use crate::geometry::in_contact;
use bevy_ecs::prelude::*;
use warband_rules::Side;
use warband_rules::marauders::damage::die_chance;
use warband_table::components::ModelId;

/// The models of a group (ids sorted) still in play, in id order.
pub(super) fn group_models(world: &World, group: &[ModelId]) -> Vec<ModelView> {
    group
        .iter()
        .filter_map(|id| crate::battle::model(world, *id))
        .filter(|m| m.in_play)
        .collect()
}

/// What is wrong with `side`'s split of its damage dice in a group, if anything: every
/// die goes from one of its models to an enemy that model touches, and each of its
/// models places all of its dice (none may be dropped). The engine and the split
/// editor both ask this.
pub fn allocation_problem(
    world: &World,
    side: Side,
    group: &[ModelId],
    alloc: &[Allocation],
) -> Option<String> {
    let all = group_models(world, group);
    let get = |id: ModelId| all.iter().find(|m| m.id == id);
    for a in alloc {
        let (Some(att), Some(tgt)) = (get(a.attacker), get(a.target)) else {
            return Some("an allocation names a model outside this melee group".into());
        };
        if att.side != side || tgt.side == side {
            return Some("allocate your own models' dice to enemies".into());
        }
        if !in_contact(&att.base, &tgt.base) {
            return Some(format!(
                "{} #{} does not touch {} #{}",
                att.profile.name, att.id, tgt.profile.name, tgt.id
            ));
        }
    }
    for m in all.iter().filter(|m| m.side == side) {
        let given: u32 = alloc
            .iter()
            .filter(|a| a.attacker == m.id)
            .map(|a| u32::from(a.dice))
            .sum();
        if given != u32::from(own_dice(m)) {
            return Some(format!(
                "{} #{} has {} damage dice to place, not {given}",
                m.profile.name,
                m.id,
                own_dice(m)
            ));
        }
    }
    None
}

/// Splits each winning model's dice among the enemies it touches: enough dice to expect
/// to finish the weakest first, the rest to the next, leftovers to the first.
pub fn auto_allocation(group_models: &[ModelView], winner: Side) -> Vec<Allocation> {
    let mut planned: Vec<(ModelId, f64)> = Vec::new();
    let mut out = Vec::new();
    for att in group_models.iter().filter(|m| m.side == winner) {
        let mut dice = own_dice(att);
        let mut targets: Vec<&ModelView> = group_models
            .iter()
            .filter(|t| t.side != winner && in_contact(&att.base, &t.base))
            .collect();
        targets.sort_by_key(|t| (t.hd.left, t.id));
        let Some(first) = targets.first().map(|t| t.id) else {
            continue;
        };
        for t in &targets {
            if dice == 0 {
                break;
            }
            let p = die_chance(t.effective_armour(), 0).max(1e-9);
            let expected = planned
                .iter()
                .find(|(id, _)| *id == t.id)
                .map_or(0.0, |(_, e)| *e);
            let still = (f64::from(t.hd.left) - expected).max(0.0);
            let want = ((still / p).ceil() as u8).min(dice);
            if want > 0 {
                out.push(Allocation {
                    attacker: att.id,
                    target: t.id,
                    dice: want,
                });
                dice -= want;
                match planned.iter_mut().find(|(id, _)| *id == t.id) {
                    Some(e) => e.1 += f64::from(want) * p,
                    None => planned.push((t.id, f64::from(want) * p)),
                }
            }
        }
        if dice > 0 {
            out.push(Allocation {
                attacker: att.id,
                target: first,
                dice,
            });
        }
    }
    out
}
