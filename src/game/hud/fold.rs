//! The battle screen's side panels fold to a thin strip so the table gets the room: a
//! button on each (and `[`, `]`, `\`) folds or opens the left panel, the log and the
//! dice tray. Which are folded is kept in the settings, as the watch speed is, and the
//! camera fits the table to the room they leave.

use crate::game::camera::STRIP;
use crate::game::screens::Screen;
use crate::game::settings::{Folded, Settings, SettingsProblem};
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_phosphor::regular as icon;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            keys.run_if(in_state(Screen::Battle))
                .run_if(not(egui_wants_any_keyboard_input)),
            keep,
        )
            .chain(),
    )
    .add_systems(EguiPrimaryContextPass, share);
}

/// A panel that folds, by the edge of the window it stands at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// The watch controls and the ruleset's panel (the unit card, the odds).
    Left,
    /// The battle log.
    Right,
    /// The dice tray.
    Bottom,
}

/// The keys that fold the panels, as How to play (F1) lists them.
pub const KEYS: (&str, &str) = (
    "[   ]   \\",
    "fold or open the left panel, the log, the dice tray",
);

impl Edge {
    pub const ALL: [Edge; 3] = [Edge::Left, Edge::Right, Edge::Bottom];

    pub fn key(self) -> KeyCode {
        match self {
            Edge::Left => KeyCode::BracketLeft,
            Edge::Right => KeyCode::BracketRight,
            Edge::Bottom => KeyCode::Backslash,
        }
    }

    fn key_name(self) -> &'static str {
        match self {
            Edge::Left => "[",
            Edge::Right => "]",
            Edge::Bottom => "\\",
        }
    }

    fn what(self) -> &'static str {
        match self {
            Edge::Left => "the side panel",
            Edge::Right => "the battle log",
            Edge::Bottom => "the dice tray",
        }
    }

    /// The picture of what the panel holds, on its strip.
    fn picture(self) -> &'static str {
        match self {
            Edge::Left => icon::USER_LIST,
            Edge::Right => icon::SCROLL,
            Edge::Bottom => icon::DICE_FIVE,
        }
    }

    pub fn is_folded(self, f: Folded) -> bool {
        match self {
            Edge::Left => f.left,
            Edge::Right => f.right,
            Edge::Bottom => f.bottom,
        }
    }

    pub fn flip(self, f: &mut Folded) {
        let side = match self {
            Edge::Left => &mut f.left,
            Edge::Right => &mut f.right,
            Edge::Bottom => &mut f.bottom,
        };
        *side = !*side;
    }

    /// The arrow on the button: the way the panel goes when it is pressed.
    fn arrow(self, folded: bool) -> &'static str {
        match (self, folded) {
            (Edge::Left, false) | (Edge::Right, true) => icon::CARET_LEFT,
            (Edge::Left, true) | (Edge::Right, false) => icon::CARET_RIGHT,
            (Edge::Bottom, false) => icon::CARET_DOWN,
            (Edge::Bottom, true) => icon::CARET_UP,
        }
    }

    fn hover(self, folded: bool) -> String {
        let verb = if folded { "Open" } else { "Fold" };
        format!("{verb} {} ({})", self.what(), self.key_name())
    }
}

/// Each panel's key folds or opens it (not while a text field has the keys).
fn keys(keys: Res<ButtonInput<KeyCode>>, settings: Option<ResMut<Settings>>) {
    let Some(mut settings) = settings else {
        return;
    };
    for edge in Edge::ALL {
        if keys.just_pressed(edge.key()) {
            edge.flip(&mut settings.folded);
        }
    }
}

/// Whether what the battle screen changes of the settings (the panels folded, sound on
/// or off) is written to the settings file: when it changed since it was read or last
/// written, and the file read cleanly (a damaged one is only written over from the
/// Settings screen, where the player sees why).
fn worth_keeping<T: PartialEq>(kept: Option<T>, now: T, damaged: bool) -> bool {
    kept.is_some_and(|k| k != now) && !damaged
}

/// Writes the settings when a panel has been folded or opened, or the sound muted.
fn keep(
    settings: Option<Res<Settings>>,
    problem: Option<Res<SettingsProblem>>,
    mut kept: Local<Option<(Folded, bool)>>,
) {
    let Some(s) = settings else { return };
    let damaged = problem.is_some_and(|p| p.0.is_some());
    if worth_keeping(*kept, (s.folded, s.sound), damaged)
        && let Err(e) = crate::game::settings::write(&crate::game::saves::data_dir(), &s)
    {
        warn!("the battle screen's settings were not kept: {e}");
    }
    *kept = Some((s.folded, s.sound));
}

fn shared_id() -> egui::Id {
    egui::Id::new("folded panels")
}

/// Tells every painter over the table which panels are folded (through egui's memory,
/// which the marks drawn in screen space read as [`shared`]).
fn share(mut contexts: EguiContexts, settings: Option<Res<Settings>>) -> Result {
    let folded = crate::game::camera::folded(settings.as_deref());
    let ctx = contexts.ctx_mut()?;
    if shared(ctx) != folded {
        ctx.data_mut(|d| d.insert_temp(shared_id(), folded));
    }
    Ok(())
}

/// The panels folded, as this frame's egui knows them.
pub fn shared(ctx: &egui::Context) -> Folded {
    ctx.data(|d| d.get_temp(shared_id()).unwrap_or_default())
}

/// A panel at `edge`: its `contents` (what they returned) with the button that folds
/// it, or folded, its strip with the button that opens it.
pub fn foldable<T>(
    ui: &mut egui::Ui,
    edge: Edge,
    folded: &mut Folded,
    contents: impl FnOnce(&mut egui::Ui) -> T,
) -> Option<T> {
    if edge.is_folded(*folded) {
        if strip(ui, edge) {
            edge.flip(folded);
        }
        return None;
    }
    let shown = contents(ui);
    if fold_tab(ui.ctx(), edge, *folded) {
        edge.flip(folded);
    }
    Some(shown)
}

/// A folded panel: a strip with the button that opens it and the picture of what it
/// holds. True when the button was pressed.
pub fn strip(ui: &mut egui::Ui, edge: Edge) -> bool {
    let layout = match edge {
        Edge::Bottom => egui::Layout::left_to_right(egui::Align::Center),
        _ => egui::Layout::top_down(egui::Align::Center),
    };
    ui.with_layout(layout, |ui| {
        let open = button(ui, edge, true);
        ui.add_space(4.0);
        ui.weak(edge.picture()).on_hover_text(edge.hover(true));
        open
    })
    .inner
}

/// The button that folds an open panel: a small tab at the corner of the table's room
/// beside it (top left for the left panel, top right for the log, bottom right for the
/// dice tray), so it never lies over the panel's own words.
pub fn fold_tab(ctx: &egui::Context, edge: Edge, folded: Folded) -> bool {
    let screen = ctx.viewport_rect();
    let size = Vec2::new(screen.width(), screen.height());
    let room = crate::game::camera::room(size, 1.0, folded);
    let side = STRIP - 8.0;
    let at = match edge {
        Edge::Left => room.min + Vec2::splat(3.0),
        Edge::Right => Vec2::new(room.max.x - side - 3.0, room.min.y + 3.0),
        Edge::Bottom => room.max - Vec2::splat(side + 3.0),
    };
    egui::Area::new(egui::Id::new(("fold tab", edge as u8)))
        .fixed_pos(screen.min + egui::vec2(at.x, at.y))
        .show(ctx, |ui| button(ui, edge, false))
        .inner
}

fn button(ui: &mut egui::Ui, edge: Edge, folded: bool) -> bool {
    let b = egui::Button::new(edge.arrow(folded)).min_size(egui::vec2(STRIP - 8.0, STRIP - 8.0));
    ui.add(b).on_hover_text(edge.hover(folded)).clicked()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_folds_its_own_panel_and_opens_it_again() {
        let mut f = Folded::default();
        Edge::Right.flip(&mut f);
        assert!(f.right && !f.left && !f.bottom);
        assert!(Edge::Right.is_folded(f));
        Edge::Bottom.flip(&mut f);
        Edge::Right.flip(&mut f);
        assert_eq!(
            f,
            Folded {
                bottom: true,
                ..Folded::default()
            }
        );
        let keys: Vec<_> = Edge::ALL.iter().map(|e| e.key()).collect();
        assert_eq!(keys.len(), 3);
        assert!(
            keys.iter()
                .all(|k| keys.iter().filter(|o| *o == k).count() == 1)
        );
    }

    /// The panels (and the sound) are written when they change, not on the first look
    /// nor over a damaged file.
    #[test]
    fn a_fold_is_kept_once_it_changes() {
        let open = Folded::default();
        let left = Folded { left: true, ..open };
        assert!(
            !worth_keeping(None, left, false),
            "as read: nothing to write"
        );
        assert!(!worth_keeping(Some(left), left, false));
        assert!(worth_keeping(Some(open), left, false));
        assert!(
            !worth_keeping(Some(open), left, true),
            "a damaged file stays"
        );
        assert!(
            worth_keeping(Some((open, true)), (open, false), false),
            "muted from the top bar"
        );
    }

    /// A key folds a panel in a running App and the settings say so.
    #[test]
    fn the_key_folds_the_panel_in_the_settings() {
        let mut app = App::new();
        app.init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<Settings>()
            .add_systems(Update, keys);
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::BracketLeft);
        app.update();
        let f = app.world().resource::<Settings>().folded;
        assert!(f.left && !f.right && !f.bottom, "{f:?}");
    }
}
