//! The result: who won and why, what each side lost, and a replay.

use super::Screen;
use crate::game::hud::root_ui;
use crate::game::palette;
use crate::game::saves;
use crate::game::session::{Launch, PendingBattle, Session};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use warband_marauders::MaraudersEngine as _;
use warband_marauders::Side;
use warband_marauders::battle::models;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        result.run_if(in_state(Screen::Result)),
    );
}

fn result(
    mut contexts: EguiContexts,
    session: Option<NonSendMut<Session>>,
    mut next: ResMut<NextState<Screen>>,
    mut pending: ResMut<PendingBattle>,
    mut saved: Local<Option<String>>,
) -> Result {
    let Some(mut session) = session else {
        next.set(Screen::MainMenu);
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let outcome = session.engine.outcome().cloned();
    let all = models(session.engine.world());
    let battle = session.engine.battle().clone();
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(40.0);
            let (title, colour) = match outcome.as_ref().and_then(|o| o.winner) {
                Some(side) => (
                    format!("{} wins", session.setup.armies.get(side).name),
                    palette::side_egui(side),
                ),
                None => ("A draw".to_string(), egui::Color32::LIGHT_GRAY),
            };
            ui.heading(egui::RichText::new(title).size(40.0).color(colour));
            if let Some(o) = &outcome {
                ui.label(&o.reason);
            }
            ui.label(format!(
                "{} round(s) played",
                battle.round.min(battle.round_limit)
            ));
            ui.add_space(20.0);
        });
        ui.columns(2, |cols| {
            for (col, side) in cols.iter_mut().zip(Side::BOTH) {
                col.heading(
                    egui::RichText::new(&session.setup.armies.get(side).name)
                        .color(palette::side_egui(side)),
                );
                col.label(format!(
                    "HD removed from the enemy: {}",
                    battle.side(side).hd_removed
                ));
                let lost: Vec<_> = all
                    .iter()
                    .filter(|m| m.side == side && !m.in_play)
                    .collect();
                let standing = all.iter().filter(|m| m.side == side && m.in_play).count();
                col.label(format!("Models standing: {standing}, lost: {}", lost.len()));
                if battle.side(side).broken {
                    col.label("The side broke and fled.");
                }
                for m in lost {
                    col.small(format!("✝ {} #{}", m.profile.name, m.id));
                }
            }
        });
        ui.add_space(20.0);
        ui.vertical_centered(|ui| {
            ui.horizontal(|ui| {
                if ui.button("▶ Watch replay").clicked() {
                    pending.0 = Some(Launch::Replay(Box::new(session.save())));
                    next.set(Screen::Battle);
                }
                if ui.button("💾 Save battle").clicked() {
                    let save = session.save();
                    *saved = Some(match saves::write_save(&save) {
                        Ok(path) => format!("Saved to {}", path.display()),
                        Err(e) => format!("Could not save: {e}"),
                    });
                }
                if ui.button("Main menu").clicked() {
                    next.set(Screen::MainMenu);
                }
            });
            if let Some(s) = &*saved {
                ui.label(s);
            }
        });
    });
    Ok(())
}
