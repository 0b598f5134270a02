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
