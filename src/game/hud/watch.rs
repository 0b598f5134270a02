//! Controls for watching computer players: pause, step, speed, skip to the end.

use crate::game::session::GameSession;
use crate::game::session::Pace;
use bevy_egui::egui;
use egui_phosphor::regular as icon;
use warband_table::sim::Contest;

pub fn show<R: Contest>(ui: &mut egui::Ui, session: &mut GameSession<R>) {
    if network_row(ui, session) {
        return;
    }
    if session.net.is_none() || session.replay.is_some() {
        ui.strong(if session.replay.is_some() {
            "Replay"
        } else {
            "Watching AI vs AI"
        });
    }
    // At the end there is nothing to play, step or skip (a replay's timeline still
    // goes back).
    let ended = session
        .replay_at()
        .map_or(session.engine.outcome().is_some(), |(at, len)| at >= len);
    let replay_len = session.replay_at().map(|(_, len)| len);
    let to_end = controls(ui, &mut session.pace, ended, replay_len.is_some());
    if let (true, Some(len)) = (to_end, replay_len) {
        session.seek(len);
        session.pace.paused = true;
    }
    // A live network battle is not skipped through: it goes at the host's pace.
    let live = session.net.as_ref().is_some_and(|n| !n.looking_back);
    if session.pace.skip && !ended && !live {
        let world = session.engine.world();
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(skipping_words(R::round(world), R::round_limit(world)));
        });
    }
    let pace = &mut session.pace;
    // The slider leaves its value and its word room within the panel, however narrow.
    ui.spacing_mut().slider_width = (ui.available_width() - 110.0).clamp(40.0, 200.0);
    ui.add(
        egui::Slider::new(
            &mut pace.speed,
            crate::game::settings::Settings::WATCH_SPEED,
        )
        .logarithmic(true)
        .text("speed")
        .suffix("×"),
    );
    timeline(ui, session);
    // A battle watched live at this machine may be played on too, before its end.
    if session.replay_at().is_none() && session.net.is_none() && !ended {
        play_on(ui, session);
    }
}

/// A network battle's row: back to live, or look back. True when clicked (the panel
/// is then drawn afresh next frame).
fn network_row<R: Contest>(ui: &mut egui::Ui, session: &mut GameSession<R>) -> bool {
    let Some(net) = &session.net else {
        return false;
    };
    if net.looking_back {
        let live = ui.button(format!("{} Back to live", icon::BROADCAST));
        if live.clicked() {
            session.back_to_live();
            return true;
        }
    } else {
        ui.strong("Watching a network battle");
        let look = ui
            .button(format!("{} Look back", icon::REWIND))
            .on_hover_text("Move through the battle so far; it goes on meanwhile");
        if look.clicked() {
            session.look_back();
            return true;
        }
    }
    false
}

/// Play or pause, step, skip to the end (or stop skipping). True when a replay is to
/// go to its end.
fn controls(ui: &mut egui::Ui, pace: &mut Pace, ended: bool, replay: bool) -> bool {
    let mut to_end = false;
    ui.add_enabled_ui(!ended, |ui| {
        // Wrapped, as every row of a side panel: a row of fixed width widens the panel's
        // content past a narrow window's edge, and the words below it with it.
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(if pace.paused {
                    format!("{} Play", icon::PLAY)
                } else {
                    format!("{} Pause", icon::PAUSE)
                })
                .clicked()
            {
                pace.paused = !pace.paused;
            }
            if ui.button(format!("{} Step", icon::SKIP_FORWARD)).clicked() {
                pace.paused = true;
                pace.step = true;
            }
            if pace.skip {
                // Skipping plays in slices between frames: say how far it has got, and
                // let the watcher stop where it stands.
                if ui
                    .button(format!("{} Stop", icon::STOP))
                    .on_hover_text("Stop skipping here, paused")
                    .clicked()
                {
                    pace.skip = false;
                    pace.paused = true;
                }
            } else if ui
                .button(format!("{} Skip to end", icon::FAST_FORWARD))
                .clicked()
            {
                // A replay goes to its last command and waits there, its timeline still
                // to hand (and its Result button); a live battle plays on to its end.
                to_end = replay;
                pace.skip = !to_end;
            }
        })
    });
    to_end
}

/// What the watch panel says while skipping to the end.
fn skipping_words(round: u32, limit: u32) -> String {
    format!(
        "Skipping to the end… round {} of {limit}",
        round.clamp(1, limit.max(1))
    )
}

/// A replay's timeline: scrub to any command, step back or forward, jump to a round.
fn timeline<R: Contest>(ui: &mut egui::Ui, session: &mut GameSession<R>) {
    let Some((at, len)) = session.replay_at() else {
        return;
    };
    if let Some(why) = &session.replay_differs {
        ui.colored_label(
            egui::Color32::from_rgb(240, 180, 90),
            format!("{} {}", icon::WARNING, super::capitalised(why)),
        );
    }
    let mut to = at;
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(icon::SKIP_BACK)
            .on_hover_text("The start")
            .clicked()
        {
            to = 0;
        }
        if ui
            .button(icon::CARET_LEFT)
            .on_hover_text("One command back")
            .clicked()
        {
            to = at.saturating_sub(1);
        }
        // At the end there is no command further on.
        let on = at < len;
        if ui
            .add_enabled(on, egui::Button::new(icon::CARET_RIGHT))
            .on_hover_text("One command on")
            .clicked()
        {
            to = (at + 1).min(len);
        }
        if ui
            .add_enabled(on, egui::Button::new(icon::SKIP_FORWARD))
            .on_hover_text("The end")
            .clicked()
        {
            to = len;
        }
    });
    // The count on a line of its own: beside the slider it was cut off in a narrow panel.
    ui.label(format!("Command {at} of {len}"));
    ui.add(egui::Slider::new(&mut to, 0..=len).show_value(false));
    if at >= len
        && session.engine.outcome().is_some()
        && ui
            .button(format!("{} Result", icon::FLAG_CHECKERED))
            .on_hover_text("The battle's result, its losses and chart")
            .clicked()
    {
        session.to_result = true;
    }
    let round = R::round(session.engine.world());
    let mut wanted = round.max(1);
    ui.horizontal(|ui| {
        ui.label(format!("{} {round}", super::capitalised(R::ROUND)));
        ui.add(
            egui::DragValue::new(&mut wanted)
                .range(1..=999)
                .prefix("go to "),
        );
    });
    if wanted != round.max(1)
        && let Some(t) = &session.timeline
    {
        to = t.round_start(wanted);
    }
    if to != at {
        session.pace.paused = true;
        session.seek(to);
    }
    // Nothing to play on from the end of a battle that is over.
    if session.engine.outcome().is_none() {
        play_on(ui, session);
    }
}

/// Who plays on at first: as the battle was played where a person played it; where
/// computers played both sides, you take side A against side B's computer.
fn first_players(
    played: Option<[crate::game::session::Controller; 2]>,
) -> [crate::game::session::Controller; 2] {
    use crate::game::session::Controller::{self, Human, Remote};
    // A remote player (a network battle looked back along) plays on as `normal`.
    let local = |c: Controller| if c == Remote { Controller::NORMAL } else { c };
    match played.map(|p| p.map(local)) {
        Some(p) if p.contains(&Human) => p,
        Some([_, b]) => [Human, b],
        None => [Human, Controller::NORMAL],
    }
}

/// "Play on from here…": a new battle from this point, with who plays each side chosen
/// first (as the battle shown was played, to begin with; you against `normal` where it
/// does not say), as Load battle's Play on… offers them.
fn play_on<R: Contest>(ui: &mut egui::Ui, session: &mut GameSession<R>) {
    use crate::game::session::Controller;
    // Its own for each battle (by seed), so a choice left open is not offered in the next.
    let id = ui.id().with(("play on", session.seed));
    let mut choice: Option<[Controller; 2]> = ui.data(|d| d.get_temp(id));
    let open = ui
        .button("Play on from here…")
        .on_hover_text("A new battle from this point: choose who plays each side")
        .clicked();
    if open && choice.is_none() {
        choice = Some(first_players(session.played_by()));
    }
    let Some(mut players) = choice else {
        return;
    };
    let mut go = false;
    egui::Grid::new(id.with("grid")).show(ui, |ui| {
        for (side, c) in warband_rules::Side::BOTH
            .into_iter()
            .zip(players.iter_mut())
        {
            ui.colored_label(crate::game::palette::side_egui(side), format!("{side}"));
            egui::ComboBox::from_id_salt(id.with(side.index()))
                .selected_text(c.label())
                .show_ui(ui, |ui| {
                    for option in Controller::choices(R::RULESET) {
                        crate::game::controller::choice_entry(ui, c, option);
                    }
                });
            ui.end_row();
        }
        go = ui.button("▶ Play on").clicked();
        if ui.button("Cancel").clicked() {
            choice = None;
        }
    });
    if go {
        session.play_on = Some(players);
        choice = None;
    } else if choice.is_some() {
        choice = Some(players);
    }
    ui.data_mut(|d| match choice {
        Some(c) => {
            d.insert_temp(id, c);
        }
        None => d.remove::<[Controller; 2]>(id),
    });
}

#[cfg(test)]
mod tests {
    /// Playing a battle on offers its own players, with you in it.
    #[test]
    fn playing_on_keeps_the_computer_that_played() {
        use crate::game::session::Controller::{self, Ai, Human};
        use warband_table::player::PlayerKind::{Hard, Normal};
        let first = super::first_players;
        assert_eq!(first(Some([Ai(Normal), Ai(Hard)])), [Human, Ai(Hard)]);
        assert_eq!(first(Some([Ai(Hard), Human])), [Ai(Hard), Human]);
        assert_eq!(first(None), [Human, Controller::NORMAL]);
        let remote = Controller::Remote;
        assert_eq!(first(Some([remote, remote])), [Human, Controller::NORMAL]);
        assert_eq!(first(Some([Human, remote])), [Human, Controller::NORMAL]);
    }

    #[test]
    fn skipping_says_how_far_it_has_got() {
        assert_eq!(
            super::skipping_words(7, 12),
            "Skipping to the end… round 7 of 12"
        );
        assert_eq!(
            super::skipping_words(13, 12),
            "Skipping to the end… round 12 of 12",
            "past the limit while the battle is judged"
        );
    }
}
