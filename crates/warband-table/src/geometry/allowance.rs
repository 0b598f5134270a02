//! What a move costs of its allowance (RULINGS): its length, with the part inside rough
//! ground counted twice, and how far along a line the allowance reaches.

use super::shapes::TerrainShape;
use bevy_math::Vec2;
use smallvec::SmallVec;

/// Inches of allowance a straight move costs: its length, plus the length inside rough
/// ground again (half movement while inside).
pub fn move_cost(from: Vec2, to: Vec2, terrain: &[TerrainShape]) -> f32 {
    let length = from.distance(to);
    let rough: f32 = rough_spans(from, to, terrain)
        .map(|(t_in, t_out)| (t_out - t_in) * length)
        .sum();
    length + rough
}

/// The parts of the segment `from → to` inside rough ground, as fractions of it.
fn rough_spans<'a>(
    from: Vec2,
    to: Vec2,
    terrain: &'a [TerrainShape],
) -> impl Iterator<Item = (f32, f32)> + 'a {
    terrain
        .iter()
        .filter(|p| p.flags.rough)
        .filter_map(move |p| p.segment_inside(from, to))
}

/// The largest fraction of `delta` whose cost (rough ground double) is within the
/// allowance: the last float `t` in [0, 1] with `cost(t) <= allowance`.
///
/// The cost is piecewise linear in `t` (slope 1, plus 1 for each rough piece the line is
/// inside), so the crossing is found in closed form, then stepped float by float to the
/// exact float a bisection over all of [0, 1] settles on (the cost is monotone in
/// floating point too): a few evaluations of the cost rather than forty.
pub(super) fn fraction_within_allowance(
    start: Vec2,
    delta: Vec2,
    allowance: f32,
    terrain: &[TerrainShape],
) -> f32 {
    let length = delta.length();
    let rough: SmallVec<[(f32, f32); 4]> = rough_spans(start, start + delta, terrain).collect();
    let cost = |t: f32| length * in_lengths(&rough, t);
    if cost(1.0) <= allowance {
        return 1.0;
    }
    let ok = |t: f32| cost(t) <= allowance;
    settle(crossing(&rough, allowance / length), &ok).unwrap_or_else(|| last_within(0.0, 1.0, ok))
}

/// The last float where `ok` holds, stepped to from `guess` one float at a time (the
/// closed form lands within a few of it), or None if it is not within 16 steps.
fn settle(guess: f32, ok: &impl Fn(f32) -> bool) -> Option<f32> {
    let mut t = guess.clamp(0.0, 1.0);
    for _ in 0..16 {
        match (ok(t), ok(t.next_up())) {
            (true, false) => return Some(t),
            (true, true) => t = t.next_up(),
            (false, _) if t > 0.0 => t = t.next_down(),
            (false, _) => return None,
        }
    }
    None
}

/// The cost of the first `t` of a line, in lengths of the line: `t`, plus the part of
/// it inside each rough interval `[a, b]` again.
fn in_lengths(rough: &[(f32, f32)], t: f32) -> f32 {
    let inside: f32 = rough.iter().map(|(a, b)| (t.min(*b) - a).max(0.0)).sum();
    t + inside
}

/// Where [`in_lengths`] reaches `target`, walking its straight pieces between corners.
fn crossing(rough: &[(f32, f32)], target: f32) -> f32 {
    let at = |t: f32| in_lengths(rough, t);
    let mut corners: SmallVec<[f32; 9]> = rough.iter().flat_map(|(a, b)| [*a, *b]).collect();
    corners.push(1.0);
    corners.sort_by(f32::total_cmp);
    let (mut t0, mut s0) = (0.0f32, 0.0f32);
    for t1 in corners.into_iter().filter(|t| *t > 0.0) {
        let s1 = at(t1);
        if s1 >= target {
            return t0 + (target - s0) / (s1 - s0) * (t1 - t0);
        }
        (t0, s0) = (t1, s1);
    }
    1.0
}

/// The last float in `[lo, hi)` where `ok` holds, given `ok(lo)`, `!ok(hi)` and `ok`
/// true up to some point and false after it: halves the bracket until no float lies
/// between its ends.
fn last_within(mut lo: f32, mut hi: f32, ok: impl Fn(f32) -> bool) -> f32 {
    loop {
        let mid = (lo + hi) / 2.0;
        if mid <= lo || mid >= hi {
            return lo;
        }
        if ok(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::shapes::TerrainFlags;
    use super::*;
    use warband_rules::{DiceRoller, Die};

    fn rough(x0: f32, x1: f32, y0: f32, y1: f32) -> TerrainShape {
        let flags = TerrainFlags {
            rough: true,
            ..TerrainFlags::default()
        };
        super::super::shapes::square(x0, y0, x1, y1, flags)
    }

    /// How the fraction was found before: forty halvings of [0, 1].
    fn by_bisection(start: Vec2, delta: Vec2, allowance: f32, terrain: &[TerrainShape]) -> f32 {
        let rough: SmallVec<[(f32, f32); 4]> = rough_spans(start, start + delta, terrain).collect();
        let cost = |t: f32| {
            let inside: f32 = rough.iter().map(|(a, b)| (t.min(*b) - a).max(0.0)).sum();
            delta.length() * (t + inside)
        };
        if cost(1.0) <= allowance {
            return 1.0;
        }
        let (mut lo, mut hi) = (0.0f32, 1.0f32);
        for _ in 0..40 {
            let mid = (lo + hi) / 2.0;
            if cost(mid) <= allowance {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }

    #[test]
    fn rough_ground_costs_double_by_hand() {
        let wood = [rough(12.0, 20.0, 0.0, 30.0)];
        let start = Vec2::new(10.0, 10.0);
        // 2" in the open, then 4" of allowance buys 2" in the wood: 4" of the 20".
        let t = fraction_within_allowance(start, Vec2::new(20.0, 0.0), 6.0, &wood);
        assert!((t - 0.2).abs() < 1e-6, "{t}");
        assert!((move_cost(start, Vec2::new(14.0, 10.0), &wood) - 6.0).abs() < 1e-5);
        // Out of the wood again, the open costs single: 2 + 16 + 1 = 19" buys 11".
        let t = fraction_within_allowance(start, Vec2::new(20.0, 0.0), 19.0, &wood);
        assert!((t - 0.55).abs() < 1e-6, "{t}");
    }

    #[test]
    fn lands_on_the_float_forty_halvings_found() {
        let mut dice = DiceRoller::from_seed(13);
        let mut at = |n: f32| f32::from(dice.face(Die(200))) / 200.0 * n;
        for case in 0..2_000 {
            let pieces: Vec<TerrainShape> = (0..case % 4)
                .map(|_| {
                    let (x, y) = (at(40.0), at(30.0));
                    rough(x, x + 0.5 + at(8.0), y, y + 0.5 + at(8.0))
                })
                .collect();
            let start = Vec2::new(at(48.0), at(36.0));
            let delta = Vec2::new(at(60.0) - 30.0, at(40.0) - 20.0);
            let allowance = 1.0 + at(8.0);
            assert_eq!(
                fraction_within_allowance(start, delta, allowance, &pieces),
                by_bisection(start, delta, allowance, &pieces),
                "case {case}: from {start} by {delta}, {allowance}\" over {pieces:?}"
            );
        }
    }
}
