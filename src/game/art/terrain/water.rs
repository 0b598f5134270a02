//! Water: rivers and deep water between muddy banks, darker toward a deep core, and
//! fords, shallow and light, crossed by stepping stones. Edges that run on (to the
//! table's edge, into the next piece of water) have no bank.

use super::*;
use crate::game::palette;

/// The muddy bank and its wet inner edge, and the water inside it; the water's outline
/// is returned for what is drawn on it.
fn banks(p: &Piece, colour: Color, bank: Color, out: &mut Vec<Mark>) -> Vec<Vec2> {
    let b = bank_width(p);
    out.push(Mark::one(p.outline.clone(), bank));
    out.push(Mark::one(p.inset_closed(b * 0.45), shade(bank, -0.22)));
    let water = p.inset_closed(b);
    out.push(Mark::one(water.clone(), colour));
    out.push(Mark::lines(closed_edges(p), shade(bank, -0.35), 0.035));
    water
}

/// How wide a piece's banks are, inches.
fn bank_width(p: &Piece) -> f32 {
    (p.half_width() * 0.3).clamp(0.02, 0.45)
}

/// The piece's edges that do not run on, as lines.
fn closed_edges(p: &Piece) -> Vec<Vec<Vec2>> {
    edges(&p.outline)
        .filter(|(i, ..)| !p.open[*i])
        .map(|(_, a, b, _)| vec![a, b])
        .collect()
}

/// A river (or, `deep`, deep water): banks, then the water darkening in steps toward
/// its deep core, then a few pale ripples along its flow.
pub fn river(p: &mut Piece, deep: bool) -> Vec<Mark> {
    let look = if deep { Look::Water } else { Look::River };
    let (colour, bank) = palette::look(look);
    let mut out = Vec::new();
    let water = banks(p, colour, bank, &mut out);
    out.extend(deepening(p, colour, DEEPENING));
    out.push(ripples(p, &water, 0.3));
    out
}

/// How many steps water darkens in toward its core: one count for every water, so a
/// river runs on into its ford without a seam.
const DEEPENING: usize = 5;

/// The water darkening in `steps` soft steps from its banks toward its deep core
/// (along its closed edges only: it runs on past its open ones).
fn deepening(p: &Piece, colour: Color, steps: usize) -> Vec<Mark> {
    let (w, b) = (p.half_width(), bank_width(p));
    (1..=steps)
        .map(|k| {
            let f = k as f32 / (steps as f32 + 1.0);
            let core = p.inset_closed(b + (w - b) * f);
            Mark::one(core, shade(colour, -0.5).with_alpha(0.16))
        })
        .collect()
}

/// Short pale wavy lines along the flow (the piece's length) on `water`, `alpha`
/// strong.
fn ripples(p: &mut Piece, water: &[Vec2], alpha: f32) -> Mark {
    let count = ((area(water) * 0.8) as usize).clamp(1, 60);
    let u = p.axes.u;
    let across = u.perp();
    let mut lines = Vec::new();
    for _ in 0..count {
        let Some(start) = inside(water, 0.08, &mut p.rng) else {
            continue;
        };
        let len = p.rng.range(0.4, 1.4);
        let phase = p.rng.range(0.0, 6.0);
        let line: Vec<Vec2> = (0..=6)
            .map(|k| {
                let t = k as f32 / 6.0;
                start + u * len * t + across * 0.04 * (phase + t * 9.0).sin()
            })
            .take_while(|q| depth(water, *q) > 0.03)
            .collect();
        lines.push(line);
    }
    Mark::lines(lines, Color::srgba(0.85, 0.92, 0.95, alpha), 0.02)
}

/// A ford: the river running on through it, its middle shallow and light (fading
/// out toward where the river runs in), and a line of stepping stones from bank to
/// bank.
pub fn ford(p: &mut Piece) -> Vec<Mark> {
    let (river, bank) = palette::look(p.joins);
    let shallow = palette::look(Look::Ford).0;
    let mut out = Vec::new();
    let water = banks(p, river, bank, &mut out);
    out.extend(deepening(p, river, DEEPENING));
    let centre = centroid(&water);
    for k in 1..=5 {
        let ring = rounded(&shrink(&water, 1.0 - 0.16 * k as f32, centre), 3);
        out.push(Mark::one(ring, shallow.with_alpha(0.2)));
    }
    out.push(ripples(p, &water, 0.25));
    out.extend(stepping_stones(p, &water));
    out
}

/// Stones across the ford, perpendicular to the way the water runs through it (from
/// an edge that runs on into more water, else along its length).
fn stepping_stones(p: &mut Piece, water: &[Vec2]) -> Vec<Mark> {
    let flow = edges(&p.outline)
        .find(|(i, ..)| p.open[*i])
        .map_or(p.axes.u, |(_, _, _, n)| n);
    let cross = flow.perp();
    let centre = centroid(water);
    let (lo, hi) = span(water, cross);
    let at = centre.dot(cross);
    let r = (p.half_width() * 0.18).clamp(0.03, 0.28);
    let mut stones = Vec::new();
    let mut t = lo + r * 1.5;
    while t < hi - r {
        let c = centre + cross * (t - at) + flow * p.rng.range(-r, r) * 0.6;
        let size = r * p.rng.range(0.8, 1.15);
        if depth(water, c) > size * 0.5 {
            stones.push(blob(c, size, 0.2, 8, &mut p.rng));
        }
        t += r * p.rng.range(2.4, 3.0);
    }
    let tops = stones
        .iter()
        .map(|s| shrink(s, 0.55, centroid(s) + LIGHT * r * 0.25))
        .collect();
    let shadows = stones
        .iter()
        .map(|s| s.iter().map(|q| *q + shadow_offset(r * 0.6)).collect())
        .collect();
    let grey = Color::srgb(0.55, 0.54, 0.50);
    vec![
        Mark::fill(shadows, Color::srgba(0.05, 0.1, 0.12, 0.4)),
        Mark::fill(stones, grey).edged(shade(grey, -0.45), 0.018),
        Mark::fill(tops, shade(grey, 0.2)),
    ]
}
