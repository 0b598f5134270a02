//! What people built: stone walls, houses, ruins and a fire pit.

use super::*;
use crate::game::palette;

/// Greys of dressed stone, about a look's own colour.
fn stone_greys(base: Color) -> [Color; 4] {
    [
        base,
        shade(base, -0.12),
        shade(base, 0.1),
        shade(base, -0.22).mix(&Color::srgb(0.5, 0.45, 0.35), 0.3),
    ]
}

/// Courses of stones laid along a strip: rows across the piece's width, each of stones
/// of random length with mortar between, clipped to the outline. Grouped by colour.
fn courses(p: &mut Piece, outline: &[Vec2], course: f32, greys: &[Color]) -> Vec<Mark> {
    let ax = Axes::of(outline);
    let (len, w) = (ax.half.x, ax.half.y.max(0.01));
    let rows = ((2.0 * w / course).round() as usize).clamp(1, 4);
    let row_h = 2.0 * w / rows as f32;
    let gap = (row_h * 0.12).min(0.025);
    let mut by_colour = ByColour::new(greys);
    for r in 0..rows {
        let y = -w + r as f32 * row_h;
        let mut x = -len - p.rng.range(0.0, 0.3);
        while x < len {
            let long = p.rng.range(0.2, 0.4) * (row_h / 0.2).clamp(0.6, 2.0);
            let lo = Vec2::new(x + gap, y + gap);
            let hi = Vec2::new(x + long - gap, y + row_h - gap);
            let stone = clip_to(&ax.rect(lo, hi), outline);
            by_colour.bucket(&mut p.rng).push(stone);
            x += long;
        }
    }
    by_colour.marks(-0.3, 0.01)
}

/// A low stone wall: a drop shadow, dark mortar, and courses of grey stones.
pub fn wall(p: &mut Piece) -> Vec<Mark> {
    let (stone, mortar) = palette::look(Look::Wall);
    let mut out = shadow(&p.outline, 0.35, 0.55);
    out.push(Mark::one(p.outline.clone(), mortar).edged(shade(mortar, -0.4), 0.03));
    let outline = p.outline.clone();
    out.extend(courses(p, &outline, 0.2, &stone_greys(stone)));
    out
}

/// Roofs a house may have: tiles, slate, thatch, and whether it is tiled (rows and
/// joints) or thatched (rows only).
const ROOFS: [(Color, bool); 4] = [
    (Color::srgb(0.62, 0.30, 0.20), true),
    (Color::srgb(0.55, 0.27, 0.19), true),
    (Color::srgb(0.37, 0.39, 0.43), true),
    (Color::srgb(0.70, 0.58, 0.34), false),
];

/// A house from above: a shadow, then its roof — gabled along its length where it is
/// long, hipped where it is squarish — each face lit by which way it slopes, with rows
/// of tiles (or thatch), the ridge and hips, the eaves, and perhaps a chimney.
pub fn house(p: &mut Piece) -> Vec<Mark> {
    let ax = p.axes;
    let (roof, tiled) = p.rng.pick(&ROOFS);
    let mut out = shadow(&p.outline, 0.9, 0.6);
    let gable = ax.half.x > ax.half.y * 1.3 || p.rng.unit() < 0.3;
    let reach = if gable {
        ax.half.x
    } else {
        (ax.half.x - ax.half.y).max(0.0)
    };
    let ridge = (ax.at(-reach, 0.0), ax.at(reach, 0.0));
    let mut hips = Vec::new();
    for (_, a, b, n) in edges(&p.outline).collect::<Vec<_>>() {
        let (ra, rb) = (onto(a, ridge), onto(b, ridge));
        let face = ccw(&[a, b, rb, ra]);
        if face.len() < 3 || area(&face) < 1e-4 {
            continue;
        }
        let tone = shade(roof, 0.3 * lit(-n));
        out.push(Mark::one(face.clone(), tone));
        let rows = tiles(&face, a, b, n, tiled, &mut p.rng);
        out.push(Mark::lines(rows, shade(tone, -0.35).with_alpha(0.5), 0.018));
        hips.push(vec![a, ra]);
    }
    let dark = shade(roof, -0.45);
    out.push(Mark::lines(hips, dark, 0.05));
    if reach > 0.0 {
        out.push(Mark::lines(vec![vec![ridge.0, ridge.1]], dark, 0.11));
        out.push(Mark::lines(
            vec![vec![ridge.0, ridge.1]],
            shade(roof, 0.25),
            0.03,
        ));
    }
    let eaves = palette::look(Look::House).1;
    out.push(Mark::outline(p.outline.clone(), eaves, 0.05));
    if p.rng.unit() < 0.6 && ax.half.y > 0.8 {
        out.extend(chimney(p));
    }
    out
}

/// The point of the segment `s` nearest `q`.
fn onto(q: Vec2, s: (Vec2, Vec2)) -> Vec2 {
    let d = s.1 - s.0;
    let t = if d.length_squared() < 1e-8 {
        0.0
    } else {
        ((q - s.0).dot(d) / d.length_squared()).clamp(0.0, 1.0)
    };
    s.0 + d * t
}

/// Rows of tiles (or thatch) on one face of a roof, parallel to its eave `a`–`b`
/// (`n` pointing up the slope), with the joints between tiles staggered row to row
/// when `tiled`.
fn tiles(face: &[Vec2], a: Vec2, b: Vec2, n: Vec2, tiled: bool, rng: &mut Rng) -> Vec<Vec<Vec2>> {
    let row = if tiled { 0.2 } else { 0.12 };
    let along = (b - a).normalize_or_zero();
    let (lo, hi) = span(face, along);
    let (base, far) = (a.dot(along), span(face, n).1 - a.dot(n));
    let mut lines = Vec::new();
    let mut up = row;
    while up < far && lines.len() < 600 {
        let at = |x: f32, y: f32| a + along * (x - base) + n * y;
        if let Some((s, e)) = clip_segment(at(lo - 1.0, up), at(hi + 1.0, up), face) {
            lines.push(vec![s, e]);
        }
        let mut x = lo + rng.range(0.0, 0.25);
        while tiled && x < hi && lines.len() < 600 {
            if let Some((s, e)) = clip_segment(at(x, up - row), at(x, up), face) {
                lines.push(vec![s, e]);
            }
            x += 0.25;
        }
        up += row;
    }
    lines
}

/// A stone chimney stack on one roof slope, with its own shadow.
fn chimney(p: &mut Piece) -> Vec<Mark> {
    let ax = p.axes;
    let c = ax.at(
        p.rng.range(-0.6, 0.6) * ax.half.x,
        p.rng.range(0.3, 0.6) * ax.half.y * if p.rng.unit() < 0.5 { 1.0 } else { -1.0 },
    );
    let s = 0.22;
    let square = vec![
        c + Vec2::new(-s, -s),
        c + Vec2::new(s, -s),
        c + Vec2::new(s, s),
        c + Vec2::new(-s, s),
    ];
    let grey = Color::srgb(0.45, 0.43, 0.40);
    let mut out = shadow(&square, 0.4, 0.5);
    out.push(Mark::one(square, grey).edged(shade(grey, -0.5), 0.03));
    out.push(Mark::one(
        blob(c, s * 0.5, 0.05, 8, &mut p.rng),
        Color::srgb(0.1, 0.09, 0.08),
    ));
    out
}

/// A ruin: a dusty flagged floor, the broken stumps of its walls along its edges (with
/// their shadows), and rubble strewn about.
pub fn ruin(p: &mut Piece) -> Vec<Mark> {
    let (stone, floor_line) = palette::look(Look::Ruin);
    let floor = shade(stone, -0.3).mix(&Color::srgb(0.40, 0.34, 0.26), 0.5);
    let mut out = vec![Mark::one(p.outline.clone(), floor.with_alpha(0.9))];
    out.push(Mark::lines(
        flags(&p.outline, &p.axes),
        floor_line.with_alpha(0.35),
        0.02,
    ));
    let th = (p.half_width() * 0.3).clamp(0.15, 0.35);
    let stumps = wall_stumps(p, th);
    for s in &stumps {
        out.extend(shadow(s, 0.3, 0.45));
    }
    let greys = stone_greys(shade(stone, 0.1));
    let mortar = palette::look(Look::Wall).1;
    out.push(Mark::fill(stumps.clone(), mortar).edged(shade(mortar, -0.4), 0.025));
    for s in stumps {
        out.extend(courses(p, &s, 0.15, &greys[..3]));
    }
    let count = ((area(&p.outline) * 5.0) as usize).clamp(4, 160);
    out.extend(super::ground::stones(p, count, 0.14, &greys));
    out
}

/// Lines of a flagged floor, 0.6" apart along the piece's axes.
fn flags(outline: &[Vec2], ax: &Axes) -> Vec<Vec<Vec2>> {
    let mut lines = Vec::new();
    for (along, half) in [(true, ax.half.x), (false, ax.half.y)] {
        let mut t = -half + 0.6;
        while t < half && lines.len() < 400 {
            let (a, b) = if along {
                (ax.at(t, -ax.half.y), ax.at(t, ax.half.y))
            } else {
                (ax.at(-ax.half.x, t), ax.at(ax.half.x, t))
            };
            if let Some((a, b)) = clip_segment(a, b, outline) {
                lines.push(vec![a, b]);
            }
            t += 0.6;
        }
    }
    lines
}

/// Stretches of broken wall `th` thick along each edge, with gaps where it fell.
fn wall_stumps(p: &mut Piece, th: f32) -> Vec<Vec<Vec2>> {
    let mut out = Vec::new();
    for (_, a, b, n) in edges(&p.outline).collect::<Vec<_>>() {
        let len = a.distance(b);
        let mut t = p.rng.range(0.0, 0.3);
        while t < len {
            let run = p.rng.range(0.6, 1.8);
            let (t0, t1) = (t / len, ((t + run) / len).min(1.0));
            let (s, e) = (a + (b - a) * t0, a + (b - a) * t1);
            let deep = th * p.rng.range(0.8, 1.0);
            out.push(clip_to(&[s, e, e + n * deep, s + n * deep], &p.outline));
            t += run + p.rng.range(0.3, 1.0);
        }
    }
    out.retain(|s| s.len() >= 3);
    out
}

/// A fire pit: scorched ground and a glow, a ring of stones about the ash, and
/// flames (a static picture) from red at the edge to yellow at the heart.
pub fn fire(p: &mut Piece) -> Vec<Mark> {
    let c = centroid(&p.outline);
    let big = inradius(&p.outline).max(0.02) * 0.95;
    let mut out = vec![
        Mark::one(
            blob(c, big * 1.3, 0.1, 24, &mut p.rng),
            Color::srgba(1.0, 0.55, 0.15, 0.12),
        ),
        Mark::one(
            blob(c, big, 0.12, 20, &mut p.rng),
            Color::srgba(0.12, 0.08, 0.05, 0.7),
        ),
        Mark::one(
            blob(c, big * 0.7, 0.1, 16, &mut p.rng),
            Color::srgb(0.16, 0.13, 0.11),
        ),
    ];
    let n = 12;
    let mut ring = Vec::new();
    for k in 0..n {
        let a = k as f32 / n as f32 * std::f32::consts::TAU + p.rng.range(-0.1, 0.1);
        let at = c + Vec2::from_angle(a) * big * 0.8;
        ring.push(blob(at, big * 0.17, 0.25, 7, &mut p.rng));
    }
    let shadows = ring
        .iter()
        .map(|s| s.iter().map(|q| *q + shadow_offset(big * 0.08)).collect())
        .collect();
    out.push(Mark::fill(shadows, Color::srgba(0.0, 0.0, 0.0, 0.45)));
    let grey = palette::look(Look::Fire).1;
    out.push(Mark::fill(ring, grey).edged(shade(grey, -0.5), 0.015));
    out.extend(logs(c, big, &mut p.rng));
    for (reach, colour) in [
        (0.62, Color::srgb(0.80, 0.22, 0.06)),
        (0.48, Color::srgb(0.97, 0.50, 0.10)),
        (0.32, Color::srgb(1.0, 0.80, 0.25)),
        (0.14, Color::srgb(1.0, 0.96, 0.75)),
    ] {
        out.push(Mark::one(flame(c, big * reach, &mut p.rng), colour));
    }
    out
}

/// Three or four charred logs laid across the ash, their ends glowing.
fn logs(c: Vec2, big: f32, rng: &mut Rng) -> Vec<Mark> {
    let count = 3 + rng.next_u64() % 2;
    let turn = rng.range(0.0, std::f32::consts::PI);
    let (mut wood, mut ends) = (Vec::new(), Vec::new());
    for k in 0..count {
        let dir = Vec2::from_angle(turn + k as f32 * std::f32::consts::PI / count as f32);
        let (half, thick) = (big * rng.range(0.5, 0.62), big * 0.07);
        let side = dir.perp() * thick;
        let (a, b) = (c - dir * half, c + dir * half);
        wood.push(vec![a - side, b - side, b + side, a + side]);
        ends.push(blob(a, thick * 1.1, 0.1, 8, rng));
        ends.push(blob(b, thick * 1.1, 0.1, 8, rng));
    }
    vec![
        Mark::fill(wood, Color::srgb(0.22, 0.14, 0.09)).edged(Color::srgb(0.08, 0.05, 0.03), 0.015),
        Mark::fill(ends, Color::srgb(0.85, 0.35, 0.08)),
    ]
}

/// A star of flame tongues about `c`, reaching `r`, leaning away from the light.
fn flame(c: Vec2, r: f32, rng: &mut Rng) -> Vec<Vec2> {
    let tongues = 11;
    let lean = -LIGHT * r * 0.15;
    (0..tongues * 2)
        .map(|k| {
            let a = k as f32 / (tongues * 2) as f32 * std::f32::consts::TAU;
            let reach = if k % 2 == 0 {
                rng.range(0.7, 1.2)
            } else {
                rng.range(0.4, 0.6)
            };
            let at = c + Vec2::from_angle(a) * r * reach;
            if k % 2 == 0 { at + lean } else { at }
        })
        .collect()
}
