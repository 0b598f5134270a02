//! The names of the terrain pieces, written on the table but sized for the screen:
//! each frame a name is scaled against the camera's zoom so it reads at the same size
//! at any zoom (and grows with the interface's size, as the panels' words do), with a
//! dark shadow to stand out on any ground, and hidden where it would be wider than its
//! piece on screen or the table is seen from far off.

use super::Z_LABEL;
use crate::game::camera::TableCamera;
use crate::game::screens::Screen;
use bevy::prelude::*;
use bevy::sprite::{Anchor, Text2dShadow};
use bevy::text::TextLayoutInfo;
use bevy::transform::TransformSystems;
use warband_table::table::TerrainDef;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_face).add_systems(
        PostUpdate,
        fit_labels
            .before(TransformSystems::Propagate)
            .run_if(in_state(Screen::Battle)),
    );
}

/// A piece's name, and how much room (inches) it may take across on the table.
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct Label {
    room: f32,
}

/// The names' typeface, DejaVu Serif Bold (Bitstream Vera licence, assets/fonts/), built
/// in as the theme's is, so the table needs no asset folder at run time.
const FACE: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSerif-Bold.ttf");

/// The names' font, once loaded.
#[derive(Resource)]
pub(super) struct Face(Handle<Font>);

fn load_face(mut commands: Commands, fonts: Option<ResMut<Assets<Font>>>) {
    if let Some(mut fonts) = fonts {
        commands.insert_resource(Face(fonts.add(Font::from_bytes(FACE.to_vec()))));
    }
}

/// The names' size on screen, pixels.
const FONT: f32 = 15.0;
/// Farther out than this (inches a pixel) no name is shown.
const FAR: f32 = 0.2;

/// Spawns a piece's name over it, or just above a piece too thin to hold it (a wall),
/// in `face` (Bevy's own where none).
pub(super) fn spawn(commands: &mut Commands, piece: &TerrainDef, face: Option<&Face>) {
    let font = TextFont::from_font_size(FONT);
    let font = match face {
        Some(f) => font.with_font(f.0.clone()),
        None => font,
    };
    let corners: Vec<Vec2> = piece
        .corners
        .iter()
        .map(|(x, y)| Vec2::new(*x, *y))
        .collect();
    let (at, anchor, room) = place(&corners);
    commands.spawn((
        Name::new(format!("Label: {}", piece.name)),
        Label { room },
        DespawnOnExit(Screen::Battle),
        Text2d::new(piece.name.clone()),
        font,
        TextColor(Color::srgba(0.98, 0.95, 0.86, 0.92)),
        Text2dShadow {
            offset: Vec2::new(1.2, -1.2),
            color: Color::srgba(0.0, 0.0, 0.0, 0.85),
        },
        anchor,
        Transform::from_translation(at.extend(Z_LABEL)),
        Visibility::Hidden,
    ));
}

/// Where a name is written, how it hangs there and the room it has: the piece's centre
/// and its width; or, for a piece thinner than an inch, just above its top, with its
/// length (or an inch and a half) as room.
fn place(corners: &[Vec2]) -> (Vec2, Anchor, f32) {
    if corners.is_empty() {
        return (Vec2::ZERO, Anchor::CENTER, 0.0);
    }
    let centre = corners.iter().copied().sum::<Vec2>() / corners.len() as f32;
    let (lo, hi) = corners.iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    );
    let extent = hi - lo;
    if extent.min_element() < 1.0 {
        let above = Vec2::new(centre.x, hi.y + 0.12);
        (above, Anchor::BOTTOM_CENTER, extent.max_element().max(1.5))
    } else {
        (centre, Anchor::CENTER, extent.x)
    }
}

/// Whether a name `width` pixels wide is shown at `scale` inches a pixel, with `room`
/// inches for it.
fn shown(width: f32, room: f32, scale: f32) -> bool {
    scale <= FAR && width * scale <= room * 1.05
}

fn fit_labels(
    camera: Single<&Projection, With<TableCamera>>,
    settings: Option<Res<crate::game::settings::Settings>>,
    mut labels: Query<(&Label, &TextLayoutInfo, &mut Transform, &mut Visibility)>,
) {
    let Projection::Orthographic(o) = *camera else {
        return;
    };
    let size = crate::game::camera::ui_scale(settings.as_deref());
    for (label, info, mut t, mut v) in &mut labels {
        let scale = Vec3::splat(o.scale * size);
        if t.scale != scale {
            t.scale = scale;
        }
        let want = if shown(info.size.x * size, label.room, o.scale) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        v.set_if_neq(want);
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
        // A low wall 10" long and 0.6" deep: its name hangs clear above it.
        let (at, anchor, room) = place(&square(Vec2::new(19.0, 17.7), Vec2::new(29.0, 18.3)));
        assert_eq!(at.x, 24.0);
        assert!(at.y > 18.3 && anchor == Anchor::BOTTOM_CENTER, "{at}");
        assert_eq!(room, 10.0);
        // A wall standing upright is labelled above its top end.
        let (upright, ..) = place(&square(Vec2::new(5.0, 2.0), Vec2::new(5.5, 12.0)));
        assert!(upright.y > 12.0, "{upright}");
        // A house holds its own name.
        let (house, anchor, room) = place(&square(Vec2::new(22.0, 24.0), Vec2::new(27.0, 28.0)));
        assert_eq!(
            (house, anchor, room),
            (Vec2::new(24.5, 26.0), Anchor::CENTER, 5.0)
        );
    }

    #[test]
    fn a_name_hides_when_it_outgrows_its_piece_or_the_table_is_far_off() {
        // "Farmhouse", ~70 px, on a 5" house.
        assert!(shown(70.0, 5.0, 0.05));
        assert!(!shown(70.0, 5.0, 0.1), "wider than the house");
        assert!(!shown(10.0, 50.0, 0.25), "far off");
    }
}
