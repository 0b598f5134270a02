//! Models on the table: miniatures (see `minis`) with the picture their profile names,
//! kept in step with the engine every frame. A broken side's rings are dimmed, a
//! sleeping model's paled; a removed model falls and lies as a casualty, and one that
//! fled past the table's edge shrinks away.

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
    app.init_resource::<FledOff>()
        .add_systems(
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

/// The models that fled past the table's edge, as the log says: read as the log grows
/// (a frame reads only its new entries), and afresh once the engine is remade or its
/// log is shorter (a replay moved back).
#[derive(Resource, Default)]
struct FledOff {
    remade: u32,
    seen: usize,
    ids: Vec<ModelId>,
}

impl FledOff {
    fn update(&mut self, session: &Session) {
        use warband_marauders::log::{Entry, LogEvent};
        let events = &session.engine.log().events;
        if self.remade != session.remade || events.len() < self.seen {
            *self = Self {
                remade: session.remade,
                ..Self::default()
            };
        }
        for e in &events[self.seen..] {
            if let Entry::Rules(LogEvent::Removed { model, why }) = e
                && why == FLED_OFF
            {
                self.ids.push(*model);
            }
        }
        self.seen = events.len();
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
    fled.update(&session);
    let fled = &fled.ids;
    let drawn = (session.engine.world(), session.remade);
    painter.paint_all(drawn, &mut minis, |_, mini| {
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
        let mut fled = FledOff::default();
        fled.update(&s);
        assert!(fled.ids.is_empty());
        let mut log = s.engine.world_mut().resource_mut::<BattleLog>();
        for (model, why) in [(3, FLED_OFF), (4, "slain")] {
            log.push(LogEvent::Removed {
                model: ModelId(model),
                why: why.into(),
            });
        }
        fled.update(&s);
        assert_eq!(fled.ids, vec![ModelId(3)]);
        // Read again, nothing is counted twice; a remade engine is read afresh.
        fled.update(&s);
        assert_eq!(fled.ids, vec![ModelId(3)]);
        s.remade += 1;
        fled.update(&s);
        assert_eq!(fled.ids, vec![ModelId(3)]);
        assert_eq!(fled.remade, s.remade);
    }
}
