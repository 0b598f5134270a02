//! Where a spell is aimed, in words.

use super::{Lookup, model_name};
use bevy::math::Vec2;
use warband_marauders::battle::ModelView;
use warband_marauders::components::SpellAim;
use warband_table::components::ModelId;

/// "at Goblin #4", or "at a point" (where, [`point_words`] says).
pub(super) fn aimed_at(aim: &SpellAim, name: &dyn Fn(ModelId) -> String) -> String {
    match aim {
        SpellAim::Model(t) => format!("at {}", name(*t)),
        SpellAim::Point(..) => "at a point".to_string(),
    }
}

/// Where a spell's point lies, for a reader, as the log tells it: " 1.2\" from Orc #7",
/// from the nearest model in play of the caster's enemy (of either side where it has
/// none); where no model is found, " (21.0\", 20.0\")" on the table. A play-tester read
/// the bare numbers as a debug view.
pub(super) fn point_words(model: Lookup, caster: ModelId, (x, y): (f32, f32)) -> String {
    let at = Vec2::new(x, y);
    let side = model(caster).map(|c| c.side);
    // Ids run 1, 2, 3, … over every model, in play or not.
    let all: Vec<ModelView> = (1..)
        .map_while(|i| model(ModelId(i)))
        .filter(|m| m.in_play)
        .collect();
    let theirs = |m: &&ModelView| side.is_none_or(|s| m.side != s);
    let found = nearest(all.iter().filter(theirs), at).or_else(|| nearest(all.iter(), at));
    match found {
        Some(m) => {
            let d = m.base.center.distance(at);
            if d < 0.05 {
                format!(" on {}", model_name(model, m.id))
            } else {
                format!(" {d:.1}\" from {}", model_name(model, m.id))
            }
        }
        None => format!(" ({x:.1}\", {y:.1}\")"),
    }
}

/// The model of `among` nearest `at`.
fn nearest<'a>(among: impl Iterator<Item = &'a ModelView>, at: Vec2) -> Option<&'a ModelView> {
    among.min_by(|a, b| {
        a.base
            .center
            .distance(at)
            .total_cmp(&b.base.center.distance(at))
    })
}
