//! Models on the table: a round base in its side's colour (its initials are drawn in
//! screen space by the hud, to read at any zoom), kept in step with the engine every
//! frame. A broken side is dimmed; a removed model
//! falls and lies as a casualty.

use crate::game::awake::Busy;
use crate::game::marauders::Session;
use crate::game::models::{Casualties, MODEL_Z, fallen, show};
use crate::game::palette;
use crate::game::screens::{BattleStarted, Screen};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;
use warband_marauders::battle::{ModelView, find, models};
use warband_table::components::ModelId;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Battle),
        spawn_models
            .after(BattleStarted)
            .run_if(crate::game::desk::has_session::<warband_marauders::engine::Marauders>),
    )
    .add_systems(
        Update,
        sync_models.run_if(crate::game::desk::on_table::<
            warband_marauders::engine::Marauders,
        >()),
    );
}

/// The visual of model `id`.
#[derive(Component)]
pub struct ModelVisual {
    pub id: ModelId,
    /// Seconds since the model left play.
    gone_for: f32,
}

fn spawn_models(mut commands: Commands, session: NonSend<Session>) {
    for m in models(session.engine.world()) {
        let radius = m.base.shape.reach();
        let circle = shapes::Circle {
            radius,
            center: Vec2::ZERO,
        };
        commands.spawn((
            Name::new(format!("{} #{}", m.profile.name, m.id)),
            DespawnOnExit(Screen::Battle),
            ModelVisual {
                id: m.id,
                gone_for: 0.0,
            },
            ShapeBuilder::with(&circle)
                .fill(palette::side(m.side))
                .stroke((Color::srgb(0.08, 0.08, 0.08), 0.06))
                .build(),
            Transform::from_translation(m.base.center.extend(MODEL_Z)),
        ));
    }
}

fn colour(m: &ModelView, broken: bool) -> Color {
    let c = palette::side(m.side);
    if broken {
        c.mix(&Color::srgb(0.35, 0.35, 0.35), 0.6)
    } else if m.conditions.asleep {
        c.mix(&Color::srgb(0.6, 0.6, 0.9), 0.5)
    } else {
        c
    }
}

fn sync_models(
    time: Res<Time>,
    session: NonSend<Session>,
    mut visuals: Query<(
        &mut ModelVisual,
        &mut Transform,
        &mut Shape,
        &mut Visibility,
    )>,
    casualties: Res<Casualties>,
    mut busy: ResMut<Busy>,
) {
    let all = models(session.engine.world());
    let battle = session.engine.battle();
    for (mut v, mut t, mut shape, mut vis) in &mut visuals {
        let Some(m) = find(&all, v.id) else {
            continue;
        };
        let at = Transform::from_translation(m.base.center.extend(MODEL_Z));
        let c = colour(m, battle.side(m.side).broken);
        let dt = time.delta_secs();
        let (c, at, falling) = fallen(
            c,
            at,
            &mut v.gone_for,
            !m.in_play,
            dt,
            &casualties,
            &mut vis,
        );
        if falling {
            busy.keep();
        }
        show(&mut shape, &mut t, at, c);
    }
}
