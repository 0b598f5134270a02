//! The table: a mat with its edge and a tick every 6", drawn with lyon. World units are
//! inches with the origin at the table's centre.

use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(TableSize(Vec2::new(48.0, 36.0)))
        .add_systems(Startup, spawn_table);
}

/// Width and depth of the table in inches.
#[derive(Resource, Clone, Copy, Debug)]
pub struct TableSize(pub Vec2);

const MAT: Color = Color::srgb(0.24, 0.36, 0.22);
const EDGE: Color = Color::srgb(0.55, 0.42, 0.26);
const TICK: Color = Color::srgba(1.0, 1.0, 1.0, 0.18);
/// Distance between grid ticks, inches.
const GRID: f32 = 6.0;

fn spawn_table(mut commands: Commands, table: Res<TableSize>) {
    let size = table.0;
    let mat = shapes::Rectangle {
        extents: size,
        origin: RectangleOrigin::Center,
        radii: None,
    };
    commands.spawn((
        Name::new("Table mat"),
        ShapeBuilder::with(&mat)
            .fill(MAT)
            .stroke((EDGE, 0.4))
            .build(),
    ));
    commands.spawn((
        Name::new("Grid"),
        ShapeBuilder::with(&grid_path(size))
            .stroke((TICK, 0.06))
            .build(),
        Transform::from_xyz(0.0, 0.0, 0.1),
    ));
}

/// Lines every 6" across the mat, measured from its bottom-left corner.
fn grid_path(size: Vec2) -> ShapePath {
    let half = size / 2.0;
    let mut path = ShapePath::new();
    let mut x = GRID;
    while x < size.x - 0.01 {
        path = path
            .move_to(Vec2::new(x - half.x, -half.y))
            .line_to(Vec2::new(x - half.x, half.y));
        x += GRID;
    }
    let mut y = GRID;
    while y < size.y - 0.01 {
        path = path
            .move_to(Vec2::new(-half.x, y - half.y))
            .line_to(Vec2::new(half.x, y - half.y));
        y += GRID;
    }
    path
}
