//! The end of a battle a person played: the table stays as the last dice left it,
//! under a banner saying who won, until the person asks for the result (a spectator's
//! battle goes on to its result by itself after a moment).

use crate::game::desk::Desk;
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use warband_table::sim::Contest;

/// Whether a finished battle waits on the table for the person who played it.
pub fn held_for_a_person<R: Contest>(session: &GameSession<R>) -> bool {
    session.engine.outcome().is_some() && session.replay.is_none() && session.own_side().is_some()
}

/// The banner over a finished battle a person played, with the way to its result
/// (its button, or Enter).
pub fn banner<R: Desk>(
    mut contexts: EguiContexts,
    mut session: NonSendMut<GameSession<R>>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    if !held_for_a_person(&session) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut go = keys.just_pressed(KeyCode::Enter);
    let top = egui::pos2(ctx.content_rect().center().x, 90.0);
    // Dragged aside, it uncovers the models beneath (a play-tester read a conceding
    // side's front rank, under the banner, as gone from the table).
    egui::Area::new("battle_over".into())
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(top)
        .movable(true)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .inner_margin(egui::Margin::symmetric(28, 16))
                .show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        crate::game::screens::result::headline(ui, &session, 30.0);
                        ui.add_space(8.0);
                        go |= ui.button("See the result (Enter)").clicked();
                        ui.weak("drag this aside to see the table beneath");
                    });
                });
        });
    if go {
        session.to_result = true;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::session::Controller;

    /// A finished battle waits on the table for a person who played it, with its
    /// headline; a spectator's does not, and neither does one still going.
    #[test]
    fn a_persons_finished_battle_waits_for_them() {
        let mut s = crate::game::test_app::normal_v_charge("open-field.ron", 5);
        s.controllers[0] = Controller::Human;
        assert!(!held_for_a_person(&s), "the battle goes on");
        s.controllers[0] = Controller::NORMAL;
        while s.computer_step() {}
        assert!(s.engine.outcome().is_some());
        assert!(!held_for_a_person(&s), "two computers: watched");
        s.controllers[0] = Controller::Human;
        assert!(held_for_a_person(&s));
        let words = crate::game::test_app::egui_words(|ui| {
            crate::game::screens::result::headline(ui, &s, 30.0);
        });
        let said = words.join(" ");
        assert!(
            said.contains("Victory to") || said.contains("A draw"),
            "{said}"
        );
    }
}
