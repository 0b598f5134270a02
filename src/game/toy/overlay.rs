//! Drawn fresh every frame with gizmos: the active unit and the one under the pointer,
//! the ghost of a move (green if legal, red if not), the active shooter's front arc at
//! its range, the Command unit's 6", and the diagonals that cut a hovered enemy's
//! front, sides and rear, with the line of fire a volley at it would take.

use super::ToySession;
use super::input::{ToySelection, ghost_plan};
use crate::game::models::outline;
use crate::game::palette;
use crate::game::pointer::Pointer;
use bevy::prelude::*;
use std::f32::consts::FRAC_PI_4;
use warband_rules::toy_soldier::shot_range;
use warband_table::components::ModelId;
use warband_table::geometry::Placed;
use warband_table::geometry::facing::{corners, to_world};
use warband_toy_soldier::actions::{active, check_shot};
use warband_toy_soldier::battle::{Activation, COMMAND_RANGE, View, in_play};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.run_if(crate::game::desk::on_table::<warband_toy_soldier::ToySoldier>())
            .after(crate::game::pointer::InputDone),
    );
}

fn draw(
    session: NonSend<ToySession>,
    sel: Res<Pointer>,
    toy: Res<ToySelection>,
    layout: Res<crate::game::session::TableLayout>,
    mut g: Gizmos,
) {
    let world = session.engine.world();
    let units = in_play(world);
    let acting = world
        .resource::<warband_toy_soldier::battle::Battle>()
        .acting;
    let active = acting.and_then(|s| active(world, s).ok());
    if let Some(h) = toy.hover.and_then(|id| units.iter().find(|u| u.id == id)) {
        outline(&mut g, &h.base, 0.12, Color::srgba(1.0, 1.0, 1.0, 0.7));
        if let Some((v, a)) = &active
            && h.side != v.side
        {
            diagonals(&mut g, &h.base);
            if session.human_turn() == Some(v.side) {
                line_of_fire(&mut g, world, (v, a), h.id);
            }
        }
    }
    let Some((v, _)) = active else { return };
    outline(&mut g, &v.base, 0.2, palette::SELECT);
    if let Some(c) = units.iter().find(|c| c.command && c.side == v.side) {
        let reach = COMMAND_RANGE + c.base.shape.reach() * 0.7;
        let colour = Color::srgba(0.95, 0.85, 0.4, 0.25);
        crate::game::table::table_ring(&mut g, layout.size, c.base.center, reach, colour);
    }
    if v.unit.shoots() {
        arc(&mut g, layout.size, &v.base, shot_range(&v.unit));
    }
    if toy.hover.is_none()
        && session.human_turn() == Some(v.side)
        && let Some(cursor) = sel.cursor
        // Off the table (in the margin about it) there is no move to show.
        && crate::game::table::on_table(layout.size, cursor)
        && let Some((step, inches, plan)) = ghost_plan(&session, v.side, cursor)
    {
        // A refused move is drawn where it was asked to go: along its axis, as far as
        // the pointer, never slanting to the pointer itself.
        let asked = v.base.center + to_world(v.base.facing, Vec2::from(step.local())) * inches;
        let (end, colour) = match &plan {
            Ok(p) => (
                p.end,
                if p.charged.is_some() {
                    palette::CHARGE
                } else {
                    palette::LEGAL
                },
            ),
            Err(_) => (asked, palette::ILLEGAL),
        };
        g.line_2d(v.base.center, end, colour);
        outline(&mut g, &v.base.at(end), 0.0, colour);
    }
}

/// The front 90° out to the shooter's range, as much of it as lies on the table.
fn arc(g: &mut Gizmos, table: Vec2, base: &Placed, range: f32) {
    use crate::game::table::{on_table_to, table_arc};
    let reach = range + base.shape.reach();
    let colour = Color::srgba(0.9, 0.9, 0.5, 0.35);
    for side in [-1.0, 1.0] {
        let dir = to_world(
            base.facing,
            Vec2::from_angle(side * FRAC_PI_4).rotate(Vec2::Y),
        );
        let end = on_table_to(table, base.center, base.center + dir * reach);
        g.line_2d(base.center, end, colour);
    }
    // The front is the facing's +y, turned: 45° either side of it.
    let start = base.facing + FRAC_PI_4;
    table_arc(
        g,
        table,
        (base.center, reach),
        (start, std::f32::consts::FRAC_PI_2),
        colour,
    );
}

/// The line of fire of a volley the active unit could shoot at `target`, and where
/// the cover that would halve it lies (as the engine's check of the shot finds it).
fn line_of_fire(g: &mut Gizmos, world: &World, (v, a): (&View, &Activation), target: ModelId) {
    let Ok(plan) = check_shot(world, v, a, target, 1) else {
        return;
    };
    g.line_2d(v.base.center, plan.target.base.center, palette::FIRE);
    if let Some(at) = plan.cover_at {
        let cover = Color::srgb(1.0, 0.85, 0.2);
        g.circle_2d(at, 0.3, cover);
        g.circle_2d(at, 0.12, cover);
    }
}

/// The target's diagonals, extended: they cut its front, sides and rear.
fn diagonals(g: &mut Gizmos, base: &Placed) {
    let c = corners(base);
    for corner in c {
        let out = (corner - base.center).normalize_or_zero() * 3.0;
        g.line_2d(corner, corner + out, Color::srgba(1.0, 0.6, 0.3, 0.7));
    }
}
