//! `normal`: spends tokens and AP with the exact odds. It activates the unit whose
//! activation is worth most per token (`activation`: clearing danger it can defend, then
//! a shot or a charge it can make; a pinned unit only when it must, the one least likely
//! to be lost), defends every danger before acting, fights only when the melee odds
//! favour it (striking flanks and rears), curses the enemy nearest to breaking, heals its
//! own, shoots where danger is worth most — on units that will still activate, or on
//! pinned ones once their side must activate them (see `pins`) — and otherwise turns to
//! and marches on the nearest enemy not yet pinned, shooters stopping at their range.

use super::pins::{Units, tokens};
use super::{
    SoFar, Steps, advance, advance_by, enemies_by_distance, face, face_point, open, sidestep,
    waypoint,
};
use crate::actions::{
    check_fight, check_magic, check_move, check_shot, could_fight, could_shoot, open_reach,
};
use crate::battle::{Activation, View, in_play_shared};
use crate::command::Command;
use crate::engine::{Engine, ToySoldier};
use bevy_ecs::world::World;
use bevy_math::Vec2;
use warband_rules::toy_soldier::{Kind, Spell, Step, melee_odds, shot_range};
use warband_rules::{Aspect, Side};
use warband_table::geometry::facing::to_world;
use warband_table::geometry::{CONTACT_GAP, aspect_of, gap, may_come_within};
use warband_table::player::Policy;

pub struct Normal;

impl Policy<ToySoldier> for Normal {
    fn next(&mut self, engine: &Engine, side: Side) -> Option<Command> {
        let world = engine.world();
        match open(world, side) {
            Some((v, a)) => Some(act(world, &v, &a)),
            None => super::activation::choose_unit(world, side),
        }
    }
}

/// What the player reckons once a decision: every unit in play, and whether each side
/// must activate its pinned units this turn.
struct Reckoning {
    units: Units,
    tokens: [u32; 2],
    forced: [bool; 2],
    /// What pinning each unit would unlock ([`Units::unlocks`]), by its place in
    /// `units`, found when first asked: a melee's odds ask it of one defender for
    /// every amount of danger it may take.
    unlocks: Vec<std::cell::OnceCell<f64>>,
}

impl Reckoning {
    fn new(world: &World) -> Self {
        let units = Units::new(in_play_shared(world));
        let tokens = Side::BOTH.map(|s| tokens(world, s));
        let forced = Side::BOTH.map(|s| units.forced(s, tokens[s.index()], None));
        let unlocks = units
            .all()
            .iter()
            .map(|_| std::cell::OnceCell::new())
            .collect();
        Self {
            units,
            tokens,
            forced,
            unlocks,
        }
    }

    /// [`Units::unlocks`] for `t`, with its side's tokens.
    fn unlocks(&self, t: &View) -> f64 {
        let tokens = self.tokens[t.side.index()];
        match self.units.place_of(t) {
            Some(i) => *self.unlocks[i].get_or_init(|| self.units.unlocks(t, tokens)),
            None => self.units.unlocks(t, tokens),
        }
    }

    /// What `amount` more danger on `t` is worth: as `danger_worth` reckons it, and if
    /// it pins `t` and that leaves its side forced to activate its pinned units, what
    /// that unlocks.
    fn danger(&self, t: &View, amount: f64) -> f64 {
        let i = t.side.index();
        let worth = self.units.danger_worth(t, amount, self.forced[i]);
        if f64::from(t.marks.danger) + amount < self.units.mean_ap(t) {
            return worth;
        }
        worth + self.unlocks(t)
    }
}

/// The worth of a melee to the charger: what the danger it puts on the defender is
/// worth, less what the danger it takes costs — that turns to damage at once, as its
/// activation ends with the fight, and may see it removed.
fn melee_worth(r: &Reckoning, attacker: &View, defender: &View, aspect: Aspect) -> f64 {
    let odds = melee_odds(attacker.fighter(), defender.fighter(), aspect);
    let gain: f64 = odds
        .to_defender
        .iter()
        .enumerate()
        .map(|(d, p)| p * r.danger(defender, d as f64))
        .sum();
    let near = r.units.near(attacker);
    let morale = attacker.unit.morale_die().sides();
    let points = f64::from(attacker.unit.points());
    let cost: f64 = odds
        .to_attacker
        .iter()
        .enumerate()
        .skip(1)
        .map(|(d, p)| {
            let damage = attacker.marks.damage + d as u32;
            let lost = 1.0 - warband_rules::toy_soldier::morale_chance(morale, near, damage);
            p * (d as f64 + lost * points)
        })
        .sum();
    gain - cost
}

fn act(world: &World, v: &View, a: &Activation) -> Command {
    if v.marks.danger > 0 {
        return Command::Defend;
    }
    let r = Reckoning::new(world);
    let foes = enemies_by_distance(world, v);
    if let Some(c) = fight_or_fall_back(world, &r, v, a, &foes) {
        return c;
    }
    if let Some(c) = magic(world, v, a) {
        return c;
    }
    let volley = best_volley(world, &r, v, a);
    if let Some((c, worth)) = &volley
        && *worth >= 0.5
    {
        return c.clone();
    }
    // Nothing that takes the unit back (a charge into the enemy it just stepped from).
    let so_far = SoFar::of(world, v.side, v);
    if let Some(c) = charge(world, &r, v, a, &foes).filter(|c| !so_far.undone_by(c)) {
        return c;
    }
    manoeuvre(world, &r, v, a, &foes, &so_far)
        .or_else(|| {
            // Standing where it can shoot: any shot worth something beats passing.
            volley.filter(|(_, w)| *w > 0.05).map(|(c, _)| c)
        })
        .unwrap_or(Command::Pass)
}

/// The volley of the active unit with all its AP whose danger is worth most.
fn best_volley(world: &World, r: &Reckoning, v: &View, a: &Activation) -> Option<(Command, f64)> {
    r.units
        .all()
        .iter()
        .filter(|t| t.side != v.side && could_shoot(v, t))
        .filter_map(|t| {
            let plan = check_shot(world, v, a, t.id, a.ap).ok()?;
            let landed = f64::from(a.ap) / f64::from(plan.protection.divisor());
            let shot = Command::Shoot {
                target: t.id,
                ap: a.ap,
            };
            Some((shot, r.danger(t, landed)))
        })
        .max_by(|x, y| x.1.total_cmp(&y.1))
}

/// In contact: fight the enemy it does best against, or step back from a bad fight.
fn fight_or_fall_back(
    world: &World,
    r: &Reckoning,
    v: &View,
    a: &Activation,
    foes: &[View],
) -> Option<Command> {
    let touching: Vec<&View> = foes
        .iter()
        .filter(|t| could_fight(v, t) && check_fight(world, v, a, t.id).is_ok())
        .collect();
    let (best, worth) = touching
        .iter()
        .map(|t| (t, melee_worth(r, v, t, aspect_of(&t.base, v.base.center))))
        .max_by(|x, y| x.1.total_cmp(&y.1))?;
    if worth > 0.3 {
        return Some(Command::Fight { target: best.id });
    }
    // A fight worth nothing (a pinned enemy that will never activate gains nothing from
    // more danger) leaves the AP for what else the unit can do.
    if worth > -0.25 {
        return None;
    }
    let back = open_reach(v, a, Step::Back);
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
    let units = in_play_shared(world);
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
fn charge(
    world: &World,
    r: &Reckoning,
    v: &View,
    a: &Activation,
    foes: &[View],
) -> Option<Command> {
    if v.unit.kind == Kind::Artillery {
        return None;
    }
    let far = open_reach(v, a, Step::Forward);
    let ahead = to_world(v.base.facing, Vec2::from(Step::Forward.local()));
    foes.iter()
        .filter(|t| gap(&v.base, &t.base) <= far)
        .filter_map(|t| {
            let inches = gap(&v.base, &t.base) + 0.1;
            // A way that cannot bring it into contact with `t` cannot charge it.
            may_come_within(&v.base, ahead * inches, &t.base, CONTACT_GAP).then_some(())?;
            let plan = check_move(world, v, a, Step::Forward, inches).ok()?;
            (plan.charged == Some(t.id)).then_some(())?;
            let probe = v.base.at(plan.end);
            let worth = melee_worth(r, v, t, aspect_of(&t.base, probe.center));
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

/// Make for the nearest enemy not yet pinned it can make way towards (else the
/// nearest enemy): the first of them, nearest first, that it can turn to, close on or
/// step round.
fn manoeuvre(
    world: &World,
    r: &Reckoning,
    v: &View,
    a: &Activation,
    foes: &[View],
    so_far: &SoFar,
) -> Option<Command> {
    let free = foes.iter().filter(|t| !r.units.pinned(t)).take(4);
    let steps = Steps::default();
    free.chain(foes.first())
        .find_map(|t| approach(world, v, a, t, &steps, so_far))
}

/// Turn to `t` and march on it, round a house or a cliff in the way by its nearer
/// corner; a shooter stops where it can shoot `t` (at its range, with a clear line), or
/// closes in or steps aside while a unit or a house blocks its sight. Nothing that
/// takes the unit back to where it was earlier this activation is done
/// ([`SoFar::undone_by`]): the next way is tried.
fn approach(
    world: &World,
    v: &View,
    a: &Activation,
    t: &View,
    steps: &Steps,
    so_far: &SoFar,
) -> Option<Command> {
    let fresh = |c: &Command| !so_far.undone_by(c);
    let sidestep = || sidestep(world, v, a, t, steps, &fresh);
    let aim = waypoint(world, v, t.base.center, Some(t.id));
    if aim != t.base.center {
        return face_point(world, v, a, aim, 15.0)
            .filter(fresh)
            .or_else(|| advance_by(world, v, a, 0, v.base.center.distance(aim)).filter(fresh))
            .or_else(sidestep);
    }
    if let Some(c) = face(world, v, a, t, 15.0).filter(fresh) {
        return Some(c);
    }
    if v.unit.shoots() {
        if could_shoot(v, t) && check_shot(world, v, a, t.id, 1).is_ok() {
            return None;
        }
        let range = shot_range(&v.unit);
        let stop = if gap(&v.base, &t.base) <= range {
            0.0
        } else {
            range - 0.5
        };
        return advance(world, v, a, t, 1, stop)
            .filter(fresh)
            .or_else(sidestep);
    }
    advance(world, v, a, t, 0, 0.0)
        .filter(fresh)
        .or_else(sidestep)
}
