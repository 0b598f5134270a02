//! The model that acted last stays ringed in its side's colour, pulsing, with a line to
//! the model it acted on (ringed white), until the next action: a paused or stepped
//! battle shows who did what. The cues (`cues`) say who acted; this draws it.

use super::cues::Cue;
use super::screens::Screen;
use bevy::prelude::*;
use warband_table::components::ModelId;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastAction>()
        .add_systems(OnEnter(Screen::Battle), |mut a: ResMut<LastAction>| {
            *a = LastAction::default()
        })
        .add_systems(
            Update,
            mark_last
                .after(super::minis::Painted)
                .run_if(in_state(Screen::Battle)),
        );
}

/// The model that acted last, and the model it acted on, if any.
#[derive(Resource, Debug, Default, PartialEq)]
pub struct LastAction {
    pub model: Option<ModelId>,
    pub target: Option<ModelId>,
    /// How far each one's base reaches from its centre (inches).
    pub reach: [f32; 2],
}

impl LastAction {
    /// What a cue says of who acted: a shot's shooter at its target, a charging model,
    /// any other action's model at its target.
    pub fn saw(&mut self, cue: Cue) {
        (self.model, self.target) = match cue {
            Cue::Shot { shooter, target } => (Some(shooter), Some(target)),
            Cue::Charge { model, .. } => (
                Some(model),
                self.target.filter(|_| self.model == Some(model)),
            ),
            Cue::Acted { model, target } => (Some(model), target),
            Cue::RoundBegan => (None, None),
        };
    }
}

/// Rings the model that acted last, pulsing in its side's colour, with a faint line to
/// the model it acted on (ringed in white), where their miniatures stand now.
fn mark_last(
    last: Res<LastAction>,
    minis: Query<(&super::minis::Mini, &Transform, &InheritedVisibility)>,
    time: Res<Time>,
    mut g: Gizmos,
) {
    let Some(model) = last.model else { return };
    let at = |id: ModelId| {
        minis
            .iter()
            .find(|(m, _, shown)| m.id == id && shown.get())
            .map(|(m, t, _)| (m.side, t.translation.truncate()))
    };
    let Some((side, from)) = at(model) else {
        return;
    };
    let pulse = 0.65 + 0.35 * (time.elapsed_secs() * 4.0).sin();
    let colour = super::palette::side(side).mix(&Color::WHITE, 0.5);
    let [mine, theirs] = last.reach.map(|r| r + RING);
    g.circle_2d(from, mine, colour.with_alpha(pulse));
    if let Some((_, to)) = last.target.filter(|t| *t != model).and_then(at) {
        g.circle_2d(to, theirs, Color::WHITE.with_alpha(0.5 * pulse + 0.2));
        let way = (to - from).normalize_or_zero();
        g.line_2d(
            from + way * mine,
            to - way * theirs,
            colour.with_alpha(0.55),
        );
    }
}

/// Inches outside a base's edge that the ring marking it runs.
const RING: f32 = 0.3;

#[cfg(test)]
mod tests {
    use super::*;

    /// The last action is the last cue's: a shot names its target, a move none, and a
    /// charge keeps what its own move's cue said.
    #[test]
    fn the_last_action_is_the_last_cues() {
        let (a, b) = (ModelId(3), ModelId(9));
        let mut last = LastAction::default();
        last.saw(Cue::Shot {
            shooter: a,
            target: b,
        });
        assert_eq!((last.model, last.target), (Some(a), Some(b)));
        last.saw(Cue::Acted {
            model: b,
            target: None,
        });
        assert_eq!((last.model, last.target), (Some(b), None));
        last.saw(Cue::Acted {
            model: a,
            target: Some(b),
        });
        last.saw(Cue::Charge {
            model: a,
            to: Vec2::ZERO,
        });
        assert_eq!((last.model, last.target), (Some(a), Some(b)));
        last.saw(Cue::Charge {
            model: b,
            to: Vec2::ZERO,
        });
        assert_eq!((last.model, last.target), (Some(b), None));
        last.saw(Cue::Shot {
            shooter: a,
            target: b,
        });
        last.saw(Cue::RoundBegan);
        assert_eq!((last.model, last.target), (None, None), "a new round");
    }
}
