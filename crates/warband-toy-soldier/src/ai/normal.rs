//! `normal`: spends tokens and AP with the exact odds. It activates the unit whose
//! activation is worth most per token (a shot or a charge it can make, less the danger
//! it must first defend), defends every danger before acting, fights only when the
//! melee odds favour it (striking flanks and rears), curses the enemy nearest to
//! breaking, heals its own, shoots where the most danger lands, and otherwise turns to
//! and marches on the nearest enemy, shooters stopping at their range.

use super::{activatable, advance, best_volley, enemies_by_distance, face, open, sidestep};
use crate::actions::{check_fight, check_magic, check_move};
use crate::battle::{Activation, View, in_play};
use crate::command::Command;
use crate::engine::{Engine, ToySoldier};
use bevy_ecs::world::World;
use warband_rules::toy_soldier::{
    Kind, Spell, Step, magic_range, melee_odds, move_step, reach, shot_range,
};
use warband_rules::{Aspect, Side, prob};
use warband_table::geometry::{aspect_of, gap, in_front_arc, nearest};
use warband_table::player::Policy;

pub struct Normal;

impl Policy<ToySoldier> for Normal {
    fn next(&mut self, engine: &Engine, side: Side) -> Option<Command> {
        let world = engine.world();
        match open(world, side) {
            Some((v, a)) => Some(act(world, &v, &a)),
            None => choose_unit(world, side),
        }
    }
}

/// The worth of a melee to the charger: danger it puts on the defender (who may
/// defend it later) less twice the danger it takes (which turns to damage at once, as
/// its activation ends with the fight).
fn melee_worth(attacker: &View, defender: &View, aspect: Aspect) -> f64 {
    let odds = melee_odds(attacker.fighter(), defender.fighter(), aspect);
    prob::mean(&odds.to_defender) - 2.0 * prob::mean(&odds.to_attacker)
}

fn act(world: &World, v: &View, a: &Activation) -> Command {
    if v.marks.danger > 0 {
        return Command::Defend;
    }
    let foes = enemies_by_distance(world, v);
    if let Some(c) = fight_or_fall_back(world, v, a, &foes) {
        return c;
    }
    if let Some(c) = magic(world, v, a) {
        return c;
    }
    if let Some((c, expected)) = best_volley(world, v, a)
        && expected >= 0.5
    {
        return c;
    }
    if let Some(c) = charge(world, v, a, &foes) {
        return c;
    }
    manoeuvre(world, v, a, &foes).unwrap_or(Command::Pass)
}

/// In contact: fight the enemy it does best against, or step back from a bad fight.
fn fight_or_fall_back(world: &World, v: &View, a: &Activation, foes: &[View]) -> Option<Command> {
    let touching: Vec<&View> = foes
        .iter()
        .filter(|t| check_fight(world, v, a, t.id).is_ok())
        .collect();
    let (best, worth) = touching
        .iter()
        .map(|t| (t, melee_worth(v, t, aspect_of(&t.base, v.base.center))))
        .max_by(|x, y| x.1.total_cmp(&y.1))?;
    if worth > -0.25 {
        return Some(Command::Fight { target: best.id });
    }
    let back = reach(a.ap, move_step(v.unit.kind, Step::Back), &[]);
    check_move(world, v, a, Step::Back, back)
        .is_ok()
        .then_some(Command::Move {
            step: Step::Back,
            inches: back,
        })
}

/// Curse the enemy nearest to breaking (sure with 2 AP), or heal a damaged friend.
fn magic(world: &World, v: &View, a: &Activation) -> Option<Command> {
    if !v.unit.magical {
        return None;
    }
    let sure = a.ap >= 2;
    let units = in_play(world);
    let cast = |t: &View, spell| check_magic(world, v, a, t.id, spell, sure).is_ok();
    let curse = units
        .iter()
        .filter(|t| cast(t, Spell::Curse))
        .max_by_key(|t| (t.marks.damage, t.unit.points()));
    let heal = units
        .iter()
        .filter(|t| cast(t, Spell::Heal))
        .max_by_key(|t| (t.marks.damage, t.unit.points()));
    let (target, spell) = match (curse, heal) {
        (_, Some(h)) if h.marks.damage >= 2 => (h, Spell::Heal),
        (Some(c), _) => (c, Spell::Curse),
        (None, Some(h)) => (h, Spell::Heal),
        (None, None) => return None,
    };
    Some(Command::Magic {
        target: target.id,
        spell,
        sure,
    })
}

/// A straight charge ahead into an enemy, when the odds at the face it strikes favour it.
fn charge(world: &World, v: &View, a: &Activation, foes: &[View]) -> Option<Command> {
    if v.unit.kind == Kind::Artillery {
        return None;
    }
    let far = reach(a.ap, move_step(v.unit.kind, Step::Forward), &[]);
    foes.iter()
        .filter(|t| gap(&v.base, &t.base) <= far)
        .filter_map(|t| {
            let inches = gap(&v.base, &t.base) + 0.1;
            let plan = check_move(world, v, a, Step::Forward, inches).ok()?;
            (plan.charged == Some(t.id)).then_some(())?;
            let probe = v.base.at(plan.end);
            let worth = melee_worth(v, t, aspect_of(&t.base, probe.center));
            (worth > 0.2).then_some((
                Command::Move {
                    step: Step::Forward,
                    inches,
                },
                worth,
            ))
        })
        .max_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(c, _)| c)
}

/// Turn to the nearest enemy and march on it; a shooter stops at its range.
fn manoeuvre(world: &World, v: &View, a: &Activation, foes: &[View]) -> Option<Command> {
    let t = foes.first()?;
    if let Some(c) = face(world, v, a, t, 15.0) {
        return Some(c);
    }
    if v.unit.shoots() {
        if in_front_arc(&v.base, &t.base) && gap(&v.base, &t.base) <= shot_range(&v.unit) {
            return None;
        }
        return advance(world, v, a, t, 1, shot_range(&v.unit) - 0.5)
            .or_else(|| sidestep(world, v, a, t));
    }
    advance(world, v, a, t, 0, 0.0).or_else(|| sidestep(world, v, a, t))
}

/// The unit whose activation is worth most per token, while any is worth having (else
/// the player yields: the turn ends if the other side has run out, or its cheapest
/// unit activates, since no side may forfeit its tokens early).
fn choose_unit(world: &World, side: Side) -> Option<Command> {
    let units = in_play(world);
    activatable(world, side)
        .into_iter()
        .map(|u| {
            let cost = warband_rules::toy_soldier::activation_cost(u.spent);
            (u.id, worth(&units, &u) / f64::from(cost))
        })
        .filter(|(_, w)| *w > 0.15)
        .max_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(unit, _)| Command::Activate { unit })
}

/// What activating a unit is likely worth: its mean AP left after defending its danger,
/// scaled by what it can reach (a shot or a charge doubles it; nothing to do, a fifth).
/// `units`: every unit in play.
fn worth(units: &[View], u: &View) -> f64 {
    let sides = f64::from(u.unit.activation_die().sides());
    let spare = (sides + 1.0) / 2.0 - f64::from(u.marks.danger);
    let enemies = units.iter().filter(|t| t.side != u.side);
    let Some((distance, _)) = nearest(&u.base, enemies, |t| &t.base, |t| t.id) else {
        return 0.0;
    };
    let shot = u.unit.shoots() && distance <= shot_range(&u.unit);
    let charge = !u.unit.shoots()
        && distance
            <= reach(
                (sides / 2.0).ceil() as u32,
                move_step(u.unit.kind, Step::Forward),
                &[],
            );
    let spell = u.unit.magical && distance <= magic_range(&u.unit);
    let scale = if shot || charge || spell {
        2.0
    } else if u.spent == 0 {
        1.0
    } else {
        0.2
    };
    spare.max(0.0) * scale
}
