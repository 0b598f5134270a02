//! The table's cloth: a picture of grass, felt, sand or flagstones woven once per
//! battle from a seed (the scenario's name), so a table always looks the same. Smooth
//! value noise is computed on coarse lattices and read back per pixel by linear
//! interpolation; the per-pixel work is a few lerps and an integer hash, spread over
//! the cores by rayon, because this crate is built unoptimised in the debug build.
//!
//! Measured on this 2-core machine, busy with other work (`cargo test --profile dev`,
//! the debug build's settings: this crate unoptimised, its dependencies optimised): a
//! 48" × 48" table (960 × 960 px) weaves in 47 ms (grass, felt) to 78 ms
//! (flagstones); the 120" great field, capped at 2048 × 2048 px, in about 220 ms.

mod noise;

use super::terrain::{Rng, hash_str};
use bevy::asset::RenderAssetUsages;
use bevy::math::Vec2;
use bevy::prelude::Image;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use noise::{Columns, Field, edge, grain, near, ripple};
use rayon::prelude::*;
use warband_table::table::Mat;

/// Pixels per inch of the cloth, at most; fewer on a table too big for [`MAX_SIDE`].
pub const PPI: f32 = 20.0;
/// The longest side of the cloth's picture, pixels.
pub const MAX_SIDE: u32 = 2048;

/// An RGBA picture (sRGB, top row first) of a mat, `ppi` pixels to the inch.
pub struct Cloth {
    pub width: u32,
    pub height: u32,
    pub ppi: f32,
    pub rgba: Vec<u8>,
}

/// The seed of a table's picture: from the scenario's name.
pub fn seed_of(name: &str) -> u64 {
    hash_str(name)
}

/// The picture as a Bevy image for a sprite.
pub fn image(cloth: Cloth) -> Image {
    Image::new(
        Extent3d {
            width: cloth.width,
            height: cloth.height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        cloth.rgba,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// Weaves the cloth of a `mat` for a table `size` inches across.
pub fn weave(mat: Mat, size: Vec2, seed: u64) -> Cloth {
    let size = size.max(Vec2::splat(1.0)).min(Vec2::splat(1000.0));
    let ppi = PPI.min(MAX_SIDE as f32 / size.max_element());
    let (width, height) = (
        (size.x * ppi).ceil() as usize,
        (size.y * ppi).ceil() as usize,
    );
    let mut rng = Rng::new(seed ^ mat as u64);
    let broad = Field::noise(width, height, ppi * 0.5, &BROAD, ppi, &mut rng);
    let fine = Field::noise(width, height, ppi / 4.0, &FINE, ppi, &mut rng);
    let loom = Loom {
        mat,
        ppi,
        height,
        columns: Columns::new(width, &broad, &fine),
        broad,
        fine,
        slabs: Slabs::new(size, ppi, &mut rng),
        salt: rng.next_u64() as u32,
    };
    let mut rgba = vec![0u8; width * height * 4];
    rgba.par_chunks_mut(width * 4)
        .enumerate()
        .for_each(|(y, row)| loom.row(y, row));
    let mut cloth = Cloth {
        width: width as u32,
        height: height as u32,
        ppi,
        rgba,
    };
    if mat == Mat::Grass {
        tufts(&mut cloth, &mut rng);
    }
    cloth
}

/// The octaves (wavelength in inches, weight) of the broad mottling and of the finer
/// patchiness.
const BROAD: [(f32, f32); 4] = [(9.0, 0.45), (4.0, 0.3), (2.0, 0.15), (1.0, 0.1)];
const FINE: [(f32, f32); 2] = [(1.0, 0.6), (0.5, 0.4)];

/// A row of flagstones: its bottom and top (inches), its slabs' width and offset.
type Row = (f32, f32, f32, f32);

/// The rows of a flagstone floor: each row's top and bottom (inches from the table's
/// bottom), its slabs' width and offset, and which row each height (a lookup every
/// pixel) lies in.
struct Slabs {
    rows: Vec<Row>,
    lookup: Vec<usize>,
}

impl Slabs {
    fn new(size: Vec2, ppi: f32, rng: &mut Rng) -> Slabs {
        let mut rows = Vec::new();
        // Rows from an inch below the table to an inch above it, for the wavy joints.
        let mut y = -1.0 - rng.range(0.0, 1.0);
        while y < size.y + 1.0 {
            let h = rng.range(1.6, 2.4);
            rows.push((y, y + h, rng.range(1.5, 2.8), rng.range(0.0, 3.0) + 10.0));
            y += h;
        }
        let lookup = (0..((size.y + 2.0) * ppi) as usize + 2)
            .map(|k| {
                let at = k as f32 / ppi - 1.0;
                rows.iter().position(|r| r.1 > at).unwrap_or(rows.len() - 1)
            })
            .collect();
        Slabs { rows, lookup }
    }

    /// The row at `y` inches (within an inch of the table), from the rows and the
    /// lookup as slices (indexing a `Vec` is a call in the debug build).
    #[inline(always)]
    fn row(rows: &[Row], lookup: &[usize], ppi: f32, y: f32) -> (usize, Row) {
        let k = ((y + 1.0) * ppi) as usize;
        let mut r = lookup[if k < lookup.len() {
            k
        } else {
            lookup.len() - 1
        }];
        // The lookup is to the pixel: step on where `y` is past the row's top.
        if rows[r].1 <= y && r + 1 < rows.len() {
            r += 1;
        }
        (r, rows[r])
    }
}

/// Everything one row of pixels is painted from.
struct Loom {
    mat: Mat,
    ppi: f32,
    height: usize,
    columns: Columns,
    broad: Field,
    fine: Field,
    slabs: Slabs,
    salt: u32,
}

/// Dark and light ends of a mat's colour, sRGB 0–1.
fn tones(mat: Mat) -> ([f32; 3], [f32; 3]) {
    match mat {
        Mat::Grass => ([0.20, 0.31, 0.13], [0.37, 0.49, 0.23]),
        Mat::Felt => ([0.25, 0.33, 0.26], [0.33, 0.42, 0.34]),
        Mat::Sand => ([0.62, 0.49, 0.32], [0.80, 0.68, 0.48]),
        Mat::Stone => ([0.33, 0.32, 0.31], [0.52, 0.51, 0.49]),
    }
}

impl Loom {
    /// Paints pixel row `y` (0 at the top) into `out` (RGBA). Kept to plain arithmetic
    /// and indexing, with no calls a pixel but the sine of sand: this crate is not
    /// optimised in the debug build.
    fn row(&self, y: usize, out: &mut [u8]) {
        let (broad, fine) = (self.broad.row(y), self.fine.row(y));
        let (broad, fine) = (&broad[..], &fine[..]);
        let cols = &self.columns;
        let (cb, cf, ce) = (&cols.broad[..], &cols.fine[..], &cols.edge[..]);
        let slabs = (&self.slabs.rows[..], &self.slabs.lookup[..]);
        let (dark, light) = tones(self.mat);
        let span = [light[0] - dark[0], light[1] - dark[1], light[2] - dark[2]];
        let edge_y = edge(y, self.height);
        let table_y = (self.height - y) as f32 / self.ppi;
        let mut fibre = 0.5;
        let mut x = 0;
        while x < ce.len() {
            let (bi, bt) = cb[x];
            let a = broad[bi] + (broad[bi + 1] - broad[bi]) * bt;
            let (fi, ft) = cf[x];
            let b = fine[fi] + (fine[fi + 1] - fine[fi]) * ft;
            let g = grain(x as u32, y as u32, self.salt);
            let (t, k) = match self.mat {
                Mat::Grass => (0.65 * a + 0.35 * b, 1.0 + 0.12 * (g - 0.5)),
                Mat::Felt => {
                    fibre = 0.7 * fibre + 0.3 * g;
                    (
                        0.5 + 0.3 * (a - 0.5) + 0.1 * (b - 0.5),
                        1.0 + 0.16 * (fibre - 0.5),
                    )
                }
                Mat::Sand => {
                    let along = (x as f32 * 0.8 / self.ppi + table_y * 0.6) * 2.0 + a * 1.4;
                    let speck = if g > 0.985 { -0.25 } else { 0.0 };
                    (
                        0.6 * a + 0.4 * b + 0.06 * ripple(along),
                        1.0 + 0.16 * (g - 0.5) + speck,
                    )
                }
                Mat::Stone => self.flag(slabs, x as f32 / self.ppi, table_y, (a, b, g)),
            };
            let k = k * (1.0 - 0.07 * (ce[x] + edge_y));
            let (o, k) = (x * 4, k * 255.0);
            out[o] = ((dark[0] + span[0] * t) * k) as u8;
            out[o + 1] = ((dark[1] + span[1] * t) * k) as u8;
            out[o + 2] = ((dark[2] + span[2] * t) * k) as u8;
            out[o + 3] = 255;
            x += 1;
        }
    }

    /// A flagstone pixel at (`x`, `y`) inches: the slab's own tone, a lit top-left rim,
    /// a shaded bottom-right rim and dark joints, the joints a little wavy.
    #[inline(always)]
    fn flag(
        &self,
        slabs: (&[Row], &[usize]),
        x: f32,
        y: f32,
        noise: (f32, f32, f32),
    ) -> (f32, f32) {
        let (a, b, g) = noise;
        let (x, y) = (x + (b - 0.5) * 0.35, y + (a - 0.5) * 0.35);
        let (r, (bottom, top, width, offset)) = Slabs::row(slabs.0, slabs.1, self.ppi, y);
        let along = (x + offset) / width;
        let slab = along as u32;
        let fx = (along - slab as f32) * width;
        let tone = grain(slab, r as u32, self.salt ^ 0x5bd1) - 0.5;
        let (to_left, to_right) = (fx, width - fx);
        let (to_top, to_bottom) = (top - y, y - bottom);
        let joint = near(near(to_left, to_right), near(to_top, to_bottom));
        if joint < 0.03 {
            return (0.0, 0.45 + 0.1 * g);
        }
        let rim = if near(to_top, to_left) < 0.12 {
            0.07
        } else if near(to_bottom, to_right) < 0.12 {
            -0.09
        } else {
            0.0
        };
        // The joint's edge shades in over a few hundredths of an inch, not in one step.
        let edge = if joint < 0.07 {
            (joint - 0.03) / 0.04
        } else {
            1.0
        };
        let t = (0.5 + 0.45 * tone + 0.25 * (a - 0.5) + 0.2 * (b - 0.5)) * edge;
        let k = 1.0 + rim + 0.12 * (g - 0.5);
        (t, 0.45 + (k - 0.45) * edge)
    }
}

/// Clumps of darker tufts and pale flecks of flock on grass, a few to the square inch.
fn tufts(cloth: &mut Cloth, rng: &mut Rng) {
    let ppi = cloth.ppi;
    let area = cloth.width as f32 * cloth.height as f32 / (ppi * ppi);
    let size = Vec2::new(cloth.width as f32, cloth.height as f32);
    let anywhere = |rng: &mut Rng| Vec2::new(rng.unit(), rng.unit()) * size;
    for _ in 0..(area * 0.3) as usize {
        let centre = anywhere(rng);
        for _ in 0..3 + rng.next_u64() % 5 {
            let at = centre + Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * ppi * 0.12;
            splat(cloth, at, (ppi * rng.range(0.03, 0.07)).max(0.7), 0.72);
        }
    }
    for _ in 0..(area * 0.4) as usize {
        let at = anywhere(rng);
        splat(cloth, at, (ppi * rng.range(0.02, 0.04)).max(0.6), 1.25);
    }
}

/// Scales the colour of a soft round spot (`r` pixels) by `k`, most at its centre.
fn splat(cloth: &mut Cloth, c: Vec2, r: f32, k: f32) {
    let (w, h) = (cloth.width as i32, cloth.height as i32);
    let reach = r.ceil() as i32;
    let (cx, cy) = (c.x as i32, c.y as i32);
    let rgba = &mut cloth.rgba[..];
    for y in (cy - reach).max(0)..(cy + reach + 1).min(h) {
        for x in (cx - reach).max(0)..(cx + reach + 1).min(w) {
            let (dx, dy) = ((x as f32 - c.x) / r, (y as f32 - c.y) / r);
            let d2 = dx * dx + dy * dy;
            if d2 >= 1.0 {
                continue;
            }
            let f = 1.0 + (k - 1.0) * (1.0 - d2);
            let i = (y * w + x) as usize * 4;
            rgba[i] = (rgba[i] as f32 * f) as u8;
            rgba[i + 1] = (rgba[i + 1] as f32 * f) as u8;
            rgba[i + 2] = (rgba[i + 2] as f32 * f) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cloth_is_the_same_for_a_seed_and_differs_by_mat_and_seed() {
        let size = Vec2::new(12.0, 9.0);
        let grass = weave(Mat::Grass, size, 4);
        assert_eq!((grass.width, grass.height), (240, 180));
        assert_eq!(grass.rgba, weave(Mat::Grass, size, 4).rgba);
        assert_ne!(grass.rgba, weave(Mat::Grass, size, 5).rgba);
        let means: Vec<[f32; 3]> = Mat::ALL.iter().map(|m| mean(&weave(*m, size, 4))).collect();
        for i in 0..means.len() {
            for j in 0..i {
                let d: f32 = (0..3).map(|c| (means[i][c] - means[j][c]).abs()).sum();
                assert!(
                    d > 0.03,
                    "{:?} and {:?} look alike",
                    Mat::ALL[i],
                    Mat::ALL[j]
                );
            }
        }
    }

    fn mean(c: &Cloth) -> [f32; 3] {
        let n = (c.rgba.len() / 4) as f32;
        let mut m = [0.0; 3];
        for px in c.rgba.chunks_exact(4) {
            for k in 0..3 {
                m[k] += px[k] as f32 / 255.0 / n;
            }
        }
        m
    }

    #[test]
    fn a_huge_table_is_capped_and_every_pixel_is_woven() {
        let huge = weave(Mat::Felt, Vec2::new(240.0, 120.0), 1);
        assert_eq!(huge.width, MAX_SIDE);
        assert_eq!(huge.rgba.len(), (huge.width * huge.height * 4) as usize);
        for mat in Mat::ALL {
            let start = std::time::Instant::now();
            let cloth = weave(mat, Vec2::new(48.0, 48.0), 2);
            let took = start.elapsed();
            println!("{mat:?}: {} × {} px in {took:?}", cloth.width, cloth.height);
            assert!(cloth.rgba.iter().skip(3).step_by(4).all(|a| *a == 255));
        }
    }
}
