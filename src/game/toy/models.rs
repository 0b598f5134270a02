//! Units on the table: a rectangular base in its side's colour with a pale front edge
//! and its figures on it (foot in ranks, riders as long ovals, a gun and its crew),
//! turned to its facing and kept in step with the engine; a unit that
//! retreats or is destroyed falls and lies as a casualty.

use super::ToySession;
use crate::game::minis::{
    Health, MiniPainter, Minis, Shown, clear_of_icon, spawn_mini, table_models,
};
use crate::game::palette;
use crate::game::screens::{BattleStarted, Screen};
use crate::icon_table::icon;
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;
use warband_rules::Side;
use warband_rules::toy_soldier::{Kind, UnitProfile};
use warband_table::components::OutOfAction;
use warband_table::geometry::BaseShape;
use warband_toy_soldier::components::{Marks, Unit};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Battle),
        spawn_units
            .after(BattleStarted)
            .run_if(crate::game::desk::has_session::<warband_toy_soldier::ToySoldier>),
    )
    .add_systems(
        Update,
        sync_units
            .in_set(crate::game::minis::Painted)
            .run_if(crate::game::desk::on_table::<warband_toy_soldier::ToySoldier>()),
    );
}

fn spawn_units(mut commands: Commands, session: NonSend<ToySession>) {
    let world = session.engine.world();
    for (e, id, side, base) in table_models(world) {
        let (Some(unit), BaseShape::Rect { width, depth }) = (world.get::<Unit>(e), base.shape)
        else {
            continue;
        };
        let name = &unit.0.name;
        let icon = icon(name, unit.0.icon());
        spawn_mini(
            &mut commands,
            format!("{name} #{}", id.0),
            (id, side),
            base,
            Some(icon),
            Some(|parent: &mut ChildSpawnerCommands| {
                front_edge(parent, width, depth);
                nose(parent, side, depth);
                figures(parent, &unit.0, width, depth);
            }),
        );
    }
}

/// The stretch of the base's width right of its icon, where the rank stands: its left
/// and right x in the unit's own frame.
pub(super) fn rank(width: f32, depth: f32) -> (f32, f32) {
    (clear_of_icon(width, depth) + 0.05, width / 2.0 - 0.1)
}

/// A pale bar along the front edge of the rank, so the facing reads at a glance.
fn front_edge(parent: &mut ChildSpawnerCommands, width: f32, depth: f32) {
    let (left, right) = rank(width, depth);
    let bar = shapes::Rectangle {
        extents: Vec2::new(right - left, 0.1),
        origin: RectangleOrigin::Center,
        radii: None,
    };
    parent.spawn((
        ShapeBuilder::with(&bar)
            .fill(Color::srgb(0.95, 0.93, 0.8))
            .build(),
        Transform::from_xyz((left + right) / 2.0, depth / 2.0 - 0.13, 0.03),
    ));
}

/// The point before a unit's front edge, in inches: its gap from the edge, half its
/// width and its length.
pub(super) const NOSE: (f32, f32, f32) = (0.02, 0.2, 0.24);

/// A small point in the side's colour out from the middle of the front edge: which way
/// a unit faces reads at a glance, even where its rank is hidden under markers.
fn nose(parent: &mut ChildSpawnerCommands, side: Side, depth: f32) {
    let edge = depth / 2.0 + NOSE.0;
    let point = shapes::Polygon {
        points: vec![
            Vec2::new(-NOSE.1, edge),
            Vec2::new(NOSE.1, edge),
            Vec2::new(0.0, edge + NOSE.2),
        ],
        closed: true,
    };
    parent.spawn((
        ShapeBuilder::with(&point)
            .fill(palette::side(side))
            .stroke((Color::srgb(0.08, 0.08, 0.08), 0.025))
            .build(),
        Transform::from_xyz(0.0, 0.0, 0.03),
    ));
}

/// The figures on the base, in the unit's own frame (front towards +y), in a rank
/// beside the icon.
fn figures(parent: &mut ChildSpawnerCommands, unit: &UnitProfile, width: f32, depth: f32) {
    let n = usize::from(unit.figures.clamp(1, 8));
    let figure = Color::srgb(0.88, 0.85, 0.74);
    let (left, right) = rank(width, depth);
    let spacing = (right - left) / n as f32;
    let row_y = if unit.kind == Kind::Artillery {
        -depth / 4.0
    } else {
        depth / 8.0
    };
    for i in 0..n {
        let x = left + spacing * (i as f32 + 0.5);
        let builder = match unit.kind {
            Kind::Cavalry => ShapeBuilder::with(&shapes::Ellipse {
                radii: Vec2::new(0.11_f32.min(spacing * 0.4), 0.3),
                center: Vec2::ZERO,
            }),
            _ => ShapeBuilder::with(&shapes::Circle {
                radius: 0.14_f32.min(spacing * 0.45),
                center: Vec2::ZERO,
            }),
        };
        parent.spawn((
            builder
                .fill(figure)
                .stroke((Color::srgb(0.08, 0.08, 0.08), 0.03))
                .build(),
            Transform::from_xyz(x, row_y, 0.2),
        ));
    }
    if unit.kind == Kind::Artillery {
        let barrel = shapes::Rectangle {
            extents: Vec2::new(0.22, depth * 0.55),
            origin: RectangleOrigin::Center,
            radii: None,
        };
        parent.spawn((
            ShapeBuilder::with(&barrel)
                .fill(Color::srgb(0.2, 0.2, 0.22))
                .build(),
            Transform::from_xyz((left + right) / 2.0, depth * 0.15, 0.25),
        ));
    }
    if unit.magical {
        let star = shapes::Circle {
            radius: 0.1,
            center: Vec2::ZERO,
        };
        parent.spawn((
            ShapeBuilder::with(&star)
                .fill(Color::srgb(0.75, 0.5, 0.95))
                .build(),
            Transform::from_xyz(width / 2.0 - 0.16, -depth / 2.0 + 0.16, 0.3),
        ));
    }
}

fn sync_units(session: NonSend<ToySession>, mut minis: Minis, mut painter: MiniPainter) {
    let world = session.engine.world();
    painter.paint_all(session.drawn(), &mut minis, |e, mini| {
        Some(Shown {
            ring: palette::side(mini.side),
            out: world.get::<OutOfAction>(e).is_some(),
            gone: false,
            health: world.get::<Marks>(e).map(|m| Health {
                value: m.damage as i32,
                unit: "damage",
                taken: true,
            }),
        })
    });
}
