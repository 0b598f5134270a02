//! The terrain art's tests: insets stay inside, every look draws, crowns keep to their
//! wood, water runs on.

use super::*;
use warband_table::table::TerrainKind;

fn piece(look: Look, corners: &[(f32, f32)]) -> TerrainDef {
    TerrainDef {
        name: format!("{look:?}"),
        kind: TerrainKind::Rough,
        corners: corners.to_vec(),
        look: Some(look),
    }
}

fn nothing() -> Around<'static> {
    Around {
        table: Vec2::splat(100.0),
        pieces: &[],
    }
}

/// Random convex outlines: the hull of a few points in a box of `size`.
fn hulls(size: f32) -> Vec<Vec<Vec2>> {
    let mut rng = Rng::new(7);
    (0..200)
        .map(|_| {
            let n = 3 + (rng.next_u64() % 9) as usize;
            let pts: Vec<Vec2> = (0..n)
                .map(|_| Vec2::new(rng.unit() * size, rng.unit() * size * rng.unit()))
                .collect();
            hull(pts)
        })
        .filter(|h| h.len() >= 3 && area(h) >= 1e-3)
        .collect()
}

fn hull(mut p: Vec<Vec2>) -> Vec<Vec2> {
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let mut h: Vec<Vec2> = Vec::new();
    for pass in 0..2 {
        let start = h.len();
        for q in p.iter().copied() {
            while h.len() >= start + 2
                && (h[h.len() - 1] - h[h.len() - 2]).perp_dot(q - h[h.len() - 2]) <= 0.0
            {
                h.pop();
            }
            h.push(q);
        }
        h.pop();
        if pass == 0 {
            p.reverse();
        }
    }
    h
}

#[test]
fn an_inset_stays_inside_its_outline_and_never_panics() {
    let thin = vec![
        Vec2::new(19.0, 17.7),
        Vec2::new(29.0, 17.7),
        Vec2::new(29.0, 18.2),
        Vec2::new(19.0, 18.2),
    ];
    let tiny = vec![Vec2::ZERO, Vec2::new(0.05, 0.0), Vec2::new(0.0, 0.04)];
    let clockwise: Vec<Vec2> = thin.iter().rev().copied().collect();
    let mut outlines = hulls(10.0);
    outlines.extend(hulls(0.2));
    outlines.extend([thin, tiny, clockwise]);
    for o in &outlines {
        let o = ccw(o);
        for d in [0.0, 0.01, 0.1, 0.25, 0.3, 1.0, 5.0, 100.0] {
            let inner = inset_all(&o, d);
            assert!(inner.is_empty() || inner.len() >= 3);
            for q in &inner {
                assert!(depth(&o, *q) >= d.min(10.0) - 1e-3, "{q} at {d} in {o:?}");
            }
        }
        let c = centroid(&o);
        for q in shrink(&o, 0.6, c) {
            assert!(depth(&o, q) >= -1e-4);
        }
    }
    // A wall half an inch thin insets to a strip a fifth of an inch wide, and to
    // nothing past its middle.
    let wall = ccw(&outlines[outlines.len() - 3]);
    assert!((Axes::of(&inset_all(&wall, 0.15)).half.y - 0.1).abs() < 1e-3);
    assert!(inset_all(&wall, 0.26).is_empty());
}

#[test]
fn every_look_draws_a_thin_wall_a_big_piece_and_a_speck() {
    let thin = [(19.0, 17.7), (29.0, 17.7), (29.0, 18.2), (19.0, 18.2)];
    let big = [
        (2.0, 3.0),
        (20.0, 1.0),
        (24.0, 14.0),
        (12.0, 22.0),
        (1.0, 15.0),
    ];
    let speck = [(5.0, 5.0), (5.04, 5.0), (5.0, 5.05)];
    let upright = [(5.0, 2.0), (5.5, 2.0), (5.5, 12.0), (5.0, 12.0)];
    for look in Look::ALL {
        for corners in [&thin[..], &big[..], &speck[..], &upright[..]] {
            let marks = draw(&piece(look, corners), 3, nothing());
            assert!(!marks.is_empty(), "{look:?} on {corners:?}");
            let again = draw(&piece(look, corners), 3, nothing());
            assert_eq!(marks.len(), again.len(), "{look:?} is deterministic");
            for m in &marks {
                for r in &m.rings {
                    assert!(r.iter().all(|p| p.is_finite()));
                }
            }
        }
    }
}

#[test]
fn a_wood_keeps_its_crowns_inside_its_outline() {
    let corners = [
        (6.0, 13.0),
        (13.0, 12.0),
        (15.0, 19.0),
        (10.0, 24.0),
        (5.0, 20.0),
    ];
    let outline = ccw(&corners.map(|(x, y)| Vec2::new(x, y)));
    let marks = plants::crowns(&outline, &mut Rng::new(5));
    assert!(marks.len() >= 6, "{}", marks.len());
    for (c, r) in marks {
        assert!(depth(&outline, c) >= r - 1e-3, "{c} {r}");
    }
}

#[test]
fn a_river_runs_on_at_the_table_edge_and_into_the_ford() {
    let table = Vec2::new(48.0, 36.0);
    let ford = vec![
        Vec2::new(20.0, 16.0),
        Vec2::new(27.0, 16.0),
        Vec2::new(27.0, 19.5),
        Vec2::new(20.0, 19.5),
    ];
    let others = [ford];
    let on = |a: (f32, f32), b: (f32, f32)| runs_on(a.into(), b.into(), table, &others);
    assert!(on((0.0, 20.0), (0.0, 16.5)), "the table's west edge");
    assert!(on((20.0, 16.0), (20.0, 19.5)), "the ford");
    assert!(!on((0.0, 16.5), (20.0, 16.0)), "the south bank");
    assert!(
        !on((5.0, 0.0), (5.0, 3.0)),
        "crossing the edge is not along it"
    );
}
