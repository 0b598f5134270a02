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
use warband_table::geometry::facing::{corners, to_world};
use warband_table::geometry::{BaseShape, Placed};
use warband_toy_soldier::actions::{active, check_shot, could_shoot, shot_stopped_at};
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
    (drawn, just_fell): (
        crate::game::minis::DrawnAt,
        Res<crate::game::pointer::JustFell>,
    ),
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
    active_outline(&mut g, &v.base, palette::SELECT);
    if let Some(c) = units.iter().find(|c| c.command && c.side == v.side) {
        // 6" from the commander's base edge, as the engine measures it.
        let colour = Color::srgba(0.95, 0.85, 0.4, 0.25);
        let round = (-std::f32::consts::PI, std::f32::consts::TAU);
        from_edge(&mut g, layout.size, (&c.base, COMMAND_RANGE), round, colour);
    }
    if v.unit.shoots() {
        arc(&mut g, layout.size, &v.base, shot_range(&v.unit));
    }
    if toy.hover.is_none()
        && session.human_turn() == Some(v.side)
        && let Some(cursor) = sel.cursor
        // Off the table (in the margin about it) there is no move to show, nor where an
        // enemy fell a moment ago (a click there sends none).
        && crate::game::table::on_table(layout.size, cursor)
        && just_fell.holds(&drawn, cursor, v.side).is_none()
        && let Some((step, inches, plan)) = ghost_plan(&session, v.side, cursor, toy.exact)
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

/// The active unit's outline, a little out from its base, peaked over the point at
/// its front so the point shows (a play-tester found it under the outline).
fn active_outline(g: &mut Gizmos, b: &Placed, c: Color) {
    let BaseShape::Rect { width, depth } = b.shape else {
        return outline(g, b, 0.2, c);
    };
    let (gap, half, long) = super::models::NOSE;
    let (x, y, grow) = (width / 2.0 + 0.2, depth / 2.0 + 0.2, 0.2);
    let local = [
        Vec2::new(-x, -y),
        Vec2::new(x, -y),
        Vec2::new(x, y),
        Vec2::new(half + grow, y),
        Vec2::new(0.0, depth / 2.0 + gap + long + grow),
        Vec2::new(-half - grow, y),
        Vec2::new(-x, y),
        Vec2::new(-x, -y),
    ];
    g.linestrip_2d(local.map(|p| b.center + to_world(b.facing, p)), c);
}

/// The front 90° out to the shooter's range, as much of it as lies on the table. The
/// engine measures a shot from base edge to base edge, so the line is drawn `range`
/// from the base's edge (straight ahead, `range` beyond its front): an enemy whose
/// base reaches it is in range.
fn arc(g: &mut Gizmos, table: Vec2, base: &Placed, range: f32) {
    let colour = Color::srgba(0.9, 0.9, 0.5, 0.35);
    let span = (-FRAC_PI_4, std::f32::consts::FRAC_PI_2);
    let ends = from_edge(g, table, (base, range), span, colour);
    for end in ends {
        let end = crate::game::table::on_table_to(table, base.center, end);
        g.line_2d(base.center, end, colour);
    }
}

/// The points `range` from `base`'s edge, over the bearings `first` to `first + sweep`
/// (radians from straight ahead, clockwise), as much of them as lies on the table; the
/// two ends of the line.
fn from_edge(
    g: &mut Gizmos,
    table: Vec2,
    (base, range): (&Placed, f32),
    (first, sweep): (f32, f32),
    colour: Color,
) -> [Vec2; 2] {
    let steps = (sweep / std::f32::consts::TAU * 192.0).ceil().max(1.0) as usize;
    let at = |i: usize| {
        let turn = -(first + sweep * i as f32 / steps as f32);
        let u = Vec2::from_angle(turn).rotate(Vec2::Y);
        base.center + to_world(base.facing, u * reach_along(base.shape, u, range))
    };
    for i in 0..steps {
        let (a, b) = (at(i), at(i + 1));
        if crate::game::table::on_table(table, a) && crate::game::table::on_table(table, b) {
            g.line_2d(a, b, colour);
        }
    }
    [at(0), at(steps)]
}

/// How far from a base's centre, along the direction `u` in the base's own frame, the
/// points `range` from its edge lie (the edge of a shot's reach, measured as the
/// engine measures it: from base to base).
fn reach_along(shape: BaseShape, u: Vec2, range: f32) -> f32 {
    let from_edge = |p: Vec2| match shape {
        BaseShape::Round { diameter } => p.length() - diameter / 2.0,
        BaseShape::Rect { width, depth } => {
            let q = p.abs() - Vec2::new(width, depth) / 2.0;
            q.max(Vec2::ZERO).length() + q.max_element().min(0.0)
        }
    };
    // Along a ray from the centre of a convex base the distance to its edge only grows.
    let (mut near, mut far) = (0.0, range + shape.reach());
    for _ in 0..24 {
        let mid = (near + far) / 2.0;
        if from_edge(u * mid) < range {
            near = mid;
        } else {
            far = mid;
        }
    }
    far
}

/// The line of fire of a volley the active unit could shoot at `target`, and where
/// the cover that would halve it lies (as the engine's check of the shot finds it).
fn line_of_fire(g: &mut Gizmos, world: &World, (v, a): (&View, &Activation), target: ModelId) {
    let Ok(plan) = check_shot(world, v, a, target, 1) else {
        blocked_line(g, world, v, target);
        return;
    };
    g.line_2d(v.base.center, plan.target.base.center, palette::FIRE);
    if let Some(at) = plan.cover_at {
        let cover = Color::srgb(1.0, 0.85, 0.2);
        g.circle_2d(at, 0.3, cover);
        g.circle_2d(at, 0.12, cover);
    }
}

/// A volley the active unit could take by facing and range but that something on the
/// line stops (a unit in the way, a house): drawn stopped there.
fn blocked_line(g: &mut Gizmos, world: &World, v: &View, target: ModelId) {
    let Some(t) = warband_toy_soldier::battle::find(world, target) else {
        return;
    };
    if !could_shoot(v, &t) {
        return;
    }
    if let Some(at) = shot_stopped_at(world, v, &t) {
        crate::game::table::stopped_line(g, v.base.center, at, t.base.center);
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

#[cfg(test)]
mod tests {
    use super::*;
    use warband_table::geometry::gap;

    /// The drawn edge of a shot's reach stands where the engine's measure of a shot,
    /// base edge to base edge, is the range: straight ahead `range` beyond the front,
    /// not `range` beyond the base's far corner.
    #[test]
    fn the_reach_drawn_is_the_range_measured() {
        let shape = BaseShape::Rect {
            width: 4.0,
            depth: 1.0,
        };
        let ahead = reach_along(shape, Vec2::Y, 6.0);
        assert!((ahead - 6.5).abs() < 1e-3, "{ahead}");
        let shooter = Placed {
            center: Vec2::new(20.0, 10.0),
            facing: 0.7,
            shape,
        };
        let dot = BaseShape::Round { diameter: 0.002 };
        for i in 0..=8 {
            let turn = FRAC_PI_4 - std::f32::consts::FRAC_PI_2 * i as f32 / 8.0;
            let u = Vec2::from_angle(turn).rotate(Vec2::Y);
            let r = reach_along(shape, u, 6.0);
            let at = shooter.center + to_world(shooter.facing, u * r);
            let target = Placed {
                center: at,
                facing: 0.0,
                shape: dot,
            };
            let measured = gap(&shooter, &target) + 0.001;
            assert!((measured - 6.0).abs() < 0.01, "{i}: {measured}");
        }
    }
}
