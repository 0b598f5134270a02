use super::*;

/// The key of a cell is the floor, as `floor` gives it, over the whole line.
#[test]
fn floor_keys_are_floors() {
    let mut values = vec![0.0, -0.0, 0.5, -0.5, 1.0, -1.0, -1.5, 2.999_999, -2.999_999];
    values.extend([
        f32::MAX,
        f32::MIN,
        3.0e9,
        -3.0e9,
        2.147_483_6e9,
        -2.147_483_6e9,
    ]);
    values.extend([
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        f32::EPSILON,
        -f32::EPSILON,
    ]);
    values.extend((0..20_000).map(|i| (i as f32 - 10_000.0) * 0.013_7));
    for v in values {
        assert_eq!(floor_key(v), v.floor() as i32, "{v}");
    }
}

#[test]
fn close_pairs_are_every_pair_near_enough_and_no_other() {
    // A grid of bases 1" across with random-ish offsets: compare with all pairs.
    let bases: Vec<Placed> = (0..200u32)
        .map(|i| {
            let (x, y) = ((i * 37 % 23) as f32 * 0.9, (i * 53 % 19) as f32 * 0.7);
            Placed::round(Vec2::new(x, y), 1.0)
        })
        .collect();
    let mut fast = close_pairs(&bases, |b| b, 0.05);
    fast.sort_unstable();
    let mut all = Vec::new();
    for i in 0..bases.len() {
        for j in i + 1..bases.len() {
            let (a, b) = (bases[i].center, bases[j].center);
            if (a.x - b.x).abs() <= 1.05 && (a.y - b.y).abs() <= 1.05 {
                all.push((i, j));
            }
        }
    }
    assert!(!all.is_empty());
    assert_eq!(fast, all);
}

/// Bases of two sizes scattered over a 60" table, some moved, some taken out: for
/// boxes of every size, `near` holds every base the box touches (measured exactly).
#[test]
fn near_finds_every_base_a_box_reaches() {
    let mut rng = 12345u64;
    let mut next = move || {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (rng >> 33) as f32 / (1u64 << 31) as f32
    };
    let mut grid = Grid::default();
    let mut bases = Vec::new();
    for i in 0..300u32 {
        let d = if i % 7 == 0 { 2.0 } else { 1.0 };
        let b = Placed::round(Vec2::new(next() * 60.0, next() * 60.0), d);
        grid.insert(i, &b);
        bases.push(Some(b));
    }
    for i in (0..300).step_by(3) {
        let old = bases[i].expect("placed");
        assert!(grid.remove(i as u32, &old));
        if i % 2 == 0 {
            bases[i] = None;
        } else {
            let moved = old.at(Vec2::new(next() * 60.0, next() * 60.0));
            grid.insert(i as u32, &moved);
            bases[i] = Some(moved);
        }
    }
    assert!(!grid.remove(0, &bases[1].expect("placed")), "0 is gone");
    // Boxes as wide as floats go, and one of NaNs, neither overflow nor panic.
    let huge = Vec2::splat(f32::MAX);
    let alive = bases.iter().filter(|b| b.is_some()).count();
    assert_eq!(grid.near(-huge, huge).len(), alive);
    assert!(grid.near(Vec2::NAN, Vec2::NAN).is_empty());
    for k in 0..200 {
        let size = if k % 10 == 0 { 80.0 } else { next() * 12.0 };
        let lo = Vec2::new(next() * 70.0 - 5.0, next() * 70.0 - 5.0);
        let hi = lo + Vec2::new(size, next() * size);
        let mut found = grid.near(lo, hi);
        found.sort_unstable();
        for (i, b) in bases.iter().enumerate() {
            let Some(b) = b else { continue };
            let (blo, bhi) = b.swept_bounds(Vec2::ZERO);
            let touches = blo.cmple(hi).all() && bhi.cmpge(lo).all();
            if touches {
                assert!(
                    found.binary_search(&(i as u32)).is_ok(),
                    "box {k} misses {i}"
                );
            }
            if found.binary_search(&(i as u32)).is_ok() {
                assert!(bases[i].is_some(), "box {k} found removed {i}");
            }
        }
    }
}

/// Bases far off any table are kept beside the window, found, and taken out; the
/// window grows to either side, and empties.
#[test]
fn far_bases_and_a_growing_window() {
    let mut grid = Grid::default();
    let at = |x: f32, y: f32| Placed::round(Vec2::new(x, y), 1.0);
    let places = [
        at(10.0, 10.0),
        at(-50.0, 30.0),
        at(90.0, -70.0),
        at(1.0e8, 5.0),
        at(-3.0e9, -3.0e9),
        at(1.0e8, 5.2),
    ];
    for (i, p) in places.iter().enumerate() {
        grid.insert(i, p);
    }
    assert_eq!(grid.len(), places.len());
    for (i, p) in places.iter().enumerate() {
        let found = grid.near(p.center, p.center);
        assert!(found.contains(&i), "{i} at {}", p.center);
    }
    let mut near = grid.near(Vec2::new(-60.0, -80.0), Vec2::new(100.0, 40.0));
    near.sort_unstable();
    assert_eq!(near, vec![0, 1, 2]);
    assert_eq!(
        grid.near(Vec2::new(0.99e8, 0.0), Vec2::new(1.01e8, 9.0))
            .len(),
        2
    );
    for (i, p) in places.iter().enumerate().rev() {
        assert!(grid.remove(i, p), "{i}");
        assert!(!grid.remove(i, p), "{i} twice");
    }
    assert!(grid.is_empty());
    assert_eq!(grid.len(), 0);
}

/// A base kept beside the window stays found, and can be taken out, once the window
/// grows over its cell.
#[test]
fn the_window_grows_over_a_base_kept_beside_it() {
    let mut grid = Grid::with_cell(1.0);
    let at = |x: f32| Placed::round(Vec2::new(x + 0.5, 0.5), 0.2);
    grid.insert(0, &at(0.0));
    // Too far for the window (-4..4 square) to reach without passing the limit …
    grid.insert(1, &at(7272.0));
    // … but this one widens it over 7,272 as well.
    grid.insert(2, &at(7271.0));
    // The rings hand out the base taken in from beside the window too, from either
    // end of it.
    for from in [7272.0, 0.0] {
        let (mut seen, mut k) = (Vec::new(), 0);
        while grid.ring_each(at(from).center, k, |t, _| seen.push(t)) {
            k = if k == 0 {
                grid.first_ring(at(from).center)
            } else {
                k + 1
            };
        }
        seen.sort_unstable();
        assert_eq!(seen, vec![0, 1, 2], "from {from}");
    }
    grid.insert(3, &at(7272.0));
    assert_eq!(grid.len(), 4);
    let mut found = grid.near(at(7272.0).center, at(7272.0).center);
    found.sort_unstable();
    assert_eq!(found, vec![1, 3]);
    for (i, x) in [(1, 7272.0), (3, 7272.0), (2, 7271.0), (0, 0.0)] {
        assert!(grid.remove(i, &at(x)), "{i}");
    }
    assert!(grid.is_empty());
}

/// Bases scattered over a 60" table and far off it: from points on and about the
/// table, the rings out from a point hold every base once, and rings 0 to `k` every
/// base whose centre lies within `k` cells of it.
#[test]
fn rings_hold_every_base_nearest_first() {
    let mut grid = Grid::with_cell(4.0);
    let mut centres = Vec::new();
    for i in 0..400u32 {
        let (x, y) = ((i * 37 % 61) as f32, (i * 53 % 59) as f32 + 0.3);
        let far = i % 97 == 96;
        let c = if far {
            Vec2::new(9.0e8, -3.0)
        } else {
            Vec2::new(x, y)
        };
        grid.insert(i, &Placed::round(c, 1.0));
        centres.push(c);
    }
    let points = [
        (0.0, 0.0),
        (30.5, 29.9),
        (-4.0, 12.0),
        (61.0, 0.1),
        (-300.0, 900.0),
    ];
    for p in points {
        let p = Vec2::new(p.0, p.1);
        let (mut seen, mut ring) = (Vec::new(), Vec::new());
        let mut k = 0;
        while grid.ring_each(p, k, |t, _| ring.push(t)) {
            seen.append(&mut ring);
            let within = (k as f32) * 4.0 - 1e-3;
            for (i, c) in centres.iter().enumerate() {
                if (*c - p).abs().max_element() <= within {
                    assert!(
                        seen.contains(&(i as u32)),
                        "{i} not in rings 0..={k} of {p}"
                    );
                }
            }
            // The rings between its own cell and the first that reaches where bases
            // have been filed hold nothing.
            let first = grid.first_ring(p);
            if k == 0 {
                for empty in 1..first {
                    assert!(grid.ring_each(p, empty, |t, _| ring.push(t)) && ring.is_empty());
                }
            }
            k = if k == 0 { first } else { k + 1 };
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..400).collect::<Vec<u32>>(), "from {p}");
    }
}
