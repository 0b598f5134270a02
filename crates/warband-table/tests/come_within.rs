//! `may_come_within` may say yes when the bases never meet, but never no when they do:
//! a player skips the moves it rules out, so one wrongly ruled out would change play.

use bevy_math::Vec2;
use warband_table::geometry::{BaseShape, CONTACT_GAP, Placed, in_contact, may_come_within};

/// Bases of both shapes at many places and facings about a mover of each shape moving
/// many ways: where a way is ruled out, no point of it is in contact; and the cases
/// include ways ruled out, ways that touch, and ways ruled in that never touch.
#[test]
fn a_way_ruled_out_never_comes_into_contact() {
    let shapes = [
        BaseShape::Round { diameter: 1.0 },
        BaseShape::Rect {
            width: 4.0,
            depth: 1.5,
        },
    ];
    let (mut ruled_out, mut touching, mut ruled_in_missing) = (0, 0, 0);
    for (i, &ms) in shapes.iter().enumerate() {
        for &os in &shapes {
            for step in 0..24 {
                let a = step as f32 * 0.27;
                let mover = Placed {
                    shape: ms,
                    center: Vec2::new(10.0, 10.0),
                    facing: a * (i as f32 + 1.0),
                };
                let delta = Vec2::new(a.cos(), a.sin()) * (1.0 + step as f32 * 0.3);
                for k in 0..60 {
                    let b = k as f32 * 0.61;
                    let out = 1.0 + k as f32 * 0.15;
                    let other = Placed {
                        shape: os,
                        center: mover.center + Vec2::new(b.cos(), b.sin()) * out,
                        facing: b,
                    };
                    let meets = (0..=40).any(|f| {
                        let along = mover.at(mover.center + delta * (f as f32 / 40.0));
                        in_contact(&along, &other)
                    });
                    let ruled_in = may_come_within(&mover, delta, &other, CONTACT_GAP);
                    assert!(
                        ruled_in || !meets,
                        "{mover:?} along {delta} meets {other:?}"
                    );
                    ruled_out += usize::from(!ruled_in);
                    touching += usize::from(meets);
                    ruled_in_missing += usize::from(ruled_in && !meets);
                }
            }
        }
    }
    assert!(ruled_out > 500, "{ruled_out} ruled out");
    assert!(touching > 100, "{touching} touching");
    assert!(
        ruled_in_missing > 50,
        "{ruled_in_missing} ruled in, never touching"
    );
}
