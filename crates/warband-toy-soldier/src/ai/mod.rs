//! Computer players of Toy Soldier: `random` and `charge` baselines, and `normal`, which
//! spends tokens and AP with the exact odds. Each acts only through `Command`s, checking
//! each with the same checks the engine plays by.

mod activation;
mod charge;
mod normal;
mod pins;
mod random;
mod scripts;

pub use charge::Charge;
pub use normal::Normal;
pub use random::Random;

use crate::actions::{active, check_activate, check_move, check_turn, others};
use crate::battle::{Activation, Battle, View, in_play_shared};
use crate::command::Command;
use crate::components::TerrainMap;
use crate::engine::ToySoldier;
use bevy_ecs::world::World;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_rules::toy_soldier::{Step, move_step, reach};
use warband_table::components::ModelId;
use warband_table::geometry::facing::{to_local, to_world};
use warband_table::geometry::{Mover, base_sweep_hit, furthest_legal, gap};
use warband_table::log::Entry;
pub use warband_table::player::Policy;

pub use warband_table::player::Baseline as AiKind;

/// The computer player of this kind.
pub fn policy(kind: AiKind, seed: u64) -> Box<dyn Policy<ToySoldier>> {
    match kind {
        AiKind::Random => Box::new(Random::new(seed)),
        AiKind::Charge => Box::new(Charge),
        AiKind::Normal => Box::new(Normal),
        AiKind::Easy => Box::new(warband_table::search::Easy::<ToySoldier>::new(seed)),
        AiKind::Hard => Box::new(warband_table::search::Hard::<ToySoldier>::new(seed)),
    }
}

/// The side's units it may activate now, in id order.
fn activatable(world: &World, side: Side) -> Vec<View> {
    in_play_shared(world)
        .iter()
        .filter(|v| v.side == side && check_activate(world, side, v.id).is_ok())
        .cloned()
        .collect()
}

/// The enemies of `v`, nearest first (ties in id order). Each gap is measured once,
/// not at every comparison of the sort: between rectangular bases it is a GJK query.
fn enemies_by_distance(world: &World, v: &View) -> Vec<View> {
    let mut out: Vec<(f32, View)> = in_play_shared(world)
        .iter()
        .filter(|t| t.side != v.side)
        .map(|t| (gap(&v.base, &t.base), t.clone()))
        .collect();
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out.into_iter().map(|(_, t)| t).collect()
}

/// Degrees `v` must turn to face the point `p` (counter-clockwise positive).
fn bearing(v: &View, p: Vec2) -> f32 {
    let l = to_local(&v.base, p);
    bevy_math::Vec2::Y.angle_to(l).to_degrees()
}

/// The turn towards `t`, if it is more than `slack` degrees off the facing and legal.
fn face(world: &World, v: &View, a: &Activation, t: &View, slack: f32) -> Option<Command> {
    face_point(world, v, a, t.base.center, slack)
}

/// The turn towards the point `p` (see [`face`]).
fn face_point(world: &World, v: &View, a: &Activation, p: Vec2, slack: f32) -> Option<Command> {
    let off = bearing(v, p);
    if off.abs() <= slack {
        return None;
    }
    let degrees = off.clamp(-90.0, 90.0);
    check_turn(world, v, a, degrees)
        .is_ok()
        .then_some(Command::Pivot { degrees })
}

/// Straight ahead towards `t`, as far as the AP (keeping `keep`) carry, no further
/// than `stop` short of it, and no further than the way is clear; a path that meets an
/// enemy charges it. Nothing under half an inch unless it charges.
fn advance(
    world: &World,
    v: &View,
    a: &Activation,
    t: &View,
    keep: u32,
    stop: f32,
) -> Option<Command> {
    advance_by(world, v, a, keep, gap(&v.base, &t.base) - stop + 0.05)
}

/// Straight ahead up to `wanted` inches, as far as the AP (keeping `keep`) carry and
/// the way is clear (see [`advance`]).
fn advance_by(world: &World, v: &View, a: &Activation, keep: u32, wanted: f32) -> Option<Command> {
    let ap = a.ap.checked_sub(keep).filter(|ap| *ap > 0)?;
    let far = reach(ap, move_step(v.unit.kind, Step::Forward), &[]);
    let wanted = wanted.min(far);
    if wanted < 0.05 {
        return None;
    }
    let mover = Mover {
        id: v.id,
        base: v.base,
        allowance: wanted,
    };
    let toward = v.base.center + to_world(v.base.facing, Vec2::Y) * wanted;
    let b = world.resource::<Battle>();
    let terrain = &world.resource::<TerrainMap>().0;
    let clear = furthest_legal(&mover, toward, b.table, &others(world, v), terrain);
    let go = v.base.center.distance(clear.end);
    // Rough ground may cost more than open: shorter until it fits.
    [1.0, 0.75, 0.5, 0.25]
        .into_iter()
        .map(|f| go * f)
        .take_while(|d| *d >= 0.5 || !clear.charged.is_empty())
        .find(|d| check_move(world, v, a, Step::Forward, *d).is_ok_and(|p| p.ap <= ap))
        .map(|inches| Command::Move {
            step: Step::Forward,
            inches,
        })
}

/// Where to head for `goal` (the unit `goal_id`, or a bare point): the goal itself if
/// the base's way there is clear, else round the first thing in the way — a piece of
/// terrain that blocks movement, by its corner (stood off by the base's reach) that
/// makes the shorter way, or another unit, by the side of it that does.
fn waypoint(world: &World, v: &View, goal: Vec2, goal_id: Option<ModelId>) -> Vec2 {
    let terrain = &world.resource::<TerrainMap>().0;
    let from = v.base.center;
    let delta = goal - from;
    let piece = terrain
        .iter()
        .filter(|t| t.flags.blocks_movement)
        .filter_map(|t| t.sweep_hit(&v.base, delta).map(|f| (f, t)))
        .min_by(|x, y| x.0.total_cmp(&y.0));
    let units = others(world, v);
    let unit = units
        .iter()
        .filter(|o| Some(o.id) != goal_id)
        .filter_map(|o| base_sweep_hit(&v.base, delta, &o.base).map(|f| (f, o)))
        .min_by(|x, y| x.0.total_cmp(&y.0));
    let off = v.base.shape.reach() + 0.4;
    let (round, clear_of): (Vec<Vec2>, Box<dyn Fn(Vec2) -> bool>) = match (piece, unit) {
        (Some((fp, p)), u) if u.is_none_or(|(fu, _)| fp <= fu) => {
            let corners = p.points();
            let centre = corners.iter().copied().sum::<Vec2>() / corners.len().max(1) as f32;
            let round = corners
                .iter()
                .map(|c| *c + (*c - centre).normalize_or_zero() * off)
                .collect();
            (
                round,
                Box::new(move |w| p.sweep_hit(&v.base, w - from).is_none()),
            )
        }
        (_, Some((_, o))) => {
            let side = delta.perp().normalize_or_zero() * (o.base.shape.reach() + off);
            let round = vec![o.base.center + side, o.base.center - side];
            let other = o.base;
            (
                round,
                Box::new(move |w| base_sweep_hit(&v.base, w - from, &other).is_none()),
            )
        }
        _ => return goal,
    };
    let way = |w: &Vec2| from.distance(*w) + w.distance(goal);
    let shortest = |ws: &mut dyn Iterator<Item = Vec2>| ws.min_by(|x, y| way(x).total_cmp(&way(y)));
    shortest(&mut round.iter().copied().filter(|w| clear_of(*w)))
        .or_else(|| shortest(&mut round.iter().copied()))
        .unwrap_or(goal)
}

/// Which sidesteps of the active unit are legal, each checked once a decision: a
/// player may try to step round one enemy after another, and the steps it tries are
/// the same whichever enemy it is.
#[derive(Default)]
struct Steps(std::cell::RefCell<Vec<(Step, u32, bool)>>);

impl Steps {
    fn legal(&self, world: &World, v: &View, a: &Activation, step: Step, inches: f32) -> bool {
        let key = (step, inches.to_bits());
        let known = self
            .0
            .borrow()
            .iter()
            .find(|k| (k.0, k.1) == key)
            .map(|k| k.2);
        known.unwrap_or_else(|| {
            let ok = check_move(world, v, a, step, inches).is_ok();
            self.0.borrow_mut().push((step, key.1, ok));
            ok
        })
    }
}

/// A step sideways round whatever blocks the way to `t`: towards the side `t` lies on,
/// else the other, two AP's worth if it can, else one's; failing both, a step back.
/// `steps` remembers the checks of the unit's steps this decision; a step `fresh`
/// refuses (one that takes back the unit's last) is passed over for the next.
fn sidestep(
    world: &World,
    v: &View,
    a: &Activation,
    t: &View,
    steps: &Steps,
    fresh: &dyn Fn(&Command) -> bool,
) -> Option<Command> {
    let right = to_local(&v.base, t.base.center).x >= 0.0;
    let sides = if right {
        [Step::Right, Step::Left, Step::Back]
    } else {
        [Step::Left, Step::Right, Step::Back]
    };
    let tries = sides
        .into_iter()
        .flat_map(|step| [2, 1].map(|ap| (step, ap)))
        .filter(|(step, ap)| *ap <= a.ap && (*step != Step::Back || *ap == 1));
    for (step, ap) in tries {
        let inches = reach(ap, move_step(v.unit.kind, step), &[]);
        let c = Command::Move { step, inches };
        if fresh(&c) && steps.legal(world, v, a, step, inches) {
            return Some(c);
        }
    }
    None
}

/// What the active unit has done so far this activation, as a player reads it off the
/// log: its last action, the facings it has held since it last moved (the latest its
/// own: a facing held at another spot is no way back), and the spots it has left.
pub(crate) struct SoFar {
    last: Option<Command>,
    facings: Vec<f32>,
    /// Where the unit stood before each of its moves this activation.
    spots: Vec<Vec2>,
    /// Where it stands now.
    at: Vec2,
}

/// A move that ends this near a spot the unit has left this activation goes back there.
const SAME_SPOT: f32 = 0.5;

impl SoFar {
    /// The activation of `v`, `side`'s active unit, read back from the log to its
    /// activation: its last action still standing, the facings it has held since it
    /// last moved (each pivot's event keeps the facing it left), and the spots its moves
    /// set off from. A move or turn taken back (Z) is read as never made.
    pub(crate) fn of(world: &World, side: Side, v: &View) -> Self {
        use crate::log::LogEvent::{MoveTakenBack, Moved, Pivoted, TurnTakenBack};
        let log = world.resource::<crate::log::BattleLog>();
        let (mut last, mut facings, mut spots) = (None, vec![v.base.facing], Vec::new());
        let (mut moved, mut commands_undone, mut pivots_undone, mut moves_undone) =
            (false, 0, 0, 0);
        for e in log.events.iter().rev() {
            match e {
                Entry::Accepted { side: s, command } if *s == side => match command {
                    Command::Activate { .. } => break,
                    Command::UndoMove => commands_undone += 1,
                    _ if commands_undone > 0 => commands_undone -= 1,
                    _ => {
                        last.get_or_insert_with(|| command.clone());
                    }
                },
                Entry::Rules(TurnTakenBack { unit, .. }) if *unit == v.id => pivots_undone += 1,
                Entry::Rules(MoveTakenBack { unit, .. }) if *unit == v.id => moves_undone += 1,
                Entry::Rules(Pivoted { unit, .. }) if *unit == v.id && pivots_undone > 0 => {
                    pivots_undone -= 1;
                }
                Entry::Rules(Moved { unit, .. }) if *unit == v.id && moves_undone > 0 => {
                    moves_undone -= 1;
                }
                Entry::Rules(Pivoted { unit, from, .. }) if *unit == v.id && !moved => {
                    facings.push(*from);
                }
                Entry::Rules(Moved { unit, from, .. }) if *unit == v.id => {
                    moved = true;
                    spots.push(Vec2::new(from.0, from.1));
                }
                _ => {}
            }
        }
        Self {
            last,
            facings,
            spots,
            at: v.base.center,
        }
    }

    /// Whether `c` would take the unit back to where it was earlier: a turn to a facing
    /// it has held already on this spot (to within 10°), a turn the other way straight
    /// after a turn (the two would have been one, for 1 AP less: a play-tester watched a
    /// warboss turn 90° left, then 65° right), a step the opposite way to its last, or a
    /// move that ends where it stood before an earlier move of this activation (within
    /// half an inch). It would stand as it stood with AP spent, and
    /// the next decision could choose the same again: play-tests found units turning
    /// −48°, +48°, −48° … on the spot (which way round a house is shorter depends on
    /// the way the rank faces), and stepping left, turning, stepping on, turning back
    /// and stepping right, to end where they began.
    pub(crate) fn undone_by(&self, c: &Command) -> bool {
        use warband_rules::toy_soldier::Step::{Back, Forward, Left, Right};
        match (&self.last, c) {
            (last, Command::Pivot { degrees }) => {
                let to = self.facings[0] + degrees.to_radians();
                let reversed =
                    matches!(last, Some(Command::Pivot { degrees: d }) if d * degrees < 0.0);
                reversed
                    || self.facings[1..]
                        .iter()
                        .any(|f| angle_between(*f, to) < 10f32.to_radians())
            }
            (last, Command::Move { step: t, inches }) => {
                let end = self.at + to_world(self.facings[0], Vec2::from(t.local())) * *inches;
                let opposite = matches!(last, Some(Command::Move { step: s, .. }) if matches!(
                    (s, t),
                    (Forward, Back) | (Back, Forward) | (Left, Right) | (Right, Left)
                ));
                opposite || self.spots.iter().any(|p| p.distance(end) < SAME_SPOT)
            }
            _ => false,
        }
    }
}

/// The angle between two facings, in radians (0 to π).
fn angle_between(a: f32, b: f32) -> f32 {
    let d = (a - b).rem_euclid(std::f32::consts::TAU);
    d.min(std::f32::consts::TAU - d)
}

/// The side's active unit, if one is open.
fn open(world: &World, side: Side) -> Option<(View, Activation)> {
    active(world, side).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::find;
    use crate::engine::Engine;

    /// A person turned a unit, took the turn back (Z) and left the rest of the
    /// activation to the computer: the turn taken back is read as never made, so the
    /// computer may make it (it was read as a facing held, and a turn the other way as
    /// turning back).
    #[test]
    fn a_turn_taken_back_is_read_as_never_made() {
        let mut e = crate::shipped("village-fight.ron", 1);
        let v = in_play_shared(e.world())[0].clone();
        e.world_mut().resource_mut::<Battle>().acting = Some(v.side);
        e.submit(v.side, Command::Activate { unit: v.id }).unwrap();
        let ap = |e: &Engine| {
            e.world()
                .resource::<Battle>()
                .activation
                .as_ref()
                .unwrap()
                .ap
        };
        e.world_mut()
            .resource_mut::<Battle>()
            .activation
            .as_mut()
            .unwrap()
            .ap = 5;
        e.submit(v.side, Command::Pivot { degrees: 45.0 }).unwrap();
        let turned = SoFar::of(e.world(), v.side, &find(e.world(), v.id).unwrap());
        assert!(turned.undone_by(&Command::Pivot { degrees: -45.0 }));
        e.submit(v.side, Command::UndoMove).unwrap();
        assert_eq!(ap(&e), 5);
        let now = find(e.world(), v.id).unwrap();
        let so_far = SoFar::of(e.world(), v.side, &now);
        assert_eq!(
            (so_far.facings.as_slice(), &so_far.last),
            (&[v.base.facing][..], &None)
        );
        for degrees in [45.0, -45.0, 90.0] {
            assert!(!so_far.undone_by(&Command::Pivot { degrees }), "{degrees}°");
        }
    }
}
