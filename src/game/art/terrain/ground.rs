//! Ground that lies on the table: hills, bogs and scree.

use super::*;
use crate::game::palette;

/// A hill: the table's own ground tinted, with a soft shadow at its foot on the far
/// side and rounded steps of light rising to a crest a little toward the light — each
/// step a faint wash over the last, so the hill reads as a smooth slope on any mat —
/// and a few faint contour lines.
pub fn hill(p: &mut Piece) -> Vec<Mark> {
    let (grass, line) = palette::look(Look::Hill);
    let foot = rounded(&p.outline, 3);
    let mut out = shadow(&foot, 0.14, 0.55);
    out.push(Mark::one(foot, grass.with_alpha(0.35)).edged(line.with_alpha(0.35), 0.03));
    let centre = centroid(&p.outline);
    let lean = LIGHT * inradius(&p.outline) * 0.3;
    let crest = if depth(&p.outline, centre + lean) > 0.0 {
        centre + lean
    } else {
        centre
    };
    let steps = 7;
    let contour = shade(line, -0.2).with_alpha(0.22);
    let wash = Color::srgba(0.93, 0.96, 0.72, 0.07);
    for k in 1..=steps {
        let f = k as f32 / (steps as f32 + 1.0);
        let ring = shrink(&p.outline, 1.0 - f * 0.92, crest);
        let ring: Vec<Vec2> = ring.iter().map(|q| *q + lean * f * 0.2).collect();
        let ring = rounded(&clip_to(&ring, &p.outline), 3);
        let mark = Mark::one(ring, wash);
        out.push(if k % 3 == 1 {
            mark.edged(contour, 0.02)
        } else {
            mark
        });
    }
    out
}

/// A patch of ground with a soft, broken edge: the outline, ragged and rounded, faint,
/// and within it a stronger copy `soft` inches in.
fn patch(p: &mut Piece, colour: Color, soft: f32) -> Vec<Mark> {
    let amp = (p.half_width() * 0.3).min(0.35);
    let outer = ragged(&p.outline, &p.open, amp, 0.4, &mut p.rng);
    let inner = inset_all(&p.outline, soft);
    let inner = ragged(&inner, &[], amp, 0.4, &mut p.rng);
    vec![
        Mark::one(rounded(&outer, 2), colour.with_alpha(0.45)),
        Mark::one(rounded(&inner, 2), colour.with_alpha(0.85)),
    ]
}

/// Stones strewn over a piece: `count` of radius up to `largest`, each inside the
/// outline with its own small shadow, in a few greys. Grouped by colour, so a few
/// marks hold them all.
pub fn stones(p: &mut Piece, count: usize, largest: f32, greys: &[Color]) -> Vec<Mark> {
    let mut shadows = Vec::new();
    let mut by_colour = ByColour::new(greys);
    for _ in 0..count {
        let u = p.rng.unit();
        let r = largest * (0.3 + 0.7 * u * u);
        let Some(c) = inside(&p.outline, r, &mut p.rng) else {
            continue;
        };
        let stone = blob(c, r, 0.3, 7, &mut p.rng);
        shadows.push(stone.iter().map(|q| *q + shadow_offset(r * 0.9)).collect());
        by_colour.bucket(&mut p.rng).push(stone);
    }
    let mut out = vec![Mark::fill(shadows, Color::srgba(0.05, 0.04, 0.03, 0.45))];
    out.extend(by_colour.marks(-0.4, 0.012));
    out
}

/// Scree: pale broken ground with a soft edge, strewn with small stones.
pub fn scree(p: &mut Piece) -> Vec<Mark> {
    let (ground, line) = palette::look(Look::Scree);
    let mut out = patch(p, ground, 0.2);
    out.push(Mark::fill(dapples(p, 0.5), line.with_alpha(0.25)));
    let count = ((area(&p.outline) * 9.0) as usize).clamp(3, 320);
    let greys = [
        Color::srgb(0.62, 0.60, 0.56),
        Color::srgb(0.52, 0.50, 0.47),
        Color::srgb(0.70, 0.67, 0.60),
        Color::srgb(0.44, 0.42, 0.40),
    ];
    out.extend(stones(p, count, 0.16, &greys));
    out
}

/// A bog: murky ground, pools of dark water with a pale rim, and clumps of reeds.
pub fn bog(p: &mut Piece) -> Vec<Mark> {
    let (mud, line) = palette::look(Look::Bog);
    let mut out = patch(p, mud, 0.2);
    out.push(Mark::fill(dapples(p, 0.6), line.with_alpha(0.5)));
    let a = area(&p.outline);
    let deepest = inradius(&p.outline);
    let pools = ((a / 2.5) as usize).clamp(1, 14);
    let water = Color::srgb(0.22, 0.30, 0.28);
    for _ in 0..pools {
        let r = p.rng.range(0.2, 0.6).min(deepest * 0.8);
        let Some(c) = inside(&p.outline, r * 1.1, &mut p.rng) else {
            continue;
        };
        let pool = blob(c, r, 0.25, 12, &mut p.rng);
        let rim = blob(c, r * 1.2, 0.2, 12, &mut p.rng);
        out.push(Mark::one(clip_to(&rim, &p.outline), shade(mud, -0.2)));
        out.push(Mark::one(pool.clone(), water));
        let deep = shrink(&pool, 0.6, c - LIGHT * r * 0.1);
        out.push(Mark::one(deep, shade(water, -0.2)));
        let sky = blob(c + LIGHT * r * 0.35, r * 0.3, 0.2, 8, &mut p.rng);
        out.push(Mark::one(sky, Color::srgba(0.62, 0.74, 0.80, 0.18)));
    }
    out.extend(reeds(p, ((a * 1.5) as usize).clamp(2, 60)));
    out
}

/// Clumps of reeds: a dark tussock and a few short blades fanning up from it.
fn reeds(p: &mut Piece, clumps: usize) -> Vec<Mark> {
    let mut tussocks = Vec::new();
    let mut blades = Vec::new();
    for _ in 0..clumps {
        let Some(c) = inside(&p.outline, 0.12, &mut p.rng) else {
            continue;
        };
        tussocks.push(blob(c, 0.07, 0.3, 7, &mut p.rng));
        for _ in 0..(4 + p.rng.next_u64() % 4) {
            let a = std::f32::consts::FRAC_PI_2 + p.rng.range(-0.8, 0.8);
            blades.push(vec![c, c + Vec2::from_angle(a) * p.rng.range(0.1, 0.26)]);
        }
    }
    vec![
        Mark::fill(tussocks, Color::srgb(0.22, 0.26, 0.12)),
        Mark::lines(blades, Color::srgb(0.62, 0.58, 0.30), 0.018),
    ]
}

/// Darker blotches over a patch of ground, about `size` inches across.
fn dapples(p: &mut Piece, size: f32) -> Vec<Vec<Vec2>> {
    let count = ((area(&p.outline) / (size * size)) as usize).clamp(1, 80);
    (0..count)
        .filter_map(|_| {
            let c = inside(&p.outline, size * 0.3, &mut p.rng)?;
            let r = size * p.rng.range(0.2, 0.5);
            Some(clip_to(&blob(c, r, 0.3, 9, &mut p.rng), &p.outline))
        })
        .collect()
}
