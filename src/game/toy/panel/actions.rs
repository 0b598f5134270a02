//! The active unit's buttons under its card: defend, pivot, pass (which asks once while
//! AP are left), take back its move, end the turn.

use super::super::ToySession;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_rules::Side;
use warband_toy_soldier::Command;
use warband_toy_soldier::battle::View;

/// A button for `c`, greyed (its hover saying why) exactly when its key would be answered
/// in the tray instead of sent (`input::greyed`); true when clicked.
fn greyable(ui: &mut egui::Ui, world: &World, side: Side, c: &Command, label: &str) -> bool {
    let why = super::super::input::greyed(world, side, c);
    let button = ui.add_enabled(why.is_none(), egui::Button::new(label));
    button
        .on_disabled_hover_text(why.unwrap_or_default())
        .clicked()
}

/// The Pass button of the active unit `v` with `ap` AP left, saying what a pass costs
/// a unit in danger; true when it passes. With AP left a first click asks ("Pass: give
/// up 4 AP?") and a second passes: the panel changes as a unit activates, and a
/// play-tester's click meant for the roster's next unit fell on Pass and lost 4 AP.
/// The ask of a first Space stands under the buttons.
fn pass_button(ui: &mut egui::Ui, session: &ToySession, (v, ap): (&View, u32)) -> bool {
    let world = session.engine.world();
    let cost = super::super::input::pass_cost(world, v, ap);
    // Asked of this battle's unit as the battle stands: any command played since (a
    // move, the next activation, another battle) leaves the ask behind.
    let now = (session.serial, session.commands.len());
    let armed_id = egui::Id::new(("pass asked", now, v.id));
    let armed = ui.data(|d| d.get_temp::<bool>(armed_id).unwrap_or(false));
    let damage = match v.marks.danger {
        0 => String::new(),
        d => format!(": takes {d} damage"),
    };
    let label = match (armed, ap) {
        (true, 0) => format!("Pass{damage}? Click again"),
        (true, _) => format!("Pass{damage}: give up {ap} AP?"),
        (false, _) => format!("Pass (Space){damage}"),
    };
    let name = super::super::describe::name(world, v.id);
    let hover = match &cost {
        Some(cost) => format!("Ends {name}'s activation, its AP unspent. {cost}"),
        None => format!("Ends {name}'s activation, its {ap} AP unspent"),
    };
    if !ui.button(label).on_hover_text(hover).clicked() {
        return false;
    }
    let (passes, asks) = pass_click(armed, ap > 0 || v.marks.danger > 0);
    ui.data_mut(|d| d.insert_temp(armed_id, asks));
    passes
}

/// A click on Pass, the button already asking (`armed`) or not, with something a pass
/// gives up (`costly`: AP left, or danger that becomes damage, as Space asks): whether
/// it passes, and whether the button asks after it.
fn pass_click(armed: bool, costly: bool) -> (bool, bool) {
    match (armed, costly) {
        (false, true) => (false, true),
        _ => (true, false),
    }
}

/// The buttons of the active unit `v` with `ap` AP left: defend, pivot, pass, take back
/// its move, end the turn.
pub(super) fn actions(
    ui: &mut egui::Ui,
    session: &ToySession,
    (v, ap): (&View, u32),
) -> Option<Command> {
    let world = session.engine.world();
    let mut command = None;
    ui.horizontal_wrapped(|ui| {
        if greyable(ui, world, v.side, &Command::Defend, "Defend (R)") {
            command = Some(Command::Defend);
        }
        if ui.button("⟲ 45° (Q)").clicked() {
            command = Some(Command::Pivot { degrees: 45.0 });
        }
        if ui.button("⟳ 45° (E)").clicked() {
            command = Some(Command::Pivot { degrees: -45.0 });
        }
        if pass_button(ui, session, (v, ap)) {
            command = Some(Command::Pass);
        }
        if greyable(ui, world, v.side, &Command::UndoMove, "Take back (Z)") {
            command = Some(Command::UndoMove);
        }
        if super::end_turn_button(ui, world, v.side, "End the turn (Enter)") {
            command = Some(Command::Done);
        }
    });
    crate::game::hud::standing_ask(ui, session, super::super::input::SPACE_AGAIN_PASSES);
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With AP left or danger on the unit the first click on Pass asks and the second
    /// passes; with neither, the first passes.
    #[test]
    fn pass_asks_once_while_ap_are_left() {
        assert_eq!(pass_click(false, true), (false, true));
        assert_eq!(pass_click(true, true), (true, false));
        assert_eq!(pass_click(false, false), (true, false));
    }
}
