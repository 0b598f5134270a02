//! The broad phase: which pairs of bases are close enough to be worth an exact test.

use super::shapes::{Placed, inside_box};
use bevy_math::Vec2;

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

/// `v.floor() as i32`, without a call to `floorf` (most targets' baseline has no
/// rounding instruction, and a grid finds two keys at every query): `as` saturates, so
/// a base far off the table files in an edge cell, and a NaN in cell 0.
fn floor_key(v: f32) -> i32 {
    let i = v as i32;
    if (i as f32) > v {
        i.saturating_sub(1)
    } else {
        i
    }
}

/// A cell holding this many bases is crowded: its bases are tested without a branch
/// on each (a sparse cell's few tests are predicted well, and cost less with one).
const CROWDED: usize = 3;

/// Adds to `out` the items of `cell` whose centre passes `keep`, in order, without a
/// branch on each test: each is pushed, and taken off again if it fails (in a crowd the
/// tests go either way at random, and a mispredicted branch on each cost more).
fn extend_kept<T: Copy>(out: &mut Vec<T>, cell: &[(T, Vec2)], keep: impl Fn(Vec2) -> bool) {
    out.reserve(cell.len());
    for (t, p) in cell {
        out.push(*t);
        out.truncate(out.len() - usize::from(!keep(*p)));
    }
}

/// Side of a [`Grid`]'s cells unless chosen, inches: a few bases across, so a move's
/// box spans few cells.
const CELL: f32 = 2.0;

/// The most cells a grid lays out side by side; bases filed beyond (far off any
/// table) are kept in a list of their own.
const MOST_CELLS: i64 = 1 << 16;

/// Bases filed by the square cell their centre stands in: which may reach into a box,
/// found by looking at the cells under it rather than at every base. Each base is put
/// in with [`Grid::insert`] and taken out with [`Grid::remove`] at the place it was put.
///
/// The cells lie side by side in one array over a window of keys that grows as bases
/// are filed, so a cell is found by arithmetic, not by hashing.
#[derive(Clone, Debug)]
pub struct Grid<T> {
    /// The window's first key and its width and height, in cells.
    origin: (i64, i64),
    size: (i64, i64),
    /// The window's cells, row by row.
    cells: Vec<Vec<(T, Vec2)>>,
    /// Bases whose cell lies where the window may not grow, with their keys.
    outside: Vec<((i32, i32), T, Vec2)>,
    /// How many cells hold a base (those outside the window counted once each).
    filled: usize,
    /// The least and greatest keys, x then y, of the window's cells any base has been
    /// filed in, or taken into from beside the window (it grows, and does not shrink
    /// as bases are taken out): the rings about a point look no farther than it.
    occupied: Option<((i64, i64), (i64, i64))>,
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
            origin: (0, 0),
            size: (0, 0),
            cells: Vec::new(),
            outside: Vec::new(),
            filled: 0,
            occupied: None,
            cell,
            reach: 0.0,
        }
    }

    /// Where the cell of `key` lies in `cells`, if the window holds it.
    fn slot(&self, (x, y): (i32, i32)) -> Option<usize> {
        let (dx, dy) = (i64::from(x) - self.origin.0, i64::from(y) - self.origin.1);
        ((0..self.size.0).contains(&dx) && (0..self.size.1).contains(&dy))
            .then(|| (dy * self.size.0 + dx) as usize)
    }

    /// Widens the window to hold `key`, with room to spare, unless it would then
    /// hold more than [`MOST_CELLS`]; whether it holds `key`.
    fn reach_out(&mut self, (x, y): (i32, i32)) -> bool {
        let (x, y) = (i64::from(x), i64::from(y));
        let (lo, hi) = if self.size.0 == 0 {
            ((x - 4, y - 4), (x + 4, y + 4))
        } else {
            let (hx, hy) = (
                self.origin.0 + self.size.0 - 1,
                self.origin.1 + self.size.1 - 1,
            );
            let (sx, sy) = (self.size.0 / 2 + 1, self.size.1 / 2 + 1);
            let lo_x = if x < self.origin.0 {
                x - sx
            } else {
                self.origin.0
            };
            let lo_y = if y < self.origin.1 {
                y - sy
            } else {
                self.origin.1
            };
            let hi_x = if x > hx { x + sx } else { hx };
            let hi_y = if y > hy { y + sy } else { hy };
            ((lo_x, lo_y), (hi_x, hi_y))
        };
        let size = (hi.0 - lo.0 + 1, hi.1 - lo.1 + 1);
        if size.0.saturating_mul(size.1) > MOST_CELLS {
            return false;
        }
        let mut cells: Vec<Vec<(T, Vec2)>> = Vec::new();
        cells.resize_with((size.0 * size.1) as usize, Vec::new);
        let old = std::mem::take(&mut self.cells);
        for (i, cell) in old.into_iter().enumerate() {
            let i = i as i64;
            let (cx, cy) = (
                self.origin.0 + i % self.size.0,
                self.origin.1 + i / self.size.0,
            );
            cells[((cy - lo.1) * size.0 + cx - lo.0) as usize] = cell;
        }
        (self.origin, self.size, self.cells) = (lo, size, cells);
        // Bases kept beside the window that it now holds go into their cells (each
        // such cell was empty: a key the window held was never kept beside it).
        for (key, item, p) in std::mem::take(&mut self.outside) {
            match self.slot(key) {
                Some(i) => {
                    self.cells[i].push((item, p));
                    self.occupy(key);
                }
                None => self.outside.push((key, item, p)),
            }
        }
        true
    }

    /// Grows [`Grid::occupied`] over the cell of `key`, which now holds a base.
    fn occupy(&mut self, (x, y): (i32, i32)) {
        let (x, y) = (i64::from(x), i64::from(y));
        self.occupied = Some(match self.occupied {
            None => ((x, y), (x, y)),
            Some((lo, hi)) => ((lo.0.min(x), lo.1.min(y)), (hi.0.max(x), hi.1.max(y))),
        });
    }
}

impl<T: Copy + PartialEq> Grid<T> {
    fn key(&self, p: Vec2) -> (i32, i32) {
        let c = self.cell;
        (floor_key(p.x / c), floor_key(p.y / c))
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
        let slot = self
            .slot(key)
            .or_else(|| self.reach_out(key).then(|| self.slot(key)).flatten());
        match slot {
            Some(i) => {
                self.filled += usize::from(self.cells[i].is_empty());
                self.cells[i].push((item, base.center));
                self.occupy(key);
            }
            None => {
                self.filled += usize::from(!self.outside.iter().any(|(k, ..)| *k == key));
                self.outside.push((key, item, base.center));
            }
        }
    }

    /// Takes `item` out, `base` being where it was put in; false if it was not there.
    pub fn remove(&mut self, item: T, base: &Placed) -> bool {
        let key = self.key(base.center);
        if let Some(i) = self.slot(key) {
            let cell = &mut self.cells[i];
            let Some(j) = cell.iter().position(|(t, _)| *t == item) else {
                return false;
            };
            cell.swap_remove(j);
            self.filled -= usize::from(cell.is_empty());
            return true;
        }
        let Some(j) = self
            .outside
            .iter()
            .position(|(k, t, _)| *k == key && *t == item)
        else {
            return false;
        };
        self.outside.swap_remove(j);
        self.filled -= usize::from(!self.outside.iter().any(|(k, ..)| *k == key));
        true
    }

    /// How many bases are filed.
    pub fn len(&self) -> usize {
        self.cells.iter().map(Vec::len).sum::<usize>() + self.outside.len()
    }

    pub fn is_empty(&self) -> bool {
        self.filled == 0
    }

    /// The greatest reach of any base put in.
    pub fn reach(&self) -> f32 {
        self.reach
    }

    /// The side of a cell, inches.
    pub fn cell(&self) -> f32 {
        self.cell
    }

    /// Hands `each` every base whose centre is filed in a cell `k` cells from the cell
    /// of `p` (the ring of cells round it at that distance; ring 0 is its own cell,
    /// with the bases filed beside the window), with its centre. A base not in rings 0
    /// to `k` has its centre more than `k` cells' width from `p` (less a hair, for
    /// rounding in filing). False, handing out nothing, once ring `k` (past ring 0)
    /// lies wholly beyond the cells any base was filed in: every base has been handed
    /// out in the rings before it.
    pub fn ring_each(&self, p: Vec2, k: i64, mut each: impl FnMut(T, Vec2)) -> bool {
        if k == 0 {
            self.outside.iter().for_each(|(_, t, c)| each(*t, *c));
        }
        let Some((lo, hi)) = self.occupied else {
            return k == 0;
        };
        let (x, y) = self.key(p);
        let (x, y) = (i64::from(x), i64::from(y));
        // The farthest cell that may hold a base lies this many cells off.
        if k > (x - lo.0).max(hi.0 - x).max(y - lo.1).max(hi.1 - y) {
            return false;
        }
        // The cells of row `row` from column `x0` to `x1` (keys), as far as bases lie.
        let (ox, oy, w) = (self.origin.0, self.origin.1, self.size.0);
        let mut cells = |row: i64, x0: i64, x1: i64| {
            let (x0, x1) = (x0.max(lo.0), x1.min(hi.0));
            if (lo.1..=hi.1).contains(&row) && x0 <= x1 {
                let start = ((row - oy) * w + x0 - ox) as usize;
                for cell in &self.cells[start..=start + (x1 - x0) as usize] {
                    cell.iter().for_each(|(t, c)| each(*t, *c));
                }
            }
        };
        // The ring's top and bottom rows, then its sides between them (so a ring costs
        // what of it lies where bases do, not its length).
        cells(y - k, x - k, x + k);
        if k > 0 {
            cells(y + k, x - k, x + k);
            for row in (y - k + 1).max(lo.1)..=(y + k - 1).min(hi.1) {
                cells(row, x - k, x - k);
                cells(row, x + k, x + k);
            }
        }
        true
    }

    /// Hands `each` the bases ring by ring out from `p` ([`Grid::ring_each`]), with
    /// `state`, until `enough(state, d)` says that no base whose centre lies more than
    /// `d` from `p` could matter (every base not yet handed out lies so far), or every
    /// base has been handed out: the search for the nearest.
    pub fn rings_out<S>(
        &self,
        p: Vec2,
        state: &mut S,
        mut each: impl FnMut(&mut S, T, Vec2),
        enough: impl Fn(&S, f32) -> bool,
    ) {
        let mut k = 0;
        while self.ring_each(p, k, |t, c| each(state, t, c)) {
            if enough(state, k as f32 * self.cell - 1e-3) {
                break;
            }
            // From a point away from the bases, the rings before theirs are empty.
            k = if k == 0 { self.first_ring(p) } else { k + 1 };
        }
    }

    /// The first ring out from `p` (see [`Grid::ring_each`]) past its own cell that can
    /// hold a base filed in the window's cells: from a point away from where bases
    /// lie, the rings before it are empty.
    pub fn first_ring(&self, p: Vec2) -> i64 {
        let Some((lo, hi)) = self.occupied else {
            return 1;
        };
        let (x, y) = self.key(p);
        let (x, y) = (i64::from(x), i64::from(y));
        let off = (lo.0 - x).max(x - hi.0).max(lo.1 - y).max(y - hi.1);
        off.max(1)
    }

    /// Every base whose outline may come into the box from `lo` to `hi` (its centre
    /// within the greatest reach of it), in no particular order: all that do, and
    /// perhaps some that do not.
    pub fn near(&self, lo: Vec2, hi: Vec2) -> Vec<T> {
        let mut out = Vec::with_capacity(16);
        self.near_into(lo, hi, &mut out);
        out
    }

    /// [`Grid::near`], added to the end of `out` (one buffer for several queries).
    pub fn near_into(&self, lo: Vec2, hi: Vec2, out: &mut Vec<T>) {
        let (lo, hi) = (lo - Vec2::splat(self.reach), hi + Vec2::splat(self.reach));
        let inside = |p: Vec2| inside_box(p, lo, hi);
        let ((x0, y0), (x1, y1), _) = self.span(lo, hi);
        // Only the cells of the window under the box can hold what it reaches.
        let (ox, oy) = self.origin;
        let (x_lo, x_hi) = (
            (i64::from(x0) - ox).max(0),
            (i64::from(x1) - ox).min(self.size.0 - 1),
        );
        let (y_lo, y_hi) = (
            (i64::from(y0) - oy).max(0),
            (i64::from(y1) - oy).min(self.size.1 - 1),
        );
        if x_lo <= x_hi {
            for dy in y_lo..=y_hi {
                let row = dy * self.size.0;
                for cell in &self.cells[(row + x_lo) as usize..=(row + x_hi) as usize] {
                    if cell.len() < CROWDED {
                        out.extend(cell.iter().filter(|(_, p)| inside(*p)).map(|(t, _)| *t));
                    } else {
                        extend_kept(out, cell, inside);
                    }
                }
            }
        }
        out.extend(
            self.outside
                .iter()
                .filter(|(_, _, p)| inside(*p))
                .map(|(_, t, _)| *t),
        );
    }
}

#[cfg(test)]
mod tests;
