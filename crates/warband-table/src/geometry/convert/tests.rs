use super::*;

/// Two ranks touching face to face, as a Toy Soldier battle left them: parry's
/// contact query finds no contact this way round, and the pair measured 2.59"
/// apart (out of contact) when parry measured rectangles.
#[test]
fn ranks_touching_face_to_face_are_in_contact() {
    let rank = |x: f32, y: f32, facing: f32| Placed {
        shape: BaseShape::Rect {
            width: 1.6,
            depth: 0.8,
        },
        center: Vec2::new(x, y),
        facing,
    };
    let a = rank(3.678_271, 12.336_777, 0.394_087_88);
    let b = rank(3.371_097, 13.075_456, -2.747_505);
    for (x, y) in [(&a, &b), (&b, &a)] {
        let g = signed_gap(x, y);
        assert!(g.abs() < 1e-4, "gap {g}");
    }
    assert!(crate::geometry::in_contact(&a, &b));
}

#[test]
fn segment_clipping_by_hand() {
    let square = convex_polygon(&[
        Vec2::new(2.0, 2.0),
        Vec2::new(4.0, 2.0),
        Vec2::new(4.0, 4.0),
        Vec2::new(2.0, 4.0),
    ])
    .unwrap();
    let (a, b) = segment_inside(&square, Vec2::new(0.0, 3.0), Vec2::new(10.0, 3.0)).unwrap();
    assert!((a - 0.2).abs() < 1e-6 && (b - 0.4).abs() < 1e-6);
    let (a, b) = segment_inside(&square, Vec2::new(3.0, 3.0), Vec2::new(3.0, 13.0)).unwrap();
    assert!(a.abs() < 1e-6 && (b - 0.1).abs() < 1e-6);
    assert_eq!(
        segment_inside(&square, Vec2::new(0.0, 5.0), Vec2::new(10.0, 5.0)),
        None
    );
    assert!(polygon_contains(&square, Vec2::new(3.0, 3.0)));
    assert!(!polygon_contains(&square, Vec2::new(5.0, 3.0)));
    let circle = Placed::round(Vec2::new(5.0, 0.0), 2.0);
    let t = ray_enters_base(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0), &circle);
    assert!((t.unwrap() - 0.4).abs() < 1e-6);
}

/// The closed forms for a round base against a polygon agree with parry.
#[test]
fn ball_polygon_matches_parry() {
    let poly = convex_polygon(&[
        Vec2::new(10.0, 8.0),
        Vec2::new(13.0, 9.0),
        Vec2::new(12.0, 13.0),
        Vec2::new(9.0, 12.0),
    ])
    .unwrap();
    let cases = [
        (Vec2::new(5.0, 10.0), Vec2::new(8.0, 0.0)),
        (Vec2::new(5.0, 5.0), Vec2::new(6.0, 6.0)),
        (Vec2::new(5.0, 15.0), Vec2::new(10.0, 0.0)),
        (Vec2::new(14.0, 5.0), Vec2::new(-2.0, 2.0)),
        (Vec2::new(8.4, 10.0), Vec2::new(-3.0, 0.0)),
        (Vec2::new(16.0, 12.0), Vec2::new(-3.0, 0.5)),
    ];
    for (c, delta) in cases {
        let base = Placed::round(c, 1.0);
        let fast = sweep_hit_polygon(&base, delta, &poly, &polygon_points(&poly));
        let cm = Collider::of(base.shape);
        let slow = cast(&pose(&base), delta, cm.shape(), &Pose::identity(), &poly);
        match (fast, slow) {
            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-3, "{c} {delta}: {a} v {b}"),
            (a, b) => assert_eq!(a.is_some(), b.is_some(), "{c} {delta}: {a:?} v {b:?}"),
        }
        let gap_fast = base_polygon_gap(&base, &poly, &polygon_points(&poly));
        let gap_slow = query::distance(&pose(&base), cm.shape(), &Pose::identity(), &poly)
            .unwrap()
            .distance;
        assert!(
            (gap_fast.max(0.0) - gap_slow).abs() < 1e-4,
            "{c}: {gap_fast} v {gap_slow}"
        );
    }
}

/// The closed form for two round bases agrees with parry's general shape cast.
#[test]
fn ball_sweep_matches_parry() {
    let cases = [
        (
            Vec2::new(0.0, 0.0),
            Vec2::new(5.0, 0.0),
            Vec2::new(3.0, 0.2),
        ),
        (
            Vec2::new(0.0, 0.0),
            Vec2::new(5.0, 5.0),
            Vec2::new(3.0, 2.0),
        ),
        (
            Vec2::new(0.0, 0.0),
            Vec2::new(-5.0, 0.0),
            Vec2::new(3.0, 0.0),
        ),
        (
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(3.5, 0.0),
        ),
        (
            Vec2::new(0.0, 0.0),
            Vec2::new(0.0, 4.0),
            Vec2::new(0.9, 2.0),
        ),
    ];
    for (from, delta, other) in cases {
        let (m, o) = (Placed::round(from, 1.0), Placed::round(other, 1.2));
        let fast = sweep_hit(&m, delta, &o);
        let (cm, co) = (Collider::of(m.shape), Collider::of(o.shape));
        let slow = cast(&pose(&m), delta, cm.shape(), &pose(&o), co.shape());
        match (fast, slow) {
            (Some(a), Some(b)) => {
                assert!((a - b).abs() < 1e-4, "{from} {delta} {other}: {a} v {b}")
            }
            (a, b) => assert_eq!(
                a.is_some(),
                b.is_some(),
                "{from} {delta} {other}: {a:?} v {b:?}"
            ),
        }
    }
}
