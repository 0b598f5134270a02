//! Bases with a facing (RULINGS, Toy Soldier): directions in a base's own frame, the
//! front/side/rear of a base cut by its diagonals, the front 90° arc, pivots about the
//! centre, and the mouse's hit-test of a turned rectangle.

use super::movement::{MoveError, Other};
use super::shapes::{BaseShape, Placed, TerrainShape};
use super::{in_contact, overlaps};
use crate::components::ModelId;
use bevy_math::Vec2;
use std::f32::consts::{FRAC_PI_4, PI, TAU};
use warband_rules::Aspect;

/// A direction in a base's frame (front towards +y) turned into the table's.
pub fn to_world(facing: f32, local: Vec2) -> Vec2 {
    Vec2::from_angle(facing).rotate(local)
}

/// A table point in a base's frame: relative to its centre, front towards +y.
pub fn to_local(base: &Placed, p: Vec2) -> Vec2 {
    Vec2::from_angle(-base.facing).rotate(p - base.center)
}

/// The direction the base's front edge faces.
pub fn front(base: &Placed) -> Vec2 {
    to_world(base.facing, Vec2::Y)
}

/// Half the base's width and depth (a round base is as wide as deep).
fn half_size(shape: BaseShape) -> Vec2 {
    match shape {
        BaseShape::Round { diameter } => Vec2::splat(diameter / 2.0),
        BaseShape::Rect { width, depth } => Vec2::new(width, depth) / 2.0,
    }
}

/// Which face of `target` a point (an attacker's centre) is before: the zones are cut
/// by the target's diagonals, extended. On a diagonal the front or rear wins.
pub fn aspect_of(target: &Placed, from: Vec2) -> Aspect {
    let p = to_local(target, from);
    let h = half_size(target.shape);
    // Beyond the front edge's diagonals: |x| / half width ≤ y / half depth.
    if p.x.abs() * h.y <= p.y * h.x + 1e-5 {
        Aspect::Front
    } else if p.x.abs() * h.y <= -p.y * h.x + 1e-5 {
        Aspect::Rear
    } else {
        Aspect::Side
    }
}

/// The corners of a base's outline (a round base: the corners of its bounding square
/// turned with it, enough for an arc test by angle).
pub fn corners(base: &Placed) -> [Vec2; 4] {
    let h = half_size(base.shape);
    [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .map(|(x, y)| base.center + to_world(base.facing, Vec2::new(x * h.x, y * h.y)))
}

/// Whether `target` lies at least partly in the front 90° of `shooter` (45° either side
/// of its facing, from its centre).
pub fn in_front_arc(shooter: &Placed, target: &Placed) -> bool {
    let toward = |p: Vec2| wrap(Vec2::Y.angle_to(to_local(shooter, p)));
    let centre = toward(target.center);
    if centre.abs() <= FRAC_PI_4 {
        return true;
    }
    if let BaseShape::Round { diameter } = target.shape {
        let d = target.center.distance(shooter.center).max(diameter / 2.0);
        let spread = (diameter / 2.0 / d).asin();
        return centre.abs() - spread <= FRAC_PI_4;
    }
    // The target's corners span an interval of bearings around its centre's (less than
    // a half turn, as the shooter stands outside it): does it reach the arc?
    let (mut lo, mut hi) = (0.0f32, 0.0f32);
    for c in corners(target) {
        let off = wrap(toward(c) - centre);
        lo = lo.min(off);
        hi = hi.max(off);
    }
    let reaches = |c: f32| c + lo <= FRAC_PI_4 && c + hi >= -FRAC_PI_4;
    reaches(centre) || reaches(centre - TAU) || reaches(centre + TAU)
}

/// An angle brought into (−π, π].
fn wrap(a: f32) -> f32 {
    let mut a = a % TAU;
    if a > PI {
        a -= TAU;
    } else if a <= -PI {
        a += TAU;
    }
    a
}

/// The base turned by `angle` radians (counter-clockwise) about its centre.
pub fn pivoted(base: &Placed, angle: f32) -> Placed {
    Placed {
        facing: wrap(base.facing + angle),
        ..*base
    }
}

/// A legal pivot: the turned base, and the enemies it now touches that it did not (a
/// pivot into contact is a charge).
#[derive(Clone, Debug, PartialEq)]
pub struct PivotCheck {
    pub base: Placed,
    pub charged: Vec<ModelId>,
}

/// Checks turning `base` by `angle` about its centre: it must stay on the table and
/// overlap no base and no terrain that blocks movement.
pub fn check_pivot(
    base: &Placed,
    angle: f32,
    table: Vec2,
    others: &[Other],
    terrain: &[TerrainShape],
) -> Result<PivotCheck, MoveError> {
    let turned = pivoted(base, angle);
    if !turned.on_table(table) {
        return Err(MoveError::OffTable);
    }
    if let Some(o) = others.iter().find(|o| overlaps(&turned, &o.base)) {
        return Err(MoveError::Overlaps { id: o.id });
    }
    if let Some(i) = terrain
        .iter()
        .position(|t| t.flags.blocks_movement && t.overlaps(&turned))
    {
        return Err(MoveError::Blocked { terrain: i });
    }
    let mut charged: Vec<ModelId> = others
        .iter()
        .filter(|o| o.enemy && in_contact(&turned, &o.base) && !in_contact(base, &o.base))
        .map(|o| o.id)
        .collect();
    charged.sort_unstable();
    Ok(PivotCheck {
        base: turned,
        charged,
    })
}

/// Whether a table point falls on the base (the mouse's hit-test).
pub fn hit(base: &Placed, p: Vec2) -> bool {
    match base.shape {
        BaseShape::Round { diameter } => p.distance(base.center) <= diameter / 2.0,
        BaseShape::Rect { .. } => {
            let l = to_local(base, p);
            let h = half_size(base.shape);
            l.x.abs() <= h.x && l.y.abs() <= h.y
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::FRAC_PI_2;

    fn unit(x: f32, y: f32, facing: f32) -> Placed {
        Placed {
            shape: BaseShape::Rect {
                width: 1.6,
                depth: 0.8,
            },
            center: Vec2::new(x, y),
            facing,
        }
    }

    #[test]
    fn zones_are_cut_by_the_diagonals() {
        let t = unit(10.0, 10.0, 0.0);
        assert_eq!(aspect_of(&t, Vec2::new(10.0, 11.0)), Aspect::Front);
        assert_eq!(aspect_of(&t, Vec2::new(10.0, 9.0)), Aspect::Rear);
        assert_eq!(aspect_of(&t, Vec2::new(11.5, 10.0)), Aspect::Side);
        // Diagonal through (0.8, 0.4): slope 1/2. A point at (2, 0.9) is beyond it in
        // front (0.9 > 1.0 is false): side; (2, 1.1) is front.
        assert_eq!(aspect_of(&t, Vec2::new(12.0, 10.9)), Aspect::Side);
        assert_eq!(aspect_of(&t, Vec2::new(12.0, 11.1)), Aspect::Front);
        // Turned to face +x, what was its right is its front.
        let turned = unit(10.0, 10.0, -FRAC_PI_2);
        assert_eq!(aspect_of(&turned, Vec2::new(11.5, 10.0)), Aspect::Front);
        assert_eq!(aspect_of(&turned, Vec2::new(8.5, 10.0)), Aspect::Rear);
        assert_eq!(aspect_of(&turned, Vec2::new(10.0, 11.5)), Aspect::Side);
    }

    #[test]
    fn the_front_arc_takes_targets_partly_inside() {
        let s = unit(10.0, 10.0, 0.0);
        assert!(in_front_arc(&s, &unit(10.0, 15.0, 0.0)));
        assert!(!in_front_arc(&s, &unit(10.0, 5.0, 0.0)));
        assert!(!in_front_arc(&s, &unit(16.0, 10.0, 0.0)));
        // Centre at 50° off the facing, but its near corner is inside 45°.
        let off =
            Vec2::new(10.0, 10.0) + Vec2::from_angle(40f32.to_radians()).rotate(Vec2::X) * 6.0;
        assert!(in_front_arc(&s, &unit(off.x, off.y, 0.0)));
        let far =
            Vec2::new(10.0, 10.0) + Vec2::from_angle(30f32.to_radians()).rotate(Vec2::X) * 6.0;
        assert!(!in_front_arc(&s, &unit(far.x, far.y, 0.0)));
        // Facing the other way, behind is in front.
        assert!(in_front_arc(&unit(10.0, 10.0, PI), &unit(10.0, 5.0, 0.0)));
    }

    #[test]
    fn pivots_turn_about_the_centre_and_may_not_overlap() {
        let a = unit(10.0, 10.0, 0.0);
        let neighbour = Other {
            id: ModelId(2),
            base: unit(10.0, 11.0, 0.0),
            enemy: false,
        };
        // One behind the other, 0.2" apart: turned 90°, the base is 1.6" deep and overlaps.
        let table = Vec2::splat(24.0);
        assert_eq!(
            check_pivot(&a, FRAC_PI_2, table, &[neighbour], &[]),
            Err(MoveError::Overlaps { id: ModelId(2) })
        );
        let ok = check_pivot(&a, FRAC_PI_2, table, &[], &[]).unwrap();
        assert!((front(&ok.base) - Vec2::new(-1.0, 0.0)).length() < 1e-5);
        assert!(check_pivot(&unit(10.0, 0.5, 0.0), FRAC_PI_2, table, &[], &[]).is_err());
    }

    #[test]
    fn the_mouse_hits_a_turned_rectangle() {
        let t = unit(10.0, 10.0, FRAC_PI_2);
        assert!(hit(&t, Vec2::new(10.3, 10.7)));
        assert!(!hit(&t, Vec2::new(10.7, 10.3)));
    }
}
