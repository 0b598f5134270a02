//! The turn: activation tokens and their escalating cost, action points, and what an AP
//! of movement buys (seed: "For 1AP a unit can move 2 inches forward…").

use super::unit::Kind;
use serde::{Deserialize, Serialize};

/// Tokens a side has each turn: 2 per unit it started the battle with (losses do not
/// shrink it).
pub fn tokens_per_turn(starting_units: u32) -> u32 {
    2 * starting_units
}

/// What activating a unit costs, given the tokens already spent on it this turn: 1 the
/// first time, then as many as already spent (1, 1, 2, 4, 8 …).
pub fn activation_cost(spent_this_turn: u32) -> u32 {
    spent_this_turn.max(1)
}

/// AP for an activation: the activation die, +1 for the Command unit or a unit within
/// 6" of it.
pub fn activation_ap(roll: u8, commander_near: bool) -> u32 {
    u32::from(roll) + u32::from(commander_near)
}

/// Which way a move goes, relative to the unit's facing (moving never turns it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    Forward,
    Back,
    Left,
    Right,
}

impl Step {
    pub const ALL: [Step; 4] = [Step::Forward, Step::Back, Step::Left, Step::Right];

    /// The direction in the unit's own frame (front towards +y).
    pub fn local(self) -> (f32, f32) {
        match self {
            Step::Forward => (0.0, 1.0),
            Step::Back => (0.0, -1.0),
            Step::Left => (-1.0, 0.0),
            Step::Right => (1.0, 0.0),
        }
    }
}

/// Inches one AP moves: 2" forward, 1" sideways or back; cavalry double, artillery half.
pub fn move_step(kind: Kind, step: Step) -> f32 {
    let base = if step == Step::Forward { 2.0 } else { 1.0 };
    match kind {
        Kind::Infantry => base,
        Kind::Cavalry => base * 2.0,
        Kind::Artillery => base / 2.0,
    }
}

/// Where each AP of a straight move ends, in inches along it: an AP goes `per_ap`, or
/// half that if any of its stretch would lie in rough ground (`rough`: the stretches of
/// the path inside rough terrain, in inches from its start). RULINGS reads "an AP that
/// starts or ends in rough ground is halved"; crossing a strip narrower than a stride
/// counts too, so a river is never jumped.
fn strides(per_ap: f32, rough: &[(f32, f32)]) -> impl Iterator<Item = f32> + '_ {
    let touches = move |a: f32, b: f32| rough.iter().any(|(lo, hi)| *lo <= b && *hi >= a);
    std::iter::successors(Some(0.0f32), move |x| {
        let stride = if touches(*x, x + per_ap) {
            per_ap / 2.0
        } else {
            per_ap
        };
        Some(x + stride)
    })
    .skip(1)
}

/// AP a straight move of `length` inches costs at `per_ap` inches an AP (a part of an
/// AP is a whole one).
pub fn ap_for_move(length: f32, per_ap: f32, rough: &[(f32, f32)]) -> u32 {
    if length <= 1e-4 {
        return 0;
    }
    let mut ap = 0;
    for end in strides(per_ap, rough) {
        ap += 1;
        if end >= length - 1e-4 {
            break;
        }
    }
    ap
}

/// The most one pivot turns, for its 1 AP (seed: "pivots up to 90°").
pub const MOST_PIVOT: f32 = 90.0;

/// What a pivot costs (seed: "1 AP: pivot up to 90°").
pub const PIVOT_AP: u32 = 1;

/// How far `ap` AP carry a straight move at `per_ap` inches an AP.
pub fn reach(ap: u32, per_ap: f32, rough: &[(f32, f32)]) -> f32 {
    if ap == 0 {
        return 0.0;
    }
    strides(per_ap, rough).nth(ap as usize - 1).unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_cost_one_one_two_four_eight() {
        let mut spent = 0;
        let costs: Vec<u32> = (0..5)
            .map(|_| {
                let c = activation_cost(spent);
                spent += c;
                c
            })
            .collect();
        assert_eq!(costs, [1, 1, 2, 4, 8]);
        assert_eq!(tokens_per_turn(5), 10);
    }

    #[test]
    fn the_commander_adds_one_ap() {
        assert_eq!(activation_ap(4, false), 4);
        assert_eq!(activation_ap(4, true), 5);
    }

    #[test]
    fn paces_by_kind_and_direction() {
        assert_eq!(move_step(Kind::Infantry, Step::Forward), 2.0);
        assert_eq!(move_step(Kind::Infantry, Step::Left), 1.0);
        assert_eq!(move_step(Kind::Cavalry, Step::Forward), 4.0);
        assert_eq!(move_step(Kind::Cavalry, Step::Back), 2.0);
        assert_eq!(move_step(Kind::Artillery, Step::Forward), 1.0);
        assert_eq!(move_step(Kind::Artillery, Step::Right), 0.5);
    }

    #[test]
    fn open_ground_costs_a_whole_ap_per_stride_started() {
        assert_eq!(ap_for_move(0.0, 2.0, &[]), 0);
        assert_eq!(ap_for_move(2.0, 2.0, &[]), 1);
        assert_eq!(ap_for_move(2.1, 2.0, &[]), 2);
        assert_eq!(ap_for_move(6.0, 2.0, &[]), 3);
        assert_eq!(reach(3, 2.0, &[]), 6.0);
    }

    #[test]
    fn rough_ground_halves_every_ap_that_touches_it() {
        // Rough from 3" to 5": AP 1 covers 0-2 (clear), AP 2 would reach 4 (rough) so
        // covers 2-3, then 3-4, 4-5, 5-6 (starts on the edge), then 6-8 clear.
        let rough = [(3.0, 5.0)];
        assert_eq!(reach(1, 2.0, &rough), 2.0);
        assert_eq!(reach(2, 2.0, &rough), 3.0);
        assert_eq!(reach(5, 2.0, &rough), 6.0);
        assert_eq!(reach(6, 2.0, &rough), 8.0);
        assert_eq!(ap_for_move(8.0, 2.0, &rough), 6);
        // A strip narrower than a stride still slows the AP that crosses it.
        assert_eq!(ap_for_move(4.0, 2.0, &[(2.5, 2.7)]), 3);
    }
}
