//! Colours of the table, the sides and the overlays.

use bevy::prelude::*;
use warband_rules::Side;
use warband_table::table::{Look, Mat};

pub const BACKGROUND: Color = Color::srgb(0.11, 0.12, 0.13);
pub const EDGE: Color = Color::srgb(0.55, 0.42, 0.26);
pub const GRID: Color = Color::srgba(1.0, 1.0, 1.0, 0.16);
pub const SELECT: Color = Color::srgb(1.0, 0.9, 0.3);
/// A casualty's colour, which a fallen model greys to.
pub const FALLEN: Color = Color::srgb(0.33, 0.32, 0.30);
pub const GHOST: Color = Color::srgba(1.0, 1.0, 1.0, 0.55);
pub const ALLOWANCE: Color = Color::srgba(1.0, 1.0, 1.0, 0.35);
pub const ENGAGED: Color = Color::srgb(0.95, 0.25, 0.2);
pub const FIRE: Color = Color::srgb(1.0, 0.6, 0.2);
pub const TAPE: Color = Color::srgb(0.95, 0.95, 0.6);
pub const THREAT: Color = Color::srgba(0.95, 0.3, 0.3, 0.45);
/// A ghost where the engine would accept the move or placement, and where not.
pub const LEGAL: Color = Color::srgb(0.4, 0.9, 0.4);
pub const ILLEGAL: Color = Color::srgb(0.9, 0.3, 0.3);
/// A ghost move that ends in contact with an enemy (a charge): amber, never the red of a
/// move refused.
pub const CHARGE: Color = Color::srgb(1.0, 0.72, 0.2);
/// A chosen spell's range and area.
pub const SPELL: Color = Color::srgba(0.7, 0.5, 1.0, 0.6);

pub fn side(side: Side) -> Color {
    match side {
        Side::A => Color::srgb(0.22, 0.45, 0.85),
        Side::B => Color::srgb(0.82, 0.27, 0.22),
    }
}

pub fn side_egui(side: Side) -> bevy_egui::egui::Color32 {
    match side {
        Side::A => bevy_egui::egui::Color32::from_rgb(110, 160, 240),
        Side::B => bevy_egui::egui::Color32::from_rgb(235, 110, 95),
    }
}

/// The main colour and the outline (or second colour) of a terrain look: what the
/// editor and the setup map paint a piece in, and what the table's art shades from.
pub fn look(look: Look) -> (Color, Color) {
    let (fill, line) = match look {
        Look::Wood => ((0.17, 0.30, 0.13), (0.08, 0.17, 0.06)),
        Look::Hill => ((0.36, 0.47, 0.24), (0.24, 0.32, 0.15)),
        Look::River => ((0.27, 0.46, 0.58), (0.47, 0.40, 0.27)),
        Look::Ford => ((0.44, 0.62, 0.66), (0.55, 0.48, 0.33)),
        Look::Water => ((0.17, 0.33, 0.48), (0.42, 0.37, 0.26)),
        Look::Bog => ((0.34, 0.35, 0.22), (0.22, 0.22, 0.14)),
        Look::Wall => ((0.62, 0.60, 0.55), (0.30, 0.29, 0.27)),
        Look::Hedge => ((0.21, 0.39, 0.15), (0.10, 0.22, 0.08)),
        Look::House => ((0.62, 0.30, 0.20), (0.22, 0.13, 0.09)),
        Look::Ruin => ((0.58, 0.55, 0.49), (0.32, 0.30, 0.27)),
        Look::Cliff => ((0.53, 0.47, 0.39), (0.20, 0.17, 0.14)),
        Look::CaveWall => ((0.33, 0.31, 0.33), (0.09, 0.09, 0.10)),
        Look::Rock => ((0.55, 0.54, 0.50), (0.24, 0.23, 0.22)),
        Look::Pillar => ((0.64, 0.62, 0.58), (0.28, 0.27, 0.25)),
        Look::Scree => ((0.66, 0.62, 0.54), (0.45, 0.42, 0.36)),
        Look::Fire => ((0.95, 0.55, 0.15), (0.42, 0.39, 0.36)),
    };
    let rgb = |(r, g, b): (f32, f32, f32)| Color::srgb(r, g, b);
    (rgb(fill), rgb(line))
}

/// About the mean colour of a mat's woven cloth (`art::mat`): what the editor and the
/// setup map paint the table.
pub fn mat(mat: Mat) -> Color {
    match mat {
        Mat::Grass => Color::srgb(0.29, 0.41, 0.20),
        Mat::Felt => Color::srgb(0.29, 0.38, 0.30),
        Mat::Sand => Color::srgb(0.71, 0.58, 0.40),
        Mat::Stone => Color::srgb(0.42, 0.41, 0.39),
    }
}

/// The wood of the table's frame.
pub const FRAME: Color = Color::srgb(0.42, 0.27, 0.15);
