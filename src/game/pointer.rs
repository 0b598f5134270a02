//! Where the pointer is on the table, for every ruleset's input: tracked once a frame
//! before any ruleset's input reads it.

use super::camera::{TableCamera, in_room};
use super::screens::Screen;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, egui};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pointer>()
        .init_resource::<JustFell>()
        // Ids start again at 1 in every battle: no warning is carried into the next.
        .add_systems(OnEnter(Screen::Battle), |mut j: ResMut<JustFell>| {
            *j = JustFell::default();
        })
        .add_systems(
            Update,
            track.before(InputDone).run_if(in_state(Screen::Battle)),
        );
}

/// Input for the frame has been handled (overlays and the hud come after).
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct InputDone;

/// The pointer on the table, in inches (None off the window, and over a panel, where a
/// click does not reach the table: no move is previewed under the panels; None too
/// while M is held, when the pointer lays the tape measure and no ruleset's click,
/// hover or ghost answers it).
#[derive(Resource, Default)]
pub struct Pointer {
    pub cursor: Option<Vec2>,
    /// The same place in the window's logical pixels.
    pub screen: Option<Vec2>,
    /// The pointer on the table whether or not M is held: where the tape runs to.
    pub table: Option<Vec2>,
}

#[cfg(test)]
impl Pointer {
    /// The pointer at `cursor` on the table, its window place unknown.
    pub fn at(cursor: Option<Vec2>) -> Self {
        Self {
            cursor,
            screen: None,
            table: cursor,
        }
    }

    /// The pointer at `cursor` on the table and `screen` in the window.
    pub fn on_screen(cursor: Vec2, screen: Vec2) -> Self {
        Self {
            screen: Some(screen),
            ..Self::at(Some(cursor))
        }
    }
}

pub fn track(
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    egui: Option<Res<EguiWantsInput>>,
    mut contexts: EguiContexts,
    mut pointer: ResMut<Pointer>,
    settings: Option<Res<crate::game::settings::Settings>>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let s = settings.as_deref();
    let (scale, folded) = (
        crate::game::camera::ui_scale(s),
        crate::game::camera::folded(s),
    );
    let (cam, at) = *camera;
    // A popup open, or a widget dragged, takes the pointer wherever it is.
    let egui_busy = egui.is_some_and(|e| e.is_popup_open() || e.is_using_pointer());
    let ctx = contexts.ctx_mut().ok();
    pointer.screen = window.cursor_position().filter(|c| {
        !egui_busy
            && in_room(*c, window.size(), scale, folded)
            && !ctx.as_deref().is_some_and(|ctx| window_at(ctx, *c, scale))
    });
    pointer.table = pointer
        .screen
        .and_then(|c| cam.viewport_to_world_2d(at, c).ok());
    pointer.cursor = for_play(pointer.table, &keys);
}

/// The pointer's place on the table as the rulesets' clicks, hovers and ghosts read it:
/// none while M is held, when it lays the tape measure.
fn for_play(table: Option<Vec2>, keys: &ButtonInput<KeyCode>) -> Option<Vec2> {
    table.filter(|_| !keys.pressed(super::tape::TAPE_KEY))
}

/// Whether one of egui's windows or areas a player can click (not a hover card) lies at
/// `at` (window logical pixels), by where its last pass laid them out. It is asked of
/// where the pointer is now, not where egui last saw it: a move and a click within one
/// frame (a quick hand on a slow machine) would otherwise reach the table through a
/// window, or be lost on the table as if it were on the panel the pointer left.
fn window_at(ctx: &egui::Context, at: Vec2, scale: f32) -> bool {
    let pos = egui::pos2(at.x / scale, at.y / scale);
    ctx.layer_id_at(pos)
        .is_some_and(|l| l.order != egui::Order::Background)
}

/// Whether the pointer is on the table, clear of every panel and window: a click there
/// is the table's (the run condition of every ruleset's clicks).
pub fn on_table(pointer: Res<Pointer>) -> bool {
    pointer.cursor.is_some()
}

/// The model whose base reaches `p`, the nearest of them where several do: what a
/// click at `p` is on (Marauders' and Borderlands' round bases).
pub fn nearest_at<'a>(
    bases: impl Iterator<
        Item = (
            warband_table::components::ModelId,
            &'a warband_table::geometry::Placed,
        ),
    >,
    p: Vec2,
) -> Option<warband_table::components::ModelId> {
    bases
        .filter(|(_, b)| b.center.distance(p) <= b.shape.reach())
        .min_by(|(_, a), (_, b)| a.center.distance(p).total_cmp(&b.center.distance(p)))
        .map(|(id, _)| id)
}

/// A click on open table where an enemy fell a moment ago was meant for that enemy: the
/// pointer was on its way when the model left play. Such a click is not sent as a move;
/// a second click on the same casualty is.
#[derive(Resource, Default)]
pub struct JustFell {
    warned: Option<warband_table::components::ModelId>,
}

impl JustFell {
    /// Whether a click by `side` at `p` on open table stops short of a move: the first
    /// click where an enemy fell a moment ago (a second one goes through). The table
    /// then says so: "Orc #12 fell just now: no move sent (click there again to move)".
    pub fn stops<R: super::desk::Desk>(
        &mut self,
        (drawn, p): (&super::minis::DrawnAt, Vec2),
        side: warband_rules::Side,
        session: &mut super::session::GameSession<R>,
    ) -> bool {
        self.warned = self.holds(drawn, p, side);
        let Some(id) = self.warned else {
            return false;
        };
        let name = R::model_name(session.engine.world(), id);
        session.refuse(format!(
            "{name} fell just now: no move sent (click there again to move)"
        ));
        true
    }

    /// The enemy of `side` that fell a moment ago under `p`, when a click there would
    /// stop short of a move (no ghost of one is drawn then).
    pub fn holds(
        &self,
        drawn: &super::minis::DrawnAt,
        p: Vec2,
        side: warband_rules::Side,
    ) -> Option<warband_table::components::ModelId> {
        drawn
            .just_fallen_under(p, side)
            .filter(|id| self.warned != Some(*id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// While M is held no ruleset's click, hover or ghost hears the pointer: it lays the
    /// tape measure.
    #[test]
    fn while_m_is_held_the_pointer_is_the_tapes() {
        let at = Some(Vec2::new(3.0, 4.0));
        let mut keys = ButtonInput::<KeyCode>::default();
        assert_eq!(for_play(at, &keys), at);
        keys.press(KeyCode::ShiftLeft);
        assert_eq!(for_play(at, &keys), at, "Shift is the rulesets'");
        keys.press(super::super::tape::TAPE_KEY);
        assert_eq!(for_play(at, &keys), None);
    }

    /// A window a player can click takes the pointer where it lies now (here scaled by
    /// the ui's zoom); a hover card, the panels' background and open table do not.
    #[test]
    fn a_window_under_the_pointer_now_takes_it() {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(800.0, 600.0),
            )),
            ..Default::default()
        };
        // Two passes: a new window is laid out unseen in its first.
        for _ in 0..2 {
            let mut out = ctx.run_ui(input.clone(), |root| {
                egui::Panel::left("panel").show(root, |ui| ui.label("panel"));
                let ctx = root.ctx().clone();
                egui::Window::new("rules")
                    .fixed_pos(egui::pos2(300.0, 100.0))
                    .show(&ctx, |ui| ui.label("The rules of the game, at length."));
                egui::Area::new("card".into())
                    .fixed_pos(egui::pos2(500.0, 400.0))
                    .interactable(false)
                    .show(&ctx, |ui| ui.label("A hover card"));
            });
            out.textures_delta.clear();
        }
        assert!(window_at(&ctx, Vec2::new(320.0, 115.0), 1.0));
        assert!(window_at(&ctx, Vec2::new(640.0, 230.0), 2.0), "zoomed 2×");
        assert!(!window_at(&ctx, Vec2::new(320.0, 115.0), 2.0));
        assert!(
            !window_at(&ctx, Vec2::new(505.0, 405.0), 1.0),
            "a hover card"
        );
        assert!(!window_at(&ctx, Vec2::new(700.0, 550.0), 1.0), "open table");
    }
}
