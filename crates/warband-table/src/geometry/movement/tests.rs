//! Legal moves: ordered keys, checks, sweeps and the furthest legal end.

use super::super::shapes::TerrainFlags;
use super::super::shapes::square;
use super::*;

/// Ordered bits sort as `total_cmp` does, and give back the number they came from.
#[test]
fn ordered_bits_keep_total_order() {
    let mut xs = vec![0.0, -0.0, 1.0, -1.0, 1e-30, -1e-30, f32::MAX, f32::MIN];
    xs.extend([
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -f32::NAN,
        3.25,
        -7.5,
    ]);
    xs.extend((0..500).map(|i| (i as f32 - 250.0) * 0.037));
    for a in &xs {
        assert_eq!(
            f32::from_bits(from_ordered_bits(ordered_bits(*a))).to_bits(),
            a.to_bits()
        );
        for b in &xs {
            assert_eq!(
                ordered_bits(*a).cmp(&ordered_bits(*b)),
                a.total_cmp(b),
                "{a} {b}"
            );
        }
    }
}

const TABLE: Vec2 = Vec2::new(48.0, 36.0);

fn mover(x: f32, y: f32) -> Mover {
    Mover {
        id: ModelId(1),
        base: Placed::round(Vec2::new(x, y), 1.0),
        allowance: 4.0,
    }
}

fn other(id: ModelId, x: f32, y: f32, enemy: bool) -> Other {
    Other {
        id,
        base: Placed::round(Vec2::new(x, y), 1.0),
        enemy,
    }
}

#[test]
fn within_allowance_is_legal() {
    let m = check_move(&mover(10.0, 10.0), Vec2::new(13.0, 10.0), TABLE, &[], &[]).unwrap();
    assert_eq!(m.end, Vec2::new(13.0, 10.0));
    assert!((m.cost - 3.0).abs() < 1e-5);
    assert!(m.charged.is_empty());
}

#[test]
fn beyond_allowance_is_refused() {
    let err = check_move(&mover(10.0, 10.0), Vec2::new(15.0, 10.0), TABLE, &[], &[]);
    assert!(matches!(err, Err(MoveError::TooFar { .. })));
}

#[test]
fn leaving_the_table_is_refused() {
    let err = check_move(&mover(1.0, 10.0), Vec2::new(0.2, 10.0), TABLE, &[], &[]);
    assert_eq!(err, Err(MoveError::OffTable));
}

#[test]
fn moving_into_an_enemy_snaps_to_contact_and_charges() {
    let enemy = other(ModelId(7), 13.0, 10.0, true);
    let m = check_move(
        &mover(10.0, 10.0),
        Vec2::new(13.5, 10.0),
        TABLE,
        &[enemy],
        &[],
    )
    .unwrap();
    assert!((m.end.x - 12.0).abs() < 1e-3, "{m:?}");
    assert_eq!(m.charged, vec![7]);
}

#[test]
fn passing_through_a_friend_is_refused() {
    let friend = other(ModelId(3), 12.0, 10.0, false);
    let err = check_move(
        &mover(10.0, 10.0),
        Vec2::new(14.0, 10.0),
        TABLE,
        &[friend],
        &[],
    );
    assert_eq!(err, Err(MoveError::PassesThrough { id: ModelId(3) }));
}

#[test]
fn blocking_terrain_stops_a_move_and_rough_costs_double() {
    let house = square(
        11.0,
        8.0,
        12.0,
        12.0,
        TerrainFlags {
            blocks_movement: true,
            blocks_sight: true,
            ..TerrainFlags::default()
        },
    );
    let err = check_move(
        &mover(10.0, 10.0),
        Vec2::new(13.0, 10.0),
        TABLE,
        &[],
        &[house],
    );
    assert_eq!(err, Err(MoveError::Blocked { terrain: 0 }));
    let wood = square(
        11.0,
        8.0,
        12.0,
        12.0,
        TerrainFlags {
            rough: true,
            ..TerrainFlags::default()
        },
    );
    // 3" of move, 1" of it inside the wood: costs 4".
    assert!(
        (move_cost(
            Vec2::new(10.0, 10.0),
            Vec2::new(13.0, 10.0),
            std::slice::from_ref(&wood)
        ) - 4.0)
            .abs()
            < 1e-4
    );
    let err = check_move(
        &mover(10.0, 10.0),
        Vec2::new(13.5, 10.0),
        TABLE,
        &[],
        &[wood],
    );
    assert!(matches!(err, Err(MoveError::TooFar { .. })));
}

#[test]
fn moving_away_from_a_touching_enemy_is_not_a_charge() {
    let enemy = other(ModelId(9), 11.0, 10.0, true);
    let m = check_move(
        &mover(10.0, 10.0),
        Vec2::new(7.0, 10.0),
        TABLE,
        &[enemy],
        &[],
    )
    .unwrap();
    assert_eq!(m.end, Vec2::new(7.0, 10.0));
    assert!(m.charged.is_empty());
}

#[test]
fn furthest_legal_clamps_to_the_allowance() {
    let m = furthest_legal(&mover(10.0, 10.0), Vec2::new(20.0, 10.0), TABLE, &[], &[]);
    assert!((m.end.x - 14.0).abs() < 1e-3, "{m:?}");
}

mod furthest {
    use super::super::super::shapes::TerrainFlags;
    use super::super::*;

    fn mover(x: f32, y: f32) -> Mover {
        Mover {
            id: ModelId(1),
            base: Placed::round(Vec2::new(x, y), 1.0),
            allowance: 4.0,
        }
    }

    #[test]
    fn stops_at_the_table_edge_friends_and_rough_ground() {
        let table = Vec2::new(48.0, 36.0);
        let m = furthest_legal(&mover(2.0, 10.0), Vec2::new(-10.0, 10.0), table, &[], &[]);
        assert!((m.end.x - 0.5).abs() < 1e-3, "{m:?}");
        let friend = Other {
            id: ModelId(2),
            base: Placed::round(Vec2::new(13.0, 10.0), 1.0),
            enemy: false,
        };
        let m = furthest_legal(
            &mover(10.0, 10.0),
            Vec2::new(20.0, 10.0),
            table,
            &[friend],
            &[],
        );
        assert!(
            (m.end.x - 12.0).abs() < 1e-3 && m.charged.is_empty(),
            "{m:?}"
        );
        let wood = TerrainShape::new(
            vec![
                Vec2::new(11.0, 0.0),
                Vec2::new(30.0, 0.0),
                Vec2::new(30.0, 30.0),
                Vec2::new(11.0, 30.0),
            ],
            TerrainFlags {
                rough: true,
                ..TerrainFlags::default()
            },
        )
        .unwrap();
        // 1" in the open, then 3" of allowance buys 1.5" in the wood.
        let m = furthest_legal(
            &mover(10.0, 10.0),
            Vec2::new(20.0, 10.0),
            table,
            &[],
            &[wood],
        );
        assert!((m.end.x - 12.5).abs() < 1e-3, "{m:?}");
    }

    #[test]
    fn a_charge_snaps_to_the_first_enemy() {
        let enemy = Other {
            id: ModelId(5),
            base: Placed::round(Vec2::new(12.5, 10.0), 1.0),
            enemy: true,
        };
        let m = furthest_legal(
            &mover(10.0, 10.0),
            Vec2::new(20.0, 10.0),
            Vec2::new(48.0, 36.0),
            &[enemy],
            &[],
        );
        assert!((m.end.x - 11.5).abs() < 1e-3, "{m:?}");
        assert_eq!(m.charged, vec![5]);
    }
}

fn fleer(at: Vec2) -> Mover {
    Mover {
        id: ModelId(1),
        base: Placed::round(at, 0.5),
        allowance: 6.0,
    }
}

fn wall_west_of(x: f32) -> Vec<TerrainShape> {
    let corners = vec![
        Vec2::new(0.0, 0.0),
        Vec2::new(x, 0.0),
        Vec2::new(x, 30.0),
        Vec2::new(0.0, 30.0),
    ];
    let flags = TerrainFlags {
        blocks_movement: true,
        blocks_sight: true,
        ..TerrainFlags::default()
    };
    vec![TerrainShape::new(corners, flags).unwrap()]
}

/// An open way is taken straight away, the whole move.
#[test]
fn an_open_way_is_run_straight_away() {
    let m = fleer(Vec2::new(15.0, 15.0));
    let (end, toward) = flee_from(&m, Vec2::new(18.0, 15.0), Vec2::splat(30.0), &[], &[]);
    assert_eq!(end, FleeEnd::At(Vec2::new(9.0, 15.0)));
    assert_eq!(toward, Vec2::new(9.0, 15.0));
}

/// Backed against a cliff, a model runs along it rather than standing, and off the
/// table where the way along leads there.
#[test]
fn a_model_against_a_cliff_runs_along_it() {
    let cliff = wall_west_of(5.0);
    let m = fleer(Vec2::new(5.6, 15.0));
    let straight = flee_path(&m, Vec2::new(-0.4, 15.0), Vec2::splat(30.0), &[], &cliff);
    let barred = match straight {
        FleeEnd::Stays => true,
        FleeEnd::At(at) => at.distance(m.base.center) < 1.0,
        FleeEnd::OffTable => false,
    };
    assert!(barred, "the straight way is barred: {straight:?}");
    let (end, _) = flee_from(&m, Vec2::new(8.0, 14.0), Vec2::splat(30.0), &[], &cliff);
    let FleeEnd::At(at) = end else {
        panic!("{end:?}")
    };
    assert!(
        at.y > 20.0 && at.x >= 5.5,
        "runs north along the cliff: {at}"
    );
    let near_edge = fleer(Vec2::new(5.6, 27.0));
    let (end, toward) = flee_from(
        &near_edge,
        Vec2::new(8.0, 26.0),
        Vec2::splat(30.0),
        &[],
        &cliff,
    );
    assert_eq!(end, FleeEnd::OffTable);
    assert!(toward.y > 30.0, "drawn off the north edge: {toward}");
}

/// A way straight away that is only slowed (a friend four inches ahead stops a
/// six-inch flight at about three and a half) is still taken: the model is not turned
/// aside, nor off a side edge an inch away, to run on open ground.
#[test]
fn a_way_only_shortened_is_still_run_straight_away() {
    let m = fleer(Vec2::new(1.0, 15.0));
    let friend = Other {
        id: ModelId(2),
        base: Placed::round(Vec2::new(1.0, 10.5), 0.5),
        enemy: false,
    };
    let (end, _) = flee_from(&m, Vec2::new(1.0, 18.0), Vec2::splat(30.0), &[friend], &[]);
    let FleeEnd::At(at) = end else {
        panic!("{end:?}")
    };
    assert!(
        (at.x - 1.0).abs() < 1e-3 && at.y < 12.5,
        "straight on: {at}"
    );
}
