//! The result: who won and why, what each side lost, and a replay.

use super::Screen;
use crate::game::course::Course;
use crate::game::desk::{Desk, has_session};
use crate::game::hud::capitalised;
use crate::game::hud::root_ui;
use crate::game::palette;
use crate::game::saves;
use crate::game::session::{GameSession, Launch, PendingBattle, TableLayout};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use warband_rules::Side;
use warband_table::scenario::Setup;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavedNote>()
        .add_systems(OnEnter(Screen::Result), forget_saved)
        .add_systems(
            EguiPrimaryContextPass,
            no_battle.run_if(in_state(Screen::Result)),
        );
}

/// The result of a battle of ruleset `R`, while it is the one played.
pub fn result_plugin<R: Desk>(app: &mut App) {
    app.init_resource::<BattleCourse>()
        .add_systems(
            OnEnter(Screen::Result),
            chart_course::<R>.run_if(has_session::<R>),
        )
        .add_systems(
            EguiPrimaryContextPass,
            result::<R>.run_if(in_state(Screen::Result).and_then(has_session::<R>)),
        );
}

/// The course of the battle on the result screen, worked out once as it opens.
#[derive(Resource, Default)]
pub struct BattleCourse(Option<Course>);

fn chart_course<R: Desk>(session: NonSend<GameSession<R>>, mut course: ResMut<BattleCourse>) {
    // A replay's commands are its own, not those sent at this table (none).
    let (commands, salts) = session.played();
    course.0 =
        crate::game::course::course::<R>(&session.setup, session.seed, &commands, &salts).ok();
}

/// What saving this battle from the result said; each result starts without one.
#[derive(Resource, Default)]
pub struct SavedNote(Option<String>);

fn forget_saved(mut note: ResMut<SavedNote>) {
    note.0 = None;
}

/// With no battle on the table, the result has nothing to show.
fn no_battle(layout: Option<Res<TableLayout>>, mut next: ResMut<NextState<Screen>>) {
    if layout.is_none() {
        next.set(Screen::MainMenu);
    }
}

fn result<R: Desk>(
    mut contexts: EguiContexts,
    mut session: NonSendMut<GameSession<R>>,
    mut next: ResMut<NextState<Screen>>,
    mut pending: ResMut<PendingBattle>,
    mut saved: ResMut<SavedNote>,
    course: Res<BattleCourse>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    // The buttons stay in view below however long the lists of losses run (the great
    // field's pushed them off screen); Escape is the Main menu button.
    egui::Panel::bottom("result buttons").show(&mut root, |ui| {
        ui.add_space(8.0);
        ui.vertical_centered(|ui| {
            ui.horizontal(|ui| {
                if ui.button("▶ Watch replay").clicked() {
                    pending.0 = Some(Box::new(Launch::Replay {
                        save: Box::new(session.save()),
                        speed: Some(session.pace.speed),
                    }));
                    next.set(Screen::Battle);
                }
                if ui.button("💾 Save battle").clicked() {
                    let save = session.save();
                    saved.0 = Some(saves::saved_words(saves::write_save(&save)));
                }
                if ui.button("Main menu").clicked() {
                    next.set(Screen::MainMenu);
                }
            });
            // A line kept for the note, written or not, so the buttons never move.
            ui.label(saved.0.as_deref().unwrap_or(" "));
        });
        ui.add_space(8.0);
    });
    egui::CentralPanel::default().show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            summary(ui, &session);
            if let Some(c) = &course.0 {
                ui.add_space(16.0);
                course_of::<R>(ui, &session, c);
            }
        });
    });
    if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        next.set(Screen::MainMenu);
    }
    Ok(())
}

/// Who won and why, the round it ended in, and what each side lost.
fn summary<R: Desk>(ui: &mut egui::Ui, session: &GameSession<R>) {
    let world = session.engine.world();
    let names = Side::BOTH.map(|s| session.setup.armies().get(s).name.clone());
    ui.vertical_centered(|ui| {
        ui.add_space(40.0);
        headline(ui, session, 40.0);
        // The round it ended in: one left by a player in its first phases was not played.
        let round = warband_table::sim::rounds_played::<R>(world);
        ui.label(format!("Ended in {} {round}", R::ROUND));
        if let Some(players) = session.played_by() {
            // At this table a person is you; in a replay, whoever played then.
            let live = session.timeline.is_none();
            let who = |i: usize| {
                use crate::game::session::Controller;
                let words = match players[i] {
                    Controller::Human if live => "you".to_string(),
                    // A player who joined is named as the host named it.
                    Controller::Remote => session.net.as_ref().map_or_else(
                        || Controller::Remote.player_words(),
                        |n| n.players()[i].clone(),
                    ),
                    c => c.player_words(),
                };
                format!("{}: {words}", names[i])
            };
            ui.small(format!("{} · {}", who(0), who(1)));
        }
        for (round, before) in &session.earlier {
            let who = |i: usize| {
                let c = crate::game::session::Controller::seated(before[i]);
                format!("{}: {}", names[i], c.player_words())
            };
            ui.small(format!(
                "Played on in {} {round}; before, {} · {}",
                R::ROUND,
                who(0),
                who(1)
            ));
        }
        ui.add_space(20.0);
    });
    let losses = R::losses(world);
    ui.columns(2, |cols| {
        for (col, side) in cols.iter_mut().zip(Side::BOTH) {
            // A gutter between the columns: a long list of the fallen wraps short of
            // the other side's, not up against it (where the two read as one line).
            col.set_max_width((col.available_width() - 32.0).max(0.0));
            col.heading(egui::RichText::new(&names[side.index()]).color(palette::side_egui(side)));
            // "Lost to the enemy: 13 HP" (a play-tester read "points lost to the enemy:
            // 0", lower case, beside Marauders' "HD lost …").
            col.label(format!(
                "Lost to the enemy: {} {}",
                losses[side.index()],
                R::LOSSES
            ));
            for pieces in grouped(R::result_notes(world, side)) {
                // Each name a piece of its own, so a long list wraps between names,
                // never inside one ("Orc archer #17, Orc / archer #18").
                col.horizontal_wrapped(|ui| {
                    // Rows as close as the lines of a paragraph, not a row of buttons.
                    ui.spacing_mut().item_spacing = egui::vec2(4.0, 0.0);
                    ui.spacing_mut().interact_size.y = 0.0;
                    for piece in pieces {
                        // Whole, not flowed on from the row before as a label in a
                        // wrapped row is: a name that does not fit goes down whole.
                        let small = egui::RichText::new(piece).small();
                        ui.add(egui::Label::new(small).extend());
                    }
                });
            }
        }
    });
}

/// The notes of each kind ("fled: Orc #14", "fled: Orc #15", "✝ Orc #7") as one line,
/// counted, where the first of them stood: "fled (2): Orc #14, Orc #15". A rout of
/// twenty stays a few lines and leaves room for the chart below. Each line in pieces:
/// its head, then each name with its comma.
fn grouped(notes: Vec<String>) -> Vec<Vec<String>> {
    let kind = |n: &str| -> Option<(String, String)> {
        if let Some(name) = n.strip_prefix("✝ ") {
            return Some(("✝".into(), name.into()));
        }
        let (word, name) = n.split_once(": ")?;
        (!word.contains(' ')).then(|| (word.into(), name.into()))
    };
    let mut out: Vec<(Option<String>, Vec<String>)> = Vec::new();
    for note in notes {
        let Some((k, name)) = kind(&note) else {
            out.push((None, vec![note]));
            continue;
        };
        match out.iter_mut().find(|(last, _)| last.as_ref() == Some(&k)) {
            Some((_, names)) => names.push(name),
            None => out.push((Some(k), vec![name])),
        }
    }
    out.into_iter()
        .map(|(k, names)| match k {
            Some(k) if names.len() > 1 => {
                let last = names.len() - 1;
                let head = format!("{k} ({}):", names.len());
                let each = names.into_iter().enumerate().map(|(i, n)| match i {
                    i if i == last => n,
                    _ => format!("{n},"),
                });
                std::iter::once(head).chain(each).collect()
            }
            Some(k) if k == "✝" => vec![format!("✝ {}", names[0])],
            Some(k) => vec![format!("{k}: {}", names[0])],
            None => vec![names.join("")],
        })
        .collect()
}

/// Each side's losses round by round as a chart, and the rounds that turned the battle.
fn course_of<R: Desk>(ui: &mut egui::Ui, session: &GameSession<R>, c: &Course) {
    use super::lab::plots::Swatch;
    use egui_plot::{Line, Plot, PlotPoints};
    let names = Side::BOTH.map(|s| session.setup.armies().get(s).name.clone());
    // Models asleep, held, dying or fleeing count as out of the fight: a battle won by
    // Sleep and a rout turned where they fell, not where HP or HD did.
    let out = R::in_fight(session.engine.world()).is_some();
    let lost_words = if out { "out of the fight" } else { "lost" };
    ui.vertical_centered(|ui| ui.heading("The course of the battle"));
    // Each side's share of what it had: a party of 22 HP all out of the fight beside
    // an orc lair's 56 of 104 lost the battle (a play-tester read the counts the other
    // way round).
    let series = |i: usize| -> PlotPoints {
        let whole = f64::from(c.stake[i].max(1));
        c.losses
            .iter()
            .enumerate()
            .map(|(r, l)| [r as f64, 100.0 * f64::from(l[i]) / whole])
            .collect::<Vec<_>>()
            .into()
    };
    let name = |side: Side| {
        let i = side.index();
        format!("{} (of its {} {})", names[i], c.stake[i], R::LOSSES)
    };
    // The key above the chart, never over its lines.
    let entries = Side::BOTH.map(|s| (Swatch::Line(palette::side_egui(s)), name(s)));
    super::lab::plots::key(ui, "", &entries);
    Plot::new("losses by round")
        .height(180.0)
        .include_y(0.0)
        .include_y(100.0)
        .x_axis_label(R::ROUND)
        .y_axis_label(format!("% of {} {lost_words}", R::LOSSES))
        .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [10.0, 50.0, 100.0]))
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 2.0, 10.0]))
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .show(ui, |p| {
            for side in Side::BOTH {
                let colour = palette::side_egui(side);
                p.line(
                    Line::new(name(side), series(side.index()))
                        .color(colour)
                        .width(2.0),
                );
            }
        });
    let turns = c.turning_points(3);
    if turns.is_empty() {
        return;
    }
    ui.strong("Turning points");
    if out {
        // A play-tester read a side 100% out of the fight in round 1 of a battle that
        // ran to round 3, beside far smaller losses: a rout is out of the fight at once.
        ui.small(format!(
            "Out of the fight: {} lost, and models still on the table that fight no more \
             (asleep, fleeing, held or dying).",
            R::LOSSES
        ));
    }
    for s in turns {
        // Whom the round favoured, not who won the battle (a play-tester read "for Orc
        // warband" under a garrison's victory as a contradiction).
        let who = s.favoured().map_or(format!("an even {}", R::ROUND), |w| {
            let whose = crate::game::hud::possessive(&names[w.index()]);
            format!("the {} went {whose} way", R::ROUND)
        });
        let lost = |i: usize| {
            let amount = format!("{} {}", s.lost[i], R::LOSSES);
            let share = s.share(i) * 100.0;
            let of = format!("({share:.0}% of its {})", s.stake[i]);
            if out {
                format!("{}: {amount} more out of the fight {of}", names[i])
            } else {
                format!("{} lost {amount} {of}", names[i])
            }
        };
        ui.label(format!(
            "{} {}: {}, {} — {who}",
            capitalised(R::ROUND),
            s.round,
            lost(0),
            lost(1)
        ));
    }
}

/// Why the battle ended, with the sides named by their armies and a capital first:
/// "side B has no model in play" and "B has no model able to fight" both become
/// "Goblin raiders has no …".
/// Who won, in their colour and `size` points ("Victory to Goblin raiders", or "A
/// draw"), and why the battle ended.
pub fn headline<R: Desk>(ui: &mut egui::Ui, session: &GameSession<R>, size: f32) {
    let Some(outcome) = session.engine.outcome() else {
        return;
    };
    let names = Side::BOTH.map(|s| session.setup.armies().get(s).name.clone());
    let (title, colour) = match outcome.winner {
        Some(side) => (
            // An army's name may be one or many ("Goblin raiders"): no verb to agree.
            format!("Victory to {}", names[side.index()]),
            palette::side_egui(side),
        ),
        None => ("A draw".to_string(), egui::Color32::LIGHT_GRAY),
    };
    ui.heading(egui::RichText::new(title).size(size).color(colour));
    ui.label(reason_words(
        &outcome.reason,
        names.each_ref().map(String::as_str),
    ));
}

fn reason_words(reason: &str, names: [&str; 2]) -> String {
    use crate::game::hud::log::{sided, sides_named};
    capitalised(&sides_named(&sided(&by_side(reason, names)), names))
}

/// An engine's "… removed 8 to 122" (side A's count, then side B's) with each count
/// put by its army's name: "… removed: Dwarf hold 8, Goblin horde 122" (a play-tester
/// could not tell which side was which number).
fn by_side(reason: &str, names: [&str; 2]) -> String {
    let Some((head, tail)) = reason.rsplit_once(" removed ") else {
        return reason.to_string();
    };
    match tail.split_once(" to ") {
        Some((a, b)) if [a, b].iter().all(|n| n.parse::<u32>().is_ok()) => {
            format!("{head} removed: {} {a}, {} {b}", names[0], names[1])
        }
        _ => reason.to_string(),
    }
}

#[cfg(test)]
mod tests;
