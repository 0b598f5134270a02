//! The Toy Soldier overlay: top bar (turn, tokens, who activates), the left panel (see
//! `panel`), the log in words, the dice tray, and each unit's danger, damage and
//! Command markers drawn in screen space over the table so they read at any zoom.

use super::ToySession;
use super::describe;
use super::input::ToySelection;
use crate::game::camera::TableCamera;
use crate::game::hud::panels;
use crate::game::palette;
use crate::game::screens::Screen;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use warband_rules::Side;
use warband_toy_soldier::battle::{Battle, in_play};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (markers, overlay).chain().run_if(in_state(Screen::Battle)),
    );
}

fn overlay(
    mut contexts: EguiContexts,
    session: Option<NonSendMut<ToySession>>,
    mut toy: ResMut<ToySelection>,
    sel: Res<crate::game::pointer::Pointer>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let Some(mut session) = session else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let cursor = sel.cursor;
    panels(
        ctx,
        &mut session,
        &mut next,
        top_line,
        |ui, s| super::panel::show(ui, s, &mut toy, cursor),
        |s| {
            let world = s.engine.world();
            s.engine
                .log()
                .events
                .iter()
                .filter_map(|e| describe::line(world, e))
                .collect()
        },
    );
    Ok(())
}

fn top_line(ui: &mut egui::Ui, session: &ToySession) {
    let b = session.engine.world().resource::<Battle>();
    ui.strong("WARBAND");
    ui.separator();
    ui.label(format!(
        "{} · Turn {} of {}",
        session.setup.scenario.name,
        b.turn.min(b.turn_limit),
        b.turn_limit
    ));
    for side in Side::BOTH {
        ui.separator();
        let s = b.side(side);
        let done = if s.done { " (done)" } else { "" };
        ui.colored_label(
            palette::side_egui(side),
            format!(
                "{}: {} tokens{done}",
                session.setup.armies.get(side).name,
                s.tokens
            ),
        );
    }
    ui.separator();
    crate::game::hud::turn_status(ui, session, "your activation");
}

/// Danger (orange) and damage (red) counters behind each unit, and a star on each
/// Command unit, in screen space.
fn markers(
    mut contexts: EguiContexts,
    session: Option<NonSend<ToySession>>,
    toy: Res<ToySelection>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
) -> Result {
    let Some(session) = session else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (cam, at) = *camera;
    let painter = crate::game::hud::table_painter(ctx, "toy markers");
    let screen = |p: Vec2| crate::game::hud::screen_point(cam, at, p);
    for u in in_play(session.engine.world()) {
        let below = u.base.center - Vec2::Y * (u.base.shape.half_extents(u.base.facing).y + 0.35);
        let Some(mut pos) = screen(below) else {
            continue;
        };
        let chips = [
            (u.marks.danger, egui::Color32::from_rgb(240, 150, 40), "⚠"),
            (u.marks.damage, egui::Color32::from_rgb(200, 50, 45), "✚"),
        ];
        let shown: Vec<_> = chips.iter().filter(|c| c.0 > 0).collect();
        pos.x -= (shown.len() as f32 - 1.0) * 16.0;
        for (count, colour, icon) in shown {
            painter.circle_filled(pos, 13.0, *colour);
            painter.text(
                pos,
                egui::Align2::CENTER_CENTER,
                format!("{icon}{count}"),
                egui::FontId::proportional(12.0),
                egui::Color32::WHITE,
            );
            pos.x += 32.0;
        }
        if u.command
            && let Some(p) = screen(u.base.center)
        {
            painter.text(
                p + egui::vec2(0.0, -18.0),
                egui::Align2::CENTER_CENTER,
                "★",
                egui::FontId::proportional(18.0),
                egui::Color32::from_rgb(250, 220, 90),
            );
        }
    }
    let world = session.engine.world();
    if let Some(u) = toy
        .hover
        .and_then(|id| warband_toy_soldier::battle::find(world, id))
    {
        crate::game::hud::hover_card(ctx, "toy hover", |ui| unit_card(ui, world, &u));
    }
    Ok(())
}

/// The unit under the pointer: what it is and what is on it.
fn unit_card(ui: &mut egui::Ui, world: &World, u: &warband_toy_soldier::battle::View) {
    ui.colored_label(palette::side_egui(u.side), describe::name(world, u.id));
    let p = &u.unit;
    ui.small(format!(
        "{:?} {} · morale d{} · {:?} · {} pts",
        p.quality,
        p.activation_die(),
        p.morale,
        p.kind,
        p.points()
    ));
    let cost = warband_rules::toy_soldier::activation_cost(u.spent);
    ui.small(format!(
        "Danger {} · damage {} · next activation {cost} token(s)",
        u.marks.danger, u.marks.damage
    ));
}
