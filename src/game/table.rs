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
        commands.spawn((
            DespawnOnExit(Screen::Battle),
            Text2d::new(piece.name.clone()),
            TextFont::from_font_size(22.0),
            TextColor(Color::srgba(1.0, 1.0, 1.0, 0.55)),
            Transform::from_translation(label_at(&polygon.points).extend(0.3))
                .with_scale(Vec3::splat(0.02)),
        ));
    }
}

/// Height of a terrain label on the table, inches (a 22-point font at 0.02" a point).
const LABEL_HEIGHT: f32 = 0.44;

/// Where a terrain piece's name is written: its centre, or just above it where the
/// piece is too thin to hold the text (a wall), so the name does not hide the wall.
fn label_at(corners: &[Vec2]) -> Vec2 {
    let centre = corners.iter().copied().sum::<Vec2>() / corners.len() as f32;
    let (lo, hi) = corners.iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    );
    let thin = (hi - lo).min_element() < 2.0 * LABEL_HEIGHT;
    if thin {
        Vec2::new(centre.x, hi.y + LABEL_HEIGHT)
    } else {
        centre
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

/// A ring drawn only where it lies on the table.
pub fn table_ring(g: &mut Gizmos, table: Vec2, center: Vec2, radius: f32, colour: Color) {
    const STEPS: usize = 120;
    let on = |p: Vec2| p.x >= 0.0 && p.y >= 0.0 && p.x <= table.x && p.y <= table.y;
    let at = |i: usize| {
        let a = i as f32 / STEPS as f32 * std::f32::consts::TAU;
        center + Vec2::new(a.cos(), a.sin()) * radius
    };
    for i in 0..STEPS {
        let (a, b) = (at(i), at(i + 1));
        if on(a) && on(b) {
            g.line_2d(a, b, colour);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(lo: Vec2, hi: Vec2) -> Vec<Vec2> {
        vec![lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)]
    }

    #[test]
    fn a_wall_is_labelled_above_itself_and_a_house_on_itself() {
        // A low wall 10" long and 0.6" deep: its name sits clear above it.
        let wall = label_at(&square(Vec2::new(19.0, 17.7), Vec2::new(29.0, 18.3)));
        assert_eq!(wall.x, 24.0);
        assert!(wall.y - LABEL_HEIGHT / 2.0 > 18.3, "{wall}");
        // A wall standing upright is labelled above its top end.
        let upright = label_at(&square(Vec2::new(5.0, 2.0), Vec2::new(5.5, 12.0)));
        assert!(upright.y > 12.0, "{upright}");
        // A house holds its own name.
        let house = label_at(&square(Vec2::new(22.0, 24.0), Vec2::new(27.0, 28.0)));
        assert_eq!(house, Vec2::new(24.5, 26.0));
    }
}
