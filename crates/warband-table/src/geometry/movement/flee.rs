//! Where a fleeing model's move ends: its path away from the nearest enemy.

use super::super::in_contact;
use super::super::shapes::TerrainShape;
use super::{EPS, Mover, Other, edge_fraction, furthest_legal};
use bevy_math::Vec2;

/// Where a fleeing model's move ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FleeEnd {
    /// Its way is blocked at once: it stays where it is.
    Stays,
    /// Its path is clear to the table edge and its allowance carries it over: it leaves.
    OffTable,
    /// It stops here, out of contact with every enemy.
    At(Vec2),
}

/// A flee (RULINGS: the full allowance away from the nearest enemy along a legal path):
/// the furthest legal point towards `toward`, where every base is in the way and none is
/// charged. It leaves the table only if nothing stops it before the edge; it never ends
/// touching an enemy (it stops short, or stays, instead).
pub fn flee_path(
    mover: &Mover,
    toward: Vec2,
    table: Vec2,
    others: &[Other],
    terrain: &[TerrainShape],
) -> FleeEnd {
    let start = mover.base.center;
    let delta = toward - start;
    let blockers: Vec<Other> = others
        .iter()
        .map(|o| Other { enemy: false, ..*o })
        .collect();
    let end = furthest_legal(mover, toward, table, &blockers, terrain).end;
    let edge = edge_fraction(&mover.base, delta, table);
    let travelled = if delta.length_squared() > 0.0 {
        (end - start).length() / delta.length()
    } else {
        0.0
    };
    if edge < 1.0 && travelled >= edge - 1e-3 {
        return FleeEnd::OffTable;
    }
    let dir = delta.normalize_or_zero();
    let mut back = (end - start).length();
    let touches_enemy = |at: Vec2| {
        others
            .iter()
            .any(|o| o.enemy && in_contact(&mover.base.at(at), &o.base))
    };
    while back > EPS && touches_enemy(start + dir * back) {
        back -= super::super::CONTACT_GAP;
    }
    if back <= EPS {
        FleeEnd::Stays
    } else {
        FleeEnd::At(start + dir * back)
    }
}

/// The turns off the way straight away tried when that way is barred, in degrees, the
/// nearest first: never more than a right angle, so a flight never runs towards the
/// enemy it flees.
const TURNS: [f32; 7] = [0.0, 30.0, -30.0, 60.0, -60.0, 90.0, -90.0];

/// A flee from an enemy at `from` (RULINGS: its full move away from the nearest enemy).
/// Straight away where that way leads off the table or gets at least half the move
/// (rough ground costs double). Where a cliff, a wall or a crowd bars it sooner, the
/// model runs along it instead, as a routed model would: off the table by the least
/// turn that gets it there, else to the end farthest from `from`. It stays only when
/// every way is barred at once.
/// Also the point the way taken heads for (a flight off the table is drawn to it).
/// `others` must hold every base within the move's reach all round the model.
pub fn flee_from(
    mover: &Mover,
    from: Vec2,
    table: Vec2,
    others: &[Other],
    terrain: &[TerrainShape],
) -> (FleeEnd, Vec2) {
    let start = mover.base.center;
    let away = (start - from).normalize_or(Vec2::Y);
    let mut best: Option<(f32, Vec2, Vec2)> = None;
    for (i, turn) in TURNS.into_iter().enumerate() {
        let toward = start + Vec2::from_angle(turn.to_radians()).rotate(away) * mover.allowance;
        let end = flee_path(mover, toward, table, others, terrain);
        let at = match end {
            FleeEnd::OffTable => return (end, toward),
            FleeEnd::Stays => continue,
            FleeEnd::At(at) => at,
        };
        // Straight away is kept unless it is barred: it gets less than half the
        // move (rough ground halves a move at most; a wall or a crowd close ahead
        // bars it), so a model is never turned aside, or off a side edge, merely to
        // run on open ground.
        if i == 0 && at.distance(start) >= mover.allowance / 2.0 - 1e-3 {
            return (end, toward);
        }
        let far = at.distance(from);
        if best.is_none_or(|(b, ..)| far > b + 1e-3) {
            best = Some((far, at, toward));
        }
    }
    let straight = start + away * mover.allowance;
    best.map_or((FleeEnd::Stays, straight), |(_, at, toward)| {
        (FleeEnd::At(at), toward)
    })
}
