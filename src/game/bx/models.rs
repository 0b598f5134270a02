//! Models on the table: miniatures (see `minis`) with their profile's or class's
//! picture, kept in step with the engine; a model that has acted this round has its ring
//! dimmed, one down greyed, and one slain or fled falls and lies as a casualty.

use super::BxSession;
use crate::game::icon_table::icon;
use crate::game::minis::{Health, Mini, MiniPainter, spawn_mini};
use crate::game::palette;
use crate::game::screens::{BattleStarted, Screen};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;
use warband_borderlands::battle::find;
use warband_borderlands::components::{Hp, Stats};
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

fn spawn(mut commands: Commands, session: NonSend<BxSession>) {
    let world = session.engine.world();
    for e in &world.resource::<ModelIndex>().0 {
        let (Some(id), Some(team), Some(base), Some(stats)) = (
            world.get::<ModelId>(*e),
            world.get::<Team>(*e),
            world.get::<Base>(*e),
            world.get::<Stats>(*e),
        ) else {
            continue;
        };
        spawn_mini(
            &mut commands,
            format!("{} #{}", stats.0.name, id.0),
            (*id, team.0),
            &base.0,
            Some(icon(&stats.0.name, stats.0.icon())),
            |_| {},
        );
    }
}

fn sync(
    session: NonSend<BxSession>,
    mut visuals: Query<(&mut Mini, &mut Transform, &mut Shape, &mut Visibility)>,
    mut painter: MiniPainter,
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
        let model = find(world, v.id);
        let grey = match &model {
            Some(m) if m.cond.down.is_some() => 0.7,
            Some(m) if m.cond.acted => 0.35,
            _ => 0.0,
        };
        let c = palette::side(team.0).mix(&Color::srgb(0.3, 0.3, 0.3), grey);
        let health = world.get::<Hp>(e).map(|hp| Health {
            value: hp.now,
            unit: "HP",
            taken: false,
        });
        let parts = (&mut v, &mut t, &mut shape, &mut vis);
        painter.paint(parts, &base.0, c, (model.is_none(), health));
    }
}
