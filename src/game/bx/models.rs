//! Models on the table: miniatures (see `minis`) with their profile's or class's
//! picture, kept in step with the engine; a model that has acted this round has its ring
//! dimmed, one down greyed, and one slain or fled falls and lies as a casualty.

use super::BxSession;
use crate::game::minis::{BARE, Health, MiniPainter, Minis, Shown, spawn_mini, table_models};
use crate::game::palette;
use crate::game::screens::{BattleStarted, Screen};
use crate::icon_table::icon;
use bevy::prelude::*;
use warband_borderlands::battle::find;
use warband_borderlands::components::{Hp, Stats};

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
    for (e, id, side, base) in table_models(world) {
        let Some(stats) = world.get::<Stats>(e) else {
            continue;
        };
        let name = &stats.0.name;
        let icon = icon(name, stats.0.icon());
        spawn_mini(
            &mut commands,
            format!("{name} #{}", id.0),
            (id, side),
            base,
            Some(icon),
            BARE,
        );
    }
}

fn sync(session: NonSend<BxSession>, mut minis: Minis, mut painter: MiniPainter) {
    let world = session.engine.world();
    painter.paint_all((world, session.remade), &mut minis, |e, mini| {
        let model = find(world, mini.id);
        let grey = match &model {
            Some(m) if m.cond.down.is_some() => 0.7,
            Some(m) if m.cond.acted => 0.35,
            _ => 0.0,
        };
        Some(Shown {
            ring: palette::side(mini.side).mix(&Color::srgb(0.3, 0.3, 0.3), grey),
            out: model.is_none(),
            gone: false,
            health: world.get::<Hp>(e).map(|hp| Health {
                value: hp.now,
                unit: "HP",
                taken: false,
            }),
        })
    });
}
