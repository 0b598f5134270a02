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
use warband_marauders::phases::FLED_OFF;
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

/// The models that fled past the table's edge, as the log says.
fn fled_off(session: &Session) -> Vec<ModelId> {
    use warband_marauders::log::{Entry, LogEvent};
    let log = session.engine.log();
    log.events
        .iter()
        .filter_map(|e| match e {
            Entry::Rules(LogEvent::Removed { model, why }) if why == FLED_OFF => Some(*model),
            _ => None,
        })
        .collect()
}

fn sync_models(session: NonSend<Session>, mut minis: Minis, mut painter: MiniPainter) {
    let all = models(session.engine.world());
    let battle = session.engine.battle();
    let fled = fled_off(&session);
    painter.paint_all(session.engine.world(), &mut minis, |_, mini| {
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
    use crate::game::session::Controller;
    use warband_marauders::log::{BattleLog, LogEvent};

    /// A model whose removal says it fled off the table leaves it; one slain lies there.
    #[test]
    fn a_model_that_fled_off_the_table_is_gone_from_it() {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let file = root.join("assets/scenarios/open-field.ron");
        let setup = warband_marauders::data::BattleSetup::load(&file).unwrap();
        let mut s = Session::new(setup, 3, [Controller::Human; 2]).unwrap();
        assert!(fled_off(&s).is_empty());
        let mut log = s.engine.world_mut().resource_mut::<BattleLog>();
        for (model, why) in [(3, FLED_OFF), (4, "slain")] {
            log.push(LogEvent::Removed {
                model: ModelId(model),
                why: why.into(),
            });
        }
        assert_eq!(fled_off(&s), vec![ModelId(3)]);
    }
}
