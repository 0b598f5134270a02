//! The broad phase: which pairs of bases are close enough to be worth an exact test.

use super::shapes::Placed;

/// Every pair `(i, j)`, `i < j`, of `items` whose bases' bounding squares come within
/// `margin` of each other — every pair that can touch or overlap. Sweep and prune along
/// x: sorted once, each base is tested only against those whose x-extent reaches it, so
/// a table of spread-out bases costs about n log n, not n².
pub fn close_pairs<T>(
    items: &[T],
    base: impl Fn(&T) -> &Placed,
    margin: f32,
) -> Vec<(usize, usize)> {
    let extent = |t: &T| {
        let (lo, hi) = base(t).swept_bounds(bevy_math::Vec2::ZERO);
        (lo.x, hi.x, lo.y, hi.y)
    };
    let boxes: Vec<(f32, f32, f32, f32)> = items.iter().map(extent).collect();
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|a, b| boxes[*a].0.total_cmp(&boxes[*b].0).then(a.cmp(b)));
    let mut out = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        let (_, x1, y0, y1) = boxes[i];
        for &j in &order[k + 1..] {
            let (jx0, _, jy0, jy1) = boxes[j];
            if jx0 > x1 + margin {
                break;
            }
            if jy0 <= y1 + margin && y0 <= jy1 + margin {
                out.push((i.min(j), i.max(j)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_math::Vec2;

    #[test]
    fn close_pairs_are_every_pair_near_enough_and_no_other() {
        // A grid of bases 1" across with random-ish offsets: compare with all pairs.
        let bases: Vec<Placed> = (0..200u32)
            .map(|i| {
                let (x, y) = ((i * 37 % 23) as f32 * 0.9, (i * 53 % 19) as f32 * 0.7);
                Placed::round(Vec2::new(x, y), 1.0)
            })
            .collect();
        let mut fast = close_pairs(&bases, |b| b, 0.05);
        fast.sort_unstable();
        let mut all = Vec::new();
        for i in 0..bases.len() {
            for j in i + 1..bases.len() {
                let (a, b) = (bases[i].center, bases[j].center);
                if (a.x - b.x).abs() <= 1.05 && (a.y - b.y).abs() <= 1.05 {
                    all.push((i, j));
                }
            }
        }
        assert!(!all.is_empty());
        assert_eq!(fast, all);
    }
}
