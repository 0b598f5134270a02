//! The Toy Soldier overlay: top bar (turn, tokens, who activates), the left panel (see
//! `panel`), the log in words, the dice tray, and each unit's danger, damage and
//! Command markers drawn in screen space over the table so they read at any zoom.

use super::ToySession;
use super::describe;
use super::input::ToySelection;
use crate::game::camera::TableCamera;
use crate::game::hud::health;
use crate::game::palette;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use warband_rules::Side;
use warband_table::geometry::facing::to_world;
use warband_table::geometry::shapes::inside_convex;
use warband_table::geometry::{BaseShape, Placed};
use warband_toy_soldier::battle::{Battle, in_play};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        markers
            .before(crate::game::hud::PanelFrame)
            .run_if(crate::game::desk::on_table::<warband_toy_soldier::ToySoldier>()),
    );
}

pub(super) fn top_line(ui: &mut egui::Ui, session: &ToySession) {
    let b = session.engine.world().resource::<Battle>();
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
                "{}: {}{done}",
                session.setup.armies.get(side).name,
                super::describe::tokens(s.tokens)
            ),
        );
    }
    ui.separator();
    crate::game::hud::turn_status(ui, session, "your activation");
}

/// Danger (orange) and damage (red) counters on each unit's own base, laid along its
/// rear edge and sized to the base as it shows on screen (so they turn with the unit and
/// never sit on a neighbour), and a star at the front of each Command unit.
fn markers(
    mut contexts: EguiContexts,
    session: NonSend<ToySession>,
    toy: Res<ToySelection>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    drawn: crate::game::minis::DrawnAt,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (cam, at) = *camera;
    let painter = crate::game::hud::table_painter(ctx, "toy markers");
    let screen = |p: Vec2| crate::game::hud::screen_point(ctx, cam, at, p);
    // On the miniature as it is drawn, mid-glide too.
    let places = drawn.places();
    let units = in_play(session.engine.world());
    let bases: Vec<Placed> = units.iter().map(|u| places.base(u.id, &u.base)).collect();
    let outlines: Vec<Option<[Vec2; 4]>> = bases.iter().map(|b| outline(b, &screen)).collect();
    for (i, u) in units.iter().enumerate() {
        if let Some(place) = BasePlace::of(&bases[i], &screen) {
            let others = |p: egui::Pos2| {
                outlines.iter().enumerate().any(|(j, o)| {
                    j != i && o.is_some_and(|q| inside_convex(Vec2::new(p.x, p.y), &q))
                })
            };
            let pinned = warband_toy_soldier::battle::pinned(&units, u);
            chips(&painter, &place, (u, pinned), &others);
            if u.command {
                star(&painter, &place);
            }
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

/// Where a base lies on screen: the middle of its rank's rear edge and front (a unit's
/// rank stands beside its icon; a round base's is its middle), the direction of its
/// long edge, and how many pixels its depth covers.
struct BasePlace {
    rear: egui::Pos2,
    front: egui::Pos2,
    /// The middle of the base's left edge (beside its icon).
    left: egui::Pos2,
    along: egui::Vec2,
    depth_px: f32,
}

impl BasePlace {
    fn of(base: &Placed, screen: &dyn Fn(Vec2) -> Option<egui::Pos2>) -> Option<Self> {
        // On a unit's base the counters sit on its rank, clear of the icon at its left.
        let (width, depth, shift) = match base.shape {
            BaseShape::Rect { width, depth } => {
                let (left, right) = super::models::rank(width, depth);
                (width, depth, (left + right) / 2.0)
            }
            BaseShape::Round { diameter } => (diameter, diameter, 0.0),
        };
        let ahead = to_world(base.facing, Vec2::Y);
        let right = to_world(base.facing, Vec2::X);
        let middle = base.center + right * shift;
        let rear = screen(middle - ahead * depth * 0.5)?;
        let front = screen(middle + ahead * depth * 0.3)?;
        let side = screen(base.center + right * width * 0.5)?;
        let centre = screen(base.center)?;
        let along = (side - centre).normalized();
        let depth_px = (front - rear).length() / 0.8;
        Some(Self {
            rear,
            front,
            left: centre - (side - centre),
            along,
            depth_px,
        })
    }
}

/// A danger chip's colour and sign: a pinned unit's, a padlock on deep violet (out of
/// the fight until its side must activate it); any other's, ⚠ on orange.
fn danger_chip(pinned: bool) -> (egui::Color32, &'static str) {
    match pinned {
        true => (
            egui::Color32::from_rgb(120, 60, 150),
            egui_phosphor::regular::LOCK,
        ),
        false => (egui::Color32::from_rgb(240, 150, 40), "⚠"),
    }
}

/// A base's outline on screen, its four corners in turn.
fn outline(base: &Placed, screen: &dyn Fn(Vec2) -> Option<egui::Pos2>) -> Option<[Vec2; 4]> {
    let [a, b, c, d] = warband_table::geometry::facing::corners(base).map(screen);
    Some([a?, b?, c?, d?].map(|p| Vec2::new(p.x, p.y)))
}

/// The danger and damage chips of `u`, side by side behind its rear edge: they overlap
/// the base by a sixth of their depth, so they never hide its figures and icon. Where
/// that would put one on another unit's base (`on_other`: a packed column, whose chips
/// stacked on the units behind), they sit on the unit's own base instead, if they fit
/// there. Each is edged in the unit's side's colour. A pinned unit's danger is a padlock
/// on deep violet ([`danger_chip`]).
fn chips(
    painter: &egui::Painter,
    place: &BasePlace,
    (u, pinned): (&warband_toy_soldier::battle::View, bool),
    on_other: &dyn Fn(egui::Pos2) -> bool,
) {
    let danger = danger_chip(pinned);
    let all = [
        (u.marks.danger, danger.0, danger.1),
        (u.marks.damage, egui::Color32::from_rgb(200, 50, 45), "✚"),
    ];
    let radius = (place.depth_px * 0.4).clamp(5.0, 11.0);
    let back = (place.rear - place.front).normalized();
    let font = egui::FontId::proportional(radius * 0.95);
    // Each chip a pill as wide as its figure needs (a round chip at one digit), so that
    // ⚠36 stays inside its chip; laid along the rear edge by how far each reaches that
    // way.
    let chips: Vec<_> = all
        .iter()
        .filter(|c| c.0 > 0)
        .map(|(count, colour, icon)| {
            let text = format!("{icon}{count}");
            let galley = painter.layout_no_wrap(text, font.clone(), egui::Color32::WHITE);
            let size = egui::vec2(
                (galley.size().x + radius * 0.8).max(2.0 * radius),
                2.0 * radius,
            );
            let reach = place.along.x.abs() * size.x + place.along.y.abs() * size.y;
            (galley, *colour, size, reach)
        })
        .collect();
    let gap = radius * 0.1;
    let total: f32 =
        chips.iter().map(|c| c.3).sum::<f32>() + gap * chips.len().saturating_sub(1) as f32;
    let start = place.rear - place.along * total / 2.0;
    // Where each chip goes, `out` of the way behind the rear edge or on the base.
    let laid = |out: f32| {
        let mut at = start;
        chips
            .iter()
            .map(|(_, _, size, reach)| {
                // How deep the pill reaches behind the edge, on a base turned any way.
                let depth = back.x.abs() * size.x + back.y.abs() * size.y;
                let centre = at + place.along * *reach / 2.0 + back * depth * out;
                at += place.along * (reach + gap);
                egui::Rect::from_center_size(centre, *size)
            })
            .collect::<Vec<_>>()
    };
    let crowded = |rects: &[egui::Rect]| {
        rects.iter().any(|r| {
            let points = [
                r.center(),
                r.left_top(),
                r.right_top(),
                r.left_bottom(),
                r.right_bottom(),
            ];
            points.into_iter().any(on_other)
        })
    };
    // On the base only where that is clear: a shallow base seen from far off may not
    // hold them, and they stay behind it.
    let behind = laid(1.0 / 3.0);
    let rects = if crowded(&behind) {
        Some(laid(-0.55))
            .filter(|on_base| !crowded(on_base))
            .unwrap_or(behind)
    } else {
        behind
    };
    for ((galley, colour, _, _), rect) in chips.into_iter().zip(rects) {
        let centre = rect.center();
        painter.rect_filled(rect, radius, colour);
        // Edged in its side's colour over black, so that whose it is reads wherever it
        // lies (a play-tester could not tell, in a packed melee).
        let black = egui::Stroke::new(2.5, egui::Color32::BLACK);
        painter.rect_stroke(rect, radius, black, egui::StrokeKind::Outside);
        let side = egui::Stroke::new(1.5, palette::side_egui(u.side));
        painter.rect_stroke(rect, radius, side, egui::StrokeKind::Outside);
        painter.galley(centre - galley.size() / 2.0, galley, egui::Color32::WHITE);
    }
}

/// The Command unit's star, on the middle of its base's left edge, as the other
/// rulesets mark a leader: clear of the front bar that shows its facing and of the
/// figures (at the front of the rank it hid the bar).
fn star(painter: &egui::Painter, place: &BasePlace) {
    let size = (place.depth_px * 0.6).clamp(9.0, 18.0);
    painter.text(
        star_at(place, size),
        egui::Align2::CENTER_CENTER,
        "★",
        egui::FontId::proportional(size),
        health::LEADER_GOLD,
    );
}

/// Where a star of `size` points sits: astride the left edge, a third of it inside.
fn star_at(place: &BasePlace, size: f32) -> egui::Pos2 {
    place.left - place.along * size * 0.2
}

/// The unit under the pointer: what it is and what is on it.
fn unit_card(ui: &mut egui::Ui, world: &World, u: &warband_toy_soldier::battle::View) {
    ui.colored_label(palette::side_egui(u.side), describe::name(world, u.id));
    ui.small(describe::profile_line(&u.unit, true));
    let active = world
        .resource::<warband_toy_soldier::battle::Battle>()
        .activation
        .as_ref()
        .filter(|a| a.unit == u.id)
        .map(|a| a.ap);
    let cost = warband_rules::toy_soldier::activation_cost(u.spent);
    let now = match active {
        Some(ap) => format!("active now, {ap} AP left"),
        None => format!("next activation {}", super::describe::tokens(cost)),
    };
    ui.small(format!(
        "Danger {} · damage {} · {now}",
        u.marks.danger, u.marks.damage
    ));
    // The active unit's card says what its danger does in the panel, AP by AP.
    if u.marks.danger > 0 && active.is_none() {
        ui.small(pinned_words(world, u));
    }
}

/// What danger on `u` means: it hurts only when the unit activates, and how likely that
/// activation is to remove it (the rules' own `removal_if_activated`).
fn pinned_words(world: &World, u: &warband_toy_soldier::battle::View) -> String {
    let units = warband_toy_soldier::battle::in_play_shared(world);
    let near = warband_toy_soldier::battle::commander_near(&units, u);
    let removed = warband_rules::toy_soldier::removal_if_activated(
        u.unit.activation_die().sides(),
        u.unit.morale_die().sides(),
        near,
        u.marks.danger,
        u.marks.damage,
    );
    let pinned = match warband_toy_soldier::battle::pinned(&units, u) {
        true => format!(
            "{} Pinned: whatever it rolls, it cannot defend all its danger and still move, shoot or fight. ",
            egui_phosphor::regular::LOCK
        ),
        false => String::new(),
    };
    format!(
        "{pinned}Its danger hurts only when it activates: it defends one an AP, and what is left becomes damage. If it activated now and only defended, it would be removed {}.",
        crate::game::hud::pct(removed)
    )
}

#[cfg(test)]
mod tests;
