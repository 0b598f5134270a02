//! The broad phase: which pairs of bases are close enough to be worth an exact test.

use super::shapes::Placed;
use bevy_math::Vec2;
use bevy_platform::collections::HashMap;

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
        let (lo, hi) = base(t).swept_bounds(Vec2::ZERO);
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

/// Side of a [`Grid`]'s cells unless chosen, inches: a few bases across, so a move's
/// box spans few cells.
const CELL: f32 = 2.0;

/// Bases filed by the square cell their centre stands in: which may reach into a box,
/// found by looking at the cells under it rather than at every base. Each base is put
/// in with [`Grid::insert`] and taken out with [`Grid::remove`] at the place it was put.
#[derive(Clone, Debug)]
pub struct Grid<T> {
    cells: HashMap<(i32, i32), Vec<(T, Vec2)>>,
    cell: f32,
    /// The greatest reach of any base put in: a base whose centre lies farther than
    /// this outside a box cannot reach into it.
    reach: f32,
}

impl<T> Default for Grid<T> {
    fn default() -> Self {
        Self::with_cell(CELL)
    }
}

impl<T> Grid<T> {
    /// An empty grid of cells `cell` inches square.
    pub fn with_cell(cell: f32) -> Self {
        Self {
            cells: HashMap::default(),
            cell,
            reach: 0.0,
        }
    }
}

impl<T: Copy + PartialEq> Grid<T> {
    fn key(&self, p: Vec2) -> (i32, i32) {
        // `as` saturates: a base far off the table (or a NaN) files in an edge cell.
        let c = self.cell;
        ((p.x / c).floor() as i32, (p.y / c).floor() as i32)
    }

    /// How many filled cells a query of the box from `lo` to `hi` would look up, or
    /// None if it would walk every filled cell instead (the box is wider than the
    /// bases' spread).
    pub fn cells_under(&self, lo: Vec2, hi: Vec2) -> Option<usize> {
        let r = Vec2::splat(self.reach);
        let (_, _, span) = self.span(lo - r, hi + r);
        usize::try_from(span)
            .ok()
            .filter(|s| *s <= self.cells.len())
    }

    /// The corner cells of the box from `lo` to `hi` and how many cells it covers
    /// (saturating: a box as wide as the number line does not overflow).
    fn span(&self, lo: Vec2, hi: Vec2) -> ((i32, i32), (i32, i32), u64) {
        let ((x0, y0), (x1, y1)) = (self.key(lo), self.key(hi));
        let side = |a: i32, b: i32| u64::try_from(i64::from(b) - i64::from(a) + 1).unwrap_or(0);
        (
            (x0, y0),
            (x1, y1),
            side(x0, x1).saturating_mul(side(y0, y1)),
        )
    }

    pub fn insert(&mut self, item: T, base: &Placed) {
        self.reach = self.reach.max(base.shape.reach());
        let key = self.key(base.center);
        let cell = self.cells.entry(key).or_default();
        cell.push((item, base.center));
    }

    /// Takes `item` out, `base` being where it was put in; false if it was not there.
    pub fn remove(&mut self, item: T, base: &Placed) -> bool {
        let key = self.key(base.center);
        let Some(cell) = self.cells.get_mut(&key) else {
            return false;
        };
        let Some(i) = cell.iter().position(|(t, _)| *t == item) else {
            return false;
        };
        cell.swap_remove(i);
        if cell.is_empty() {
            self.cells.remove(&key);
        }
        true
    }

    /// How many bases are filed.
    pub fn len(&self) -> usize {
        self.cells.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The greatest reach of any base put in.
    pub fn reach(&self) -> f32 {
        self.reach
    }

    /// Every base whose outline may come into the box from `lo` to `hi` (its centre
    /// within the greatest reach of it), in no particular order: all that do, and
    /// perhaps some that do not.
    pub fn near(&self, lo: Vec2, hi: Vec2) -> Vec<T> {
        let (lo, hi) = (lo - Vec2::splat(self.reach), hi + Vec2::splat(self.reach));
        let inside = |p: Vec2| p.cmpge(lo).all() && p.cmple(hi).all();
        let ((x0, y0), (x1, y1), span) = self.span(lo, hi);
        let mut out = Vec::new();
        let mut take = |cell: &Vec<(T, Vec2)>| {
            out.extend(cell.iter().filter(|(_, p)| inside(*p)).map(|(t, _)| *t));
        };
        if span > self.cells.len() as u64 {
            // A box wider than the bases' spread: walk the filled cells instead.
            self.cells.values().for_each(take);
        } else {
            for x in x0..=x1 {
                for y in y0..=y1 {
                    if let Some(cell) = self.cells.get(&(x, y)) {
                        take(cell);
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Bases of two sizes scattered over a 60" table, some moved, some taken out: for
    /// boxes of every size, `near` holds every base the box touches (measured exactly).
    #[test]
    fn near_finds_every_base_a_box_reaches() {
        let mut rng = 12345u64;
        let mut next = move || {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (rng >> 33) as f32 / (1u64 << 31) as f32
        };
        let mut grid = Grid::default();
        let mut bases = Vec::new();
        for i in 0..300u32 {
            let d = if i % 7 == 0 { 2.0 } else { 1.0 };
            let b = Placed::round(Vec2::new(next() * 60.0, next() * 60.0), d);
            grid.insert(i, &b);
            bases.push(Some(b));
        }
        for i in (0..300).step_by(3) {
            let old = bases[i].expect("placed");
            assert!(grid.remove(i as u32, &old));
            if i % 2 == 0 {
                bases[i] = None;
            } else {
                let moved = old.at(Vec2::new(next() * 60.0, next() * 60.0));
                grid.insert(i as u32, &moved);
                bases[i] = Some(moved);
            }
        }
        assert!(!grid.remove(0, &bases[1].expect("placed")), "0 is gone");
        // Boxes as wide as floats go, and one of NaNs, neither overflow nor panic.
        let huge = Vec2::splat(f32::MAX);
        let alive = bases.iter().filter(|b| b.is_some()).count();
        assert_eq!(grid.near(-huge, huge).len(), alive);
        assert!(grid.near(Vec2::NAN, Vec2::NAN).is_empty());
        assert_eq!(grid.cells_under(-huge, huge), None);
        for k in 0..200 {
            let size = if k % 10 == 0 { 80.0 } else { next() * 12.0 };
            let lo = Vec2::new(next() * 70.0 - 5.0, next() * 70.0 - 5.0);
            let hi = lo + Vec2::new(size, next() * size);
            let mut found = grid.near(lo, hi);
            found.sort_unstable();
            for (i, b) in bases.iter().enumerate() {
                let Some(b) = b else { continue };
                let (blo, bhi) = b.swept_bounds(Vec2::ZERO);
                let touches = blo.cmple(hi).all() && bhi.cmpge(lo).all();
                if touches {
                    assert!(
                        found.binary_search(&(i as u32)).is_ok(),
                        "box {k} misses {i}"
                    );
                }
                if found.binary_search(&(i as u32)).is_ok() {
                    assert!(bases[i].is_some(), "box {k} found removed {i}");
                }
            }
        }
    }
}
