//! Legal moves (RULINGS): a straight segment from start to end, within the allowance
//! (rough ground costs double while inside it), staying on the table, never passing
//! through or overlapping another base, never crossing terrain that blocks movement. A
//! move whose path meets an enemy base stops there in exact contact: a charge.

use super::allowance::{fraction_within_allowance, move_cost};
use super::convert::{distance_to_segment, sweep_hit};
use super::shapes::{Placed, TerrainShape};
use super::{in_contact, overlaps};
use crate::components::ModelId;
use bevy_math::Vec2;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;

mod flee;

pub use flee::{FleeEnd, flee_from, flee_path};

/// The moving base.
#[derive(Clone, Copy, Debug)]
pub struct Mover {
    pub id: ModelId,
    pub base: Placed,
    pub allowance: f32,
}

/// Another base on the table, as the mover sees it.
#[derive(Clone, Copy, Debug)]
pub struct Other {
    pub id: ModelId,
    pub base: Placed,
    pub enemy: bool,
}

/// A legal move: where it ends, what it cost, and the enemies it charged into.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveCheck {
    pub end: Vec2,
    pub cost: f32,
    pub charged: Vec<ModelId>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MoveError {
    TooFar { cost: f32, allowance: f32 },
    OffTable,
    Blocked { terrain: usize },
    PassesThrough { id: ModelId },
    Overlaps { id: ModelId },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::TooFar { cost, allowance } => write!(
                f,
                "the move costs {cost:.2}\" but the allowance is {allowance:.2}\""
            ),
            MoveError::OffTable => f.write_str("the base would leave the table"),
            MoveError::Blocked { terrain } => {
                write!(f, "terrain piece {terrain} blocks movement")
            }
            MoveError::PassesThrough { id } => {
                write!(f, "the move passes through model {id}")
            }
            MoveError::Overlaps { id } => write!(f, "the base would overlap model {id}"),
        }
    }
}

const EPS: f32 = 1e-4;

/// Sweeps the base `mover` along `delta`: the fraction of it at which it first touches
/// `other`, if it does before the end (what a path planner asks of a base in the way).
pub fn base_sweep_hit(mover: &Placed, delta: Vec2, other: &Placed) -> Option<f32> {
    sweep_hit(mover, delta, other)
}

/// Whether `mover`, anywhere on its straight way along `delta`, may come within `within`
/// of `other` (edge to edge): false only when no place on the way can, by the bases'
/// reaches about their centres. A move whose way cannot bring it into contact with a
/// base cannot charge it: a player skips those before the exact check.
pub fn may_come_within(mover: &Placed, delta: Vec2, other: &Placed, within: f32) -> bool {
    let reach = mover.shape.reach() + other.shape.reach() + within + 1e-3;
    let c = mover.center;
    distance_to_segment(other.center, c, c + delta) <= reach
}

/// Checks a move of `mover` towards `to`.
pub fn check_move(
    mover: &Mover,
    to: Vec2,
    table: Vec2,
    others: &[Other],
    terrain: &[TerrainShape],
) -> Result<MoveCheck, MoveError> {
    check_move_among(mover, to, table, others.iter(), terrain)
}

/// [`check_move`] among the bases `others` hands out (read three times).
fn check_move_among<'a>(
    mover: &Mover,
    to: Vec2,
    table: Vec2,
    others: impl Iterator<Item = &'a Other> + Clone,
    terrain: &[TerrainShape],
) -> Result<MoveCheck, MoveError> {
    let start = mover.base.center;
    let delta = to - start;
    // The first base the path meets, in order along it (ties by id, for determinism).
    let first = others
        .clone()
        .filter_map(|o| sweep_hit(&mover.base, delta, &o.base).map(|t| (t, o)))
        .filter(|(t, _)| *t < 1.0 - EPS)
        .min_by(|(ta, a), (tb, b)| ta.total_cmp(tb).then(a.id.cmp(&b.id)));
    let mut fraction = 1.0;
    if let Some((t, o)) = first {
        if !o.enemy {
            return Err(MoveError::PassesThrough { id: o.id });
        }
        fraction = t;
    }
    let end = start + delta * fraction;
    let swept = delta * fraction;
    for (i, piece) in terrain.iter().enumerate() {
        if piece.flags.blocks_movement
            && piece
                .sweep_hit(&mover.base, swept)
                .is_some_and(|t| t < 1.0 - EPS)
        {
            return Err(MoveError::Blocked { terrain: i });
        }
    }
    let placed = mover.base.at(end);
    if !placed.on_table(table) {
        return Err(MoveError::OffTable);
    }
    if let Some(o) = others.clone().find(|o| overlaps(&placed, &o.base)) {
        return Err(MoveError::Overlaps { id: o.id });
    }
    let cost = move_cost(start, end, terrain);
    if cost > mover.allowance + EPS {
        return Err(MoveError::TooFar {
            cost,
            allowance: mover.allowance,
        });
    }
    let mut charged: Vec<ModelId> = others
        .filter(|o| o.enemy && in_contact(&placed, &o.base) && !in_contact(&mover.base, &o.base))
        .map(|o| o.id)
        .collect();
    charged.sort_unstable();
    Ok(MoveCheck { end, cost, charged })
}

/// The furthest legal end on the way from the mover's start towards `toward` (the
/// start itself if no step is legal). Charges snap as in [`check_move`].
///
/// Each limit is found in closed form along the line — table edge, blocking terrain, the
/// first base met, the allowance with rough ground — and the nearest one taken; the
/// result is then checked with [`check_move`], with a bisection as a fallback for the
/// rare end that rounding puts a hair over a limit.
pub fn furthest_legal(
    mover: &Mover,
    toward: Vec2,
    table: Vec2,
    others: &[Other],
    terrain: &[TerrainShape],
) -> MoveCheck {
    // Every base swept, as listed: none passed over.
    let listed = others.iter().map(|o| (f32::NEG_INFINITY, o));
    beyond(
        mover,
        toward,
        table,
        others,
        listed,
        terrain,
        f32::NEG_INFINITY,
    )
    .unwrap_or(MoveCheck {
        end: mover.base.center,
        cost: 0.0,
        charged: Vec::new(),
    })
}

/// The bases a mover may meet, nearest first: each (by its place in the list) with the
/// least way the mover's centre must go before the two could touch (the distance
/// between centres less both reaches, and a hair for rounding). A player that tries
/// many moves of one base finds it once.
pub struct MeetOrder(Vec<u64>);

impl MeetOrder {
    pub fn of(mover: &Placed, others: &[Other]) -> Self {
        let reach = mover.shape.reach() + 1e-3;
        debug_assert!(
            u32::try_from(others.len()).is_ok(),
            "a place fits in 32 bits"
        );
        // Each as one integer key, its way's bits in `f32::total_cmp`'s order above its
        // place, so that a plain sort of integers (without a branch on each comparison,
        // for the dozens of a crowd) gives the order by way, then place. The keys are
        // kept as they are, and read as (way, place) when walked.
        let mut keys: Vec<u64> = others
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let d = mover.center.distance(o.base.center) - o.base.shape.reach() - reach;
                u64::from(ordered_bits(d)) << 32 | i as u64
            })
            .collect();
        keys.sort_unstable();
        Self(keys)
    }

    /// (least way, place in `others`), nearest first.
    fn iter(&self) -> impl Iterator<Item = (f32, usize)> + '_ {
        self.0.iter().map(|&k| {
            let way = f32::from_bits(from_ordered_bits((k >> 32) as u32));
            (way, (k & 0xffff_ffff) as usize)
        })
    }
}

/// `x`'s bits as an integer in the order of [`f32::total_cmp`].
fn ordered_bits(x: f32) -> u32 {
    let b = x.to_bits();
    if b >> 31 == 1 { !b } else { b | 1 << 31 }
}

/// The bits of the `f32` whose [`ordered_bits`] are `k`.
fn from_ordered_bits(k: u32) -> u32 {
    if k >> 31 == 1 { k & !(1 << 31) } else { !k }
}

/// [`furthest_legal`], or None where its end would lie less than `min` inches from the
/// start (for certain: the limits along the line already stop it that short, and the
/// final check and any bisection only ever end a move nearer). A player that passes
/// over moves shorter than `min` asks this, and skips the check of each such move.
/// `order` is `others`' [`MeetOrder`] from the mover's base: the sweeps stop at the
/// first base that could not be met before the nearest stop already found.
pub fn furthest_legal_beyond(
    mover: &Mover,
    toward: Vec2,
    table: Vec2,
    others: &[Other],
    order: &MeetOrder,
    terrain: &[TerrainShape],
    min: f32,
) -> Option<MoveCheck> {
    let nearest_first = order.iter().map(|(way, i)| (way, &others[i]));
    beyond(mover, toward, table, others, nearest_first, terrain, min)
}

/// [`furthest_legal_beyond`] with the bases to sweep given as (the least way before it
/// could be met, base), in the order to sweep them: the sweeps stop at the first whose
/// way lies beyond the nearest stop found.
fn beyond<'a>(
    mover: &Mover,
    toward: Vec2,
    table: Vec2,
    others: &[Other],
    sweep: impl Iterator<Item = (f32, &'a Other)>,
    terrain: &[TerrainShape],
    min: f32,
) -> Option<MoveCheck> {
    let start = mover.base.center;
    let delta = toward - start;
    if delta.length_squared() < 1e-12 {
        return None;
    }
    let length = delta.length();
    // A fraction below 0 ends the move where it starts (the final `max(0.0)`).
    let short = |t: f32| t.max(0.0) * length < min;
    let mut t = edge_fraction(&mover.base, delta, table).min(1.0);
    for piece in terrain.iter().filter(|p| p.flags.blocks_movement) {
        if let Some(hit) = piece.sweep_hit(&mover.base, delta) {
            t = t.min(hit);
        }
    }
    t = t.min(fraction_within_allowance(
        start,
        delta,
        mover.allowance,
        terrain,
    ));
    // The move ends at the first friend met, or at the first enemy (a charge) if that
    // comes no later: at the least of them all.
    let mut enemy_hit = f32::INFINITY;
    for (way, o) in sweep {
        let nearest = t.min(enemy_hit);
        if short(nearest) {
            return None;
        }
        // Every base from here on lies farther than the move goes before its nearest
        // stop: none can stop it sooner (the least of the fractions is what counts).
        if way > nearest * length {
            break;
        }
        if let Some(hit) = sweep_hit(&mover.base, delta, &o.base) {
            if o.enemy {
                enemy_hit = enemy_hit.min(hit);
            } else {
                t = t.min(hit);
            }
        }
    }
    let t = if enemy_hit <= t { enemy_hit } else { t }.max(0.0);
    if short(t) {
        return None;
    }
    // The check (and a bisection's) reads only bases that may touch the base somewhere
    // on the way to the end: the others could neither stop, overlap nor be charged.
    // They are few, and held without allocating.
    let (lo, hi) = mover.base.swept_bounds(delta * t.min(1.0));
    let near = kept(others, |o| {
        o.base.may_reach_box(lo, hi, 2.0 * super::CONTACT_GAP)
    });
    match check_move_among(
        mover,
        start + delta * t,
        table,
        near.iter().copied(),
        terrain,
    ) {
        Ok(check) => Some(check),
        Err(_) => bisect(mover, toward, table, &near, terrain, t),
    }
}

/// The bases that pass `keep`, in order. A crowd of up to 64 is tested first into a
/// mask, with no branch on each test (they pass or fail at random), and only those kept
/// are read again; a few are simply filtered.
fn kept(others: &[Other], keep: impl Fn(&Other) -> bool) -> SmallVec<[&Other; 16]> {
    if !(16..=64).contains(&others.len()) {
        return others.iter().filter(|o| keep(o)).collect();
    }
    let mut mask = 0u64;
    for (i, o) in others.iter().enumerate() {
        mask |= u64::from(keep(o)) << i;
    }
    let mut near = SmallVec::with_capacity(mask.count_ones() as usize);
    while mask != 0 {
        near.push(&others[mask.trailing_zeros() as usize]);
        mask &= mask - 1;
    }
    near
}

/// The fraction of `delta` at which a base moving along it meets the table's edge
/// (infinite if it never does).
pub fn edge_fraction(base: &Placed, delta: Vec2, table: Vec2) -> f32 {
    let half = base.shape.half_extents(base.facing);
    let mut t = f32::INFINITY;
    for (s, d, lo, hi) in [
        (base.center.x, delta.x, half.x, table.x - half.x),
        (base.center.y, delta.y, half.y, table.y - half.y),
    ] {
        if d > 0.0 {
            t = t.min((hi - s) / d);
        } else if d < 0.0 {
            t = t.min((lo - s) / d);
        }
    }
    t
}

/// The furthest legal fraction at or below `upper`, by bisection.
fn bisect(
    mover: &Mover,
    toward: Vec2,
    table: Vec2,
    others: &[&Other],
    terrain: &[TerrainShape],
    upper: f32,
) -> Option<MoveCheck> {
    let start = mover.base.center;
    let to = |t: f32| start + (toward - start) * t;
    let at = |t: f32| check_move_among(mover, to(t), table, others.iter().copied(), terrain);
    let (mut lo, mut hi) = (0.0f32, upper.clamp(0.0, 1.0));
    let mut best = None;
    for _ in 0..24 {
        let mid = (lo + hi) / 2.0;
        match at(mid) {
            Ok(check) => {
                best = Some(check);
                lo = mid;
            }
            Err(_) => hi = mid,
        }
    }
    best
}

#[cfg(test)]
mod tests;
