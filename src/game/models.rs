//! What every ruleset's models share on the table: falling as casualties, and the
//! outlines drawn round bases (the miniature itself is drawn by `minis`).

use crate::game::palette;
use bevy::prelude::*;

/// A base's outline, `grow` inches outside its edge (a rectangle turned to its facing).
pub fn outline(g: &mut Gizmos, b: &warband_table::geometry::Placed, grow: f32, c: Color) {
    use warband_table::geometry::BaseShape;
    match b.shape {
        BaseShape::Round { diameter } => {
            g.circle_2d(b.center, diameter / 2.0 + grow, c);
        }
        BaseShape::Rect { width, depth } => {
            let iso = Isometry2d::new(b.center, Rot2::radians(b.facing));
            g.rect_2d(iso, Vec2::new(width, depth) + Vec2::splat(2.0 * grow), c);
        }
    }
}

/// The height models stand at above the table (a casualty lies half an inch lower).
pub const MODEL_Z: f32 = 2.0;

/// Seconds a model takes to fall: to grey and lie down where it stood.
pub const FALL: f32 = 0.6;

/// Whether fallen models are shown as casualties (C hides and shows them), and how
/// fast they fall (the settings' animation: infinite when it is off).
#[derive(Resource)]
pub struct Casualties {
    pub shown: bool,
    pub pace: f32,
}

impl Default for Casualties {
    fn default() -> Self {
        Casualties {
            shown: true,
            pace: 1.0,
        }
    }
}

/// How far a casualty is turned as it falls (radians).
pub const ASKEW: f32 = 0.35;

/// What is left of a casualty's depth as it lies.
const FLAT: f32 = 0.7;

/// How a model is drawn: in play, at full colour where it stands; out of play, falling
/// over [`FALL`] seconds and then lying as a casualty for the rest of the battle — grey,
/// knocked askew by [`ASKEW`] and a little flattened, beneath the living — or hidden
/// while casualties are. (Turned a quarter, a Toy Soldier rank lay as a thin sliver
/// across its own place that read as a piece of terrain.)
/// `at` is where and how it stands upright (never the transform already drawn, or the
/// fall would compound frame on frame).
/// A model that `left` the table (fled past its edge) shrinks away as it falls and is
/// then hidden, rather than lying where it last stood.
/// The colour and place to draw it, and whether it is still falling (another frame is
/// wanted).
pub fn fallen(
    colour: Color,
    at: Transform,
    gone_for: &mut f32,
    (out, left): (bool, bool),
    dt: f32,
    casualties: &Casualties,
    vis: &mut Mut<Visibility>,
) -> (Color, Transform, bool) {
    let shown = casualties.shown;
    if !out {
        *gone_for = 0.0;
        vis.set_if_neq(Visibility::Inherited);
        return (colour, at, false);
    }
    *gone_for = if casualties.pace.is_finite() {
        (*gone_for + dt * casualties.pace).min(FALL)
    } else {
        FALL
    };
    let k = *gone_for / FALL;
    vis.set_if_neq(if shown && !(left && k >= 1.0) {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    });
    let shrink = if left { 1.0 - k } else { 1.0 };
    let grey = colour.mix(&palette::FALLEN, k).with_alpha(1.0 - 0.35 * k);
    let lying = Transform {
        translation: at.translation.truncate().extend(at.translation.z - 0.5 * k),
        rotation: at.rotation * Quat::from_rotation_z(ASKEW * k),
        scale: at.scale * Vec3::new(1.0, 1.0 - (1.0 - FLAT) * k, 1.0) * shrink,
    };
    (grey, lying, k < 1.0)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Casualties>()
        .add_systems(
            Update,
            toggle_casualties.run_if(in_state(crate::game::screens::Screen::Battle)),
        )
        .add_systems(Update, pace_from_settings);
}

/// Casualties fall at the settings' animation pace, or at once with animation off.
fn pace_from_settings(
    settings: Option<Res<crate::game::settings::Settings>>,
    mut c: ResMut<Casualties>,
) {
    if let Some(s) = settings.filter(|s| s.is_changed()) {
        c.pace = s.animated(1.0);
    }
}

/// C shows or hides the casualties.
fn toggle_casualties(keys: Res<ButtonInput<KeyCode>>, mut c: ResMut<Casualties>) {
    if keys.just_pressed(KeyCode::KeyC) {
        c.shown = !c.shown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Falls frame by frame from where it stands, never from where it was last drawn.
    fn fall(frames: usize, dt: f32, shown: bool) -> (Color, Transform, bool, Visibility) {
        fall_from(frames, dt, shown, false)
    }

    fn fall_from(
        frames: usize,
        dt: f32,
        shown: bool,
        left: bool,
    ) -> (Color, Transform, bool, Visibility) {
        let casualties = Casualties {
            shown,
            ..Casualties::default()
        };
        let mut world = World::new();
        let e = world.spawn(Visibility::Inherited).id();
        let at = Transform::from_xyz(3.0, 4.0, MODEL_Z).with_scale(Vec3::splat(0.01));
        let mut gone_for = 0.0;
        let mut last = (Color::WHITE, at, true);
        for _ in 0..frames {
            let mut vis = world.entity_mut(e).into_mut::<Visibility>().unwrap();
            last = fallen(
                Color::WHITE,
                at,
                &mut gone_for,
                (true, left),
                dt,
                &casualties,
                &mut vis,
            );
        }
        (last.0, last.1, last.2, *world.get::<Visibility>(e).unwrap())
    }

    /// A fallen model greys and lies down over FALL seconds, then stays as it lies —
    /// half an inch below the living, knocked askew, flattened — however long.
    #[test]
    fn a_fallen_model_lies_as_a_casualty_and_stays_so() {
        let (_, half, falling, _) = fall(3, 0.1, true);
        assert!(falling && half.translation.z < MODEL_Z && half.translation.z > MODEL_Z - 0.5);
        let (colour, lying, falling, vis) = fall(600, 0.1, true);
        assert!(!falling, "it has fallen: no more frames wanted");
        assert!((lying.translation.z - (MODEL_Z - 0.5)).abs() < 1e-5);
        assert_eq!(lying.translation.truncate(), Vec2::new(3.0, 4.0));
        assert!((lying.scale.y - 0.01 * FLAT).abs() < 1e-6 && lying.scale.x == 0.01);
        let (_, angle) = lying.rotation.to_axis_angle();
        assert!((angle - ASKEW).abs() < 1e-4);
        assert!(colour.alpha() < 1.0 && colour != Color::WHITE);
        assert_eq!(vis, Visibility::Inherited);
        assert_eq!(
            fall(600, 0.1, false).3,
            Visibility::Hidden,
            "C hides casualties"
        );
    }

    /// A model that left the table shrinks away as it falls, then is not drawn at all.
    #[test]
    fn a_model_that_left_the_table_shrinks_away() {
        let (_, half, falling, vis) = fall_from(3, 0.1, true, true);
        assert!(
            falling && half.scale.x < 0.01 && half.scale.x > 0.0,
            "{half:?}"
        );
        assert_eq!(vis, Visibility::Inherited, "seen while it goes");
        let (_, _, falling, vis) = fall_from(600, 0.1, true, true);
        assert!(!falling);
        assert_eq!(vis, Visibility::Hidden);
    }
}
