//! A shot draws a short tracer: a streak in the shooter's colour flies from its base to
//! the target's and fades, in about 0.3 s (shorter at a faster watch speed; none with
//! animation off, at 16× or skipping). Only the picture: the engine has already rolled
//! the shot the streak shows.

use super::awake::Busy;
use super::models::MODEL_Z;
use super::motion::Motion;
use super::screens::Screen;
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;
use warband_rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, fly.run_if(in_state(Screen::Battle)));
}

/// Seconds a tracer flies and fades at 1×.
pub const TRACER: f32 = 0.32;
/// The most tracers drawn at once (a replay's jump ahead shoots many at once).
const MOST: usize = 24;
/// Inches: how wide the streak's head is, and the longest the streak runs.
const WIDTH: f32 = 0.3;
const LONGEST: f32 = 4.0;
/// Above the models and their marks.
const TRACER_Z: f32 = MODEL_Z + 5.0;

/// A tracer on its way from `from` to `to` (the bases' edges), `age` seconds into its
/// `life`.
#[derive(Component, Debug)]
pub struct Tracer {
    from: Vec2,
    to: Vec2,
    age: f32,
    life: f32,
    colour: Color,
}

/// A shot's tracer from the shooter's base to the target's: (centre, reach, side) of
/// each.
pub fn spawn(
    commands: &mut Commands,
    (shooter, shooter_reach, side): (Vec2, f32, Side),
    (target, target_reach, _): (Vec2, f32, Side),
    motion: &Motion,
) {
    let life = motion.scaled(TRACER);
    let line = target - shooter;
    let length = line.length();
    if life <= 0.0 || length <= shooter_reach + target_reach {
        return;
    }
    let dir = line / length;
    let colour = super::palette::side(side).mix(&Color::srgb(1.0, 0.96, 0.75), 0.7);
    let tracer = Tracer {
        from: shooter + dir * shooter_reach,
        to: target - dir * target_reach * 0.8,
        age: 0.0,
        life,
        colour,
    };
    commands.spawn((
        Name::new("Tracer"),
        DespawnOnExit(Screen::Battle),
        streak_shape(&tracer),
        Transform::from_xyz(0.0, 0.0, TRACER_Z),
        tracer,
    ));
}

/// Where the streak is at `k` of its life, as shares of the way from shooter to target
/// (`distance` inches): its tail and head, and how opaque it is. The head flies to the
/// target in the first half, a streak of at most [`LONGEST`] inches behind it; then the
/// tail catches up as it fades.
pub fn streak(k: f32, distance: f32) -> (f32, f32, f32) {
    let k = k.clamp(0.0, 1.0);
    const FLIGHT: f32 = 0.45;
    let u = (k / FLIGHT).min(1.0);
    let head = 1.0 - (1.0 - u) * (1.0 - u);
    let length = (LONGEST / distance.max(0.01)).min(1.0);
    let tail = if k < FLIGHT {
        (head - length).max(0.0)
    } else {
        let v = (k - FLIGHT) / (1.0 - FLIGHT);
        (1.0 - length) + length * v
    };
    let alpha = if k < FLIGHT {
        1.0
    } else {
        1.0 - (k - FLIGHT) / (1.0 - FLIGHT)
    };
    (tail.min(head), head, alpha)
}

/// The streak as a shape: a sliver from its tail (a point) to its head (its width).
fn streak_shape(t: &Tracer) -> Shape {
    let (points, alpha) = streak_points(t);
    ShapeBuilder::with(&shapes::Polygon {
        points: points.to_vec(),
        closed: true,
    })
    .fill(t.colour.with_alpha(alpha))
    .build()
}

/// The sliver's corners and how opaque it is. Its head is turned along the line of the
/// shot, not along the sliver, so as it leaves the shooter (tail and head at one point)
/// it is still a small head: a shape with no area makes a mesh with no vertices, which
/// the renderer's mesh allocator reports as an error.
fn streak_points(t: &Tracer) -> ([Vec2; 4], f32) {
    let (tail, head, alpha) = streak(t.age / t.life, t.from.distance(t.to));
    let (a, b) = (t.from.lerp(t.to, tail), t.from.lerp(t.to, head));
    let dir = (t.to - t.from).normalize_or_zero();
    let side = dir.perp() * WIDTH / 2.0;
    ([a, b + side, b + dir * WIDTH, b - side], alpha)
}

/// Each tracer flies on and fades; the oldest go first when there are too many.
fn fly(
    time: Res<Time>,
    mut tracers: Query<(Entity, &mut Tracer, &mut Shape)>,
    mut commands: Commands,
    mut busy: ResMut<Busy>,
) {
    let dt = time.delta_secs();
    let mut alive: Vec<_> = tracers.iter_mut().collect();
    alive.sort_by(|a, b| b.1.age.total_cmp(&a.1.age));
    let extra = alive.len().saturating_sub(MOST);
    for (i, (e, mut t, mut shape)) in alive.into_iter().enumerate() {
        t.age += dt;
        if i < extra || t.age >= t.life {
            commands.entity(e).despawn();
            continue;
        }
        *shape = streak_shape(&t);
        busy.keep();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From the first frame to the last the sliver has an area: never an empty mesh.
    #[test]
    fn a_tracer_always_has_an_area() {
        let mut t = Tracer {
            from: Vec2::new(1.0, 2.0),
            to: Vec2::new(9.0, 8.0),
            age: 0.0,
            life: TRACER,
            colour: Color::WHITE,
        };
        for i in 0..=20 {
            t.age = TRACER * i as f32 / 20.0;
            let (p, _) = streak_points(&t);
            // The shoelace formula over the four corners.
            let area = (0..4)
                .map(|j| p[j].perp_dot(p[(j + 1) % 4]))
                .sum::<f32>()
                .abs()
                / 2.0;
            assert!(area > 0.01, "frame {i}: {area}");
        }
    }

    /// The streak leaves the shooter, its head reaches the target, its tail never passes
    /// its head, and it has faded when its life ends.
    #[test]
    fn a_tracer_flies_to_the_target_and_fades() {
        for distance in [2.0, 12.0, 30.0] {
            let (tail, head, alpha) = streak(0.0, distance);
            assert_eq!((tail, head, alpha), (0.0, 0.0, 1.0));
            let mut was_head = 0.0;
            for i in 0..=20 {
                let (tail, head, alpha) = streak(i as f32 / 20.0, distance);
                assert!(tail <= head && head >= was_head, "{distance} {i}");
                assert!((0.0..=1.0).contains(&alpha));
                assert!((head - tail) * distance <= LONGEST + 1e-4, "a short streak");
                was_head = head;
            }
            let (tail, head, alpha) = streak(1.0, distance);
            assert_eq!((head, alpha), (1.0, 0.0), "{distance}");
            assert!((tail - 1.0).abs() < 1e-6);
        }
    }

    /// A tracer lasts about 0.3 s at 1×, less watching faster, and none at all with
    /// animation off, at 16× or skipping.
    #[test]
    fn tracers_are_brief_and_off_when_animation_is() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .insert_state(Screen::Battle)
            .init_resource::<Busy>()
            .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_millis(100),
            ))
            .add_systems(Update, fly);
        let shoot = |app: &mut App, motion: Motion| {
            let mut commands = app.world_mut().commands();
            let a = (Vec2::ZERO, 0.5, Side::A);
            let b = (Vec2::new(10.0, 0.0), 0.5, Side::B);
            spawn(&mut commands, a, b, &motion);
            app.world_mut().flush();
        };
        let count = |app: &mut App| app.world_mut().query::<&Tracer>().iter(app.world()).count();
        shoot(&mut app, Motion::default());
        assert_eq!(count(&mut app), 1);
        app.update();
        app.update();
        assert_eq!(count(&mut app), 1, "still flying");
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(count(&mut app), 0, "gone after {TRACER} s");
        let off = Motion {
            pace: f32::INFINITY,
            ..Motion::default()
        };
        for m in [
            off,
            Motion {
                watch: 16.0,
                ..Motion::default()
            },
        ] {
            shoot(&mut app, m);
            assert_eq!(count(&mut app), 0);
        }
    }
}
