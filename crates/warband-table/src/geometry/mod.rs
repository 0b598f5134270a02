//! Table geometry on parry2d: bases, terrain, contact, legal moves, charges, melee groups
//! and lines of fire. Positions are base centres in inches, measured from the table's
//! bottom-left corner; the only place that speaks parry's vector type is `convert`.

mod allowance;
pub mod broad;
mod convert;
pub mod facing;
pub mod fire;
pub mod groups;
pub mod movement;
mod sat;
pub mod shapes;

pub use allowance::move_cost;
pub use broad::{Grid, close_pairs};
pub use convert::distance_to_segment;
pub use facing::{PivotCheck, aspect_of, check_pivot, in_front_arc, pivoted};
pub use fire::{Crossed, Crossing, LineOfFire, line_of_fire, line_of_fire_among, obstacles_among};
pub use groups::{Grouped, melee_groups};
pub use movement::{
    FleeEnd, MeetOrder, MoveCheck, MoveError, Mover, Other, base_sweep_hit, check_move,
    edge_fraction, flee_from, flee_path, furthest_legal, furthest_legal_beyond, may_come_within,
};
pub use shapes::{BaseShape, Placed, TerrainFlags, TerrainShape};

/// Two bases are in contact when the gap between their outlines is at most this.
pub const CONTACT_GAP: f32 = 0.05;
/// Two bases overlap (illegal) when they interpenetrate by more than this.
pub const OVERLAP_TOLERANCE: f32 = 0.001;

/// Signed gap between two bases' outlines: negative when they overlap.
#[inline]
pub fn gap(a: &Placed, b: &Placed) -> f32 {
    convert::signed_gap(a, b)
}

/// Whether the gap between two bases is at most `r`: [`gap`] `<= r`, answered without
/// measuring the gap when their centres lie too far apart for it (an exact gap between
/// rectangles is a GJK query).
pub fn gap_at_most(a: &Placed, b: &Placed, r: f32) -> bool {
    within(a, b, r) && (surely_within(a, b, r) || gap(a, b) <= r)
}

/// Whether the gap is surely at most `r` by the bases' inscribed circles: each outline
/// holds its own, so the gap is never more than the distance between centres less
/// both radii, and a millimetre's slack covers the rounding of the exact test.
fn surely_within(a: &Placed, b: &Placed, r: f32) -> bool {
    a.center.distance(b.center) - a.shape.inner() - b.shape.inner() + 1e-3 <= r
}

pub fn in_contact(a: &Placed, b: &Placed) -> bool {
    gap_at_most(a, b, CONTACT_GAP)
}

pub fn overlaps(a: &Placed, b: &Placed) -> bool {
    within(a, b, 0.0) && gap(a, b) < -OVERLAP_TOLERANCE
}

/// The nearest of `items` to `from`, edge to edge, with its gap: the least by gap, then
/// by `key` (an id). An item's exact gap (a GJK query between rectangular bases) is
/// measured only if its centre and reach leave it a chance of beating the nearest found
/// so far ([`Nearest::may_take`]).
pub fn nearest<T, K: Ord>(
    from: &Placed,
    items: impl IntoIterator<Item = T>,
    base: impl Fn(&T) -> &Placed,
    key: impl Fn(&T) -> K,
) -> Option<(f32, T)> {
    let reach = from.shape.reach();
    let mut best = Nearest::default();
    for item in items {
        let b = base(&item);
        if best.may_take(from.center.distance(b.center) - reach - b.shape.reach()) {
            best.offer(gap(from, b), item, &key);
        }
    }
    best.found
}

/// The nearest of items offered one at a time, with its measure (the gap edge to edge,
/// or whatever a search ranks by, such as a squared distance between centres): the
/// least by measure, then by key, whatever the order they are offered in, so long as an
/// item is offered whenever [`Nearest::may_take`] allows it (where the measure is a gap).
pub struct Nearest<T> {
    pub found: Option<(f32, T)>,
}

impl<T> Default for Nearest<T> {
    fn default() -> Self {
        Self { found: None }
    }
}

impl<T> Nearest<T> {
    /// Whether an item whose gap is at least `bound` (the distance between centres
    /// less both reaches, say) could still be the nearest. A millimetre's slack keeps
    /// rounding in the exact gap from ever making an item passed over the nearer.
    pub fn may_take(&self, bound: f32) -> bool {
        !self.found.as_ref().is_some_and(|(g, _)| bound > g + 1e-3)
    }

    /// Offers `item` at measure `g`: it is kept if nearer than the nearest so far, or
    /// as near with a lesser key.
    pub fn offer<K: Ord>(&mut self, g: f32, item: T, key: impl Fn(&T) -> K) {
        let nearer = self
            .found
            .as_ref()
            .is_none_or(|(bg, bt)| g.total_cmp(bg).then(key(&item).cmp(&key(bt))).is_lt());
        if nearer {
            self.found = Some((g, item));
        }
    }
}

/// Whether two bases' bounding squares come within `margin` of each other: the cheap
/// test that clears most pairs before the exact gap is measured.
fn within(a: &Placed, b: &Placed, margin: f32) -> bool {
    let reach = a.shape.reach() + b.shape.reach() + margin;
    let d = (a.center - b.center).abs();
    d.x <= reach && d.y <= reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_math::Vec2;

    fn round(x: f32, y: f32, d: f32) -> Placed {
        Placed::round(Vec2::new(x, y), d)
    }

    #[test]
    fn contact_is_within_five_hundredths() {
        let a = round(10.0, 10.0, 1.0);
        assert!(in_contact(&a, &round(11.04, 10.0, 1.0)));
        assert!(!in_contact(&a, &round(11.06, 10.0, 1.0)));
        assert!((gap(&a, &round(12.0, 10.0, 1.0)) - 1.0).abs() < 1e-4);
    }

    #[test]
    fn overlap_is_negative_gap() {
        let a = round(10.0, 10.0, 1.0);
        assert!(overlaps(&a, &round(10.5, 10.0, 1.0)));
        assert!(!overlaps(&a, &round(11.0, 10.0, 1.0)));
    }

    /// A die for a test's layouts: a number below `n`, in steps of `n` / 200.
    fn die(seed: u64) -> impl FnMut(f32) -> f32 {
        let mut dice = warband_rules::DiceRoller::from_seed(seed);
        move |n| f32::from(dice.face(warband_rules::Die(200))) / 200.0 * n
    }

    /// A rectangular base of a random size, turned at random, somewhere on a square
    /// `spread` inches a side.
    fn scattered(at: &mut impl FnMut(f32) -> f32, spread: f32) -> Placed {
        Placed {
            shape: BaseShape::Rect {
                width: 0.5 + at(3.0),
                depth: 0.5 + at(2.0),
            },
            center: Vec2::new(at(spread), at(spread)),
            facing: at(6.3),
        }
    }

    #[test]
    fn nearest_is_the_least_of_every_gap_then_id() {
        let mut at = die(5);
        for case in 0..300 {
            let mut base = || scattered(&mut at, 30.0);
            let from = base();
            let others: Vec<(u32, Placed)> = (0..case % 9).map(|i| (i, base())).collect();
            let every = others
                .iter()
                .map(|(id, b)| (gap(&from, b), *id))
                .min_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            let found = nearest(&from, &others, |o| &o.1, |o| o.0).map(|(g, o)| (g, o.0));
            assert_eq!(found, every, "case {case}");
        }
    }

    /// Rectangles scattered and turned, at distances either side of 6": `gap_at_most`
    /// answers as the gap does, both ways (a test that could not fail would see one).
    #[test]
    fn gap_at_most_is_the_gap_compared() {
        let mut at = die(11);
        let mut seen = [0; 2];
        for case in 0..2000 {
            let (a, b) = (scattered(&mut at, 20.0), scattered(&mut at, 20.0));
            let r = at(8.0);
            let near = gap(&a, &b) <= r;
            assert_eq!(
                gap_at_most(&a, &b, r),
                near,
                "case {case}: {a:?} {b:?} within {r}"
            );
            seen[usize::from(near)] += 1;
        }
        assert!(seen.iter().all(|n| *n > 300), "{seen:?}");
    }

    #[test]
    fn rectangular_bases_use_their_outline_not_the_centre() {
        // A 1.6" × 0.8" base facing up, and a round base 0.6" above its front edge
        // centre: centres are 1.1" apart, outlines 0.2" apart.
        let rect = Placed {
            shape: BaseShape::Rect {
                width: 1.6,
                depth: 0.8,
            },
            center: Vec2::new(5.0, 5.0),
            facing: 0.0,
        };
        let ball = round(5.0, 6.1, 0.6);
        assert!((gap(&rect, &ball) - 0.4).abs() < 1e-4);
        let side = round(5.0 + 0.8 + 0.3 + 0.03, 5.0, 0.6);
        assert!(in_contact(&rect, &side));
    }
}
