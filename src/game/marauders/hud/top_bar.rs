//! The Marauders top line: round, phase, who acts, then priority, which a narrow
//! window may cut before the rest (the frame adds Save and Leave).

use crate::game::marauders::Session;
use crate::game::palette;
use bevy_egui::egui;
use warband_marauders::phases::Phase;

pub fn show(ui: &mut egui::Ui, session: &Session) {
    let b = session.engine.battle().clone();
    let phase = session.engine.phase();
    {
        ui.label(format!(
            "{} · Round {} of {}",
            session.setup.scenario.name,
            b.round.min(b.round_limit),
            b.round_limit
        ));
        ui.separator();
        ui.label(format!("Phase: {}", phase_name(phase)));
        ui.separator();
        crate::game::hud::turn_status(ui, session, "your move");
        if let Some(p) = b.priority {
            ui.separator();
            // Spells are declared before this round's initiative: last round's priority
            // side declares first.
            if phase == Phase::DeclareSpells {
                ui.label("Last round's priority:")
                    .on_hover_text("It declares spells first; initiative is rolled next.");
            } else {
                ui.label("Priority:");
            }
            ui.colored_label(palette::side_egui(p), &session.setup.armies.get(p).name);
        }
    }
}

pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Deploy => "Deployment",
        Phase::DeclareSpells => "1 · Declare spells",
        Phase::Initiative => "2 · Initiative",
        Phase::Movement => "3 · Movement",
        Phase::Shooting => "4 · Shooting",
        Phase::Attacking => "5 · Attacking",
        Phase::Spellcasting => "6 · Spellcasting",
        Phase::Morale => "7 · Morale",
        Phase::Over => "Over",
    }
}
