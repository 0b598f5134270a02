//! The cloth's raw stuff: smooth value noise on coarse lattices, read back per pixel;
//! a pixel's grain; and the few sums the per-pixel loop makes without a call (this
//! crate is not optimised in the debug build, where every call costs).

use crate::game::art::terrain::Rng;

/// Smooth noise in [0, 1] sampled every `step` pixels over a picture, `w` samples a
/// row.
pub(super) struct Field {
    w: usize,
    step: f32,
    v: Vec<f32>,
}

impl Field {
    /// The sum of value-noise octaves (wavelength in inches, weight), sampled every
    /// `step` pixels over a `width` × `height` picture of `ppi` pixels an inch.
    pub(super) fn noise(
        width: usize,
        height: usize,
        step: f32,
        octaves: &[(f32, f32)],
        ppi: f32,
        rng: &mut Rng,
    ) -> Field {
        let step = if step < 1.0 { 1.0 } else { step };
        let w = (width as f32 / step) as usize + 3;
        let h = (height as f32 / step) as usize + 3;
        let mut v = vec![0.0f32; w * h];
        for (wave, weight) in octaves {
            let cell = (wave * ppi / step).max(1.0);
            let lw = (w as f32 / cell) as usize + 3;
            let lattice: Vec<f32> = (0..lw * ((h as f32 / cell) as usize + 3))
                .map(|_| rng.unit())
                .collect();
            // Where each sample column falls between lattice columns, worked out once.
            let cols: Vec<(usize, f32)> = (0..w).map(|x| split_smooth(x as f32 / cell)).collect();
            for y in 0..h {
                let (j, ty) = split_smooth(y as f32 / cell);
                let (top, bottom) = (j * lw, (j + 1) * lw);
                for (x, (i, tx)) in cols.iter().enumerate() {
                    let (a, b) = (lattice[top + i], lattice[top + i + 1]);
                    let (c, d) = (lattice[bottom + i], lattice[bottom + i + 1]);
                    let upper = a + (b - a) * tx;
                    let lower = c + (d - c) * tx;
                    v[y * w + x] += weight * (upper + (lower - upper) * ty);
                }
            }
        }
        let (lo, hi) = v
            .iter()
            .fold((f32::MAX, f32::MIN), |(l, h), x| (l.min(*x), h.max(*x)));
        let span = (hi - lo).max(1e-6);
        v.iter_mut().for_each(|x| *x = (*x - lo) / span);
        Field { w, step, v }
    }

    /// The field along pixel row `y`, one value per sample column.
    pub(super) fn row(&self, y: usize) -> Vec<f32> {
        let at = y as f32 / self.step;
        let j = at as usize;
        let t = at - j as f32;
        let (a, b) = (j * self.w, (j + 1) * self.w);
        (0..self.w)
            .map(|i| self.v[a + i] + (self.v[b + i] - self.v[a + i]) * t)
            .collect()
    }
}

/// The whole part of a non-negative number and its fraction, smoothed.
fn split_smooth(x: f32) -> (usize, f32) {
    let i = x as usize;
    let t = x - i as f32;
    (i, t * t * (3.0 - 2.0 * t))
}

/// Per pixel column, worked out once for every row: where it falls in each field's
/// samples, and how much the cloth darkens toward the table's sides.
pub(super) struct Columns {
    pub(super) broad: Vec<(usize, f32)>,
    pub(super) fine: Vec<(usize, f32)>,
    pub(super) edge: Vec<f32>,
}

impl Columns {
    pub(super) fn new(width: usize, broad: &Field, fine: &Field) -> Columns {
        let at = |f: &Field, x: usize| {
            let s = x as f32 / f.step;
            (s as usize, s - (s as usize) as f32)
        };
        Columns {
            broad: (0..width).map(|x| at(broad, x)).collect(),
            fine: (0..width).map(|x| at(fine, x)).collect(),
            edge: (0..width).map(|x| edge(x, width)).collect(),
        }
    }
}

/// How far toward an edge of `n` pixels pixel `i` lies, squared: 0 at the middle, 1 at
/// the edge (the cloth is a shade darker there, as under a lamp).
pub(super) fn edge(i: usize, n: usize) -> f32 {
    let d = 2.0 * i as f32 / n as f32 - 1.0;
    d * d
}

/// A pixel's own grain: an integer hash of its place, in [0, 1).
#[inline(always)]
pub(super) fn grain(x: u32, y: u32, salt: u32) -> f32 {
    let h = (x.wrapping_mul(0x9e37_79b1) ^ y.wrapping_mul(0x85eb_ca77) ^ salt)
        .wrapping_mul(0xc2b2_ae3d);
    ((h ^ (h >> 15)) >> 24) as f32 / 256.0
}

/// A ripple of sand `along` waves on: −1 to 1, a gentle windward slope and a short
/// steep lee (no call a pixel, unlike `f32::sin`).
#[inline(always)]
pub(super) fn ripple(along: f32) -> f32 {
    let f = along - (along as i32) as f32;
    let f = if f < 0.0 { f + 1.0 } else { f };
    if f < 0.75 {
        f / 0.75 * 2.0 - 1.0
    } else {
        1.0 - (f - 0.75) / 0.25 * 2.0
    }
}

/// The lesser of two numbers (no call in the debug build, unlike `f32::min`).
#[inline(always)]
pub(super) fn near(p: f32, q: f32) -> f32 {
    if p < q { p } else { q }
}
