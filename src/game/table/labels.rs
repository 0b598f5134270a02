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
    // Loaded as the app is built, not at Startup: a battle opened from the command line
    // is entered before Startup runs, and its names were drawn in Bevy's own font.
    load_face(app.world_mut());
    app.add_systems(
        PostUpdate,
        (fit_labels, fade_under_models)
            .chain()
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

fn load_face(world: &mut World) {
    let face = world
        .get_resource_mut::<Assets<Font>>()
        .map(|mut fonts| Face(fonts.add(Font::from_bytes(FACE.to_vec()))));
    if let Some(face) = face {
        world.insert_resource(face);
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
    let Placed {
        at,
        anchor,
        room,
        turn,
    } = place(&corners);
    commands.spawn((
        Name::new(format!("Label: {}", piece.name)),
        Label { room },
        DespawnOnExit(Screen::Battle),
        Text2d::new(piece.name.clone()),
        font,
        TextColor(Color::srgba(0.98, 0.95, 0.86, INK[0])),
        Text2dShadow {
            offset: Vec2::new(1.2, -1.2),
            color: Color::srgba(0.0, 0.0, 0.0, SHADOW * INK[0]),
        },
        anchor,
        Transform::from_translation(at.extend(Z_LABEL)).with_rotation(Quat::from_rotation_z(turn)),
        Visibility::Hidden,
    ));
}

/// Where a name is written, how it hangs there, the room it has across, and its turn
/// (radians).
#[derive(Debug, PartialEq)]
struct Placed {
    at: Vec2,
    anchor: Anchor,
    room: f32,
    turn: f32,
}

/// How far a wall's name may run past each of its ends, inches.
const OVERHANG: f32 = 1.5;

/// Where a piece's name goes: on the piece's centre, its width and a little as room (a
/// name may run a little past a rubble heap's edges); or, for a piece
/// thinner than an inch (a wall), beside it along its length, as a map names a road —
/// above a wall that runs across, to the left of one that runs up the table and turned
/// to read upwards — with its length and a little overhang as room.
fn place(corners: &[Vec2]) -> Placed {
    if corners.is_empty() {
        return Placed {
            at: Vec2::ZERO,
            anchor: Anchor::CENTER,
            room: 0.0,
            turn: 0.0,
        };
    }
    let centre = corners.iter().copied().sum::<Vec2>() / corners.len() as f32;
    let (lo, hi) = corners.iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    );
    let extent = hi - lo;
    let room = extent.max_element() + 2.0 * OVERHANG;
    if extent.min_element() >= 1.0 {
        return Placed {
            at: centre,
            anchor: Anchor::CENTER,
            room: extent.x + OVERHANG,
            turn: 0.0,
        };
    }
    if extent.x >= extent.y {
        Placed {
            at: Vec2::new(centre.x, hi.y + 0.12),
            anchor: Anchor::BOTTOM_CENTER,
            room,
            turn: 0.0,
        }
    } else {
        Placed {
            at: Vec2::new(lo.x - 0.12, centre.y),
            anchor: Anchor::BOTTOM_CENTER,
            room,
            turn: std::f32::consts::FRAC_PI_2,
        }
    }
}

/// A name may shrink to this share of its size to fit its piece before it is hidden.
const SHRINK: f32 = 0.75;

/// The size a name `width` pixels wide is shown at (1: as set), at `scale` inches a
/// pixel with `room` inches for it: shrunk to fit, down to [`SHRINK`]; None where it
/// would be smaller still, or the table is seen from far off.
fn fitted(width: f32, room: f32, scale: f32) -> Option<f32> {
    let fit = (room * 1.05 / (width * scale).max(f32::EPSILON)).min(1.0);
    (scale <= FAR && fit >= SHRINK).then_some(fit)
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
        let fit = fitted(info.size.x * size, label.room, o.scale);
        let scale = Vec3::splat(o.scale * size * fit.unwrap_or(1.0));
        if t.scale != scale {
            t.scale = scale;
        }
        let want = if fit.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        v.set_if_neq(want);
    }
}

/// How strongly a name is written where no model stands on it, and where one does.
const INK: [f32; 2] = [0.92, 0.3];
/// Its shadow's strength, as a share of the name's.
const SHADOW: f32 = 0.92;

/// A name with a model standing on it fades, so that the model reads clearly (a
/// play-tester read "hurchyard wall" round a token); it comes back as the model leaves.
fn fade_under_models(
    minis: Query<(&GlobalTransform, &Visibility), With<crate::game::minis::Mini>>,
    mut labels: Query<
        (
            &TextLayoutInfo,
            &Anchor,
            &Transform,
            &mut TextColor,
            &mut Text2dShadow,
        ),
        With<Label>,
    >,
) {
    let at: Vec<Vec2> = minis
        .iter()
        .filter(|(_, v)| **v != Visibility::Hidden)
        .map(|(g, _)| g.translation().truncate())
        .collect();
    for (info, anchor, t, mut colour, mut shadow) in &mut labels {
        let covered = at.iter().any(|p| under(*p, info.size, anchor.as_vec(), t));
        let alpha = INK[usize::from(covered)];
        if colour.0.alpha() != alpha {
            colour.0.set_alpha(alpha);
            shadow.color.set_alpha(SHADOW * alpha);
        }
    }
}

/// Whether a point of the table lies on a name laid out `size` across (text pixels),
/// hung by `anchor` at `t`, with half an inch about it (a base's reach).
fn under(p: Vec2, size: Vec2, anchor: Vec2, t: &Transform) -> bool {
    let local = t.rotation.inverse() * (p.extend(0.0) - t.translation);
    let scale = t.scale.truncate().max(Vec2::splat(f32::EPSILON));
    let local = local.truncate() / scale;
    let (lo, hi) = ((-0.5 - anchor) * size, (0.5 - anchor) * size);
    let margin = 0.5 / scale;
    local.cmpge(lo - margin).all() && local.cmple(hi + margin).all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(lo: Vec2, hi: Vec2) -> Vec<Vec2> {
        vec![lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)]
    }

    #[test]
    fn a_wall_is_labelled_along_itself_and_a_house_on_itself() {
        // A low wall 10" long and 0.6" deep: its name hangs clear above it.
        let wall = place(&square(Vec2::new(19.0, 17.7), Vec2::new(29.0, 18.3)));
        assert_eq!(wall.at.x, 24.0);
        assert!(
            wall.at.y > 18.3 && wall.anchor == Anchor::BOTTOM_CENTER,
            "{wall:?}"
        );
        assert_eq!((wall.room, wall.turn), (10.0 + 2.0 * OVERHANG, 0.0));
        // A wall running up the table is named beside its middle, turned to read
        // upwards, not above its far end (where models stand: a play-test's report).
        let upright = place(&square(Vec2::new(5.0, 2.0), Vec2::new(5.5, 12.0)));
        assert!(upright.at.x < 5.0 && upright.at.y == 7.0, "{upright:?}");
        assert_eq!(upright.turn, std::f32::consts::FRAC_PI_2);
        // A house holds its own name.
        let house = place(&square(Vec2::new(22.0, 24.0), Vec2::new(27.0, 28.0)));
        assert_eq!(
            house,
            Placed {
                at: Vec2::new(24.5, 26.0),
                anchor: Anchor::CENTER,
                room: 5.0 + OVERHANG,
                turn: 0.0
            }
        );
    }

    #[test]
    fn a_name_shrinks_to_fit_then_hides_or_hides_when_the_table_is_far_off() {
        // "Farmhouse", ~70 px, on a 5" house.
        assert_eq!(fitted(70.0, 5.0, 0.05), Some(1.0));
        let shrunk = fitted(70.0, 5.0, 0.08).unwrap();
        assert!((SHRINK..1.0).contains(&shrunk), "{shrunk}");
        assert_eq!(fitted(70.0, 5.0, 0.12), None, "far wider than the house");
        assert_eq!(fitted(10.0, 50.0, 0.25), None, "far off");
    }

    /// A point on a name, or within half an inch of it, is under it; one beyond is not,
    /// for a name on its piece and for a wall's, turned to read upwards.
    #[test]
    fn a_model_on_a_name_is_under_it() {
        let flat = Transform::from_xyz(10.0, 10.0, 0.0).with_scale(Vec3::splat(0.05));
        // 100 × 20 text pixels at 0.05: 5" × 1" about (10, 10).
        let size = Vec2::new(100.0, 20.0);
        let centre = Anchor::CENTER.as_vec();
        assert!(under(Vec2::new(12.4, 10.4), size, centre, &flat));
        assert!(under(Vec2::new(12.9, 10.0), size, centre, &flat));
        assert!(!under(Vec2::new(13.1, 10.0), size, centre, &flat));
        assert!(!under(Vec2::new(10.0, 11.1), size, centre, &flat));
        let upright = flat.with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2));
        let bottom = Anchor::BOTTOM_CENTER.as_vec();
        // Turned a quarter and hung by its foot: it runs up the table, to the left.
        assert!(under(Vec2::new(9.5, 12.4), size, bottom, &upright));
        assert!(!under(Vec2::new(11.0, 12.4), size, bottom, &upright));
        assert!(!under(Vec2::new(9.5, 13.1), size, bottom, &upright));
    }
}
