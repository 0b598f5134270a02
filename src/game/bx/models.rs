//! Models on the table: a round base in its side's colour, kept in step with the engine;
//! a model that has acted this round is dimmed, one down is greyed, and one slain or
//! fled falls and lies as a casualty.

use super::BxSession;
use crate::game::awake::Busy;
use crate::game::models::{Casualties, MODEL_Z, fallen, show};
use crate::game::palette;
use crate::game::screens::{BattleStarted, Screen};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;
use warband_borderlands::battle::find;
use warband_table::components::{Base, ModelId, Team};
use warband_table::engine::ModelIndex;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Battle),
        spawn
            .after(BattleStarted)
            .run_if(crate::game::desk::has_session::<warband_borderlands::Borderlands>),
    )
    .add_systems(
        Update,
        sync.run_if(crate::game::desk::on_table::<
            warband_borderlands::Borderlands,
        >()),
    );
}

#[derive(Component)]
pub struct BxVisual {
    pub id: ModelId,
    gone_for: f32,
}

fn spawn(mut commands: Commands, session: NonSend<BxSession>) {
    let world = session.engine.world();
    for e in &world.resource::<ModelIndex>().0 {
        let (Some(id), Some(team), Some(base)) = (
            world.get::<ModelId>(*e),
            world.get::<Team>(*e),
            world.get::<Base>(*e),
        ) else {
            continue;
        };
        // Built a hundred times larger and scaled down, so lyon tessellates it round.
        let circle = shapes::Circle {
            radius: base.0.shape.reach() * 100.0,
            center: Vec2::ZERO,
        };
        commands.spawn((
            Name::new(format!("Model #{}", id.0)),
            DespawnOnExit(Screen::Battle),
            BxVisual {
                id: *id,
                gone_for: 0.0,
            },
            ShapeBuilder::with(&circle)
                .fill(palette::side(team.0))
                .stroke((Color::srgb(0.08, 0.08, 0.08), 6.0))
                .build(),
            upright(base.0.center),
        ));
    }
}

/// A model standing at `center`: built a hundred times larger, so drawn at a hundredth.
fn upright(center: Vec2) -> Transform {
    Transform::from_translation(center.extend(MODEL_Z)).with_scale(Vec3::splat(0.01))
}

fn sync(
    time: Res<Time>,
    session: NonSend<BxSession>,
    mut visuals: Query<(&mut BxVisual, &mut Transform, &mut Shape, &mut Visibility)>,
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
        let at = upright(base.0.center);
        let model = find(world, v.id);
        let grey = match &model {
            Some(m) if m.cond.down.is_some() => 0.7,
            Some(m) if m.cond.acted => 0.35,
            _ => 0.0,
        };
        let c = palette::side(team.0).mix(&Color::srgb(0.3, 0.3, 0.3), grey);
        let (c, at, falling) = fallen(
            c,
            at,
            &mut v.gone_for,
            model.is_none(),
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
