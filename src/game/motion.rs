//! Models glide to where the engine has already put them; a charge lunges into
//! contact. Only the picture: the battle is decided before a model starts to glide, and
//! with animation off, at 16× or when skipping to the end every model is drawn where it
//! stands at once. (The last action's arrows are `trails`.)

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Motion>()
        .add_systems(Update, pace_from_settings);
}

/// How fast models glide: the settings' animation pace (infinite when it is off) and the
/// watch speed of the battle on the table (16× and skipping draw moves at once).
#[derive(Resource, Clone, Copy, Debug)]
pub struct Motion {
    pub pace: f32,
    pub watch: f32,
    pub skip: bool,
}

impl Default for Motion {
    fn default() -> Self {
        Motion {
            pace: 1.0,
            watch: 1.0,
            skip: false,
        }
    }
}

impl Motion {
    /// Whether everything is drawn at once: animation off, 16× or skipping to the end.
    pub fn instant(&self) -> bool {
        self.skip || self.watch >= 16.0 || !self.pace.is_finite()
    }

    /// Seconds an animation of `seconds` at 1× takes now: shorter at a faster watch
    /// speed or animation pace, none when [`Motion::instant`].
    pub fn scaled(&self, seconds: f32) -> f32 {
        if self.instant() {
            return 0.0;
        }
        seconds / (self.pace * self.watch.max(0.5))
    }

    /// Seconds a glide of `distance` inches takes: 150–400 ms at 1×, shorter at a faster
    /// watch speed, none at 16×, when skipping or with animation off.
    pub fn duration(&self, distance: f32) -> f32 {
        self.scaled((0.15 + 0.025 * distance).min(0.4))
    }
}

fn pace_from_settings(settings: Option<Res<super::settings::Settings>>, mut m: ResMut<Motion>) {
    if let Some(s) = settings.filter(|s| s.is_changed()) {
        m.pace = s.animated(1.0);
    }
}

/// Where a model is drawn on its way: it eases from where it was drawn to where the
/// engine has it, turning as it goes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Glide {
    from: (Vec2, f32),
    to: (Vec2, f32),
    /// Seconds into the glide, and its length.
    t: f32,
    length: f32,
    started: bool,
    /// A charge: it lunges into contact, running `over` of its leg past the end and
    /// settling back (none for a plain move).
    lunge: Option<f32>,
}

pub use super::trails::Leg;

impl Glide {
    /// Advances by `dt` towards `target` (centre, facing) and says where to draw the model
    /// now, whether it is still on its way, and the leg it just set off on, if it did.
    pub fn step(
        &mut self,
        target: (Vec2, f32),
        dt: f32,
        motion: &Motion,
    ) -> ((Vec2, f32), bool, Option<Leg>) {
        if !self.started {
            *self = Glide {
                from: target,
                to: target,
                started: true,
                ..Glide::default()
            };
            return (target, false, None);
        }
        let mut leg = None;
        if target != self.to {
            let here = self.at();
            leg = Some((here.0, target.0));
            *self = Glide {
                from: here,
                to: target,
                t: 0.0,
                length: motion.duration(here.0.distance(target.0)),
                started: true,
                lunge: None,
            };
        }
        self.t = (self.t + dt).min(self.length);
        (self.at(), self.t < self.length, leg)
    }

    /// Makes the leg to `end` a charge, if the glide is on it: it lunges into contact,
    /// quicker, with a small bump. True once the glide has reached that leg (on its way
    /// or already there), false while it has not set off on it yet.
    pub fn lunge(&mut self, end: Vec2, motion: &Motion) -> bool {
        if !self.started || self.to.0.distance(end) > 1e-3 {
            return false;
        }
        let distance = self.from.0.distance(self.to.0);
        if self.t < self.length && distance > 0.0 {
            self.length = motion.scaled((0.12 + 0.018 * distance).min(0.3));
            self.t = self.t.min(self.length);
            self.lunge = Some((BUMP / distance).min(0.25));
        }
        true
    }

    /// Where it is drawn now: eased in and out along its leg, or lunging; exactly where
    /// the engine has it at the end.
    fn at(&self) -> (Vec2, f32) {
        if self.length <= 0.0 || self.t >= self.length {
            return self.to;
        }
        let k = self.t / self.length;
        let (along, turned) = match self.lunge {
            Some(over) => (lunge_curve(k, over), smooth((k / LUNGE_HIT).min(1.0))),
            None => (smooth(k), smooth(k)),
        };
        let turn = wrap(self.to.1 - self.from.1);
        (
            self.from.0.lerp(self.to.0, along),
            self.from.1 + turn * turned,
        )
    }
}

/// Inches a charging model runs past contact before it settles back.
const BUMP: f32 = 0.15;
/// The share of a lunge's time at which it strikes (runs furthest).
const LUNGE_HIT: f32 = 0.72;

/// Eased in and out: slow away, slow to arrive.
fn smooth(k: f32) -> f32 {
    k * k * (3.0 - 2.0 * k)
}

/// How far along its leg a charge is at `k` of its time: it sets off at once and
/// gathers speed (an ease-in) to run `over` past contact at [`LUNGE_HIT`], then settles
/// back onto it, at exactly 1 at the end.
pub fn lunge_curve(k: f32, over: f32) -> f32 {
    if k >= 1.0 {
        return 1.0;
    }
    if k < LUNGE_HIT {
        let u = k / LUNGE_HIT;
        return (1.0 + over) * u * (0.35 + 0.65 * u);
    }
    let v = (k - LUNGE_HIT) / (1.0 - LUNGE_HIT);
    1.0 + over * (1.0 - v) * (1.0 - v)
}

/// An angle brought into (−π, π], so a model turns the short way round.
fn wrap(a: f32) -> f32 {
    use std::f32::consts::{PI, TAU};
    let a = a.rem_euclid(TAU);
    if a > PI { a - TAU } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glide_to(g: &mut Glide, to: Vec2, motion: &Motion) -> Option<Leg> {
        g.step((to, 0.0), 0.0, motion).2
    }

    /// A model set down is drawn where it stands; moved, it eases there over its glide
    /// and arrives exactly; with animation off it is there at once.
    #[test]
    fn a_model_glides_to_where_the_engine_put_it_and_arrives_exactly() {
        let motion = Motion::default();
        let mut g = Glide::default();
        assert_eq!(
            g.step((Vec2::ZERO, 0.0), 0.1, &motion),
            ((Vec2::ZERO, 0.0), false, None)
        );
        let target = (Vec2::new(6.0, 0.0), 1.0);
        let (half, moving, leg) = g.step(target, 0.1, &motion);
        assert!(moving && half.0.x > 0.0 && half.0.x < 6.0, "{half:?}");
        assert_eq!(leg, Some((Vec2::ZERO, Vec2::new(6.0, 0.0))));
        let length = motion.duration(6.0);
        assert!((0.15..=0.4).contains(&length), "{length}");
        let (end, moving, leg) = g.step(target, 1.0, &motion);
        assert_eq!((end, moving, leg), (target, false, None));
        let off = Motion {
            pace: f32::INFINITY,
            ..Motion::default()
        };
        let (at, moving, _) = g.step((Vec2::ZERO, 0.0), 0.0, &off);
        assert_eq!((at, moving), ((Vec2::ZERO, 0.0), false));
    }

    /// The watch speed shortens a glide; 16× and skipping draw it at once.
    #[test]
    fn faster_watching_glides_faster_and_sixteen_times_is_instant() {
        let at = |watch, skip| Motion {
            watch,
            skip,
            ..Motion::default()
        };
        assert!(at(4.0, false).duration(6.0) < at(1.0, false).duration(6.0) / 3.0);
        assert_eq!(at(16.0, false).duration(6.0), 0.0);
        assert_eq!(at(1.0, true).duration(6.0), 0.0);
    }

    /// A model turns the short way round: from just below π to just above −π.
    #[test]
    fn a_model_turns_the_short_way() {
        let mut g = Glide::default();
        let m = Motion::default();
        g.step((Vec2::ZERO, 3.0), 0.0, &m);
        let (mid, _, _) = g.step((Vec2::ZERO, -3.0), m.duration(0.0) / 2.0, &m);
        assert!(mid.1 > 3.0, "turned the long way: {}", mid.1);
    }

    /// A charge lunges: quicker than a plain glide, it runs a little past contact and
    /// settles back, ending exactly where the engine put it; with animation off it is
    /// there at once.
    #[test]
    fn a_charge_lunges_into_contact_and_ends_exactly_there() {
        let m = Motion::default();
        let from = (Vec2::new(1.0, 1.0), 0.0);
        let end = Vec2::new(7.0, 3.0);
        let mut g = Glide::default();
        g.step(from, 0.0, &m);
        assert!(!g.lunge(end, &m), "not on that leg yet");
        g.step((end, 0.5), 0.0, &m);
        assert!(g.lunge(end, &m));
        assert!(g.length < m.duration(from.0.distance(end)), "quicker");
        let mut furthest = 0.0f32;
        let dir = (end - from.0).normalize();
        let mut last = (from.0, 0.0);
        for _ in 0..100 {
            let (at, moving, _) = g.step((end, 0.5), g.length / 40.0, &m);
            furthest = furthest.max((at.0 - from.0).dot(dir));
            last = at;
            if !moving {
                break;
            }
        }
        let length = from.0.distance(end);
        assert!(furthest > length + 0.05, "a bump past contact: {furthest}");
        assert!(furthest <= length + BUMP + 1e-4, "a small one: {furthest}");
        assert_eq!(last, (end, 0.5), "exactly where the engine has it");
        let off = Motion {
            pace: f32::INFINITY,
            ..m
        };
        let mut g = Glide::default();
        g.step(from, 0.0, &off);
        let (at, moving, _) = g.step((end, 0.5), 0.0, &off);
        assert!(g.lunge(end, &off));
        assert_eq!((at, moving), ((end, 0.5), false));
        assert_eq!(g.at(), (end, 0.5));
    }

    /// The lunge's curve: it sets off at once, gathers speed to the strike, runs past,
    /// and ends at exactly 1.
    #[test]
    fn the_lunge_curve_strikes_past_contact_and_settles_on_it() {
        let over = 0.05;
        assert_eq!(lunge_curve(0.0, over), 0.0);
        assert_eq!(lunge_curve(1.0, over), 1.0);
        assert!((lunge_curve(LUNGE_HIT, over) - (1.0 + over)).abs() < 1e-6);
        let early = lunge_curve(0.1, over) - lunge_curve(0.0, over);
        let late = lunge_curve(0.6, over) - lunge_curve(0.5, over);
        assert!(
            early > 0.0 && late > early * 2.0,
            "an ease-in: {early} {late}"
        );
        let mut was = 0.0;
        for i in 1..=72 {
            let f = lunge_curve(i as f32 / 100.0, over);
            assert!(f >= was, "forward to the strike");
            was = f;
        }
        assert!(lunge_curve(0.9, over) > 1.0 && lunge_curve(0.9, over) < 1.0 + over);
    }

    #[test]
    fn glides_report_the_leg_they_set_off_on() {
        let mut g = Glide::default();
        let m = Motion::default();
        glide_to(&mut g, Vec2::ZERO, &m);
        assert_eq!(glide_to(&mut g, Vec2::X, &m), Some((Vec2::ZERO, Vec2::X)));
    }
}
