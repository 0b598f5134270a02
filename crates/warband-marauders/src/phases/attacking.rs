//! Phase 5, attacking: each melee group rolls its sides' full initial HD in d6 (−1 per
//! blinded model, + Bless); the highest die wins, then the most of it, else both damage
//! each other. Winners roll their full initial HD as damage dice, each model splitting
//! its own dice among the enemies it touches. A winner that has a choice to make and
//! did not make it before the fight is asked for its split (RULINGS: a human may
//! reassign) before its damage is rolled.

use super::allocation::{allocation_problem, auto_allocation, group_models};
use super::blessings::{bless_bonus, expire_blessings, spend_blessings, with_blessers};
use super::{Phase, go_next};
use crate::battle::{Battle, ModelView, in_play};
use crate::command::{Allocation, Refusal, refuse};
use crate::effects::{apply_damage, damage_need, roll, roll_needing};
use crate::geometry::{in_contact, melee_groups};
use crate::log::{BattleLog, LogEvent};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use warband_rules::marauders::damage::hits;
use warband_rules::marauders::{MeleeOutcome, clauses, melee_contest, melee_dice};
use warband_rules::{Die, Side};
use warband_table::components::ModelId;

/// Models whose melee group has been resolved this phase.
#[derive(Resource, Clone, Debug, Default)]
pub struct Fought(pub Vec<ModelId>);

/// A fight whose contest is rolled and whose winners' damage is not: the battle waits
/// for each winner in `waiting` to split its dice.
#[derive(Clone, PartialEq)]
pub struct Strike {
    pub group: Vec<ModelId>,
    pub winners: Vec<Side>,
    /// Splits already made, by side.
    pub chosen: Vec<(Side, Vec<Allocation>)>,
    /// Winners still to split their dice, first first.
    pub waiting: Vec<Side>,
    /// The side that ended the phase: every group left is fought after this one.
    pub then_all: bool,
    /// When `then_all`, the groups left to fight after this one, in order (found with
    /// it: a fight changes only its own group).
    pub rest: Vec<Vec<ModelId>>,
}

/// The state hash reads a strike through this text, so it leaves out `rest`, which the
/// world's models decide: a battle waiting on a split hashes as it did before `rest` was
/// kept (and as a build that finds the groups again would hash it).
impl std::fmt::Debug for Strike {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Strike")
            .field("group", &self.group)
            .field("winners", &self.winners)
            .field("chosen", &self.chosen)
            .field("waiting", &self.waiting)
            .field("then_all", &self.then_all)
            .finish()
    }
}

#[derive(Resource, Clone, Debug, Default)]
pub struct PendingStrike(pub Option<Strike>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Fought>()
        .init_resource::<PendingStrike>()
        .add_systems(OnEnter(Phase::Attacking), start);
    crate::state::resource::<Fought>(app);
    crate::state::resource::<PendingStrike>(app);
}

fn start(world: &mut World) {
    world.resource_mut::<Fought>().0.clear();
    world.resource_mut::<PendingStrike>().0 = None;
    super::start_in_order(world, Phase::Attacking);
}

/// The side whose damage split the battle is waiting for, if any.
pub fn strike_waiting(world: &World) -> Option<Side> {
    let strike = world.resource::<PendingStrike>().0.as_ref()?;
    strike.waiting.first().copied()
}

/// The melee groups still to fight this phase, in order of their lowest id.
pub fn open_groups(world: &World) -> Vec<Vec<ModelId>> {
    let all = in_play(world);
    let mut fought = world.resource::<Fought>().0.clone();
    fought.sort_unstable();
    melee_groups(&all.iter().map(ModelView::grouped).collect::<Vec<_>>())
        .into_iter()
        .filter(|g| !g.iter().any(|id| fought.binary_search(id).is_ok()))
        .collect()
}

pub(super) fn resolve_command(
    world: &mut World,
    side: Side,
    model: ModelId,
    allocation: Option<&[Allocation]>,
) -> Result<(), Refusal> {
    if strike_waiting(world).is_some() {
        return refuse("a fight is waiting for its winner to split its damage dice");
    }
    let Some(group) = open_groups(world).into_iter().find(|g| g.contains(&model)) else {
        return refuse(format!("model {model} is in no melee group still to fight"));
    };
    if let Some(alloc) = allocation
        && let Some(why) = allocation_problem(world, side, &group, alloc)
    {
        return Err(Refusal(why, warband_table::RefusalKind::Rule));
    }
    let chosen = (
        side,
        allocation.map_or_else(Vec::new, <[Allocation]>::to_vec),
    );
    fight_with(world, &group, Some(chosen), false);
    after_fight(world);
    Ok(())
}

/// `side`'s answer to a pending strike: its split (None: the auto-allocator's).
pub(super) fn allocate_command(
    world: &mut World,
    side: Side,
    allocation: Option<&[Allocation]>,
) -> Result<(), Refusal> {
    let Some(strike) = world.resource::<PendingStrike>().0.clone() else {
        return refuse("no fight is waiting for a damage split");
    };
    let alloc = match allocation {
        Some(a) => {
            if let Some(why) = allocation_problem(world, side, &strike.group, a) {
                return Err(Refusal(why, warband_table::RefusalKind::Rule));
            }
            a.to_vec()
        }
        None => Vec::new(),
    };
    answer_strike(world, side, alloc);
    Ok(())
}

/// Ending the phase while a strike waits for `side`: the auto-allocator splits for it.
pub(super) fn auto_answer(world: &mut World, side: Side) {
    answer_strike(world, side, Vec::new());
}

fn answer_strike(world: &mut World, side: Side, alloc: Vec<Allocation>) {
    let mut strike = world
        .resource_mut::<PendingStrike>()
        .0
        .take()
        .expect("a strike waits");
    strike.waiting.retain(|s| *s != side);
    strike.chosen.push((side, alloc));
    if !strike.waiting.is_empty() {
        world.resource_mut::<PendingStrike>().0 = Some(strike);
        return;
    }
    strike_damage(world, &strike);
    if strike.then_all {
        resolve_groups(world, strike.rest);
    } else {
        after_fight(world);
    }
}

/// After a fight: the phase ends when no group is left (or the battle is over).
fn after_fight(world: &mut World) {
    if strike_waiting(world).is_some() {
        return;
    }
    if open_groups(world).is_empty() || world.resource::<Battle>().outcome.is_some() {
        finish(world);
    }
}

/// Ending the attacking phase resolves every group left, in order of their lowest id,
/// pausing where a winner is asked for its split.
///
/// The groups are found once: a fight changes only its own group, whose models have
/// then fought, so the others stay open as they were.
pub(super) fn resolve_all(world: &mut World) {
    resolve_groups(world, open_groups(world));
}

/// Fights `groups` in order; where a winner is asked for its split, the groups after
/// its fight wait in the strike for its answer.
fn resolve_groups(world: &mut World, groups: Vec<Vec<ModelId>>) {
    let mut groups = groups.into_iter();
    while let Some(group) = groups.next() {
        if world.resource::<Battle>().outcome.is_some() {
            break;
        }
        let acting = world.resource::<Battle>().turn.acting;
        let chosen = acting.map(|s| (s, Vec::new()));
        fight_with(world, &group, chosen, true);
        if let Some(strike) = world.resource_mut::<PendingStrike>().0.as_mut() {
            strike.rest = groups.collect();
            return;
        }
    }
    finish(world);
}

fn finish(world: &mut World) {
    expire_blessings(world);
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
    let awake = side.iter().filter(|m| !m.conditions.asleep);
    let (hd, blinded) = awake.fold((0u32, 0u32), |(hd, blinded), m| {
        (
            hd + u32::from(m.hd.initial),
            blinded + u32::from(m.conditions.blinded),
        )
    });
    melee_dice(hd, blinded, bonus)
}

/// The contest dice of a fight between `us` and `them` in `round`, Bless included:
/// (ours, theirs). `all` holds every model in play (a blessing sits on its caster, who
/// need not be in the fight). The engine, the odds panels and the AI count dice here.
pub fn fight_dice(
    all: &[ModelView],
    us: &[&ModelView],
    them: &[&ModelView],
    round: u32,
) -> (usize, usize) {
    let mine = us
        .first()
        .map(|m| m.side)
        .or_else(|| them.first().map(|m| m.side.other()));
    let Some(mine) = mine else {
        return (0, 0);
    };
    let blessed = all
        .iter()
        .any(|m| m.blessing.is_some_and(|b| b.round == round));
    let bless = if blessed {
        let group: Vec<ModelId> = us.iter().chain(them).map(|m| m.id).collect();
        bless_bonus(all, &group, round)
    } else {
        [0, 0]
    };
    (
        contest_dice(us, bless[mine.index()]),
        contest_dice(them, bless[mine.other().index()]),
    )
}

/// Fights one melee group: rolls the contest, then the damage of each winner whose
/// split is known. `chosen` is the split of the side that asked for the fight (empty:
/// the auto-allocator's); any other winner with a choice to make is asked for its own.
fn fight_with(
    world: &mut World,
    group: &[ModelId],
    chosen: Option<(Side, Vec<Allocation>)>,
    then_all: bool,
) {
    let members = group_models(world, group);
    let round = world.resource::<Battle>().round;
    let all = with_blessers(world, members.clone(), round);
    world.resource_mut::<Fought>().0.extend_from_slice(group);
    let side_of =
        |side: Side| -> Vec<&ModelView> { members.iter().filter(|m| m.side == side).collect() };
    let dice = fight_dice(&all, &side_of(Side::A), &side_of(Side::B), round);
    spend_blessings(world, group, round);
    let mut pools = [Vec::new(), Vec::new()];
    for (side, count) in [(Side::A, dice.0), (Side::B, dice.1)] {
        let purpose = format!("melee {group:?}: {side} contest");
        pools[side.index()] = roll(world, count, Die::D6, &purpose, &clauses::MELEE_CONTEST);
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
    let chosen: Vec<(Side, Vec<Allocation>)> = chosen.into_iter().collect();
    let waiting: Vec<Side> = winners
        .iter()
        .copied()
        .filter(|w| !chosen.iter().any(|(s, _)| s == w) && has_choice(&members, *w))
        .collect();
    let strike = Strike {
        group: group.to_vec(),
        winners,
        chosen,
        waiting,
        then_all,
        rest: Vec::new(),
    };
    if strike.waiting.is_empty() {
        strike_damage(world, &strike);
    } else {
        world.resource_mut::<PendingStrike>().0 = Some(strike);
    }
}

/// Whether `side`'s models in a group have a split to choose: one of them with dice
/// touches more than one enemy.
fn has_choice(members: &[ModelView], side: Side) -> bool {
    members
        .iter()
        .filter(|m| m.side == side && own_dice(m) > 0)
        .any(|m| {
            members
                .iter()
                .filter(|t| t.side != side && in_contact(&m.base, &t.base))
                .count()
                > 1
        })
}

/// Rolls each winner's damage against the group as it stood and applies it all
/// together.
fn strike_damage(world: &mut World, strike: &Strike) {
    let members = group_models(world, &strike.group);
    let group = &strike.group;
    let mut pending: Vec<(ModelId, u8, Side)> = Vec::new();
    for side in strike.winners.iter().copied() {
        let alloc = match strike.chosen.iter().find(|(s, _)| *s == side) {
            Some((_, a)) if !a.is_empty() => a.clone(),
            _ => auto_allocation(&members, side),
        };
        for a in alloc.iter().filter(|a| a.dice > 0) {
            let Some(target) = members.iter().find(|m| m.id == a.target) else {
                continue;
            };
            let purpose = format!(
                "melee {group:?}: model {} strikes model {}",
                a.attacker, a.target
            );
            let armour = target.effective_armour();
            let faces = roll_needing(
                world,
                usize::from(a.dice),
                Die::D6,
                damage_need(armour, 0),
                &purpose,
                &clauses::MELEE_DAMAGE,
            );
            pending.push((a.target, hits(&faces, armour, 0), side));
        }
    }
    for (target, hd, by) in pending {
        apply_damage(world, target, hd, by, &clauses::MELEE_DAMAGE);
    }
}
