//! The table: a mat with its edge, a tick every 6", and the scenario's terrain, drawn
//! with lyon. World units are inches; (0, 0) is the table's bottom-left corner, as in
//! the engine.

use super::palette;
use super::screens::{BattleStarted, Screen};
use super::session::TableLayout;
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), spawn_table.after(BattleStarted));
}

/// Distance between grid lines, inches.
const GRID: f32 = 6.0;

fn spawn_table(mut commands: Commands, layout: Option<Res<TableLayout>>) {
    let Some(layout) = layout else { return };
    let size = layout.size;
    let mat = shapes::Rectangle {
        extents: size,
        origin: RectangleOrigin::BottomLeft,
        radii: None,
    };
    commands.spawn((
        Name::new("Table mat"),
        DespawnOnExit(Screen::Battle),
        ShapeBuilder::with(&mat)
            .fill(palette::MAT)
            .stroke((palette::EDGE, 0.35))
            .build(),
        Transform::from_xyz(0.0, 0.0, 0.0),
    ));
    commands.spawn((
        Name::new("Grid"),
        DespawnOnExit(Screen::Battle),
        ShapeBuilder::with(&grid_path(size))
            .stroke((palette::GRID, 0.05))
            .build(),
        Transform::from_xyz(0.0, 0.0, 0.1),
    ));
    let pieces = &layout.terrain;
    for (i, piece) in pieces.iter().enumerate() {
        let (fill, line) = palette::terrain(piece.kind);
        let polygon = shapes::Polygon {
            points: piece
                .corners
                .iter()
                .map(|(x, y)| Vec2::new(*x, *y))
                .collect(),
            closed: true,
        };
        commands.spawn((
            Name::new(format!("Terrain: {}", piece.name)),
            DespawnOnExit(Screen::Battle),
            ShapeBuilder::with(&polygon)
                .fill(fill)
                .stroke((line, 0.12))
                .build(),
            Transform::from_xyz(0.0, 0.0, 0.2 + i as f32 * 0.001),
        ));
        let centre = polygon.points.iter().copied().sum::<Vec2>() / polygon.points.len() as f32;
        commands.spawn((
            DespawnOnExit(Screen::Battle),
            Text2d::new(piece.name.clone()),
            TextFont::from_font_size(22.0),
            TextColor(Color::srgba(1.0, 1.0, 1.0, 0.55)),
            Transform::from_translation(centre.extend(0.3)).with_scale(Vec3::splat(0.02)),
        ));
    }
}

/// Lines every 6" across the mat, measured from its bottom-left corner.
fn grid_path(size: Vec2) -> ShapePath {
    let mut path = ShapePath::new();
    let mut x = GRID;
    while x < size.x - 0.01 {
        path = path
            .move_to(Vec2::new(x, 0.0))
            .line_to(Vec2::new(x, size.y));
        x += GRID;
    }
    let mut y = GRID;
    while y < size.y - 0.01 {
        path = path
            .move_to(Vec2::new(0.0, y))
            .line_to(Vec2::new(size.x, y));
        y += GRID;
    }
    path
}
