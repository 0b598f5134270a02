//! The parts of the battle screen's egui overlay every ruleset shares: the panel frame,
//! the dice tray, the watch controls, Save and Leave, the hover card, screen-space marks
//! and the log's die lines. Each ruleset's own panels live in its module (`marauders/`,
//! `toy/`, `bx/`).

pub mod dice_tray;
pub mod fold;
pub mod health;
pub mod help;
pub mod log;
pub mod over;
pub mod reference;
pub mod refusal;
pub mod terrain;
pub mod top_bar;
pub mod tumble;
pub mod watch;
mod words;
pub use words::*;
mod card;
#[cfg(test)]
use card::card_corner;
use card::note_carried;
pub use card::{beside_pointer, hover_card};

use super::desk::{Desk, on_table};
use super::pointer::Pointer;
use super::screens::Screen;
use super::session::GameSession;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The panel frame of the battle screen; a ruleset's marks over the table are drawn
/// before it.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PanelFrame;

/// The battle screen's frame for ruleset `R`, while its battle is on the table.
pub fn frame_plugin<R: Desk>(app: &mut App) {
    app.init_resource::<log::LogFilter>()
        .init_resource::<log::LineCache>()
        .init_resource::<help::Help>()
        .init_resource::<tumble::Tumble>()
        // A new battle's log is worded afresh, whatever its length, and shows both
        // sides and the dice (a play-tester's replay had hidden side A, and its own moves
        // went unseen in the next battle); its dice in the tray are not new.
        .add_systems(OnEnter(Screen::Battle), fresh_log)
        .add_systems(
            EguiPrimaryContextPass,
            (frame::<R>, refusal::card::<R>, over::banner::<R>)
                .in_set(PanelFrame)
                .run_if(on_table::<R>()),
        )
        .add_systems(
            EguiPrimaryContextPass,
            note_carried::<R>.after(PanelFrame).run_if(on_table::<R>()),
        );
}

/// The ask of a first Space that ends with `again`
/// ([`GameSession::space_ends_part`]), in the warning's colour, while it stands: under
/// the panel's button that ends the same part (a play-tester's presses seemed to do
/// nothing while the ask flashed by in the dice tray's bar).
pub fn standing_ask<R: warband_table::sim::Contest>(
    ui: &mut egui::Ui,
    session: &GameSession<R>,
    again: &str,
) {
    if let Some(ask) = session.ask_standing(again) {
        ui.colored_label(ui.visuals().warn_fg_color, ask);
    }
}

/// A new battle's log and tray: worded afresh, both sides and the dice shown, no die new.
fn fresh_log(
    mut c: ResMut<log::LineCache>,
    mut f: ResMut<log::LogFilter>,
    mut t: ResMut<tumble::Tumble>,
) {
    *c = log::LineCache::default();
    *f = log::LogFilter::default();
    t.reset();
}

/// The card of a casualty under the pointer: who it was (a play-tester found no card on
/// a slain model lying grey on the table).
fn casualty_card<R: Desk>(
    ctx: &egui::Context,
    world: &World,
    id: warband_table::components::ModelId,
) {
    let name = R::model_name(world, id);
    hover_card(ctx, "casualty card", |ui| {
        ui.strong(name);
        ui.label("Out of action: a casualty, lying where it fell.");
        ui.small("C hides and shows the casualties.");
    });
}

/// The frame's own state between frames: the log's filter and words, How to play (F1),
/// the casualties under the pointer.
#[derive(bevy::ecs::system::SystemParam)]
struct FrameState<'w, 's> {
    filter: ResMut<'w, log::LogFilter>,
    next: ResMut<'w, NextState<Screen>>,
    lines: ResMut<'w, log::LineCache>,
    keys: Res<'w, ButtonInput<KeyCode>>,
    help: ResMut<'w, help::Help>,
    pick: ResMut<'w, crate::game::deploy::DeployPick>,
    settings: Option<ResMut<'w, crate::game::settings::Settings>>,
    tumble: tumble::TumbleClock<'w>,
    /// The miniatures as drawn: a casualty under the pointer (hidden with C).
    drawn: crate::game::minis::DrawnAt<'w, 's>,
}

fn frame<R: Desk>(
    mut contexts: EguiContexts,
    mut session: NonSendMut<GameSession<R>>,
    mut selection: ResMut<R::Selection>,
    pointer: Res<Pointer>,
    mut state: FrameState,
    layout: Option<Res<crate::game::session::TableLayout>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let (Some(c), Some(layout)) = (pointer.cursor, &layout)
        && !R::aiming(&session, &selection)
    {
        match state.drawn.fallen_under(c) {
            Some(id) => casualty_card::<R>(ctx, session.engine.world(), id),
            None => terrain::card(ctx, session.engine.world(), layout, c),
        }
    }
    let FrameState {
        filter,
        next,
        lines,
        keys,
        help,
        pick,
        settings,
        tumble,
        ..
    } = &mut state;
    help::toggle(keys, help);
    let tumble = tumble.look(session.remade, session.engine.log().events.len());
    let told = told(tumble, &session.engine.log().events);
    let was = crate::game::camera::folded(settings.as_deref());
    let mut folded = was;
    let heard = settings.as_deref().is_none_or(|s| s.sound);
    let mut sound = heard;
    let parts = Parts {
        selection: &mut *selection,
        cursor: pointer.cursor,
        filter,
        next,
        lines,
        help,
        pick,
        folded: &mut folded,
        sound: &mut sound,
        tumble,
        told,
    };
    panels::<R>(ctx, &mut session, parts);
    if let Some(s) = settings.as_mut().filter(|_| folded != was) {
        s.folded = folded;
    }
    if let Some(s) = settings.as_mut().filter(|_| sound != heard) {
        s.sound = sound;
    }
    Ok(())
}

/// What the frame lends the ruleset's panels besides the battle.
struct Parts<'a, S> {
    selection: &'a mut S,
    cursor: Option<Vec2>,
    filter: &'a mut log::LogFilter,
    next: &'a mut NextState<Screen>,
    /// The log's lines as last put in words, kept while nothing new is logged.
    lines: &'a mut log::LineCache,
    help: &'a mut help::Help,
    pick: &'a mut crate::game::deploy::DeployPick,
    /// The panels folded to a strip; a panel's button folds or opens it.
    folded: &'a mut crate::game::settings::Folded,
    /// Whether the table is heard; the top bar mutes it.
    sound: &'a mut bool,
    /// The dice still tumbling in the tray.
    tumble: &'a tumble::Tumble,
    /// How many of the log's entries the log tells this frame ([`told`]).
    told: usize,
}

/// How many of the log's `events` the log panel tells: those it had at the frame's
/// look, less a roll whose dice still tumble in the tray (a watcher read a die's result
/// before it landed). Moves and words with no die are not held; what a panel's button
/// adds this frame waits for the next frame's look.
fn told<C, E>(tumble: &tumble::Tumble, events: &[warband_table::log::Entry<C, E>]) -> usize {
    let (held, seen) = tumble.held();
    let rolled = events
        .get(held.clone())
        .is_some_and(|e| e.iter().any(|e| e.die().is_some()));
    if rolled {
        held.start
    } else {
        seen.min(events.len())
    }
}

/// The frame: the top bar (the ruleset's line, then Save and Leave), the dice tray, the
/// left panel (watch controls when watching, then the ruleset's panel) and the log on
/// the right.
fn panels<R: Desk>(
    ctx: &egui::Context,
    session: &mut GameSession<R>,
    parts: Parts<'_, R::Selection>,
) {
    let mut root = root_ui(ctx);
    let screen = ctx.viewport_rect().size();
    let [left_w, right_w, top_h, bottom_h] =
        crate::game::camera::panel_sizes(Vec2::new(screen.x, screen.y), *parts.folded);
    egui::Panel::top("rules_top")
        .exact_size(top_h)
        .show(&mut root, |ui| {
            top_bar::show(ui, session, parts.next, (parts.help, parts.sound));
        });
    egui::Panel::bottom("rules_dice")
        .exact_size(bottom_h)
        .show(&mut root, |ui| {
            let shown = fold::foldable(ui, fold::Edge::Bottom, parts.folded, |ui| {
                dice_tray::show(ui, session, parts.tumble)
            });
            if let Some(clause) = shown.flatten() {
                parts.help.open_rules_at(clause);
            }
        });
    egui::Panel::left("rules_panel")
        .exact_size(left_w)
        .show(&mut root, |ui| {
            fold::foldable(ui, fold::Edge::Left, parts.folded, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    if session.watching() {
                        watch::show(ui, session);
                        ui.separator();
                    }
                    if session.engine.deploying().is_some() {
                        crate::game::deploy::panel(ui, session, parts.pick, parts.cursor);
                    } else {
                        R::panel(ui, session, parts.selection, parts.cursor);
                    }
                });
            });
        });
    parts.lines.update(session, parts.filter, parts.told);
    let lines = parts.lines.lines();
    egui::Panel::right("rules_log")
        .exact_size(right_w)
        .show(&mut root, |ui| {
            let shown = fold::foldable(ui, fold::Edge::Right, parts.folded, |ui| {
                log::show(ui, lines, parts.filter)
            });
            if let Some(clause) = shown.flatten() {
                parts.help.open_rules_at(clause);
            }
        });
    help::show::<R>(ctx, parts.help);
    if parts.help.rules {
        let help = &mut *parts.help;
        reference::show::<R>(ctx, &mut help.rules, &mut help.rules_at);
    }
}

/// Where a point of the table is in the window, in egui's points (the camera's pixels
/// over the interface's zoom), for marks drawn in screen space.
pub fn screen_point(
    ctx: &egui::Context,
    cam: &Camera,
    at: &GlobalTransform,
    p: Vec2,
) -> Option<egui::Pos2> {
    let zoom = ctx.zoom_factor();
    cam.world_to_viewport(at, p.extend(0.0))
        .ok()
        .map(|v| egui::pos2(v.x / zoom, v.y / zoom))
}

/// A painter over the table for marks drawn in screen space, clipped to the room the
/// panels leave: a mark of a unit scrolled under a panel is hidden by it, not drawn over
/// the dice tray or the log.
pub fn table_painter(ctx: &egui::Context, name: &'static str) -> egui::Painter {
    let room = table_room(ctx);
    ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new(name),
    ))
    .with_clip_rect(room)
}

/// The room the panels leave for the table, in egui's points.
fn table_room(ctx: &egui::Context) -> egui::Rect {
    let screen = ctx.viewport_rect();
    // egui's points: the panels are PANELS points wide at any interface size.
    let size = Vec2::new(screen.width(), screen.height());
    let room = super::camera::room(size, 1.0, fold::shared(ctx));
    egui::Rect::from_min_max(
        screen.min + egui::vec2(room.min.x, room.min.y),
        screen.min + egui::vec2(room.max.x, room.max.y),
    )
}

/// A Ui covering the whole window, behind everything else, for egui 0.36 panels to be
/// shown into.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

#[cfg(test)]
mod tests;
