//! What every ruleset's models share on the table: fading out of play, repainting only
//! what changed, and the initials a label shows.

use bevy::prelude::*;
use bevy_prototype_lyon::prelude::{Fill, Shape};

/// Fades a model out of play: its colour's alpha over 1.2 s after it left, then hidden;
/// a model in play is shown at full colour.
pub fn fade(
    colour: Color,
    gone_for: &mut f32,
    out: bool,
    dt: f32,
    vis: &mut Mut<Visibility>,
) -> Color {
    if !out {
        *gone_for = 0.0;
        vis.set_if_neq(Visibility::Inherited);
        return colour;
    }
    *gone_for += dt;
    let alpha = (1.0 - *gone_for / 1.2).max(0.0);
    if alpha == 0.0 {
        vis.set_if_neq(Visibility::Hidden);
    }
    colour.with_alpha(alpha)
}

/// Shows a model's visual at `at` in `colour`, touching only what changed. A shape
/// written to is tessellated into a new mesh and uploaded again, so writing every
/// model's every frame re-meshed the whole table each frame (1,000 bases, test build
/// under Xvfb: 4.0 frames/s with it, about 5 without).
pub fn show(shape: &mut Mut<Shape>, transform: &mut Mut<Transform>, at: Transform, colour: Color) {
    let fill = Some(Fill::color(colour));
    if shape.fill != fill {
        shape.fill = fill;
    }
    transform.set_if_neq(at);
}

/// The initials of a profile: "Orc chief" → "OC", "Magic-user" → "MU".
pub fn initials(name: &str) -> String {
    name.split([' ', '-'])
        .filter_map(|w| w.chars().next())
        .take(2)
        .collect::<String>()
        .to_uppercase()
}
