//! A move put on whole AP: a play-tester paid 2 AP for a move of 1.11" where 1" cost
//! one, because the pointer lay a hair past the first AP's reach. The ghost and the
//! click take the end of the last AP paid for, or of the one before, whichever lies
//! nearer the pointer, as the engine prices the way (rough ground halves an AP's
//! stretch). Shift held keeps the distance as pointed.

use warband_rules::toy_soldier::{Step, move_step};
use warband_toy_soldier::actions::check_move;
use warband_toy_soldier::battle::{Activation, View};

use bevy::prelude::*;

/// Finest step of the search, in inches.
const FINEST: f32 = 0.05;

/// `inches` the way `step`, moved to the nearer end of a whole AP's move, where the
/// engine allows a move there that charges as the pointed one does (or not at all). A
/// move `blocked` short of the pointer (a house, a wall) pays for its last AP only where
/// that AP carries it at least half its stride: a play-tester paid 3 AP for 4.65" where
/// 4" cost 2.
pub fn on_ap_marks(
    world: &World,
    (v, a): (&View, &Activation),
    step: Step,
    (inches, blocked): (f32, bool),
) -> f32 {
    let Ok(pointed) = check_move(world, v, a, step, inches) else {
        return inches;
    };
    // Whether a move of `d` is allowed, costs at most `ap` and charges as pointed.
    let within = |d: f32, ap: u32| {
        check_move(world, v, a, step, d).is_ok_and(|p| p.ap <= ap && p.charged == pointed.charged)
    };
    let per = move_step(v.unit.kind, step);
    let furthest = |ap: u32, from: f32| {
        // An AP never carries further than over open ground.
        let lo = last_true((from, per * ap as f32 + FINEST), FINEST / 4.0, |d| {
            within(d, ap)
        });
        // A whole AP's move ends on a half stride (rough ground halves one): the found
        // end, a hair short of it ("3.99\""), is put on it where the engine allows.
        let half = per / 2.0;
        let mark = (lo / half).round() * half;
        if (mark - lo).abs() < FINEST && within(mark, ap) {
            mark
        } else {
            lo
        }
    };
    let up = furthest(pointed.ap, inches);
    let down = (pointed.ap > 1 && within(FINEST, pointed.ap - 1))
        .then(|| furthest(pointed.ap - 1, FINEST));
    // A blocked move's last AP is weighed against the stride the AP before it carried
    // (half an open one on rough ground), the way it would have gone on.
    let stride = |d: f32| match pointed.ap {
        0..=2 => d,
        ap => d - furthest(ap - 2, FINEST),
    };
    match down {
        Some(d) if blocked && up - d < stride(d) / 2.0 => d,
        Some(d) if inches - d < up - inches => d,
        _ => up,
    }
}

/// The furthest distance in `(lo, hi)` that `ok` allows, to within `finest`, found by
/// halving: `ok` holds at `lo` (and is taken to hold no further once it fails).
pub fn last_true((mut lo, mut hi): (f32, f32), finest: f32, ok: impl Fn(f32) -> bool) -> f32 {
    while hi - lo > finest {
        let mid = (lo + hi) / 2.0;
        if ok(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Whether Shift is held: the move then goes as pointed, not to a whole AP.
pub fn exact(keys: Option<Res<ButtonInput<KeyCode>>>, mut toy: ResMut<super::ToySelection>) {
    toy.exact = keys.is_some_and(|k| k.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]));
}
