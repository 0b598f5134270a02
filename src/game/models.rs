//! What every ruleset's models share on the table: fading out of play, and the initials
//! a label shows.

use bevy::prelude::*;

/// Fades a model out of play: its colour's alpha over 1.2 s after it left, then hidden;
/// a model in play is shown at full colour.
pub fn fade(colour: Color, gone_for: &mut f32, out: bool, dt: f32, vis: &mut Visibility) -> Color {
    if !out {
        *gone_for = 0.0;
        *vis = Visibility::Inherited;
        return colour;
    }
    *gone_for += dt;
    let alpha = (1.0 - *gone_for / 1.2).max(0.0);
    if alpha == 0.0 {
        *vis = Visibility::Hidden;
    }
    colour.with_alpha(alpha)
}

/// The initials of a profile: "Orc chief" → "OC", "Magic-user" → "MU".
pub fn initials(name: &str) -> String {
    name.split([' ', '-'])
        .filter_map(|w| w.chars().next())
        .take(2)
        .collect::<String>()
        .to_uppercase()
}
