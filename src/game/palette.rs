//! Colours of the table, the sides and the overlays.

use bevy::prelude::*;
use warband_rules::Side;
use warband_table::table::TerrainKind;

pub const BACKGROUND: Color = Color::srgb(0.11, 0.12, 0.13);
pub const MAT: Color = Color::srgb(0.24, 0.36, 0.22);
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

/// Fill and outline of a terrain kind.
pub fn terrain(kind: TerrainKind) -> (Color, Color) {
    match kind {
        TerrainKind::Wood => (
            Color::srgba(0.1, 0.3, 0.12, 0.85),
            Color::srgb(0.05, 0.2, 0.07),
        ),
        TerrainKind::LowWall => (Color::srgb(0.55, 0.55, 0.5), Color::srgb(0.35, 0.35, 0.32)),
        TerrainKind::House => (Color::srgb(0.45, 0.28, 0.2), Color::srgb(0.25, 0.15, 0.1)),
        TerrainKind::Rough => (
            Color::srgba(0.55, 0.48, 0.3, 0.8),
            Color::srgb(0.4, 0.34, 0.2),
        ),
        TerrainKind::Impassable => (
            Color::srgba(0.2, 0.35, 0.6, 0.9),
            Color::srgb(0.12, 0.22, 0.45),
        ),
        TerrainKind::Hill => (
            Color::srgba(0.42, 0.5, 0.28, 0.75),
            Color::srgb(0.3, 0.36, 0.18),
        ),
        TerrainKind::River => (
            Color::srgba(0.3, 0.5, 0.75, 0.8),
            Color::srgb(0.18, 0.32, 0.55),
        ),
    }
}
