//! Rock: cliffs and cave walls (faceted, cracked, with fallen stones at their foot),
//! boulders and stone pillars.

use super::*;
use crate::game::palette;
use bevy::math::Vec3;

/// How many tones facets are drawn in: facets of a tone share one mark.
const TONES: usize = 8;

/// The light over the table for faceted rock: from the top left, high up.
fn sun() -> Vec3 {
    Vec3::new(LIGHT.x * 0.55, LIGHT.y * 0.55, 0.75).normalize()
}

/// The tone (0 darkest to `TONES − 1`) of a face through three points with heights.
fn tone(a: Vec3, b: Vec3, c: Vec3) -> usize {
    let n = (b - a).cross(c - a);
    let n = if n.z < 0.0 { -n } else { n };
    let light = n.normalize_or(Vec3::Z).dot(sun());
    let level = ((light - 0.15) / 0.85 * (TONES - 1) as f32).round();
    level.clamp(0.0, (TONES - 1) as f32) as usize
}

/// Faceted rock over a convex outline: the outline cut into crags along its length,
/// each crag a peak `height` inches high (more or less) falling to the outline, its
/// faces broken by a knuckle each and lit as faces in the sun are. Returns the facets
/// by tone, darkest first, and the ridges from each peak.
fn facets(
    outline: &[Vec2],
    ax: &Axes,
    cell: f32,
    height: f32,
    rng: &mut Rng,
) -> (Vec<Vec<Vec<Vec2>>>, Vec<Vec<Vec2>>) {
    let mut tones: Vec<Vec<Vec<Vec2>>> = vec![Vec::new(); TONES];
    let mut ridges = Vec::new();
    for crag in crags(outline, ax, cell, rng) {
        let deep = inradius(&crag);
        let jitter = Vec2::new(rng.range(-0.4, 0.4), rng.range(-0.4, 0.4)) * deep;
        let top = centroid(&crag) + jitter;
        let top = if depth(&crag, top) > 0.0 {
            top
        } else {
            centroid(&crag)
        };
        let peak = top.extend(height * rng.range(0.6, 1.0));
        for (_, a, b, _) in edges(&crag) {
            let foot = a.lerp(b, rng.range(0.35, 0.65));
            let knuckle = top.lerp(foot, rng.range(0.4, 0.7));
            let k = knuckle.extend(peak.z * rng.range(0.2, 0.6));
            let (a3, b3) = (a.extend(0.0), b.extend(0.0));
            for (p, q, r) in [(peak, a3, k), (a3, b3, k), (b3, peak, k)] {
                tones[tone(p, q, r)].push(vec![p.truncate(), q.truncate(), r.truncate()]);
            }
            ridges.push(vec![top, knuckle]);
        }
    }
    (tones, ridges)
}

/// A convex outline cut into crags about `cell` inches each way, the cuts a little
/// askew.
fn crags(outline: &[Vec2], ax: &Axes, cell: f32, rng: &mut Rng) -> Vec<Vec<Vec2>> {
    let along = cuts(ax.half.x, cell, ax.u, ax.v, rng);
    let across = cuts(ax.half.y, cell, ax.v, ax.u, rng);
    let mut out = Vec::new();
    for a in along.windows(2) {
        let slab = between(outline, ax, a, |d| (d, 0.0));
        for b in across.windows(2) {
            let crag = between(&slab, ax, b, |d| (0.0, d));
            if crag.len() >= 3 {
                out.push(crag);
            }
        }
    }
    out
}

/// Cuts across a length `2 half` along `u`, about `cell` apart (at most 12 cells),
/// each at a distance and with a normal leaning a little toward `v`; the first and last
/// lie beyond the ends.
fn cuts(half: f32, cell: f32, u: Vec2, v: Vec2, rng: &mut Rng) -> Vec<(f32, Vec2)> {
    let len = 2.0 * half;
    let cells = ((len / cell).ceil() as usize).clamp(1, 12);
    let mut cuts: Vec<(f32, Vec2)> = (1..cells)
        .map(|k| {
            let at = -half + len * (k as f32 + rng.range(-0.25, 0.25)) / cells as f32;
            (at, (u + v * rng.range(-0.35, 0.35)).normalize())
        })
        .collect();
    cuts.insert(0, (-half - 1.0, u));
    cuts.push((half + 1.0, u));
    cuts
}

/// The part of `p` between two cuts, placed by `at` (distance to a point in the
/// piece's axes).
fn between(
    p: &[Vec2],
    ax: &Axes,
    pair: &[(f32, Vec2)],
    at: impl Fn(f32) -> (f32, f32),
) -> Vec<Vec2> {
    let ((from, a), (to, b)) = (pair[0], pair[1]);
    let (fx, fy) = at(from);
    let (tx, ty) = at(to);
    let part = clip(p, ax.at(fx, fy), a);
    clip(&part, ax.at(tx, ty), -b)
}

/// A cliff (or a cave's wall): a deep shadow, faceted rock lit from the top left,
/// ridges, dark cracks, and fallen stones along its foot.
pub fn cliff(p: &mut Piece, cave: bool) -> Vec<Mark> {
    let look = if cave { Look::CaveWall } else { Look::Cliff };
    let (rock, dark) = palette::look(look);
    let amp = (p.half_width() * 0.25).min(0.3);
    let edge = ragged(&p.outline, &p.open, amp, 0.35, &mut p.rng);
    let mut out = shadow(&edge, 0.9, 0.7);
    out.push(Mark::one(edge.clone(), dark));
    let cell = if cave { 1.1 } else { 1.5 };
    let height = (p.half_width() * 1.2).min(1.5);
    let (tones, ridges) = facets(&edge, &p.axes, cell, height, &mut p.rng);
    out.extend(toned(tones, rock, 0.8));
    out.push(Mark::lines(ridges, shade(rock, 0.4).with_alpha(0.2), 0.02));
    out.push(Mark::lines(
        cracks(p),
        shade(dark, -0.5).with_alpha(0.8),
        0.03,
    ));
    out.push(Mark::outline(edge, shade(dark, -0.3), 0.04));
    let count = ((edges(&p.outline)
        .map(|(_, a, b, _)| a.distance(b))
        .sum::<f32>())
        * 1.5) as usize;
    let greys = [shade(rock, -0.1), rock, shade(rock, 0.15)];
    out.extend(foot_stones(p, count.clamp(3, 120), &greys));
    out
}

/// Facets by tone as marks, the rock's colour shaded over `range`: the darkest
/// faces well below it, those facing the sun a little above it.
fn toned(tones: Vec<Vec<Vec<Vec2>>>, rock: Color, range: f32) -> Vec<Mark> {
    tones
        .into_iter()
        .enumerate()
        .map(|(k, rings)| {
            let t = k as f32 / (TONES - 1) as f32;
            Mark::fill(rings, shade(rock, range * (t - 0.65)))
        })
        .collect()
}

/// A few dark cracks wandering over the rock.
fn cracks(p: &mut Piece) -> Vec<Vec<Vec2>> {
    let count = ((area(&p.outline) / 4.0) as usize).clamp(1, 24);
    (0..count)
        .filter_map(|_| {
            let from = inside(&p.outline, 0.1, &mut p.rng)?;
            let heading = p.rng.range(0.0, std::f32::consts::TAU);
            let line = wander(from, heading, 5, 0.3, &p.outline, 0.05, &mut p.rng);
            (line.len() > 1).then_some(line)
        })
        .collect()
}

/// Fallen stones at the foot of the rock, just inside its closed edges.
fn foot_stones(p: &mut Piece, count: usize, greys: &[Color]) -> Vec<Mark> {
    let sides: Vec<(Vec2, Vec2, Vec2)> = edges(&p.outline)
        .filter(|(i, ..)| !p.open[*i])
        .map(|(_, a, b, n)| (a, b, n))
        .collect();
    if sides.is_empty() {
        return Vec::new();
    }
    let mut by_colour = ByColour::new(greys);
    for _ in 0..count {
        let (a, b, n) = p.rng.pick(&sides);
        let r = p.rng.range(0.04, 0.14).min(p.half_width() * 0.4);
        let c = a.lerp(b, p.rng.unit()) + n * r * p.rng.range(0.6, 1.4);
        let bucket = by_colour.bucket(&mut p.rng);
        bucket.push(clip_to(&blob(c, r, 0.3, 7, &mut p.rng), &p.outline));
    }
    by_colour.marks(-0.45, 0.01)
}

/// Boulders: a faint patch of broken ground, and round rocks packed in it, each with
/// a shadow and faceted faces.
pub fn boulders(p: &mut Piece) -> Vec<Mark> {
    let (rock, dark) = palette::look(Look::Rock);
    let ground = palette::look(Look::Scree).0;
    let mut out = vec![Mark::one(p.outline.clone(), ground.with_alpha(0.35))];
    let packed = pack(&p.outline, 0.8, 1.1, &mut p.rng);
    for (c, r) in packed {
        let body = blob(c, r, 0.18, 9, &mut p.rng);
        out.extend(shadow(&body, r * 0.9, 0.6));
        out.push(Mark::one(body.clone(), dark));
        let (tones, _) = facets(&body, &Axes::of(&body), r * 4.0, r * 0.9, &mut p.rng);
        out.extend(toned(tones, rock, 0.7));
        out.push(Mark::outline(body, shade(dark, -0.3), 0.025));
    }
    out
}

/// A stone pillar: a square plinth with bevelled sides lit by their facing, and on it
/// a round column with a lit crescent (a square column where the footprint is long).
pub fn pillar(p: &mut Piece) -> Vec<Mark> {
    let (stone, dark) = palette::look(Look::Pillar);
    let ax = p.axes;
    let round = ax.half.x < ax.half.y * 1.4;
    let mut out = shadow(&p.outline, 1.1, 0.7);
    let centre = centroid(&p.outline);
    let top = shrink(&p.outline, 0.8, centre);
    out.extend(bevel(&p.outline, &top, stone));
    out.push(Mark::one(top.clone(), stone).edged(dark, 0.025));
    if !round {
        return out;
    }
    let r = inradius(&p.outline) * 0.72;
    let column = blob(centre, r, 0.0, 28, &mut p.rng);
    out.push(Mark::one(column, shade(stone, -0.12)).edged(shade(dark, -0.3), 0.03));
    out.push(Mark::one(
        blob(centre + LIGHT * r * 0.18, r * 0.7, 0.0, 24, &mut p.rng),
        shade(stone, 0.1),
    ));
    out.push(Mark::one(
        blob(centre + LIGHT * r * 0.38, r * 0.25, 0.0, 16, &mut p.rng),
        shade(stone, 0.35).with_alpha(0.7),
    ));
    out.push(Mark::outline(
        blob(centre, r * 0.82, 0.0, 28, &mut p.rng),
        dark.with_alpha(0.35),
        0.02,
    ));
    out
}

/// The sloping sides between an outline and a smaller copy of it inside (corner for
/// corner), each side lit by which way it faces.
pub fn bevel(outer: &[Vec2], inner: &[Vec2], base: Color) -> Vec<Mark> {
    let n = outer.len().min(inner.len());
    (0..n)
        .map(|i| {
            let j = (i + 1) % n;
            let outward = -(outer[j] - outer[i]).perp();
            let ring = vec![outer[i], outer[j], inner[j], inner[i]];
            Mark::one(ring, shade(base, 0.3 * lit(outward) - 0.08))
        })
        .collect()
}
