//! Geometry of convex outlines for the terrain art, in inches. Every function takes any list of
//! points (a user's file may hold a sliver, a repeated corner or a clockwise outline)
//! and returns an empty list rather than panic where nothing is left.

use super::rng::Rng;
use bevy::math::Vec2;

/// Twice the signed area: positive for a counter-clockwise outline.
fn area2(p: &[Vec2]) -> f32 {
    (0..p.len())
        .map(|i| p[i].perp_dot(p[(i + 1) % p.len()]))
        .sum()
}

pub fn area(p: &[Vec2]) -> f32 {
    area2(p).abs() / 2.0
}

/// The outline counter-clockwise, without non-finite points or repeated corners.
pub fn ccw(points: &[Vec2]) -> Vec<Vec2> {
    let mut p: Vec<Vec2> = Vec::with_capacity(points.len());
    for q in points.iter().copied().filter(|q| q.is_finite()) {
        if p.last().is_none_or(|l| l.distance_squared(q) > 1e-10) {
            p.push(q);
        }
    }
    while p.len() > 1 && p[0].distance_squared(p[p.len() - 1]) <= 1e-10 {
        p.pop();
    }
    if area2(&p) < 0.0 {
        p.reverse();
    }
    p
}

/// The centre of mass of an outline (the mean of its corners where it has no area).
pub fn centroid(p: &[Vec2]) -> Vec2 {
    if p.is_empty() {
        return Vec2::ZERO;
    }
    let a = area2(p);
    let mean = p.iter().copied().sum::<Vec2>() / p.len() as f32;
    if a.abs() < 1e-6 {
        return mean;
    }
    let sum = (0..p.len()).fold(Vec2::ZERO, |s, i| {
        let (a, b) = (p[i], p[(i + 1) % p.len()]);
        s + (a + b) * a.perp_dot(b)
    });
    let c = sum / (3.0 * a);
    if c.is_finite() { c } else { mean }
}

/// The part of `p` on the side of the line through `at` that `normal` points to.
pub fn clip(p: &[Vec2], at: Vec2, normal: Vec2) -> Vec<Vec2> {
    let side = |q: Vec2| (q - at).dot(normal);
    let mut out = Vec::with_capacity(p.len() + 1);
    for i in 0..p.len() {
        let (a, b) = (p[i], p[(i + 1) % p.len()]);
        let (sa, sb) = (side(a), side(b));
        if sa >= 0.0 {
            out.push(a);
        }
        if (sa >= 0.0) != (sb >= 0.0) {
            let t = sa / (sa - sb);
            out.push(a + (b - a) * t);
        }
    }
    if out.len() < 3 { Vec::new() } else { out }
}

/// Each edge of a counter-clockwise outline with its inward unit normal; edges too
/// short to have a direction are left out.
pub fn edges(p: &[Vec2]) -> impl Iterator<Item = (usize, Vec2, Vec2, Vec2)> + '_ {
    (0..p.len()).filter_map(move |i| {
        let (a, b) = (p[i], p[(i + 1) % p.len()]);
        let n = (b - a).perp().try_normalize()?;
        Some((i, a, b, n))
    })
}

/// A convex outline with each edge `i` moved inward by `by(i)` inches: what lies at
/// least that far inside every edge. Empty where nothing does. Always within `p`.
pub fn inset(p: &[Vec2], by: impl Fn(usize) -> f32) -> Vec<Vec2> {
    let p = ccw(p);
    if p.len() < 3 {
        return Vec::new();
    }
    let mut out = p.clone();
    for (i, a, _, n) in edges(&p) {
        out = clip(&out, a + n * by(i).max(0.0), n);
        if out.is_empty() {
            break;
        }
    }
    out
}

/// A convex outline with every edge moved inward by `d`.
pub fn inset_all(p: &[Vec2], d: f32) -> Vec<Vec2> {
    inset(p, |_| d)
}

/// `p` scaled by `k` about `about`: within `p` for a convex `p`, a `k` in [0, 1] and an
/// `about` inside it.
pub fn shrink(p: &[Vec2], k: f32, about: Vec2) -> Vec<Vec2> {
    p.iter().map(|q| about + (*q - about) * k).collect()
}

/// How far `q` lies inside a convex counter-clockwise outline (negative outside).
pub fn depth(p: &[Vec2], q: Vec2) -> f32 {
    edges(p)
        .map(|(_, a, _, n)| (q - a).dot(n))
        .fold(f32::INFINITY, f32::min)
}

/// The part of `subject` inside the convex counter-clockwise `outline`.
pub fn clip_to(subject: &[Vec2], outline: &[Vec2]) -> Vec<Vec2> {
    let mut out = ccw(subject);
    for (_, a, _, n) in edges(outline) {
        if out.len() < 3 {
            return Vec::new();
        }
        out = clip(&out, a, n);
    }
    out
}

/// A piece's own axes: `u` along its length, `v` across it, about the centre of the
/// narrowest rectangle that holds it, and that rectangle's half length and half width.
#[derive(Clone, Copy, Debug)]
pub struct Axes {
    pub centre: Vec2,
    pub u: Vec2,
    pub v: Vec2,
    pub half: Vec2,
}

impl Axes {
    /// The narrowest rectangle about a convex outline lies along one of its edges.
    pub fn of(p: &[Vec2]) -> Axes {
        let fallback = Axes {
            centre: centroid(p),
            u: Vec2::X,
            v: Vec2::Y,
            half: Vec2::ZERO,
        };
        let best = edges(p)
            .map(|(_, a, b, _)| {
                let mut u = (b - a).normalize();
                if u.x < -1e-4 || (u.x.abs() <= 1e-4 && u.y < 0.0) {
                    u = -u;
                }
                let span = |d: Vec2| {
                    let ds = p.iter().map(|q| q.dot(d));
                    ds.fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), x| {
                        (lo.min(x), hi.max(x))
                    })
                };
                let (along, across) = (span(u), span(u.perp()));
                (across.1 - across.0, u, along, across)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        let Some((_, u, along, across)) = best else {
            return fallback;
        };
        let v = u.perp();
        let mid = Vec2::new(along.0 + along.1, across.0 + across.1) / 2.0;
        let half = Vec2::new(along.1 - along.0, across.1 - across.0) / 2.0;
        // Along the length is the longer way.
        if half.y > half.x {
            return Axes {
                centre: u * mid.x + v * mid.y,
                u: v,
                v: -u,
                half: Vec2::new(half.y, half.x),
            };
        }
        Axes {
            centre: u * mid.x + v * mid.y,
            u,
            v,
            half,
        }
    }

    /// A point given along and across the piece.
    pub fn at(&self, x: f32, y: f32) -> Vec2 {
        self.centre + self.u * x + self.v * y
    }

    /// The rectangle from `lo` to `hi` in the piece's axes, counter-clockwise.
    pub fn rect(&self, lo: Vec2, hi: Vec2) -> Vec<Vec2> {
        vec![
            self.at(lo.x, lo.y),
            self.at(hi.x, lo.y),
            self.at(hi.x, hi.y),
            self.at(lo.x, hi.y),
        ]
    }
}

/// A lumpy round outline of `n` corners about `c`: a crown, a stone, a pool.
pub fn blob(c: Vec2, r: f32, wobble: f32, n: usize, rng: &mut Rng) -> Vec<Vec2> {
    let turn = rng.unit();
    (0..n)
        .map(|i| {
            let a = (i as f32 + turn) / n as f32 * std::f32::consts::TAU;
            c + Vec2::from_angle(a) * r * (1.0 + rng.range(-wobble, wobble))
        })
        .collect()
}

/// A point at least `margin` inside a convex outline, drawn at random (its centre
/// where a few tries find none).
pub fn inside(p: &[Vec2], margin: f32, rng: &mut Rng) -> Option<Vec2> {
    let (lo, hi) = bounds(p);
    (0..24)
        .map(|_| Vec2::new(rng.range(lo.x, hi.x), rng.range(lo.y, hi.y)))
        .find(|q| depth(p, *q) >= margin)
}

/// The corners of the box about `p`.
pub fn bounds(p: &[Vec2]) -> (Vec2, Vec2) {
    p.iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(lo, hi), q| (lo.min(*q), hi.max(*q)),
    )
}

/// The deepest a point lies in a convex outline, roughly: its centroid's depth.
pub fn inradius(p: &[Vec2]) -> f32 {
    depth(p, centroid(p)).max(0.0)
}

/// The part of the segment `a`–`b` inside a convex counter-clockwise outline.
pub fn clip_segment(a: Vec2, b: Vec2, outline: &[Vec2]) -> Option<(Vec2, Vec2)> {
    let (mut lo, mut hi) = (0.0f32, 1.0f32);
    for (_, e, _, n) in edges(outline) {
        // (a + (b − a) t − e) · n ≥ 0
        let (s, k) = ((a - e).dot(n), (b - a).dot(n));
        if k.abs() < 1e-9 {
            if s < 0.0 {
                return None;
            }
        } else if k > 0.0 {
            lo = lo.max(-s / k);
        } else {
            hi = hi.min(-s / k);
        }
    }
    (hi - lo > 1e-4).then(|| (a + (b - a) * lo, a + (b - a) * hi))
}

/// The least and most of the outline along `d`.
pub fn span(p: &[Vec2], d: Vec2) -> (f32, f32) {
    p.iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), q| {
            (lo.min(q.dot(d)), hi.max(q.dot(d)))
        })
}

/// Round things packed in a convex outline (crowns, boulders): each wholly inside, of a
/// radius up to `largest` (and the outline's depth), overlapping a little, with about
/// `density` times the outline's area covered; the smallest first. One at the centre
/// where no other fits; none in an outline with no depth.
pub fn pack(outline: &[Vec2], largest: f32, density: f32, rng: &mut Rng) -> Vec<(Vec2, f32)> {
    let deepest = inradius(outline);
    if deepest <= 0.005 {
        return Vec::new();
    }
    let largest = deepest.min(largest);
    let smallest = largest * 0.45;
    let mean = (largest + smallest) / 2.0;
    let wanted = area(outline) / (std::f32::consts::PI * mean * mean) * density;
    let wanted = (wanted as usize).clamp(1, 70);
    let mut out: Vec<(Vec2, f32)> = Vec::new();
    for _ in 0..wanted * 8 {
        if out.len() >= wanted {
            break;
        }
        let r = rng.range(smallest, largest);
        let Some(c) = inside(outline, r * 1.15, rng) else {
            continue;
        };
        if out.iter().all(|(o, s)| o.distance(c) > 0.6 * (r + s)) {
            out.push((c, r));
        }
    }
    if out.is_empty() {
        out.push((centroid(outline), deepest * 0.85));
    }
    out.sort_by(|a, b| a.1.total_cmp(&b.1));
    out
}

/// A line wandering from `from` in `heading` (radians) for `steps` steps of `step`
/// inches, turning a little each step, stopped where it would leave `outline` by
/// `margin`.
pub fn wander(
    from: Vec2,
    heading: f32,
    steps: usize,
    step: f32,
    outline: &[Vec2],
    margin: f32,
    rng: &mut Rng,
) -> Vec<Vec2> {
    let mut line = vec![from];
    let (mut at, mut a) = (from, heading);
    for _ in 0..steps {
        a += rng.range(-0.6, 0.6);
        let next = at + Vec2::from_angle(a) * step * rng.range(0.6, 1.3);
        if depth(outline, next) < margin {
            break;
        }
        line.push(next);
        at = next;
    }
    line
}

/// A closed outline with its corners rounded off by `rounds` of Chaikin's corner
/// cutting: it stays within a convex outline.
pub fn rounded(p: &[Vec2], rounds: usize) -> Vec<Vec2> {
    let mut ring = p.to_vec();
    for _ in 0..rounds {
        if ring.len() < 3 || ring.len() > 2000 {
            break;
        }
        ring = (0..ring.len())
            .flat_map(|i| {
                let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
                [a.lerp(b, 0.25), a.lerp(b, 0.75)]
            })
            .collect();
    }
    ring
}

/// A convex outline with its edges broken: each edge not `open` cut into steps of about
/// `step` inches, each point pulled in by up to `amp`, corners too. Within the outline;
/// no longer convex.
pub fn ragged(p: &[Vec2], open: &[bool], amp: f32, step: f32, rng: &mut Rng) -> Vec<Vec2> {
    let n = p.len();
    let mut ring = Vec::new();
    for i in 0..n {
        let (a, b) = (p[i], p[(i + 1) % n]);
        let closed = !open.get(i).copied().unwrap_or(false);
        let before = !open.get((i + n - 1) % n).copied().unwrap_or(false);
        let normal = |j: usize| (p[(j + 1) % n] - p[j]).perp().normalize_or_zero();
        let bisector = (normal(i) + normal((i + n - 1) % n)).normalize_or_zero();
        let pull = if closed && before {
            amp * rng.unit()
        } else {
            0.0
        };
        ring.push(a + bisector * pull);
        if !closed {
            continue;
        }
        let steps = ((a.distance(b) / step) as usize).min(200);
        for k in 1..steps {
            let t = k as f32 / steps as f32;
            ring.push(a.lerp(b, t) + normal(i) * amp * rng.unit());
        }
    }
    ring
}
