//! Units on the table: a rectangular base in its side's colour with a pale front edge
//! and its figures on it (foot in ranks, riders as long ovals, a gun and its crew),
//! turned to its facing and kept in step with the engine; a unit that
//! retreats or is destroyed falls and lies as a casualty.

use super::ToySession;
use crate::game::awake::Busy;
use crate::game::models::{Casualties, MODEL_Z, fallen, show};
use crate::game::palette;
use crate::game::screens::{BattleStarted, Screen};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;
use warband_rules::toy_soldier::{Kind, UnitProfile};
use warband_table::components::{Base, ModelId, OutOfAction, Team};
use warband_table::engine::ModelIndex;
use warband_table::geometry::BaseShape;
use warband_toy_soldier::components::Unit;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Battle),
        spawn_units
            .after(BattleStarted)
            .run_if(crate::game::desk::has_session::<warband_toy_soldier::ToySoldier>),
    )
    .add_systems(
        Update,
        sync_units.run_if(crate::game::desk::on_table::<warband_toy_soldier::ToySoldier>()),
    );
}

/// The visual of unit `id`.
#[derive(Component)]
pub struct UnitVisual {
    pub id: ModelId,
    gone_for: f32,
}

const OUTLINE: Color = Color::srgb(0.08, 0.08, 0.08);

fn spawn_units(mut commands: Commands, session: NonSend<ToySession>) {
    let world = session.engine.world();
    for e in &world.resource::<ModelIndex>().0 {
        let (Some(id), Some(team), Some(base), Some(unit)) = (
            world.get::<ModelId>(*e),
            world.get::<Team>(*e),
            world.get::<Base>(*e),
            world.get::<Unit>(*e),
        ) else {
            continue;
        };
        let BaseShape::Rect { width, depth } = base.0.shape else {
            continue;
        };
        let rect = shapes::Rectangle {
            extents: Vec2::new(width, depth),
            origin: RectangleOrigin::Center,
            radii: None,
        };
        commands
            .spawn((
                Name::new(format!("{} #{}", unit.0.name, id.0)),
                DespawnOnExit(Screen::Battle),
                UnitVisual {
                    id: *id,
                    gone_for: 0.0,
                },
                ShapeBuilder::with(&rect)
                    .fill(palette::side(team.0))
                    .stroke((OUTLINE, 0.05))
                    .build(),
                transform(base),
            ))
            .with_children(|parent| {
                front_edge(parent, width, depth);
                figures(parent, &unit.0, width, depth);
            });
    }
}

fn transform(base: &Base) -> Transform {
    Transform::from_translation(base.0.center.extend(MODEL_Z))
        .with_rotation(Quat::from_rotation_z(base.0.facing))
}

/// A pale bar along the front edge, so the facing reads at a glance.
fn front_edge(parent: &mut ChildSpawnerCommands, width: f32, depth: f32) {
    let bar = shapes::Rectangle {
        extents: Vec2::new(width, 0.12),
        origin: RectangleOrigin::Center,
        radii: None,
    };
    parent.spawn((
        ShapeBuilder::with(&bar)
            .fill(Color::srgb(0.95, 0.93, 0.8))
            .build(),
        Transform::from_xyz(0.0, depth / 2.0 - 0.06, 0.1),
    ));
}

/// The figures on the base, in the unit's own frame (front towards +y).
fn figures(parent: &mut ChildSpawnerCommands, unit: &UnitProfile, width: f32, depth: f32) {
    let n = usize::from(unit.figures.clamp(1, 8));
    let figure = Color::srgb(0.15, 0.14, 0.12);
    let spacing = width / n as f32;
    let row_y = if unit.kind == Kind::Artillery {
        -depth / 4.0
    } else {
        -0.05
    };
    for i in 0..n {
        let x = -width / 2.0 + spacing * (i as f32 + 0.5);
        let builder = match unit.kind {
            Kind::Cavalry => ShapeBuilder::with(&shapes::Ellipse {
                radii: Vec2::new(0.13, 0.3),
                center: Vec2::ZERO,
            }),
            _ => ShapeBuilder::with(&shapes::Circle {
                radius: 0.14_f32.min(spacing * 0.4),
                center: Vec2::ZERO,
            }),
        };
        parent.spawn((
            builder
                .fill(figure)
                .stroke((Color::srgb(0.85, 0.82, 0.7), 0.03))
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
            Transform::from_xyz(0.0, depth * 0.15, 0.25),
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

fn sync_units(
    time: Res<Time>,
    session: NonSend<ToySession>,
    mut visuals: Query<(&mut UnitVisual, &mut Transform, &mut Shape, &mut Visibility)>,
    casualties: Res<Casualties>,
    mut busy: ResMut<Busy>,
) {
    let world = session.engine.world();
    let index = world.resource::<ModelIndex>();
    for (mut v, mut t, mut shape, mut vis) in &mut visuals {
        let Some(e) = index.entity(v.id) else {
            continue;
        };
        let (Some(base), Some(team)) = (world.get::<Base>(e), world.get::<Team>(e)) else {
            continue;
        };

        let out = world.get::<OutOfAction>(e).is_some();
        let (c, at, falling) = fallen(
            palette::side(team.0),
            transform(base),
            &mut v.gone_for,
            out,
            time.delta_secs(),
            &casualties,
            &mut vis,
        );
        if falling {
            busy.keep();
        }
        show(&mut shape, &mut t, at, c);
    }
}
