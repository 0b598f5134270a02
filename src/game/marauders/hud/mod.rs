//! The Marauders parts of the battle screen: top line (round, phase, priority, who
//! acts), unit card and odds, the log in words, the phase's own controls (order of
//! play, melee groups, spells), and the labels over the table. The
//! shared frame (`crate::game::hud`) lays them out with the dice tray and the watch
//! controls.

pub(super) mod card;
mod labels;
pub(super) mod log;
pub(crate) mod odds;
pub(super) mod phase;
mod spell_card;
pub(super) mod top_bar;

use crate::game::desk::on_table;
use crate::game::hud::PanelFrame;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use warband_marauders::engine::Marauders;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        labels::draw
            .before(PanelFrame)
            .run_if(on_table::<Marauders>()),
    );
}
