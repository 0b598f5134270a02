//! Where a snapshot's models stand: those near a place, the nearest enemy, those that
//! may threaten a model next round, found from a grid of their places on a big table.

use super::Snapshot;
use crate::battle::ModelView;
use crate::geometry::{Grid, LineOfFire, Mover, Nearest, Other, Placed, gap, nearest};
use crate::phases::{
    NoLine, next_round_obstacles, obstacles_on_line_among, shot_allowed, shot_allowed_as,
    shot_line, sighted_line_among,
};
use bevy_math::Vec2;
use smallvec::SmallVec;
use std::cell::RefMut;
use warband_rules::Side;
use warband_table::components::ModelId;

/// Models found near a place: a few, held without allocating (a player asks tens of
/// thousands of times a batch).
pub type Near<'a> = SmallVec<[&'a ModelView; 16]>;

/// Cells of a snapshot's grid, inches: most nearest enemies are found within one or
/// two of them once the lines have met.
const GRID_CELL: f32 = 4.0;
/// Fewer models than this are simply walked: building the grid would cost more than
/// it saves (measured on woods and walls' 20).
const GRID_FROM: usize = 64;

impl Snapshot {
    pub(super) fn grid(&self, side: Side) -> &Grid<usize> {
        let grids = self.grid.get_or_init(|| {
            let mut grids = [Grid::with_cell(GRID_CELL), Grid::with_cell(GRID_CELL)];
            for (i, m) in self.models.iter().enumerate() {
                grids[m.side.index()].insert(i, &m.base);
            }
            grids
        });
        &grids[side.index()]
    }

    /// The farthest any model can move or shoot: no model can reach a place farther
    /// off than this from its base this round.
    pub fn longest_reach(&self) -> f32 {
        *self.reach.get_or_init(|| {
            self.models
                .iter()
                .map(|m| {
                    let range = m.profile.ranged.as_ref().map_or(0.0, |w| w.range);
                    m.profile.armour.movement_allowance().max(range)
                })
                .fold(0.0, f32::max)
        })
    }

    /// The enemies of `m` that may charge or shoot it next round if it stood within
    /// `within` of where it is, in id order: every one whose gap to it is at most its
    /// move or its range (the greater) plus `within` plus half an inch, and perhaps a
    /// few more. On a big table the few shooters are listed apart, so the square looked
    /// in is a move wide, not a bowshot.
    pub fn may_threaten(&self, m: &ModelView, within: f32) -> Near<'_> {
        let them = m.side.other();
        if self.models.len() < GRID_FROM {
            return self.around(&[them], &m.base, self.longest_reach() + within + 0.5);
        }
        let (moving, shooters) = self.far();
        // A hair wider, for rounding: `Threats::to` measures the gaps.
        let (lo, hi) = box_around(&m.base, moving + within + 0.501);
        let mut places = self.grid_places(&[them], lo, hi);
        places.extend(shooters[them.index()].iter().copied().filter(|i| {
            let e = &self.models[*i];
            let range = e.profile.ranged.as_ref().map_or(0.0, |w| w.range);
            gap(&m.base, &e.base) <= range + within + 0.501
        }));
        // A shooter near enough to move into reach is listed twice, and read off once.
        self.in_order(&places)
    }

    /// Each side's models, as their places in `models` (so in id order).
    pub(super) fn sides(&self) -> &[Vec<usize>; 2] {
        self.sides.get_or_init(|| {
            let mut sides = [Vec::new(), Vec::new()];
            for (i, m) in self.models.iter().enumerate() {
                sides[m.side.index()].push(i);
            }
            sides
        })
    }

    /// The farthest any model can move, and each side's models with a missile weapon.
    pub(super) fn far(&self) -> &(f32, [Vec<usize>; 2]) {
        self.far.get_or_init(|| {
            let moving = self
                .models
                .iter()
                .map(|m| m.profile.armour.movement_allowance())
                .fold(0.0, f32::max);
            let mut shooters = [Vec::new(), Vec::new()];
            for (i, m) in self.models.iter().enumerate() {
                if m.profile.ranged.is_some() {
                    shooters[m.side.index()].push(i);
                }
            }
            (moving, shooters)
        })
    }

    /// The models of `sides` whose outline may come within `r` of `base`'s, in id order
    /// (all that do, perhaps a few more).
    pub fn around(&self, sides: &[Side], base: &Placed, r: f32) -> Near<'_> {
        let (lo, hi) = box_around(base, r);
        self.near(sides, lo, hi)
    }

    /// How many models of `side` whose outline may come within `r` of `base`'s pass
    /// `keep`: [`Snapshot::around`] counted, without putting them in order.
    pub fn count_around(
        &self,
        side: Side,
        base: &Placed,
        r: f32,
        keep: impl Fn(&ModelView) -> bool,
    ) -> usize {
        if self.models.len() < GRID_FROM {
            return self
                .around(&[side], base, r)
                .into_iter()
                .filter(|o| keep(o))
                .count();
        }
        let (lo, hi) = box_around(base, r);
        // Taken out of its cell while `keep` runs, which may query the snapshot too.
        let places = std::mem::take(&mut *self.grid_places(&[side], lo, hi));
        let count = places.iter().filter(|i| keep(&self.models[**i])).count();
        *self.scratch.borrow_mut() = places;
        count
    }

    /// The models of `sides` whose outline may come into the box from `lo` to `hi`, in
    /// id order (all that do, perhaps a few more).
    pub fn near(&self, sides: &[Side], lo: Vec2, hi: Vec2) -> Near<'_> {
        if self.models.len() < GRID_FROM {
            let near = |o: &&ModelView| o.base.may_reach_box(lo, hi, 0.0);
            if let [side] = sides {
                let places = &self.sides()[side.index()];
                return places
                    .iter()
                    .map(|i| &self.models[*i])
                    .filter(near)
                    .collect();
            }
            let of_sides = |o: &&ModelView| sides.contains(&o.side);
            return self.models.iter().filter(of_sides).filter(near).collect();
        }
        // Places in `models`, which is in id order: in order, they list the models in
        // id order, each found without a search.
        self.in_order(&self.grid_places(sides, lo, hi))
    }

    /// The places in `models` of the models of `sides` the grids find may come into the
    /// box from `lo` to `hi` (all that do, perhaps a few more, in no order), in the
    /// snapshot's scratch list.
    fn grid_places(&self, sides: &[Side], lo: Vec2, hi: Vec2) -> RefMut<'_, Vec<usize>> {
        let mut places = self.scratch.borrow_mut();
        places.clear();
        for s in sides {
            self.grid(*s).near_into(lo, hi, &mut places);
        }
        places
    }

    /// The models at `places` (each once), in the order of their places: marked in a
    /// bitset and read off word by word, which costs less than sorting them (a crowd
    /// gives dozens, and a sort's branches go either way at random).
    fn in_order(&self, places: &[usize]) -> Near<'_> {
        let mut out = Near::with_capacity(places.len());
        self.each_in_order(places, |m| out.push(m));
        out
    }

    /// Hands `each` the models at `places` (each once), in the order of their places
    /// ([`Snapshot::in_order`], without a list).
    fn each_in_order<'a>(&'a self, places: &[usize], mut each: impl FnMut(&'a ModelView)) {
        if places.is_empty() {
            return;
        }
        let mut marks = self.marks.borrow_mut();
        marks.resize(self.models.len().div_ceil(64), 0);
        let (mut first, mut last) = (usize::MAX, 0);
        for &i in places {
            marks[i / 64] |= 1 << (i % 64);
            (first, last) = (first.min(i / 64), last.max(i / 64));
        }
        for (k, word) in marks[first..=last].iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                each(&self.models[(first + k) * 64 + bits.trailing_zeros() as usize]);
                bits &= bits - 1;
            }
        }
    }

    /// The enemy of `m` nearest edge to edge (ties by id). On a big table, looked for
    /// ring by ring of the grid's cells out from it, until the nearest found is nearer
    /// than any enemy in a ring not yet looked at could be.
    pub fn nearest_enemy(&self, m: &ModelView) -> Option<&ModelView> {
        if self.models.len() < GRID_FROM {
            return self.nearest_among(m, self.enemies_of(m.side));
        }
        let grid = self.grid(m.side.other());
        // How much nearer than its centre an enemy's outline may lie.
        let reach = m.base.shape.reach() + grid.reach();
        let at = m.base.center;
        let mut best = Nearest::default();
        grid.rings_out(
            at,
            &mut best,
            |best, i, c| {
                // An enemy whose centre lies too far off to be the nearest is passed
                // over without reading it.
                if best.may_take(c.distance(at) - reach) {
                    let o = &self.models[i];
                    best.offer(gap(&m.base, &o.base), o, |o| o.id);
                }
            },
            |best, unseen| best.found.is_some_and(|(g, _)| g + 1e-3 < unseen - reach),
        );
        best.found.map(|(_, o)| o)
    }

    /// The nearest of `enemies` to `m`, edge to edge (ties by id).
    pub(super) fn nearest_among<'a>(
        &self,
        m: &ModelView,
        enemies: impl Iterator<Item = &'a ModelView>,
    ) -> Option<&'a ModelView> {
        nearest(&m.base, enemies, |o| &o.base, |o| o.id).map(|(_, o)| o)
    }

    pub(super) fn enemies_of(&self, side: Side) -> impl Iterator<Item = &ModelView> {
        self.models.iter().filter(move |o| o.side != side)
    }

    /// The models of `side` with a missile weapon, in id order.
    pub fn shooters(&self, side: Side) -> impl Iterator<Item = &ModelView> {
        self.far().1[side.index()].iter().map(|i| &self.models[*i])
    }

    /// Hands `each` every enemy of `s` it could have in range standing at `at`, in id
    /// order: on a big table only those near enough (from the grid), else all of them.
    /// What a shot can be taken at is judged among these as among every enemy: the rest
    /// are out of range.
    pub fn targets_from(&self, s: &ModelView, at: &Placed, mut each: impl FnMut(&ModelView)) {
        if self.models.len() < GRID_FROM {
            self.enemies_of(s.side).for_each(each);
            return;
        }
        let range = s.profile.ranged.as_ref().map_or(0.0, |w| w.range);
        // A hair wider, for rounding: the rule measures the gap.
        for t in self.around(&[s.side.other()], at, range + 1e-3) {
            each(t);
        }
    }

    /// The line of fire from `s` to `t`, or what stops the shot ([`shot_line`]): on a
    /// big table drawn among the bases near the line (from the grid) rather than every
    /// model. The same line either way: the bases it crosses lie in its box, and its
    /// obstacles are sorted by where they lie.
    pub fn shot_line(&self, s: &ModelView, t: &ModelView) -> Result<LineOfFire, NoLine> {
        let broken = self.broken(s.side);
        if self.models.len() < GRID_FROM {
            return shot_line(&self.models, &self.terrain, broken, s, t);
        }
        shot_allowed(broken, s, t)?;
        let near = self.near_line(s, t);
        sighted_line_among(bases(&near), &self.terrain, s, t)
    }

    /// How many obstacles `e`'s shot at `me` would cross next round, or what would stop
    /// it ([`next_round_obstacles`]), on a big table counted among the bases near the
    /// line, as [`Snapshot::shot_line`] draws it.
    pub fn next_round_obstacles(&self, e: &ModelView, me: &ModelView) -> Result<usize, NoLine> {
        let broken = self.broken(e.side);
        if self.models.len() < GRID_FROM {
            return next_round_obstacles(&self.models, &self.terrain, broken, e, me);
        }
        // As the enemy will be, free to shoot again: asked first, before the grid.
        shot_allowed_as(broken, e, me, false)?;
        let near = self.near_line(e, me);
        obstacles_on_line_among(bases(&near), &self.terrain, e, me)
    }

    /// The models whose bases may cross the line between `a`'s and `b`'s centres.
    fn near_line(&self, a: &ModelView, b: &ModelView) -> Near<'_> {
        let hair = Vec2::splat(0.01);
        let (a, b) = (a.base.center, b.base.center);
        self.near(&Side::BOTH, a.min(b) - hair, a.max(b) + hair)
    }

    /// The model as a mover, with everything else as geometry sees it.
    pub fn mover(&self, m: &ModelView) -> (Mover, Vec<Other>) {
        crate::phases::mover_among(m, &self.models)
    }

    /// The model as a mover, with every other base whose outline comes within `r` of
    /// its own, in id order. On a big table the bases the grid finds are measured
    /// before any is copied: a crowd puts dozens in the box about a model, and most
    /// of them are farther off than `r`.
    pub fn mover_within(&self, m: &ModelView, r: f32) -> (Mover, Vec<Other>) {
        let within = |o: &ModelView| gap(&m.base, &o.base) <= r;
        if self.models.len() < GRID_FROM {
            return crate::phases::mover_among(m, self.models.iter().filter(|o| within(o)));
        }
        // A hair wider, for rounding: the gap decides.
        let (lo, hi) = box_around(&m.base, r + 1e-3);
        let mut places = self.grid_places(&Side::BOTH, lo, hi);
        places.retain(|i| within(&self.models[*i]));
        let mut near = Vec::with_capacity(places.len());
        self.each_in_order(&places, |o| near.push(o));
        crate::phases::mover_among(m, near)
    }

    /// The model as a mover, with every other base whose outline may come into the box
    /// from `lo` to `hi` (a move that stays inside the box meets no other).
    pub fn mover_near(&self, m: &ModelView, lo: Vec2, hi: Vec2) -> (Mover, Vec<Other>) {
        let margin = Vec2::splat(2.0 * crate::geometry::CONTACT_GAP);
        crate::phases::mover_among(m, self.near(&Side::BOTH, lo - margin, hi + margin))
    }
}

/// The box about `base` that its outline's surroundings within `r` may reach into.
fn box_around(base: &Placed, r: f32) -> (Vec2, Vec2) {
    let (lo, hi) = base.swept_bounds(Vec2::ZERO);
    (lo - Vec2::splat(r), hi + Vec2::splat(r))
}

/// Each model's id and base, as a line of fire is drawn among them.
fn bases<'a>(near: &'a Near<'_>) -> impl Iterator<Item = (ModelId, &'a Placed)> {
    near.iter().map(|m| (m.id, &m.base))
}
