//! The network battle on screen: where the connection stands (always shown, under the
//! top bar), the address to give a friend, table talk, and conceding or offering a
//! draw. And a window that keeps listening while no one touches it.

use super::NetState;
use crate::game::awake::Busy;
use crate::game::desk::{Desk, on_table};
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_phosphor::regular as icon;
use std::time::Duration;

pub fn plugin<R: Desk>(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, panel::<R>.run_if(on_table::<R>()))
        .add_systems(Update, listen::<R>.run_if(on_table::<R>()));
}

/// How often an idle window looks for the host's news.
const LISTEN: Duration = Duration::from_millis(50);

/// A window that waits for input (the usual) also wakes every [`LISTEN`] while a network
/// battle is on, and draws a frame whenever a command came; as it was when it ends.
fn listen<R: Desk>(
    session: NonSend<GameSession<R>>,
    winit: Option<ResMut<WinitSettings>>,
    mut busy: ResMut<Busy>,
    mut seen: Local<usize>,
) {
    let Some(mut winit) = winit else { return };
    let reactive = !matches!(winit.focused_mode, UpdateMode::Continuous);
    let wanted = if session.net.is_some() {
        WinitSettings {
            focused_mode: UpdateMode::reactive(LISTEN),
            unfocused_mode: UpdateMode::reactive_low_power(LISTEN),
        }
    } else {
        WinitSettings::desktop_app()
    };
    if reactive && winit.focused_mode != wanted.focused_mode {
        *winit = wanted;
    }
    if session.commands.len() != *seen {
        *seen = session.commands.len();
        busy.keep();
    }
}

fn panel<R: Desk>(
    mut contexts: EguiContexts,
    mut session: NonSendMut<GameSession<R>>,
    mut draft: Local<String>,
) -> Result {
    // Once the battle is over its banner says why, where this window would lie over it.
    if session.engine.outcome().is_some() {
        return Ok(());
    }
    let Some(net) = session.net.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let top = egui::pos2(ctx.content_rect().center().x, 46.0);
    egui::Window::new("Network")
        .id(egui::Id::new("network"))
        .title_bar(false)
        .resizable(false)
        // No wider than the table's middle: a long reason wraps rather than lying
        // over the panels on either side.
        .max_width(440.0)
        // Over the top of the table at first; dragged aside, it stays where it is put
        // (open, its table talk lay over the models deployed at the top).
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(top)
        .show(ctx, |ui| {
            status(ui, net);
            draw_offered(ui, net);
            let said = net.chat.len();
            egui::CollapsingHeader::new(format!("{}  Table talk ({said})", icon::CHAT_CIRCLE))
                // Folded at the start of each battle, not as the last one was left.
                .id_salt(("table-talk", net.battle().to_string()))
                .default_open(false)
                .show(ui, |ui| talk(ui, net, &mut draft));
        });
    Ok(())
}

/// The connection in a word for the top bar, its colour and icon; the whole of it on
/// hover.
pub fn badge<R: Desk>(ui: &mut egui::Ui, net: &super::NetPlay<R>) {
    let caught_up = net.caught_up();
    let (glyph, word, colour) = badge_of(&net.state, caught_up, ui.visuals().text_color());
    ui.colored_label(colour, format!("{glyph} {word}"))
        .on_hover_text(format!(
            "{} · {}",
            net.addr,
            described(&net.state, caught_up)
        ));
}

/// The badge's icon, word and colour for a state, and whether this board has played
/// every command the host sent (`text`: the colour of plain words).
fn badge_of(
    state: &NetState,
    caught_up: bool,
    text: egui::Color32,
) -> (&'static str, &'static str, egui::Color32) {
    match state {
        // Over at the host, while this board still plays the last commands at the
        // watching pace (a watcher read "Over" over a battle still moving).
        NetState::Over if !caught_up => (icon::PLAY, "Replaying the end", GOOD),
        NetState::Waiting => (icon::HOURGLASS, "Waiting", WARN),
        NetState::Playing => (icon::WIFI_HIGH, "Online", GOOD),
        NetState::Away(_) | NetState::OpponentGone(..) => (icon::WIFI_SLASH, "Player away", WARN),
        NetState::Reconnecting => (icon::ARROWS_CLOCKWISE, "Reconnecting", WARN),
        NetState::OutOfSync(_) => (icon::WARNING, "Out of sync", BAD),
        NetState::Over => (icon::FLAG_CHECKERED, "Over", text),
        NetState::Lost(_) | NetState::Closed(_) => (icon::PLUGS, "Offline", BAD),
    }
}

const WARN: egui::Color32 = egui::Color32::from_rgb(240, 180, 90);
const GOOD: egui::Color32 = egui::Color32::from_rgb(130, 200, 120);
const BAD: egui::Color32 = egui::Color32::from_rgb(240, 110, 100);

/// The connection's state in words, as this board shows it.
fn described(state: &NetState, caught_up: bool) -> String {
    if *state == NetState::Over && !caught_up {
        return "the battle is over at the host; this board is still playing its last commands"
            .into();
    }
    describe(state)
}

/// The connection's state in words.
fn describe(state: &NetState) -> String {
    match state {
        NetState::Waiting => "waiting for every seat to be taken".into(),
        NetState::Playing => "in step with the host".into(),
        NetState::Away(side) => {
            format!("{side}'s player dropped: the battle waits for them at their move")
        }
        NetState::OpponentGone(side, left) => {
            format!("{side}'s player dropped: waiting {left} s for them")
        }
        NetState::Reconnecting => "the connection to the host dropped: coming back…".into(),
        NetState::OutOfSync(report) => {
            format!("out of sync with the host (report: {})", report.display())
        }
        NetState::Over => "the battle is over".into(),
        NetState::Closed(why) => {
            format!("{why}: save it to play on from Load battle, here or online")
        }
        // Told to join afresh: the battle goes on at the host.
        NetState::Lost(why) if why.ends_with(warband_net::host::ANOTHER_BATTLE) => why.clone(),
        NetState::Lost(why) => {
            format!("{why}: save the battle to play on from Load battle, here or online")
        }
    }
}

/// How long the host's latest news stays in the panel, seconds.
const NEWS_FOR: f64 = 20.0;

/// The host's latest news ("Side B's player is back"), shown for [`NEWS_FOR`] after it
/// came; the state it left stays in the badge.
fn news(ui: &mut egui::Ui, word: &str) {
    let id = egui::Id::new("network: news");
    let now = ui.input(|i| i.time);
    let seen = ui.data(|d| d.get_temp::<(String, f64)>(id));
    let since = match seen {
        Some((w, t)) if w == word => t,
        _ => {
            ui.data_mut(|d| d.insert_temp(id, (word.to_string(), now)));
            now
        }
    };
    let left = NEWS_FOR - (now - since);
    if left > 0.0 {
        ui.small(word);
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(left));
    }
}

/// The connection in a line, and what to do about it.
fn status<R: Desk>(ui: &mut egui::Ui, net: &mut super::NetPlay<R>) {
    // The top bar tells the state in a word; this says it whole when it is news.
    if net.state != NetState::Playing {
        // Wrapped: a refusal's reason is long, and a row of fixed width ran off both
        // edges of the window (centred on the table).
        ui.horizontal_wrapped(|ui| {
            badge(ui, net);
            ui.label(describe(&net.state));
            if matches!(net.state, NetState::OutOfSync(_)) && ui.button("Resync").clicked() {
                net.resync();
            }
        });
    }
    if net.state == NetState::Reconnecting {
        retrying(ui, net);
    }
    if let Some(word) = &net.last_word {
        news(ui, word);
    }
    if let Some(addr) = net
        .hosting
        .clone()
        .filter(|_| net.state == NetState::Waiting)
    {
        ui.horizontal(|ui| {
            ui.label(format!("A friend joins at  {addr}"))
                .on_hover_text(format!(
                    "In their game: Join a network battle, this address, and their side \
                     (or on a command line: warband join {addr} --side b)"
                ));
            if ui
                .small_button(icon::COPY)
                .on_hover_text("Copy the address")
                .clicked()
            {
                ui.ctx().copy_text(addr);
            }
        });
    }
}

/// How coming back goes: the try and why the last failed, and a way to stop trying.
fn retrying<R: Desk>(ui: &mut egui::Ui, net: &mut super::NetPlay<R>) {
    ui.horizontal_wrapped(|ui| {
        if let Some((n, why)) = &net.retry {
            ui.small(format!("Try {n} of {}: {why}", super::reconnect::TRIES));
        }
        if ui
            .small_button("Stop trying")
            .on_hover_text("Leave the host be: the battle stays here, to save and play on later")
            .clicked()
        {
            net.give_up();
        }
    });
}

/// A draw the other side offers you, with Accept and Decline, where it cannot be missed:
/// under the connection's line, never inside the folded table talk.
fn draw_offered<R: Desk>(ui: &mut egui::Ui, net: &mut super::NetPlay<R>) {
    let Some(seat) = net.seat() else { return };
    let Some(by) = net.draw_offer.filter(|by| *by != seat) else {
        return;
    };
    if net.state == NetState::Over {
        return;
    }
    ui.horizontal(|ui| {
        ui.colored_label(WARN, format!("{}  {by} offers a draw", icon::HANDSHAKE));
        if ui.button("Accept").clicked() {
            net.answer_draw(true);
        }
        if ui.button("Decline").clicked() {
            net.answer_draw(false);
        }
    });
}

/// Who plays, table talk, offering a draw, and conceding.
fn talk<R: Desk>(ui: &mut egui::Ui, net: &mut super::NetPlay<R>, draft: &mut String) {
    let [a, b] = net.players().clone();
    let you = net
        .seat()
        .map_or("you watch".to_string(), |s| format!("you play {s}"));
    ui.small(format!("Side A: {a} · Side B: {b} · {you}"));
    if let Some(addr) = &net.hosting {
        ui.small(format!("Others join at {addr}"));
    }
    for line in net.chat.iter().rev().take(5).rev() {
        ui.small(line);
    }
    // Nothing said or offered reaches a host this window is not connected to.
    let reachable = !net.offline() && net.state != NetState::Reconnecting;
    ui.add_enabled_ui(reachable, |ui| {
        ui.horizontal(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(draft)
                    .hint_text("Say something")
                    .desired_width(220.0),
            );
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (enter || ui.small_button(icon::PAPER_PLANE_RIGHT).clicked())
                && !draft.trim().is_empty()
            {
                net.say(draft.trim());
                draft.clear();
            }
        });
    });
    let Some(seat) = net.seat() else { return };
    if net.state == NetState::Over || !reachable {
        return;
    }
    ui.horizontal(|ui| {
        // A draw offered to you is answered above, outside the folded talk.
        if net.draw_offer.is_some_and(|by| by != seat) {
            return;
        }
        if ui
            .button(format!("{}  Offer a draw", icon::HANDSHAKE))
            .clicked()
        {
            net.offer_draw();
            net.last_word = Some("You offered a draw".into());
        }
        if net.conceding {
            ui.label("Concede the battle?");
            if ui.button("Yes, concede").clicked() {
                net.concede();
                net.conceding = false;
            }
            if ui.button("No").clicked() {
                net.conceding = false;
            }
        } else if ui.button(format!("{}  Concede", icon::FLAG)).clicked() {
            net.conceding = true;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A battle over at the host reads "Over" only once this board has played every
    /// command: until then it is still replaying the end.
    #[test]
    fn a_board_still_replaying_the_end_is_not_said_to_be_over() {
        let text = egui::Color32::WHITE;
        assert_eq!(
            badge_of(&NetState::Over, false, text).1,
            "Replaying the end"
        );
        assert!(described(&NetState::Over, false).contains("still playing"));
        assert_eq!(badge_of(&NetState::Over, true, text).1, "Over");
        assert_eq!(described(&NetState::Over, true), "the battle is over");
        assert_eq!(badge_of(&NetState::Playing, false, text).1, "Online");
    }
}
