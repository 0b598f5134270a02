//! Models on the table: miniatures (see `minis`) with the picture their profile names,
//! kept in step with the engine every frame. A broken side's rings are dimmed, a
//! sleeping model's paled; a removed model falls and lies as a casualty.

use crate::game::marauders::Session;
use crate::game::minis::{BARE, Health, MiniPainter, Minis, Shown, spawn_mini};
use crate::game::palette;
use crate::game::screens::{BattleStarted, Screen};
use crate::icon_table::icon;
use bevy::prelude::*;
use warband_marauders::battle::{ModelView, find, models};

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

fn spawn_models(mut commands: Commands, session: NonSend<Session>) {
    for m in models(session.engine.world()) {
        spawn_mini(
            &mut commands,
            format!("{} #{}", m.profile.name, m.id),
            (m.id, m.side),
            &m.base,
            Some(icon(&m.profile.name, m.profile.icon())),
            BARE,
        );
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

fn sync_models(session: NonSend<Session>, mut minis: Minis, mut painter: MiniPainter) {
    let all = models(session.engine.world());
    let battle = session.engine.battle();
    painter.paint_all(session.engine.world(), &mut minis, |_, mini| {
        let m = find(&all, mini.id)?;
        Some(Shown {
            ring: colour(m, battle.side(m.side).broken),
            out: !m.in_play,
            health: Some(Health {
                value: i32::from(m.hd.left),
                unit: "HD",
                taken: false,
            }),
        })
    });
}
