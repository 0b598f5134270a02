//! Models on the table: miniatures (see `minis`) with their profile's or class's
//! picture, kept in step with the engine; a model that has acted this round has its ring
//! dimmed, one down greyed, one slain falls and lies as a casualty, and one that ran
//! off the table shrinks away.

use super::BxSession;
use super::desk::fled_table;
use crate::game::minis::{
    BARE, FledOff, Health, MiniPainter, Minis, Shown, spawn_mini, table_models,
};
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
        sync.in_set(crate::game::minis::Painted)
            .run_if(crate::game::desk::on_table::<
                warband_borderlands::Borderlands,
            >()),
    );
}

fn spawn(mut commands: Commands, session: NonSend<BxSession>) {
    commands.insert_resource(FledOff::default());
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

fn sync(
    session: NonSend<BxSession>,
    mut fled: ResMut<FledOff>,
    mut minis: Minis,
    mut painter: MiniPainter,
) {
    let world = session.engine.world();
    fled.update(&session.engine.log().events, session.remade, fled_table);
    let fled = &fled.ids;
    painter.paint_all(session.drawn(), &mut minis, |e, mini| {
        let model = find(world, mini.id);
        let grey = match &model {
            Some(m) if m.cond.down.is_some() => 0.7,
            Some(m) if m.cond.acted => 0.35,
            _ => 0.0,
        };
        Some(Shown {
            ring: palette::side(mini.side).mix(&Color::srgb(0.3, 0.3, 0.3), grey),
            out: model.is_none(),
            gone: fled.contains(&mini.id),
            health: world.get::<Hp>(e).map(|hp| Health {
                value: hp.now,
                unit: "HP",
                taken: false,
            }),
        })
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_borderlands::log::{Entry, LogEvent};
    use warband_table::components::ModelId;

    /// A model that ran off the table leaves it; one slain lies there.
    #[test]
    fn a_model_that_fled_the_table_is_gone_from_it() {
        let log = [
            Entry::Rules(LogEvent::FledTable { model: ModelId(7) }),
            Entry::Rules(LogEvent::Slain { model: ModelId(8) }),
        ];
        let mut fled = FledOff::default();
        fled.update(&log, 0, fled_table);
        assert_eq!(fled.ids, vec![ModelId(7)]);
    }
}
