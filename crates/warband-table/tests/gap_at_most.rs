//! `gap_at_most(a, b, r)` answers `gap(a, b) <= r` without measuring the gap where the
//! bases' centres settle it: too far apart for their outer circles to come within `r`,
//! or near enough for their inner circles to. Players ask it of every pair they weigh,
//! so an answer that differed from the gap's would change play.

mod common;

use bevy_math::Vec2;
use common::Stream;
use warband_table::geometry::{BaseShape, Placed, gap, gap_at_most};

#[test]
fn it_answers_as_the_gap_does() {
    let mut stream = Stream(0x853c_49e6_748f_ea9b);
    let mut unit = move || stream.unit();
    let (mut yes, mut no, mut overlapping) = (0, 0, 0);
    for _ in 0..100_000 {
        let mut base = || {
            let u = unit();
            Placed {
                shape: if u < 0.3 {
                    BaseShape::Round { diameter: 1.0 }
                } else {
                    BaseShape::Rect {
                        width: 1.0 + 4.0 * u,
                        depth: 0.5 + u,
                    }
                },
                center: Vec2::new(unit(), unit()) * 12.0,
                facing: unit() * 6.3,
            }
        };
        let (a, b) = (base(), base());
        let r = unit() * 10.0 - 1.0;
        let g = gap(&a, &b);
        assert_eq!(gap_at_most(&a, &b, r), g <= r, "{a:?} {b:?} r {r}: gap {g}");
        yes += usize::from(g <= r);
        no += usize::from(g > r);
        overlapping += usize::from(g < 0.0);
    }
    assert!(yes > 20_000 && no > 20_000, "{yes} within, {no} not");
    assert!(overlapping > 1_000, "{overlapping} overlapping");
}
