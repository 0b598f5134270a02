//! A memo of the exact gap between two bases, one per thread: the gap is a pure
//! function of the two bases, so an answer remembered is the answer computed, bit for
//! bit, and no battle plays differently for it. A player weighing a turn asks the gap
//! of the same pairs many times over (who is near whom, who could reach whom); between
//! a round base and a rectangle each answer is a GJK query, between two rectangles a
//! closed form that costs more than the memo's look-up.
//!
//! Direct-mapped: each pair of bases has one slot, found by a hash of their bits, and a
//! new pair there takes the slot over. A slot is used only when both bases match it
//! exactly.

use super::shapes::{BaseShape, Placed};
use std::cell::RefCell;

/// Slots per thread (a power of two).
const SLOTS: usize = 4096;

/// A base as bits: its shape, centre and facing.
type Key = [u32; 5];

fn key(p: &Placed) -> Key {
    let (kind, w, d) = match p.shape {
        BaseShape::Round { diameter } => (0, diameter.to_bits(), 0),
        BaseShape::Rect { width, depth } => (1, width.to_bits(), depth.to_bits()),
    };
    [
        kind ^ w.rotate_left(1),
        d,
        p.center.x.to_bits(),
        p.center.y.to_bits(),
        p.facing.to_bits(),
    ]
}

#[derive(Clone, Copy)]
struct Slot {
    a: Key,
    b: Key,
    shapes: [BaseShape; 2],
    gap: f32,
}

thread_local! {
    static MEMO: RefCell<Vec<Option<Slot>>> = RefCell::new(vec![None; SLOTS]);
}

fn slot_of(a: &Key, b: &Key) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in a.iter().chain(b) {
        h = (h ^ u64::from(*w)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    (h ^ (h >> 29)) as usize & (SLOTS - 1)
}

/// `gap(a, b)`, remembered.
pub(super) fn remembered(a: &Placed, b: &Placed, gap: impl FnOnce(&Placed, &Placed) -> f32) -> f32 {
    let (ka, kb) = (key(a), key(b));
    let i = slot_of(&ka, &kb);
    let shapes = [a.shape, b.shape];
    let hit = MEMO.with_borrow(|m| {
        m[i].filter(|s| s.a == ka && s.b == kb && s.shapes == shapes)
            .map(|s| s.gap)
    });
    if let Some(g) = hit {
        return g;
    }
    let g = gap(a, b);
    MEMO.with_borrow_mut(|m| {
        m[i] = Some(Slot {
            a: ka,
            b: kb,
            shapes,
            gap: g,
        });
    });
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_math::Vec2;

    fn rect(x: f32, facing: f32) -> Placed {
        Placed {
            shape: BaseShape::Rect {
                width: 2.0,
                depth: 1.0,
            },
            center: Vec2::new(x, 0.0),
            facing,
        }
    }

    #[test]
    fn a_remembered_gap_is_the_gap_of_exactly_those_bases() {
        let calls = std::cell::Cell::new(0);
        let measure = |a: &Placed, b: &Placed| {
            calls.set(calls.get() + 1);
            b.center.x - a.center.x
        };
        let (a, b) = (rect(0.0, 0.0), rect(5.0, 0.0));
        assert_eq!(remembered(&a, &b, measure), 5.0);
        assert_eq!(remembered(&a, &b, measure), 5.0);
        assert_eq!(calls.get(), 1, "asked once");
        // The other way round, turned by a hair, or moved by a hair: measured afresh.
        assert_eq!(remembered(&b, &a, measure), -5.0);
        let turned = rect(5.0, f32::from_bits(1));
        remembered(&a, &turned, measure);
        let moved = rect(5.0 + f32::EPSILON * 8.0, 0.0);
        assert_ne!(remembered(&a, &moved, measure), 5.0);
        assert_eq!(calls.get(), 4);
    }
}
