//! Phase 5, attacking: each melee group rolls its sides' full initial HD in d6 (−1 per
//! blinded model, + Bless); the highest die wins, then the most of it, else both damage
//! each other. Winners roll their full initial HD as damage dice, each model splitting
//! its own dice among the enemies it touches.

use super::{Phase, go_next};
use crate::battle::{Battle, ModelView, in_play};
use crate::command::{Allocation, Refusal, refuse};
use crate::components::Caster;
use crate::effects::{apply_damage, damage_need, roll, roll_needing};
use crate::geometry::{in_contact, melee_groups};
use crate::log::{BattleLog, LogEvent};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use warband_rules::marauders::damage::{die_chance, hits};
use warband_rules::marauders::{MeleeOutcome, clauses, melee_contest, melee_dice};
use warband_rules::{Die, Side};

/// Models whose melee group has been resolved this phase.
#[derive(Resource, Clone, Default)]
pub struct Fought(pub Vec<u32>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Fought>()
        .add_systems(OnEnter(Phase::Attacking), start);
}

fn start(world: &mut World) {
    world.resource_mut::<Fought>().0.clear();
    super::start_in_order(world, Phase::Attacking);
}

/// The melee groups still to fight this phase.
pub fn open_groups(world: &mut World) -> Vec<Vec<u32>> {
    let all = in_play(world);
    let fought = &world.resource::<Fought>().0;
    melee_groups(&all.iter().map(ModelView::grouped).collect::<Vec<_>>())
        .into_iter()
        .filter(|g| !g.iter().any(|id| fought.contains(id)))
        .collect()
}

pub(super) fn resolve_command(
    world: &mut World,
    side: Side,
    model: u32,
    allocation: Option<&[Allocation]>,
) -> Result<(), Refusal> {
    let Some(group) = open_groups(world).into_iter().find(|g| g.contains(&model)) else {
        return refuse(format!("model {model} is in no melee group still to fight"));
    };
    if let Some(alloc) = allocation {
        validate_allocation(world, side, &group, alloc)?;
    }
    resolve_group(world, &group, allocation.map(|a| (side, a)));
    if open_groups(world).is_empty() || world.resource::<Battle>().outcome.is_some() {
        finish(world);
    }
    Ok(())
}

/// Ending the attacking phase resolves every group left, in order of their lowest id.
pub(super) fn resolve_all(world: &mut World) {
    while world.resource::<Battle>().outcome.is_none() {
        let Some(group) = open_groups(world).into_iter().next() else {
            break;
        };
        resolve_group(world, &group, None);
    }
    finish(world);
}

fn finish(world: &mut World) {
    {
        let mut b = world.resource_mut::<Battle>();
        b.turn.done = [true; 2];
        b.turn.acting = None;
    }
    go_next(world, Phase::Spellcasting);
}

/// A model's own damage dice: its full initial HD, one fewer if blinded.
pub fn own_dice(m: &ModelView) -> u8 {
    if m.conditions.asleep {
        0
    } else {
        m.hd.initial.saturating_sub(u8::from(m.conditions.blinded))
    }
}

/// Contest dice of one side of a melee group: its awake models' full initial HD, one
/// fewer per blinded model, plus `bonus` (Bless).
pub fn contest_dice(side: &[&ModelView], bonus: u32) -> usize {
    let awake: Vec<&&ModelView> = side.iter().filter(|m| !m.conditions.asleep).collect();
    let hd: u32 = awake.iter().map(|m| u32::from(m.hd.initial)).sum();
    let blinded = awake.iter().filter(|m| m.conditions.blinded).count() as u32;
    melee_dice(hd, blinded, bonus)
}

fn validate_allocation(
    world: &mut World,
    side: Side,
    group: &[u32],
    alloc: &[Allocation],
) -> Result<(), Refusal> {
    let all = in_play(world);
    let get = |id: u32| all.iter().find(|m| m.id == id && group.contains(&id));
    for a in alloc {
        let (Some(att), Some(tgt)) = (get(a.attacker), get(a.target)) else {
            return refuse("an allocation names a model outside this melee group");
        };
        if att.side != side || tgt.side == side {
            return refuse("allocate your own models' dice to enemies");
        }
        if !in_contact(&att.base, &tgt.base) {
            return refuse(format!("model {} does not touch model {}", att.id, tgt.id));
        }
    }
    for m in all
        .iter()
        .filter(|m| m.side == side && group.contains(&m.id))
    {
        let given: u32 = alloc
            .iter()
            .filter(|a| a.attacker == m.id)
            .map(|a| u32::from(a.dice))
            .sum();
        if given != 0 && given != u32::from(own_dice(m)) {
            return refuse(format!(
                "model {} has {} damage dice to split, not {given}",
                m.id,
                own_dice(m)
            ));
        }
    }
    Ok(())
}

/// Splits each winning model's dice among the enemies it touches: enough dice to expect
/// to finish the weakest first, the rest to the next, leftovers to the first.
pub fn auto_allocation(group_models: &[ModelView], winner: Side) -> Vec<Allocation> {
    let mut planned: Vec<(u32, f64)> = Vec::new();
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

/// Fights one melee group. `chosen` is one side's own allocation, used if it wins.
pub fn resolve_group(world: &mut World, group: &[u32], chosen: Option<(Side, &[Allocation])>) {
    let members: Vec<ModelView> = in_play(world)
        .into_iter()
        .filter(|m| group.contains(&m.id))
        .collect();
    world.resource_mut::<Fought>().0.extend_from_slice(group);
    let bless = bless_dice(world, group);
    let mut pools = [Vec::new(), Vec::new()];
    for side in Side::BOTH {
        let mine: Vec<&ModelView> = members.iter().filter(|m| m.side == side).collect();
        let dice = contest_dice(&mine, bless[side.index()]);
        let purpose = format!("melee {group:?}: {side} contest");
        pools[side.index()] = roll(world, dice, Die::D6, &purpose, &clauses::MELEE_CONTEST);
    }
    let winners: Vec<Side> = match melee_contest(&pools[0], &pools[1]) {
        MeleeOutcome::AWins => vec![Side::A],
        MeleeOutcome::BWins => vec![Side::B],
        MeleeOutcome::Both => vec![Side::A, Side::B],
    };
    world
        .resource_mut::<BattleLog>()
        .push(LogEvent::MeleeResolved {
            models: group.to_vec(),
            winner: (winners.len() == 1).then(|| winners[0]),
        });
    // Both sides' damage is rolled against the group as it stood, then applied together.
    let mut pending: Vec<(u32, u8, Side)> = Vec::new();
    for side in winners {
        let alloc = match chosen {
            Some((s, a)) if s == side && !a.is_empty() => a.to_vec(),
            _ => auto_allocation(&members, side),
        };
        for a in alloc {
            let Some(target) = members.iter().find(|m| m.id == a.target) else {
                continue;
            };
            let purpose = format!(
                "melee {group:?}: model {} strikes model {}",
                a.attacker, a.target
            );
            let need = damage_need(target.effective_armour(), 0);
            let faces = roll_needing(
                world,
                usize::from(a.dice),
                Die::D6,
                need,
                &purpose,
                &clauses::MELEE_DAMAGE,
            );
            pending.push((a.target, hits(&faces, target.effective_armour(), 0), side));
        }
    }
    for (target, hd, by) in pending {
        apply_damage(world, target, hd, by, &clauses::MELEE_DAMAGE);
    }
}

/// Bless dice each side has on a model of this group; each blessing is spent once used.
fn bless_dice(world: &mut World, group: &[u32]) -> [u32; 2] {
    let mut out = [0u32; 2];
    let mut q = world.query::<(&crate::components::Team, &mut Caster)>();
    let mut casters: Vec<_> = q.iter_mut(world).collect();
    casters.sort_by_key(|(t, c)| (t.0, c.blessing));
    for (team, mut caster) in casters {
        if let Some((target, dice)) = caster.blessing
            && group.contains(&target)
        {
            out[team.0.index()] += u32::from(dice);
            caster.blessing = None;
        }
    }
    out
}
