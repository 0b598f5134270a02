//! Creatures and the dead: what a model is rather than what it holds.

use super::Part;
use super::pen::{P, disc, ellipse, line, mirrored, polygon, turned};

/// Mirrors a right-hand piece to the left: the other eye, the other ear.
fn both(right: &[P], draw: impl Fn(&[P]) -> Part) -> [Part; 2] {
    let left: Vec<P> = right.iter().rev().map(|&(x, y)| (-x, y)).collect();
    [draw(right), draw(&left)]
}

/// A skull from the front: round cranium, narrower jaw, deep eye sockets, a nose
/// hole and a row of teeth.
pub(super) fn skull() -> Vec<Part> {
    let mut parts = vec![
        disc(0.0, 0.2, 0.62),
        mirrored(&[
            (0.0, -0.1),
            (0.42, -0.1),
            (0.38, -0.56),
            (0.24, -0.76),
            (0.0, -0.8),
        ]),
    ];
    parts.extend(
        both(
            &[(0.08, 0.12), (0.46, 0.16), (0.4, -0.12), (0.16, -0.14)],
            polygon,
        )
        .map(Part::dark),
    );
    parts.push(polygon(&[(0.0, -0.14), (0.1, -0.34), (-0.1, -0.34)]).dark());
    parts.extend([-0.21, -0.07, 0.07, 0.21].map(|x| line(&[(x, -0.46), (x, -0.72)], 0.06).dark()));
    parts
}

/// A horse's head and neck in profile, facing left, with its mane, eye and nostril:
/// the chess knight's silhouette.
pub(super) fn horse() -> Vec<Part> {
    vec![
        polygon(&[
            (0.58, -0.86),
            (0.64, -0.3),
            (0.56, 0.16),
            (0.4, 0.5),
            (0.22, 0.7),
            (0.16, 0.88),
            (0.02, 0.7),
            (-0.3, 0.5),
            (-0.62, 0.06),
            (-0.74, -0.12),
            (-0.64, -0.3),
            (-0.4, -0.32),
            (-0.16, -0.16),
            (0.02, -0.3),
            (-0.12, -0.86),
        ]),
        polygon(&[
            (0.56, 0.16),
            (0.76, 0.02),
            (0.66, -0.18),
            (0.84, -0.36),
            (0.64, -0.5),
            (0.64, -0.3),
        ]),
        disc(-0.14, 0.34, 0.08).dark(),
        disc(-0.58, -0.1, 0.055).dark(),
    ]
}

/// A wolf's head from the front: tall pointed ears, ruffed cheeks, a long muzzle, slanted
/// eyes and a dark nose.
pub(super) fn wolf() -> Vec<Part> {
    let mut parts = vec![mirrored(&[
        (0.0, 0.42),
        (0.26, 0.5),
        (0.58, 0.88),
        (0.66, 0.34),
        (0.84, 0.04),
        (0.6, -0.1),
        (0.7, -0.3),
        (0.38, -0.44),
        (0.2, -0.78),
        (0.0, -0.86),
    ])];
    parts.extend(both(&[(0.36, 0.5), (0.55, 0.76), (0.58, 0.38)], polygon).map(Part::dark));
    parts.extend(both(&[(0.12, 0.08), (0.4, 0.16), (0.32, -0.02)], polygon).map(Part::dark));
    parts.push(mirrored(&[(0.0, -0.56), (0.15, -0.58), (0.08, -0.72), (0.0, -0.76)]).dark());
    parts
}

/// A giant's clenched fist, knuckles to the front: four fingers, a thumb across them
/// and a thick wrist.
pub(super) fn giant() -> Vec<Part> {
    let fingers = [-0.42, -0.14, 0.14, 0.42];
    let mut parts = vec![
        polygon(&[(-0.34, -0.88), (0.34, -0.88), (0.38, -0.5), (-0.38, -0.5)]),
        polygon(&[
            (-0.6, 0.2),
            (0.6, 0.2),
            (0.6, -0.36),
            (0.36, -0.6),
            (-0.36, -0.6),
            (-0.6, -0.32),
        ]),
    ];
    for x in fingers {
        parts.push(line(&[(x, 0.1), (x, 0.5)], 0.28));
        parts.push(disc(x, 0.5, 0.14));
    }
    parts.extend([-0.28, 0.0, 0.28].map(|x| line(&[(x, 0.66), (x, 0.24)], 0.06).dark()));
    parts.push(line(&[(-0.58, -0.02), (0.12, 0.12)], 0.36).dark());
    parts.push(disc(0.12, 0.12, 0.18).dark());
    parts.push(line(&[(-0.6, -0.02), (0.12, 0.12)], 0.24));
    parts.push(disc(0.12, 0.12, 0.12));
    parts
}

/// A clawed paw print: a broad pad, four toes and a claw ahead of each.
pub(super) fn beast() -> Vec<Part> {
    let pad = (0.0, -0.4);
    let mut parts = vec![
        ellipse(pad, (0.4, 0.32)),
        ellipse((0.0, -0.62), (0.24, 0.2)),
    ];
    let claw = [(-0.07, 0.34), (0.0, 0.56), (0.07, 0.34)];
    for (x, y, tilt) in [
        (-0.6, 0.02, 38.0),
        (-0.22, 0.3, 12.0),
        (0.22, 0.3, -12.0),
        (0.6, 0.02, -38.0),
    ] {
        let toe = turned(&claw, (0.0, 0.14), tilt);
        let toe: Vec<P> = toe
            .iter()
            .map(|&(cx, cy)| (cx + x, cy + y - 0.14))
            .collect();
        parts.push(polygon(&toe));
        parts.push(ellipse((x, y), (0.15, 0.19)));
    }
    parts
}
