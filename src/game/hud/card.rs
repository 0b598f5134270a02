//! Cards and notes beside the pointer: where they open, off the model being moved and
//! the crowd about it.

use super::{screen_point, table_room};
use crate::game::desk::Desk;
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Where hover cards keep away from: the model a person is moving, on screen.
const CARD_AWAY: &str = "hover card away from";
/// Where every model on the table stands on screen, for hover cards to keep off.
const CARD_CROWD: &str = "hover card crowd";

/// Notes where the model a person is moving stands on screen (the next frame's hover
/// cards open on the side of the pointer away from it, off its ghost and the way there).
pub(super) fn note_carried<R: Desk>(
    mut contexts: EguiContexts,
    session: NonSend<GameSession<R>>,
    selection: Res<R::Selection>,
    camera: Single<(&Camera, &GlobalTransform), With<crate::game::camera::TableCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (cam, at) = *camera;
    let carried = R::carrying(&session, &selection)
        .and_then(|id| session.base_of(id))
        .and_then(|base| screen_point(ctx, cam, at, base.center));
    // Each model, and the marks over it ("Zz", a word of state: a play-tester's card
    // hid one of three sleepers' marks).
    let crowd: Vec<egui::Pos2> = crate::game::minis::table_models(session.engine.world())
        .flat_map(|(_, _, _, base)| {
            let over = base.center + Vec2::Y * (base.shape.reach() + 0.4);
            [base.center, over].map(|p| screen_point(ctx, cam, at, p))
        })
        .flatten()
        .collect();
    ctx.data_mut(|d| {
        d.insert_temp(egui::Id::new(CARD_AWAY), carried);
        d.insert_temp(egui::Id::new(CARD_CROWD), std::sync::Arc::new(crowd));
    });
    Ok(())
}

/// The size a hover card is reckoned at when its side is chosen: its least width, and
/// a few lines.
const CARD_SIZE: egui::Vec2 = egui::vec2(290.0, 120.0);

/// Where a card opens about the pointer at `pos`: on the side away from `away` (the
/// model being moved) where there is one; else on the side that covers the fewest of
/// the models in `crowd` (a play-tester's card hid the model beside the one pointed
/// at), below and right of it where sides tie.
pub(super) fn card_corner(
    pos: egui::Pos2,
    away: Option<egui::Pos2>,
    crowd: &[egui::Pos2],
) -> (egui::Align2, egui::Pos2) {
    let sides = [(false, false), (true, false), (false, true), (true, true)];
    let covered = |side: (bool, bool)| {
        let (align, at) = card_at(pos, side);
        let card = align.anchor_size(at, CARD_SIZE).expand(10.0);
        crowd.iter().filter(|p| card.contains(**p)).count()
    };
    let side = match away {
        Some(a) => (a.x > pos.x, a.y > pos.y),
        None => sides
            .into_iter()
            .min_by_key(|s| covered(*s))
            .unwrap_or_default(),
    };
    card_at(pos, side)
}

/// A card's pivot and corner on one side of the pointer at `pos`: `left` of it or
/// right, `up` or down.
fn card_at(pos: egui::Pos2, (left, up): (bool, bool)) -> (egui::Align2, egui::Pos2) {
    let align = match (left, up) {
        (false, false) => egui::Align2::LEFT_TOP,
        (true, false) => egui::Align2::RIGHT_TOP,
        (false, true) => egui::Align2::LEFT_BOTTOM,
        (true, true) => egui::Align2::RIGHT_BOTTOM,
    };
    let gap = egui::vec2(
        if left { -18.0 } else { 18.0 },
        if up { -12.0 } else { 12.0 },
    );
    (align, pos + gap)
}

/// A note at `offset` from the pointer at `pos`, above everything else and no window:
/// the pointer moves on under it, and the table still has it (the tape's reading, a
/// refusal).
pub fn beside_pointer(
    ctx: &egui::Context,
    id: &'static str,
    (pos, offset): (egui::Pos2, egui::Vec2),
    contents: impl FnOnce(&mut egui::Ui),
) {
    egui::Area::new(id.into())
        .fixed_pos(pos + offset)
        .order(egui::Order::Tooltip)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, contents);
        });
}

/// A card beside the pointer (the model or unit under it), above everything else.
/// It opens on the side away from a model being moved, and not while the tape (M) is
/// laid, so that it never hides the ghost, the way there or the tape's reading.
pub fn hover_card(ctx: &egui::Context, id: &'static str, contents: impl FnOnce(&mut egui::Ui)) {
    let Some(pos) = ctx.pointer_latest_pos() else {
        return;
    };
    if ctx.input(|i| i.key_down(egui::Key::M)) {
        return;
    }
    let (away, crowd) = ctx.data(|d| {
        let away = d.get_temp::<Option<egui::Pos2>>(egui::Id::new(CARD_AWAY));
        let crowd = d.get_temp::<std::sync::Arc<Vec<egui::Pos2>>>(egui::Id::new(CARD_CROWD));
        (away.flatten(), crowd.unwrap_or_default())
    });
    let (pivot, corner) = card_corner(pos, away, &crowd);
    egui::Area::new(id.into())
        .pivot(pivot)
        .fixed_pos(corner)
        // Kept over the table, off the panels and the log.
        .constrain_to(table_room(ctx))
        .order(egui::Order::Tooltip)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                // Wide enough that a line of stats never breaks mid-figure.
                ui.set_min_width(270.0);
                contents(ui);
            });
        });
}
