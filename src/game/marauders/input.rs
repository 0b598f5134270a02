//! Mouse and keyboard play. Everything a player does becomes a `Command` for the engine,
//! which accepts it or says why not. Left click selects and acts, Space ends your part
//! of the phase, Escape clears the selection, hold M and drag to measure, T shows where
//! the enemy can charge.

use crate::game::pointer::InputDone;
use crate::game::screens::Screen;
use crate::game::session::Session;
use bevy::prelude::*;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use warband_marauders::battle::{ModelView, in_play, model};
use warband_marauders::components::SpellAim;
use warband_marauders::geometry::MoveCheck;
use warband_marauders::phases::{Phase, move_preview, undoable_move};
use warband_marauders::{Command, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .add_systems(OnEnter(Screen::Battle), |mut s: ResMut<Selection>| {
            *s = Selection::default()
        })
        .add_systems(
            Update,
            (
                track_cursor,
                click.run_if(not(egui_wants_any_pointer_input)),
                keys.run_if(not(egui_wants_any_keyboard_input)),
            )
                .chain()
                .in_set(InputDone)
                .run_if(in_state(Screen::Battle)),
        );
}

/// What the player has picked and is pointing at.
#[derive(Resource, Default)]
pub struct Selection {
    pub model: Option<u32>,
    /// A spell chosen for the selected caster, waiting for its target.
    pub spell: Option<String>,
    /// The model under the pointer.
    pub hover: Option<u32>,
    /// The pointer on the table, inches.
    pub cursor: Option<Vec2>,
    /// Hold M and drag: a measuring tape.
    pub tape: Option<(Vec2, Vec2)>,
    /// T: where each enemy can charge.
    pub threat: bool,
}

/// Where the selected model would end up if the player clicked at `cursor`: the
/// engine's own preview of the move (or disengage).
pub fn ghost(session: &Session, id: u32, cursor: Vec2) -> Option<MoveCheck> {
    move_preview(session.engine.world(), id, cursor)
}

/// The model in play under a point on the table.
pub fn model_at(all: &[ModelView], p: Vec2) -> Option<u32> {
    all.iter()
        .filter(|m| m.base.center.distance(p) <= m.base.shape.reach())
        .min_by(|a, b| {
            a.base
                .center
                .distance(p)
                .total_cmp(&b.base.center.distance(p))
        })
        .map(|m| m.id)
}

fn track_cursor(
    pointer: Res<crate::game::pointer::Pointer>,
    session: Option<NonSend<Session>>,
    mut sel: ResMut<Selection>,
) {
    sel.cursor = pointer.cursor;
    sel.hover = match (&session, sel.cursor) {
        (Some(s), Some(c)) => model_at(&in_play(s.engine.world()), c),
        _ => None,
    };
}

fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    session: Option<NonSendMut<Session>>,
    mut sel: ResMut<Selection>,
) {
    let Some(mut session) = session else { return };
    if keys.pressed(KeyCode::KeyM) {
        match (buttons.pressed(MouseButton::Left), sel.cursor, sel.tape) {
            (true, Some(c), None) => sel.tape = Some((c, c)),
            (true, Some(c), Some((a, _))) => sel.tape = Some((a, c)),
            (false, ..) => sel.tape = None,
            _ => {}
        }
        return;
    }
    sel.tape = None;
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(cursor) = sel.cursor else { return };
    let world = session.engine.world();
    let hover = sel.hover.and_then(|id| model(world, id));
    let selected = sel
        .model
        .and_then(|id| model(world, id))
        .filter(|m| m.in_play);
    let Some(side) = session.human_turn() else {
        sel.model = hover.map(|m| m.id);
        return;
    };
    let command = match (session.engine.phase(), &hover, &selected) {
        (Phase::DeclareSpells, h, Some(caster)) if sel.spell.is_some() && caster.side == side => {
            let aim = match h {
                Some(t) => SpellAim::Model(t.id),
                None => SpellAim::Point(cursor.x, cursor.y),
            };
            Some(Command::DeclareSpell {
                caster: caster.id,
                spell: sel.spell.take().unwrap_or_default(),
                aim,
            })
        }
        (Phase::Movement, None, Some(m)) if m.side == side => {
            ghost(&session, m.id, cursor).map(|g| {
                let to = (g.end.x, g.end.y);
                if m.engaged_since.is_some() {
                    Command::Disengage { model: m.id, to }
                } else {
                    Command::Move { model: m.id, to }
                }
            })
        }
        (Phase::Shooting, Some(t), Some(s)) if t.side != side && s.side == side => {
            Some(Command::Shoot {
                model: s.id,
                target: t.id,
            })
        }
        (Phase::Attacking, Some(m), _) if m.engaged_since.is_some() => {
            Some(Command::ResolveMelee {
                model: m.id,
                allocation: None,
            })
        }
        _ => None,
    };
    match command {
        Some(c) => {
            let _ = session.submit(side, c);
        }
        None => {
            sel.model = hover.map(|m| m.id);
            sel.spell = None;
        }
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    session: Option<NonSendMut<Session>>,
    mut sel: ResMut<Selection>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        sel.model = None;
        sel.spell = None;
    }
    if keys.just_pressed(KeyCode::KeyT) {
        sel.threat = !sel.threat;
    }
    let Some(mut session) = session else { return };
    let Some(side) = session.human_turn() else {
        return;
    };
    if keys.just_pressed(KeyCode::Space) {
        let _ = session.submit(side, Command::EndPhase);
    }
    if keys.just_pressed(KeyCode::KeyZ) && session.engine.phase() == Phase::Movement {
        match undoable_move(session.engine.world(), side) {
            Some(model) => {
                let _ = session.submit(side, Command::UndoMove { model });
                sel.model = Some(model);
            }
            None => {
                session.last_refusal = Some(
                    "No move to take back (only this phase's plain moves, before any die, \
                     of a model not engaged)."
                        .into(),
                )
            }
        }
    }
}

/// The side whose view the screen takes: the human's (or A's when watching).
pub fn viewpoint(session: &Session) -> Side {
    if session.controllers[1] == crate::game::session::Controller::Human
        && session.controllers[0] != crate::game::session::Controller::Human
    {
        Side::B
    } else {
        session.human_turn().unwrap_or(Side::A)
    }
}
