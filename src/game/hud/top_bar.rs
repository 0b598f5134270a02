//! Every ruleset's top bar: the game's name, the ruleset's line (scenario, round, whose
//! move), then at the right end how to win, the phase's rules, save, the rules, the keys
//! and leave. In a narrow window (1280 points) the name goes, the right end's words
//! become icons (their words in the hover) and the ruleset's line is cut short with an
//! ellipsis rather than run under the buttons.

use crate::game::controller::Controller;
use crate::game::desk::Desk;
use crate::game::saves::write_save;
use crate::game::screens::Screen;
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy_egui::egui;
use egui_phosphor::regular as icon;
use warband_rules::Side;
use warband_table::scenario::Setup;
use warband_table::sim::Contest;

/// Below this many points of width the bar is compact.
const WIDE: f32 = 1500.0;

/// The top bar of any ruleset's battle: its line on the left, cut short where the right
/// end needs the room.
pub fn show<R: Desk>(
    ui: &mut egui::Ui,
    session: &mut GameSession<R>,
    next: &mut NextState<Screen>,
    (help, sound): (&mut super::help::Help, &mut bool),
) {
    let bar = ui.max_rect();
    let compact = bar.width() < WIDE;
    // The right end's width as last drawn (it changes only with Save and the width).
    let id = ui.id().with("top bar: right end");
    let right = ui.data(|d| d.get_temp::<f32>(id)).unwrap_or(360.0);
    let left = egui::Rect::from_min_max(bar.min, egui::pos2(bar.max.x - right - 12.0, bar.max.y));
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.scope_builder(egui::UiBuilder::new().max_rect(left).layout(layout), |ui| {
        ui.set_clip_rect(left.intersect(ui.clip_rect()));
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        if !compact {
            ui.strong("WARBAND");
            ui.separator();
        }
        if session.net_waiting() {
            // The table shows only the setup until the host starts the battle (or sends
            // the saved one): nothing rolled on it yet is the battle's (a play-tester
            // read "Kobold warren has the initiative" there, then the other side had it).
            let name = &session.setup.scenario().name;
            let saved = if session.saved_battle_hosted() {
                "a saved battle, played on"
            } else {
                "the battle starts"
            };
            ui.label(format!("{name} · {saved} once every seat is taken"));
        } else {
            R::top_line(ui, session);
        }
    });
    let layout = egui::Layout::right_to_left(egui::Align::Center);
    let used = ui
        .scope_builder(egui::UiBuilder::new().max_rect(bar).layout(layout), |ui| {
            leave_and_save(ui, session, next, help, compact);
            sound_button(ui, sound, compact);
            ui.separator();
            links::<R>(ui, session, help, compact);
            if session.replay.is_none() {
                ui.separator();
                players(ui, session, compact);
            }
            if let Some(net) = &session.net {
                ui.separator();
                crate::game::net::panel::badge(ui, net);
            }
            ui.min_rect().width()
        })
        .inner;
    if (used - right).abs() > 0.5 {
        ui.data_mut(|d| d.insert_temp(id, used));
        ui.ctx().request_repaint();
    }
}

/// Who plays each side, as "you v hard" (in a compact bar the icon alone), each side's
/// player described in the hover. In a network battle a side played elsewhere is named
/// as the host says: its computer player, or a person.
fn players<R: Contest>(ui: &mut egui::Ui, session: &GameSession<R>, compact: bool) {
    let [a, b] = Side::BOTH.map(|side| {
        let there = session.net.as_ref().and_then(|n| n.played_by(side));
        session.controllers[side.index()].as_told(there)
    });
    let versus = Controller::versus([a, b]);
    let mut hover = format!("{versus}\nSide A: {}\nSide B: {}", a.about(), b.about());
    // Over the network, who took each seat, as the host names them ("bob (hard)").
    if let Some(net) = &session.net {
        let [na, nb] = net.players();
        hover.push_str(&format!("\nAt the table: A {na} · B {nb}"));
    }
    let text = if compact {
        icon::ROBOT.to_string()
    } else {
        format!("{} {versus}", icon::ROBOT)
    };
    ui.label(text).on_hover_text(hover);
}

/// Sound on or off, kept in the settings (a play-tester left the battle to mute it).
fn sound_button(ui: &mut egui::Ui, sound: &mut bool, compact: bool) {
    let (glyph, word, hover) = match *sound {
        true => (
            icon::SPEAKER_HIGH,
            "Sound",
            "On: click to mute the table (Settings sets the volume)",
        ),
        false => (
            icon::SPEAKER_SLASH,
            "Muted",
            "Click to hear the table again",
        ),
    };
    if bar_button(ui, glyph, word, hover, compact) {
        *sound = !*sound;
    }
}

/// A button of the bar: its icon and word, or in a compact bar the icon alone (the word
/// leads its hover).
fn bar_button(ui: &mut egui::Ui, glyph: &str, word: &str, hover: &str, compact: bool) -> bool {
    let (text, hover) = if compact {
        (glyph.to_string(), format!("{word}: {hover}"))
    } else {
        (format!("{glyph} {word}"), hover.to_string())
    };
    ui.button(text).on_hover_text(hover).clicked()
}

/// How the battle is won and this phase's rules: underlined words, or icons when
/// compact.
fn links<R: Desk>(
    ui: &mut egui::Ui,
    session: &GameSession<R>,
    help: &mut super::help::Help,
    compact: bool,
) {
    let link = |text: &str, glyph: &str| {
        let text = if compact { glyph } else { text };
        egui::Label::new(egui::RichText::new(text).underline())
    };
    if let Some(clause) = R::phase_rules(session.engine.phase()) {
        let rules = link("This phase's rules", icon::BOOKMARK_SIMPLE).sense(egui::Sense::click());
        let hover = format!("This phase's rules: {clause}");
        if ui.add(rules).on_hover_text(hover).clicked() {
            help.open_rules_at(clause.to_string());
        }
    }
    // A link, as "This phase's rules" is: hovering shows the words, a click keeps them
    // open in a window of their own.
    let victory = R::victory(&session.setup);
    let win = link("How to win", icon::TROPHY).sense(egui::Sense::click());
    // Its own for each battle (by seed), so it is not open at the next one's start.
    let id = egui::Id::new(("how to win", session.seed));
    let mut open: bool = ui.data(|d| d.get_temp(id)).unwrap_or(false);
    let text = format!("How to win: {victory}");
    if ui.add(win).on_hover_text(&text).clicked() {
        open = !open;
    }
    egui::Window::new(format!("{} How to win", icon::TROPHY))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(360.0)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(ui.ctx().viewport_rect().center_top() + egui::vec2(0.0, 60.0))
        .show(ui.ctx(), |ui| ui.label(victory));
    ui.data_mut(|d| d.insert_temp(id, open));
}

/// The right end of any ruleset's top bar: leave the battle, save it, the keys.
fn leave_and_save<R: Contest>(
    ui: &mut egui::Ui,
    session: &mut GameSession<R>,
    next: &mut NextState<Screen>,
    help: &mut super::help::Help,
    compact: bool,
) {
    let asking = leave(ui, session, next, compact);
    let keys = "This game in short, its keys and the mouse (F1)";
    if bar_button(ui, icon::QUESTION, "How to play", keys, compact) {
        help.open = !help.open;
    }
    let rules = "The rules of this game (F2)";
    if bar_button(ui, icon::BOOK_OPEN, "Rules", rules, compact) {
        help.rules = !help.rules;
    }
    let save = "Save this battle to the saves folder";
    // Greyed, not gone, while Leave asks: the bar's buttons keep their places.
    let pressed = session.replay.is_none()
        && ui
            .add_enabled_ui(!asking, |ui| {
                bar_button(ui, icon::FLOPPY_DISK, "Save", save, compact)
            })
            .inner;
    if pressed {
        let save = session.save();
        let written = write_save(&save);
        let ok = written.is_ok();
        let words = crate::game::saves::saved_words(written);
        if ok {
            session.saved_at = Some(session.commands.len());
            session.tell(words, std::time::Instant::now());
        } else {
            // A failure stays, in the refusal's colour, until the next command.
            session.refuse(words);
        }
    }
}

/// Leave: at once from a replay or a finished battle; from one in progress only after
/// asking (`leave_question`).
fn leave<R: Contest>(
    ui: &mut egui::Ui,
    session: &mut GameSession<R>,
    next: &mut NextState<Screen>,
    compact: bool,
) -> bool {
    let asking = egui::Id::new("leave: asking");
    let in_progress = session.replay.is_none() && session.engine.outcome().is_none();
    let mut ask = ui.data(|d| d.get_temp::<bool>(asking).unwrap_or(false)) && in_progress;
    if ask {
        ask = leave_question(ui, session, next);
    }
    let words = "Leave the battle (asked first if it is not over, and not just saved or played against the computer)";
    if bar_button(ui, icon::SIGN_OUT, "Leave", words, compact) {
        // Leaving a network battle tells the others something, saved or not.
        let warned = session.net.as_ref().is_some_and(|n| {
            net_leaving_words(n.hosting.is_some(), n.seat().is_some(), n.in_play()).is_some()
        });
        // A person playing the computer is asked even so: the question offers Concede.
        let concedable = session.concedable().is_some();
        if in_progress && !session.unsaved_progress() && !warned && !concedable {
            // Saved a moment ago: nothing to ask; the menu offers to resume it.
            session.leave_autosave(&crate::game::saves::data_dir(), true);
            next.set(Screen::MainMenu);
        } else if in_progress {
            ask = true;
            // Asked afresh: the first question, whatever was answered last time.
            ui.data_mut(|d| d.insert_temp(egui::Id::new(CONCEDING), false));
            // Nothing moves on behind the question (a watched battle included).
            let held = egui::Id::new("leave: paused by asking");
            let was = session.pace.paused;
            ui.data_mut(|d| d.insert_temp(held, !was));
            session.pace.paused = true;
        } else {
            next.set(Screen::MainMenu);
        }
    }
    ui.data_mut(|d| d.insert_temp(asking, ask));
    session.asking = ask;
    ask
}

/// Where the leave question keeps that Concede was chosen and is asked again.
const CONCEDING: &str = "leave: conceding";

/// The question over a battle in progress: save and leave, leave without saving, stay,
/// or concede to the computer. Whether it is still asked.
fn leave_question<R: Contest>(
    ui: &mut egui::Ui,
    session: &mut GameSession<R>,
    next: &mut NextState<Screen>,
) -> bool {
    let mut ask = true;
    // Asked over a dimmed screen that takes every click and wheel turn, so nothing
    // behind the question (a move, the camera) answers them.
    egui::Modal::new(egui::Id::new("leave: question"))
        .backdrop_color(egui::Color32::from_black_alpha(200))
        .show(ui.ctx(), |ui| ask = leave_choices(ui, session, next));
    ask
}

/// The question's words and buttons; whether it is still asked.
fn leave_choices<R: Contest>(
    ui: &mut egui::Ui,
    session: &mut GameSession<R>,
    next: &mut NextState<Screen>,
) -> bool {
    let conceding = egui::Id::new(CONCEDING);
    let sure = ui.data(|d| d.get_temp::<bool>(conceding).unwrap_or(false));
    if let Some(side) = session.concedable().filter(|_| sure) {
        return concede_choices(ui, session, side, conceding);
    }
    let mut ask = true;
    ui.heading("Leave the battle?");
    ui.label(if session.unsaved_progress() {
        "The battle is not over. Save it to play on later from Load battle?"
    } else {
        "The battle is not over, and saved as it stands: Load battle lists it."
    });
    if let Some(words) = session
        .net
        .as_ref()
        .and_then(|n| net_leaving_words(n.hosting.is_some(), n.seat().is_some(), n.in_play()))
    {
        ui.colored_label(egui::Color32::from_rgb(240, 180, 90), words);
    }
    ui.horizontal(|ui| {
        // Saved as it stands: one way out, the save kept (a play-tester could not
        // tell whether "Leave without saving" threw the save away).
        let saved = !session.unsaved_progress();
        if !saved && ui.button("Save and leave").clicked() {
            match write_save(&session.save()) {
                Ok(_) => {
                    session.leave_autosave(&crate::game::saves::data_dir(), true);
                    next.set(Screen::MainMenu);
                }
                Err(e) => session.refuse(format!("Could not save: {e}")),
            }
            ask = false;
        }
        let leave = if saved {
            "Leave"
        } else {
            "Leave without saving"
        };
        if ui.button(leave).clicked() {
            session.leave_autosave(&crate::game::saves::data_dir(), saved);
            next.set(Screen::MainMenu);
            ask = false;
        }
        let stay = ui.button("Stay").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
        // Asked once more: a battle given up cannot be taken back.
        let concede = session.concedable().is_some()
            && ui
                .button(format!("{}  Concede", icon::FLAG))
                .on_hover_text("Give the battle up: the other side wins, and the result is shown")
                .clicked();
        if concede {
            ui.data_mut(|d| d.insert_temp(conceding, true));
        }
        if stay {
            ask = false;
            play_on_after_asking(ui, session);
        }
    });
    ask
}

/// The question once Concede is chosen: give the battle up to the other side, or go
/// back to the first question. Whether anything is still asked.
fn concede_choices<R: Contest>(
    ui: &mut egui::Ui,
    session: &mut GameSession<R>,
    side: Side,
    conceding: egui::Id,
) -> bool {
    ui.heading("Concede the battle?");
    let winner = session.setup.armies().get(side.other()).name.clone();
    ui.label(format!(
        "{winner} wins, and the result is shown: the battle ends here. A save made \
         before stays in Load battle, to play again from where it stood."
    ));
    let mut ask = true;
    ui.horizontal(|ui| {
        // Back first: where it stood, the first question's "Leave without saving"
        // came up under a second click.
        if ui.button("Back").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            ui.data_mut(|d| d.insert_temp(conceding, false));
        }
        if ui.button(format!("{}  Yes, concede", icon::FLAG)).clicked() {
            session.concede(side);
            ask = false;
            play_on_after_asking(ui, session);
        }
    });
    if !ask {
        ui.data_mut(|d| d.insert_temp(conceding, false));
    }
    ask
}

/// Computers play on once the question is answered, unless the player had paused them.
fn play_on_after_asking<R: Contest>(ui: &egui::Ui, session: &mut GameSession<R>) {
    let held = egui::Id::new("leave: paused by asking");
    if ui.data(|d| d.get_temp::<bool>(held).unwrap_or(false)) {
        session.pace.paused = false;
    }
}

/// What leaving a network battle does to the others, said before it is done: nothing
/// for a spectator, or once the battle can no longer go on.
fn net_leaving_words(hosting: bool, seated: bool, in_play: bool) -> Option<&'static str> {
    match (hosting, seated, in_play) {
        (_, _, false) | (false, false, _) => None,
        (true, _, true) => {
            Some("You host this battle: leaving ends it for every player and spectator.")
        }
        (false, true, true) => Some(
            "The host waits a while for you to come back (Join a network battle); then your side loses.",
        ),
    }
}

#[cfg(test)]
mod tests;
