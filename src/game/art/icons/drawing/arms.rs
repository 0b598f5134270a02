//! Weapons and gear, each standing upright with its business end to the front (+y):
//! what a model fights with.

use super::Part;
use super::pen::{P, arc, bar, disc, line, mirrored, polygon, rect, ring, turned};

/// A long straight blade with a crossguard, grip and round pommel.
pub(super) fn sword() -> Vec<Part> {
    vec![
        mirrored(&[(0.0, 0.86), (0.14, 0.62), (0.14, -0.3)]),
        polygon(&[(-0.5, -0.24), (0.5, -0.24), (0.44, -0.4), (-0.44, -0.4)]),
        rect((-0.08, -0.4), (0.08, -0.68)),
        disc(0.0, -0.76, 0.13),
    ]
}

/// A long shaft with a leaf-shaped head and a collar.
pub(super) fn spear() -> Vec<Part> {
    vec![
        line(&[(0.0, -0.88), (0.0, 0.3)], 0.13),
        mirrored(&[
            (0.0, 0.9),
            (0.14, 0.74),
            (0.28, 0.46),
            (0.22, 0.3),
            (0.08, 0.18),
            (0.0, 0.16),
        ]),
        rect((-0.1, 0.06), (0.1, 0.18)),
    ]
}

/// A haft with a bearded, crescent blade on its right.
pub(super) fn axe() -> Vec<Part> {
    let edge = arc((0.05, 0.36), (0.74, 0.74), 44.0, -42.0);
    let mut blade = vec![(-0.2, 0.3), (-0.2, 0.6), (0.25, 0.66)];
    blade.extend(edge);
    blade.extend([(0.32, 0.1), (0.05, 0.25)]);
    vec![
        line(&[(-0.22, -0.88), (-0.22, 0.78)], 0.15),
        polygon(&blade),
    ]
}

/// A club thick at the head and thin at the grip, studded with knobs.
pub(super) fn club() -> Vec<Part> {
    let mut body = vec![(-0.08, -0.88), (0.08, -0.88), (0.3, 0.5)];
    body.extend(arc((0.0, 0.52), (0.3, 0.32), 0.0, 180.0));
    body.push((-0.3, 0.5));
    vec![
        polygon(&body),
        disc(0.3, 0.24, 0.11),
        disc(-0.3, 0.62, 0.1),
        disc(0.22, 0.74, 0.1),
        disc(-0.24, 0.06, 0.09),
        disc(0.16, -0.16, 0.08),
    ]
}

/// A shaft with a flanged (spiked) head and a knob at the foot.
pub(super) fn mace() -> Vec<Part> {
    let head = (0.0, 0.5);
    let spike = [(-0.1, 0.72), (0.0, 0.88), (0.1, 0.72)];
    let mut parts = vec![
        line(&[(0.0, -0.76), (0.0, 0.4)], 0.14),
        disc(0.0, -0.78, 0.1),
    ];
    parts.extend((0..8).map(|k| polygon(&turned(&spike, head, 45.0 * k as f32))));
    parts.push(disc(head.0, head.1, 0.27));
    parts
}

/// A short, broad triangular blade on a long grip: shorter and wider than the sword.
pub(super) fn dagger() -> Vec<Part> {
    vec![
        mirrored(&[(0.0, 0.76), (0.25, 0.04), (0.25, -0.02)]),
        rect((-0.42, -0.02), (0.42, -0.16)),
        rect((-0.08, -0.15), (0.08, -0.54)),
        disc(0.0, -0.64, 0.13),
    ]
}

/// A bow drawn at full stretch, the arrow on the string pointing ahead.
pub(super) fn bow() -> Vec<Part> {
    let limbs = arc((0.0, -0.42), (0.8, 0.8), 12.0, 168.0);
    let (tip_l, tip_r) = (limbs[limbs.len() - 1], limbs[0]);
    let fletch = [(0.0, -0.56), (0.15, -0.7), (0.15, -0.88), (0.0, -0.76)];
    vec![
        line(&[tip_l, (0.0, -0.72), tip_r], 0.06),
        line(&limbs, 0.16),
        line(&[(0.0, -0.74), (0.0, 0.64)], 0.08),
        polygon(&[(0.0, 0.88), (0.16, 0.6), (-0.16, 0.6)]),
        polygon(&fletch),
        polygon(&fletch.map(|(x, y)| (-x, y))),
    ]
}

/// A stock with bow arms across its front, a straight string and a bolt.
pub(super) fn crossbow() -> Vec<Part> {
    let arms = arc((0.0, -0.1), (0.78, 0.56), 15.0, 165.0);
    let (tip_l, tip_r) = (arms[arms.len() - 1], arms[0]);
    vec![
        line(&[tip_l, tip_r], 0.06),
        mirrored(&[
            (0.0, 0.6),
            (0.1, 0.6),
            (0.1, -0.36),
            (0.2, -0.86),
            (0.0, -0.86),
        ]),
        line(&arms, 0.16),
        bar((0.0, 0.08), (0.0, 0.64), 0.07, 0.07).dark(),
        polygon(&[(0.0, 0.88), (0.12, 0.64), (-0.12, 0.64)]),
    ]
}

/// A sling whirling: the stone in its pouch on a cord from the finger loop at the
/// centre, and the swoosh of its path, thinning behind it.
pub(super) fn sling() -> Vec<Part> {
    let (hub, r, at): (P, f32, f32) = ((0.0, -0.04), 0.64, 62.0);
    let stone = arc(hub, (r, r), at, at)[0];
    let outer = arc(hub, (r + 0.1, r + 0.1), at + 20.0, at + 230.0);
    let n = outer.len() as f32;
    let inner = outer.iter().enumerate().rev().map(|(i, &(x, y))| {
        let k = 1.0 - 0.24 * (1.0 - i as f32 / n);
        (hub.0 + (x - hub.0) * k, hub.1 + (y - hub.1) * k)
    });
    let swoosh: Vec<P> = outer.iter().copied().chain(inner).collect();
    vec![
        polygon(&swoosh),
        line(&[hub, stone], 0.1),
        ring(&arc(hub, (0.13, 0.13), 0.0, 350.0), 0.1),
        disc(stone.0, stone.1, 0.24),
    ]
}

/// A wizard's staff whose head curls over into a crook with a glowing orb in the curl:
/// a hook, where the mace has spikes.
pub(super) fn staff() -> Vec<Part> {
    let curl = (-0.1, 0.46);
    let mut shaft = vec![(0.18, -0.88), (0.18, 0.44)];
    shaft.extend(arc(curl, (0.28, 0.32), 0.0, 260.0));
    vec![line(&shaft, 0.15), disc(curl.0, curl.1, 0.11)]
}

/// A heater shield bearing a cross.
pub(super) fn shield() -> Vec<Part> {
    vec![
        mirrored(&[
            (0.0, 0.8),
            (0.7, 0.8),
            (0.7, 0.22),
            (0.62, -0.12),
            (0.46, -0.46),
            (0.24, -0.72),
            (0.0, -0.88),
        ]),
        line(&[(0.0, 0.64), (0.0, -0.64)], 0.14).dark(),
        line(&[(-0.54, 0.3), (0.54, 0.3)], 0.14).dark(),
    ]
}

/// A pole with a swallow-tailed flag flying to the right, a roundel on it.
pub(super) fn banner() -> Vec<Part> {
    vec![
        line(&[(-0.5, -0.88), (-0.5, 0.76)], 0.12),
        disc(-0.5, 0.78, 0.1),
        polygon(&[
            (-0.5, 0.7),
            (0.84, 0.7),
            (0.44, 0.33),
            (0.84, -0.04),
            (-0.5, -0.04),
        ]),
        disc(0.0, 0.33, 0.14).dark(),
    ]
}

/// A cannon seen from the side: a barrel raised to the front on its trail, and a spoked
/// wheel.
pub(super) fn cannon() -> Vec<Part> {
    let (wheel, r): (P, f32) = ((-0.08, -0.42), 0.42);
    let mut parts = vec![
        polygon(&[
            (-0.3, -0.05),
            (0.2, -0.18),
            (0.0, -0.58),
            (-0.86, -0.86),
            (-0.9, -0.7),
        ]),
        bar((-0.62, -0.2), (0.7, 0.52), 0.4, 0.26),
        bar((0.58, 0.455), (0.78, 0.565), 0.34, 0.34),
        disc(-0.7, -0.27, 0.1),
        disc(wheel.0, wheel.1, r),
        disc(wheel.0, wheel.1, r * 0.62).dark(),
    ];
    let spoke = [(wheel.0, wheel.1 - r * 0.7), (wheel.0, wheel.1 + r * 0.7)];
    parts.extend([0.0, 60.0, 120.0].map(|a| line(&turned(&spoke, wheel, a), 0.08)));
    parts.push(disc(wheel.0, wheel.1, 0.09));
    parts
}
