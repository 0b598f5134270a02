//! The last actions stay drawn: an arrow from where each model started to where it
//! ended, for each side's last action (Vassal players ask for it), the side that moved
//! last bright and the other fainter, until that side moves again or the round ends;
//! T hides them. A save played on, or a replay moved along its timeline, draws the
//! arrows of its round's moves again (`GameSession::moved_before`).

use super::palette;
use super::screens::Screen;
use bevy::prelude::*;
use warband_rules::Side;
use warband_table::components::ModelId;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Trails>()
        .add_systems(OnEnter(Screen::Battle), |mut t: ResMut<Trails>| {
            *t = Trails::default()
        })
        .add_systems(
            Update,
            (toggle_trails, draw_trails).run_if(in_state(Screen::Battle)),
        );
}

/// A glide's new leg: where the model set off from and where it is going.
pub type Leg = (Vec2, Vec2);

/// Each side's moves in its last action, drawn as arrows: the side that moved last
/// bright, the other's fainter, so the enemy's last moves still show while a player
/// answers them (a play-tester lost them at the first move of their own). A side's
/// arrows go when it moves again, and all go with the round (T hides and shows them).
#[derive(Resource, Debug)]
pub struct Trails {
    /// Each side's arrows, by side.
    moves: [Vec<(ModelId, Leg)>; 2],
    /// The side that moved last.
    last: Option<Side>,
    /// The round the arrows were drawn in.
    round: Option<u32>,
    pub shown: bool,
}

impl Default for Trails {
    fn default() -> Self {
        Trails {
            moves: [Vec::new(), Vec::new()],
            last: None,
            round: None,
            shown: true,
        }
    }
}

/// A move shorter than this (a turn on the spot, a nudge into contact) leaves no arrow.
const SHORTEST_TRAIL: f32 = 0.3;

impl Trails {
    /// Model `id` of `side` set off on `leg` across a table of `size`. A move that
    /// begins a new action of `side` (the other side moved since) takes its old arrows
    /// away; this model's arrow runs from where it first set off in this action. A
    /// model placed from off the table (deployment) leaves none.
    pub fn moved(&mut self, id: ModelId, side: Side, leg: Leg, size: Vec2) {
        let on = |p: Vec2| super::table::on_table(size, p);
        if !on(leg.0) || !on(leg.1) {
            return;
        }
        let i = side.index();
        if self.last != Some(side) {
            self.moves[i].clear();
        }
        self.last = Some(side);
        let moves = &mut self.moves[i];
        match moves.iter_mut().find(|(m, _)| *m == id) {
            Some((_, l)) => l.1 = leg.1,
            None => moves.push((id, leg)),
        }
        moves.retain(|(_, (a, b))| a.distance(*b) >= SHORTEST_TRAIL);
    }

    /// The battle is in `round`: a new round clears the last one's arrows, so that a
    /// side that moves last in one round and first in the next never shows one arrow
    /// across both of its moves, and the table shows what a save played on draws again
    /// (the moves of its round).
    pub fn in_round(&mut self, round: u32) {
        if self.round.replace(round).is_some_and(|r| r != round) {
            self.clear();
        }
    }

    /// No arrows: the table was drawn afresh (a replay moved along its timeline).
    pub fn clear(&mut self) {
        *self = Self {
            round: self.round,
            shown: self.shown,
            ..Self::default()
        };
    }

    /// Every arrow, with the side that made it: the other side's first, then the side
    /// that moved last.
    pub fn legs(&self) -> impl Iterator<Item = (Side, Leg)> + '_ {
        let order = self.last.map_or(Side::BOTH, |s| [s.other(), s]);
        order
            .into_iter()
            .flat_map(move |s| self.moves[s.index()].iter().map(move |(_, leg)| (s, *leg)))
    }

    /// The side that moved last: its arrows are drawn bright.
    pub fn latest(&self) -> Option<Side> {
        self.last
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
        // The side that moved last bright; the other side's last moves fainter.
        let alpha = if trails.latest() == Some(side) {
            0.8
        } else {
            0.4
        };
        let c = palette::side(side)
            .mix(&Color::WHITE, 0.45)
            .with_alpha(alpha);
        let length = from.distance(to);
        let end = from.lerp(to, ((length - SHORT_OF) / length).max(0.0));
        g.arrow_2d(from, end, c).with_tip_length(0.4);
        g.circle_2d(from, 0.12, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each side keeps the arrows of its last action: the other side moving leaves them
    /// (drawn fainter), and the side acting again takes them away; a model that moves
    /// twice in one action keeps one arrow from where it first set off.
    #[test]
    fn each_sides_last_moves_stay_drawn_until_it_acts_again() {
        let size = Vec2::splat(24.0);
        let mut t = Trails::default();
        let (a, b) = (ModelId(1), ModelId(2));
        let first = (Vec2::new(1.0, 1.0), Vec2::new(5.0, 4.0));
        t.moved(a, Side::A, (first.0, Vec2::new(5.0, 1.0)), size);
        t.moved(a, Side::A, (Vec2::new(5.0, 1.0), first.1), size);
        t.moved(b, Side::A, (Vec2::new(2.0, 2.0), Vec2::new(2.1, 2.0)), size);
        assert_eq!(t.legs().collect::<Vec<_>>(), vec![(Side::A, first)]);
        let answer = (Vec2::new(9.0, 9.0), Vec2::new(9.0, 3.0));
        t.moved(b, Side::B, answer, size);
        assert_eq!(
            t.legs().collect::<Vec<_>>(),
            vec![(Side::A, first), (Side::B, answer)],
            "A's moves stay while B answers"
        );
        assert_eq!(t.latest(), Some(Side::B));
        let again = (Vec2::new(5.0, 4.0), Vec2::new(7.0, 4.0));
        t.moved(a, Side::A, again, size);
        assert_eq!(
            t.legs().collect::<Vec<_>>(),
            vec![(Side::B, answer), (Side::A, again)],
            "A acting again takes its old arrow away"
        );
        t.moved(
            a,
            Side::B,
            (Vec2::new(-1.0, 3.0), Vec2::new(2.0, 3.0)),
            size,
        );
        assert_eq!(t.legs().count(), 2, "set down from off the table: no arrow");
    }

    /// A side that moved last in one round and moves first in the next shows only its
    /// new moves: a play-test saw a 2.5" model drawn with a 5" arrow.
    #[test]
    fn a_new_round_clears_the_last_rounds_arrows() {
        let size = Vec2::splat(24.0);
        let mut t = Trails::default();
        let (start, mid, end) = (
            Vec2::new(1.0, 1.0),
            Vec2::new(4.0, 1.0),
            Vec2::new(6.0, 1.0),
        );
        t.in_round(2);
        t.moved(ModelId(1), Side::A, (start, mid), size);
        t.in_round(2);
        assert_eq!(t.legs().count(), 1, "the same round keeps its arrows");
        t.in_round(3);
        assert_eq!(t.legs().count(), 0);
        t.moved(ModelId(1), Side::A, (mid, end), size);
        assert_eq!(t.legs().collect::<Vec<_>>(), vec![(Side::A, (mid, end))]);
    }
}
