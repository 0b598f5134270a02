//! Which unit `normal` activates: the one whose activation is worth most per token —
//! the danger it clears, the shot, charge or spell it can make, less the risk that the
//! activation removes a pinned unit, plus that unit's return to the fight if it holds.

use super::activatable;
use super::pins::Units;
use crate::battle::{View, in_play_shared};
use crate::command::Command;
use bevy_ecs::world::World;
use warband_rules::Side;
use warband_rules::toy_soldier::{Step, magic_range, move_step, reach, shot_range};
use warband_table::components::ModelId;
use warband_table::geometry::gap_at_most;

/// The unit whose activation is worth most per token. While the other side still has
/// tokens this side must activate one, so the best is taken even if every one would
/// rather rest (the least harm: a pinned unit least likely to be lost); once the other
/// side has run out, only one worth having, else the player yields (ends the turn).
pub(super) fn choose_unit(world: &World, side: Side) -> Option<Command> {
    let must = crate::turn::check_done(world, side).is_err();
    ranked_units(world, side)
        .into_iter()
        .next()
        .filter(|(_, w)| must || *w > 0.15)
        .map(|(unit, _)| Command::Activate { unit })
}

/// The side's units it can activate now with what each activation is worth a token,
/// best first (ties in id order): what `hard` proposes, best first, too.
pub(super) fn ranked_units(world: &World, side: Side) -> Vec<(ModelId, f64)> {
    let units = Units::new(in_play_shared(world));
    let b = world.resource::<crate::battle::Battle>();
    let turns_left = b.turn_limit.saturating_sub(b.turn);
    let mut ranked: Vec<(ModelId, f64)> = activatable(world, side)
        .into_iter()
        .map(|u| {
            let cost = warband_rules::toy_soldier::activation_cost(u.spent);
            (u.id, worth(&units, &u, turns_left) / f64::from(cost))
        })
        .collect();
    ranked.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
    ranked
}

/// What activating a unit is likely worth: the danger it clears while it can (each
/// point keeps it from being pinned), then its mean AP left, scaled by what it can
/// reach (a shot or a charge doubles it; nothing to do, a fifth); less, for a unit with
/// more danger than it can defend, its points times the chance the activation removes
/// it — and plus, for such a pinned unit, its return to the fight if it holds (its
/// danger goes with the activation; left to rot, it would never act again) for the
/// turns left. `units`: every unit in play.
fn worth(units: &Units, u: &View, turns_left: u32) -> f64 {
    let mean = units.mean_ap(u);
    let danger = f64::from(u.marks.danger);
    let cleared = danger.min(mean);
    let spare = (mean - danger).max(0.0);
    let lost = units.removal(u, 0) * f64::from(u.unit.points());
    let enemies: Vec<&View> = units.all().iter().filter(|t| t.side != u.side).collect();
    if enemies.is_empty() {
        return 0.0;
    }
    // Whether the nearest enemy is within `r`: whether any is, asked without measuring
    // the gap to each.
    let within = |r: f32| enemies.iter().any(|t| gap_at_most(&u.base, &t.base, r));
    let sides = f64::from(u.unit.activation_die().sides());
    let shot = u.unit.shoots() && within(shot_range(&u.unit));
    let charge = !u.unit.shoots()
        && within(reach(
            (sides / 2.0).ceil() as u32,
            move_step(u.unit.kind, Step::Forward),
            &[],
        ));
    let spell = u.unit.magical && within(magic_range(&u.unit));
    let scale = if shot || charge || spell {
        2.0
    } else if u.spent == 0 {
        1.0
    } else {
        0.2
    };
    let back = if units.pinned(u) {
        (1.0 - units.removal(u, 0)) * mean * f64::from(turns_left.min(3)) * 0.5
    } else {
        0.0
    };
    0.7 * cleared + spare * scale - lost + back
}
