//! Woods and hedges: round tree crowns over a dark patch of undergrowth, and a lumpy
//! strip of bush.

use super::*;

/// Greens of the tree crowns, a few of each so no two woods look alike.
const CROWNS: [Color; 5] = [
    Color::srgb(0.20, 0.36, 0.14),
    Color::srgb(0.16, 0.31, 0.12),
    Color::srgb(0.25, 0.40, 0.16),
    Color::srgb(0.14, 0.27, 0.13),
    Color::srgb(0.28, 0.38, 0.13),
];

/// A wood: its ground patch, undergrowth along the edge, then tree crowns (each with
/// a shadow down-right, a darker rim and a lit top), all inside the outline.
pub fn wood(p: &mut Piece) -> Vec<Mark> {
    let (ground, rim) = crate::game::palette::look(Look::Wood);
    let mut out = vec![Mark::one(p.outline.clone(), shade(ground, -0.25)).edged(rim, 0.06)];
    out.push(Mark::fill(undergrowth(p), shade(ground, -0.1)));
    let trees = crowns(&p.outline, &mut p.rng);
    let shapes: Vec<Vec<Vec2>> = trees
        .iter()
        .map(|(c, r)| blob(*c, *r, 0.12, 14, &mut p.rng))
        .collect();
    let reach = shadow_offset(0.35);
    let shadows = shapes
        .iter()
        .map(|s| s.iter().map(|q| *q + reach).collect())
        .collect();
    out.push(Mark::fill(shadows, Color::srgba(0.0, 0.04, 0.0, 0.38)));
    for (s, (c, r)) in shapes.into_iter().zip(&trees) {
        let green = p.rng.pick(&CROWNS);
        out.push(Mark::one(s, green).edged(shade(green, -0.45), 0.035));
        let top = *c + LIGHT * r * 0.28;
        let glow = blob(top, r * 0.55, 0.15, 10, &mut p.rng);
        out.push(Mark::one(glow, shade(green, 0.18).with_alpha(0.7)));
    }
    out
}

/// Small bushes just inside the edge of a wood, so its border is soft.
fn undergrowth(p: &mut Piece) -> Vec<Vec<Vec2>> {
    let r = (p.half_width() * 0.35).clamp(0.05, 0.35);
    let mut rings = Vec::new();
    for (_, a, b, n) in edges(&p.outline) {
        let steps = ((a.distance(b) / (r * 1.4)).ceil() as usize).min(60);
        for k in 0..steps {
            let t = (k as f32 + p.rng.unit()) / steps.max(1) as f32;
            let c = a + (b - a) * t + n * r * p.rng.range(0.7, 1.2);
            let bush = blob(c, r * p.rng.range(0.7, 1.1), 0.2, 9, &mut p.rng);
            rings.push(clip_to(&bush, &p.outline));
        }
    }
    rings
}

/// Where the trees of a wood stand and how wide each crown is: every crown wholly
/// inside the convex `outline`, crowns overlapping a little, the smallest first.
pub fn crowns(outline: &[Vec2], rng: &mut Rng) -> Vec<(Vec2, f32)> {
    pack(outline, 1.1, 1.8, rng)
}

/// A hedge: a row of overlapping bushes along its length, with a shadow.
pub fn hedge(p: &mut Piece) -> Vec<Mark> {
    let (green, rim) = crate::game::palette::look(Look::Hedge);
    let ax = p.axes;
    let (len, w) = (ax.half.x, p.half_width());
    let mut out = shadow(&p.outline, 0.3, 0.5);
    out.push(Mark::one(p.outline.clone(), shade(green, -0.3)));
    let step = (w * 0.9).max(0.05);
    let count = ((2.0 * len / step) as usize).clamp(1, 160);
    let mut lumps = Vec::new();
    let mut tops = Vec::new();
    for k in 0..count {
        let x = -len + (k as f32 + 0.5) * (2.0 * len / count as f32);
        let r = w * p.rng.range(0.85, 1.05);
        let room = (len - r * 0.7).max(0.0);
        let c = ax.at(x.clamp(-room, room), w * p.rng.range(-0.12, 0.12));
        lumps.push(blob(c, r, 0.14, 11, &mut p.rng));
        tops.push(blob(c + LIGHT * r * 0.3, r * 0.5, 0.2, 8, &mut p.rng));
    }
    out.push(Mark::fill(lumps, green).edged(rim, 0.03));
    out.push(Mark::fill(tops, shade(green, 0.2).with_alpha(0.65)));
    out
}
