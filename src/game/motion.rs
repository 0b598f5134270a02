//! Models glide to where the engine has already put them, and the last action stays
//! drawn: an arrow from where each model of the side that last moved started to where
//! it ended (Vassal players ask for it), until the other side moves. Only the picture:
//! the battle is decided before a model starts to glide, and with animation off, at 16×
//! or when skipping to the end every model is drawn where it stands at once.

use super::palette;
use super::screens::Screen;
use bevy::prelude::*;
use warband_rules::Side;
use warband_table::components::ModelId;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Motion>()
        .init_resource::<Trails>()
        .add_systems(OnEnter(Screen::Battle), |mut t: ResMut<Trails>| {
            *t = Trails::default()
        })
        .add_systems(Update, pace_from_settings)
        .add_systems(
            Update,
            (toggle_trails, draw_trails).run_if(in_state(Screen::Battle)),
        );
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
    /// Seconds a glide of `distance` inches takes: 150–400 ms at 1×, shorter at a faster
    /// watch speed, none at 16×, when skipping or with animation off.
    pub fn duration(&self, distance: f32) -> f32 {
        if self.skip || self.watch >= 16.0 || !self.pace.is_finite() {
            return 0.0;
        }
        (0.15 + 0.025 * distance).min(0.4) / (self.pace * self.watch.max(0.5))
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
}

/// A glide's new leg: where the model set off from and where it is going.
pub type Leg = (Vec2, Vec2);

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
            };
        }
        self.t = (self.t + dt).min(self.length);
        (self.at(), self.t < self.length, leg)
    }

    /// Where it is drawn now: eased in and out along its leg.
    fn at(&self) -> (Vec2, f32) {
        if self.length <= 0.0 {
            return self.to;
        }
        let k = self.t / self.length;
        let k = k * k * (3.0 - 2.0 * k);
        let turn = wrap(self.to.1 - self.from.1);
        (self.from.0.lerp(self.to.0, k), self.from.1 + turn * k)
    }
}

/// An angle brought into (−π, π], so a model turns the short way round.
fn wrap(a: f32) -> f32 {
    use std::f32::consts::{PI, TAU};
    let a = a.rem_euclid(TAU);
    if a > PI { a - TAU } else { a }
}

/// The moves of the side that moved last, drawn as arrows until the other side moves
/// (T hides and shows them).
#[derive(Resource, Debug)]
pub struct Trails {
    side: Option<Side>,
    moves: Vec<(ModelId, Leg)>,
    pub shown: bool,
}

impl Default for Trails {
    fn default() -> Self {
        Trails {
            side: None,
            moves: Vec::new(),
            shown: true,
        }
    }
}

/// A move shorter than this (a turn on the spot, a nudge into contact) leaves no arrow.
const SHORTEST_TRAIL: f32 = 0.3;

impl Trails {
    /// Model `id` of `side` set off on `leg` across a table of `size`: the other side's
    /// arrows go, and this model's arrow runs from where it first set off in this action.
    /// A model placed from off the table (deployment) leaves none.
    pub fn moved(&mut self, id: ModelId, side: Side, leg: Leg, size: Vec2) {
        let on = |p: Vec2| p.cmpge(Vec2::ZERO).all() && p.cmple(size).all();
        if !on(leg.0) || !on(leg.1) {
            return;
        }
        if self.side != Some(side) {
            self.side = Some(side);
            self.moves.clear();
        }
        match self.moves.iter_mut().find(|(m, _)| *m == id) {
            Some((_, l)) => l.1 = leg.1,
            None => self.moves.push((id, leg)),
        }
        self.moves
            .retain(|(_, (a, b))| a.distance(*b) >= SHORTEST_TRAIL);
    }

    pub fn legs(&self) -> impl Iterator<Item = (Side, Leg)> + '_ {
        let side = self.side;
        self.moves
            .iter()
            .filter_map(move |(_, leg)| side.map(|s| (s, *leg)))
    }
}

fn toggle_trails(keys: Res<ButtonInput<KeyCode>>, mut t: ResMut<Trails>) {
    if keys.just_pressed(KeyCode::KeyT) {
        t.shown = !t.shown;
    }
}

/// Inches short of a model's centre an arrow stops, so its head shows beside the base.
const SHORT_OF: f32 = 0.6;

/// Each arrow: a pale line in the mover's colour from start to just short of the end,
/// with its head.
fn draw_trails(trails: Res<Trails>, mut g: Gizmos) {
    if !trails.shown {
        return;
    }
    for (side, (from, to)) in trails.legs() {
        let c = palette::side(side).mix(&Color::WHITE, 0.45).with_alpha(0.8);
        let length = from.distance(to);
        let end = from.lerp(to, ((length - SHORT_OF) / length).max(0.0));
        g.arrow_2d(from, end, c).with_tip_length(0.4);
        g.circle_2d(from, 0.12, c);
    }
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

    /// The arrows are the last side's moves; the other side moving clears them; a model
    /// that moves twice keeps one arrow from where it first set off.
    #[test]
    fn the_last_sides_moves_stay_drawn_until_the_other_side_moves() {
        let size = Vec2::splat(24.0);
        let mut t = Trails::default();
        let (a, b) = (ModelId(1), ModelId(2));
        t.moved(a, Side::A, (Vec2::new(1.0, 1.0), Vec2::new(5.0, 1.0)), size);
        t.moved(a, Side::A, (Vec2::new(5.0, 1.0), Vec2::new(5.0, 4.0)), size);
        t.moved(b, Side::A, (Vec2::new(2.0, 2.0), Vec2::new(2.1, 2.0)), size);
        let legs: Vec<_> = t.legs().collect();
        assert_eq!(
            legs,
            vec![(Side::A, (Vec2::new(1.0, 1.0), Vec2::new(5.0, 4.0)))]
        );
        t.moved(b, Side::B, (Vec2::new(9.0, 9.0), Vec2::new(9.0, 3.0)), size);
        assert_eq!(t.legs().count(), 1);
        assert_eq!(t.legs().next().unwrap().0, Side::B);
        t.moved(
            a,
            Side::B,
            (Vec2::new(-1.0, 3.0), Vec2::new(2.0, 3.0)),
            size,
        );
        assert_eq!(t.legs().count(), 1, "set down from off the table: no arrow");
    }

    #[test]
    fn glides_report_the_leg_they_set_off_on() {
        let mut g = Glide::default();
        let m = Motion::default();
        glide_to(&mut g, Vec2::ZERO, &m);
        assert_eq!(glide_to(&mut g, Vec2::X, &m), Some((Vec2::ZERO, Vec2::X)));
    }
}
