//! The wooden frame about the cloth: four mitred boards with wavy grain, a lighter
//! lip where they meet the cloth and a dark outer line, the boards facing the light
//! (top and left) lighter; the soft shadow the frame casts on what the table stands
//! on, and the shadow it casts on the cloth along its top and left inner edges.

use crate::game::art::terrain::{LIGHT, Mark, Rng, lit, shade};
use crate::game::palette;
use bevy::color::Alpha;
use bevy::prelude::*;

/// The width of a board, inches.
pub const WIDTH: f32 = 0.8;
/// The lip where a board meets the cloth, inches.
const LIP: f32 = 0.1;

/// The frame of a table `size` inches: what lies under the cloth (the frame's shadow)
/// and what lies over it (the boards, and their shadow on the cloth).
pub fn frame(size: Vec2, seed: u64) -> (Vec<Mark>, Vec<Mark>) {
    let mut rng = Rng::new(seed ^ 0xf4a3e);
    let mut over = cloth_shadow(size);
    for board in boards(size) {
        over.extend(board.marks(&mut rng));
    }
    let outer = rect(Vec2::splat(-WIDTH), size + WIDTH);
    over.push(Mark::outline(outer, Color::srgb(0.10, 0.06, 0.03), 0.05));
    (drop_shadow(size), over)
}

/// The rectangle from `lo` to `hi`, counter-clockwise.
fn rect(lo: Vec2, hi: Vec2) -> Vec<Vec2> {
    vec![lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)]
}

/// The shadow the framed table casts down and to the right, in three soft layers.
fn drop_shadow(size: Vec2) -> Vec<Mark> {
    let by = -LIGHT * 0.45;
    [(0.9, 0.10), (0.55, 0.14), (0.25, 0.2)]
        .into_iter()
        .map(|(spread, alpha)| {
            let lo = Vec2::splat(-WIDTH - spread) + by;
            let hi = size + WIDTH + spread + by;
            Mark::one(rect(lo, hi), Color::srgba(0.0, 0.0, 0.0, alpha))
        })
        .collect()
}

/// The frame's shadow on the cloth along its top and left edges, in two soft strips.
fn cloth_shadow(size: Vec2) -> Vec<Mark> {
    [(0.35, 0.12), (0.15, 0.2)]
        .into_iter()
        .map(|(deep, alpha)| {
            let top = rect(Vec2::new(0.0, size.y - deep), size);
            let left = rect(Vec2::ZERO, Vec2::new(deep, size.y - deep));
            Mark::fill(vec![top, left], Color::srgba(0.0, 0.0, 0.0, alpha))
        })
        .collect()
}

/// One board: its outer edge from `a` to `b` (counter-clockwise about the table) and
/// its inward normal.
struct Board {
    a: Vec2,
    b: Vec2,
    inward: Vec2,
}

/// The four boards, bottom, right, top, left.
fn boards(size: Vec2) -> [Board; 4] {
    let (lo, hi) = (Vec2::splat(-WIDTH), size + WIDTH);
    [
        (lo, Vec2::new(hi.x, lo.y)),
        (Vec2::new(hi.x, lo.y), hi),
        (hi, Vec2::new(lo.x, hi.y)),
        (Vec2::new(lo.x, hi.y), lo),
    ]
    .map(|(a, b)| Board {
        a,
        b,
        inward: (b - a).normalize().perp(),
    })
}

impl Board {
    /// The board's outline between distances `from` and `to` in from its outer edge,
    /// mitred at 45° at both ends.
    fn strip(&self, from: f32, to: f32) -> Vec<Vec2> {
        let dir = (self.b - self.a).normalize();
        let at = |d: f32, end: bool| {
            let base = if end {
                self.b - dir * d
            } else {
                self.a + dir * d
            };
            base + self.inward * d
        };
        vec![at(from, false), at(from, true), at(to, true), at(to, false)]
    }

    fn marks(&self, rng: &mut Rng) -> Vec<Mark> {
        let outward = -self.inward;
        let wood = shade(palette::FRAME, 0.16 * lit(outward) + rng.range(-0.03, 0.03));
        let grain = shade(wood, -0.35).with_alpha(0.5);
        vec![
            Mark::one(self.strip(0.0, WIDTH), wood),
            Mark::lines(self.grain(rng), grain, 0.018),
            Mark::one(
                self.strip(WIDTH - LIP, WIDTH),
                shade(wood, 0.3 * lit(self.inward)),
            ),
            Mark::lines(
                vec![self.strip(0.0, 0.04)[..2].to_vec()],
                shade(wood, 0.25),
                0.03,
            ),
        ]
    }

    /// Lines of grain along the board, wavering a little, each ending at the mitres.
    fn grain(&self, rng: &mut Rng) -> Vec<Vec<Vec2>> {
        let dir = (self.b - self.a).normalize();
        let mut lines = Vec::new();
        let mut d = rng.range(0.03, 0.08);
        while d < WIDTH - LIP - 0.02 {
            let (s, e) = (self.a + dir * d, self.b - dir * d);
            let len = s.distance(e);
            let steps = ((len / 0.8) as usize).clamp(2, 400);
            let (wave, phase) = (rng.range(0.6, 2.0), rng.range(0.0, 6.0));
            let line = (0..=steps)
                .map(|k| {
                    let t = k as f32 / steps as f32;
                    let wobble = 0.018 * (phase + t * len / wave).sin();
                    let depth = (d + wobble).clamp(0.0, WIDTH - LIP);
                    s.lerp(e, t) + self.inward * depth
                })
                .collect();
            lines.push(line);
            d += rng.range(0.05, 0.14);
        }
        lines
    }
}
