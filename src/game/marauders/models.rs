//! Models on the table: miniatures (see `minis`) with the picture their profile names,
//! kept in step with the engine every frame. A broken side's rings are dimmed, a
//! sleeping model's paled; a removed model falls and lies as a casualty, and one that
//! fled past the table's edge shrinks away.

use super::desk::fled_off;
use crate::game::marauders::Session;
use crate::game::minis::{BARE, FledOff, Health, MiniPainter, Minis, Shown, spawn_mini};
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
        sync_models
            .in_set(crate::game::minis::Painted)
            .run_if(crate::game::desk::on_table::<
                warband_marauders::engine::Marauders,
            >()),
    );
}

fn spawn_models(mut commands: Commands, session: NonSend<Session>) {
    commands.insert_resource(FledOff::default());
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

fn sync_models(
    session: NonSend<Session>,
    mut fled: ResMut<FledOff>,
    mut minis: Minis,
    mut painter: MiniPainter,
) {
    let all = models(session.engine.world());
    let battle = session.engine.battle();
    fled.update(&session.engine.log().events, session.remade, fled_off);
    let fled = &fled.ids;
    painter.paint_all(session.drawn(), &mut minis, |_, mini| {
        let m = find(&all, mini.id)?;
        Some(Shown {
            ring: colour(m, battle.side(m.side).broken),
            out: !m.in_play,
            gone: fled.contains(&mini.id),
            health: Some(Health {
                value: i32::from(m.hd.left),
                unit: "HD",
                taken: false,
            }),
        })
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_marauders::log::{Entry, LogEvent};
    use warband_marauders::phases::FLED_OFF;
    use warband_table::components::ModelId;

    /// A model whose removal says it fled off the table leaves it; one slain lies there.
    #[test]
    fn a_model_that_fled_off_the_table_is_gone_from_it() {
        let removed = |model, why: &str| {
            Entry::Rules(LogEvent::Removed {
                model: ModelId(model),
                why: why.into(),
            })
        };
        let log = [removed(3, FLED_OFF), removed(4, "slain")];
        let mut fled = FledOff::default();
        fled.update(&log, 0, fled_off);
        assert_eq!(fled.ids, vec![ModelId(3)]);
    }
}
