//! Toy Soldier mouse and keys. With no unit active, a click on one of yours activates
//! it. With one active: the pointer on open table shows where a move along or across its
//! facing ends and its AP, put on the end of a whole AP's move (Shift: as pointed); a
//! click moves (into contact: a charge). A click on an enemy
//! fights it if touching, else shoots it; with a spell chosen, a click casts it. R
//! defends, Q/E pivot 45° (with Shift 90°), a right click turns it to face the pointer,
//! Space passes, Enter is done for the turn.

use super::ToySession;
use crate::game::pointer::{JustFell, Pointer};
use crate::game::session::part::Asked;
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use warband_rules::Side;
use warband_rules::toy_soldier::{MOST_PIVOT, Spell, Step};
use warband_table::Refusal;
use warband_table::components::ModelId;
use warband_table::geometry::facing::{hit, to_local};
use warband_toy_soldier::Command;
use warband_toy_soldier::actions::{MovePlan, active, check_move, open_reach};
use warband_toy_soldier::battle::{Activation, View, in_play};

mod greyed;
mod pass;
pub(super) use greyed::greyed;
mod snap;
pub use pass::SPACE_AGAIN_PASSES;
pub(super) use pass::pass_cost;
use pass::{PassOf, pass_heeded};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ToySelection>().add_systems(
        Update,
        (
            (hover, snap::exact),
            click.run_if(crate::game::pointer::on_table),
            face_pointer.run_if(crate::game::pointer::on_table),
            keys.run_if(not(egui_wants_any_keyboard_input)),
        )
            .chain()
            .after(crate::game::pointer::InputDone)
            .run_if(crate::game::desk::playing::<warband_toy_soldier::ToySoldier>()),
    );
}

/// What the player points at and has chosen beyond the active unit.
#[derive(Resource, Default)]
pub struct ToySelection {
    /// The unit under the pointer.
    pub hover: Option<ModelId>,
    /// A spell chosen in the panel (sure or rolled), waiting for its target.
    pub spell: Option<(Spell, bool)>,
    /// AP to put into the next volley (None: all that are left).
    pub volley: Option<u32>,
    /// Shift is held: a move goes as far as pointed, not to the end of a whole AP, and
    /// a click on an enemy charges it, a shooter's too.
    pub exact: bool,
}

/// The unit in play under a point on the table.
pub fn unit_at(units: &[View], p: Vec2) -> Option<ModelId> {
    units.iter().find(|u| hit(&u.base, p)).map(|u| u.id)
}

/// Whether `cursor` lies well off all four ways `v` may move (more than 20° from the
/// nearest), and far enough from it to mean a move: the ghost then goes along the
/// nearest way, not where the pointer is.
pub fn off_the_ways(v: &View, cursor: Vec2) -> bool {
    let l = to_local(&v.base, cursor).abs();
    let (near, far) = (l.min_element(), l.max_element());
    far > 0.5 && near > far * 20f32.to_radians().tan()
}

/// The move the pointer describes for the active unit: along the axis of its base the
/// pointer lies most along, its centre brought level with the pointer.
pub fn ghost(v: &View, cursor: Vec2) -> (Step, f32) {
    let l = to_local(&v.base, cursor);
    if l.y.abs() >= l.x.abs() {
        (
            if l.y >= 0.0 {
                Step::Forward
            } else {
                Step::Back
            },
            l.y.abs(),
        )
    } else {
        (if l.x >= 0.0 { Step::Right } else { Step::Left }, l.x.abs())
    }
}

/// The ghost move, no further than the unit's AP take it over open ground: a pointer
/// past its reach asks for the longest move that way, not one it cannot pay for.
pub fn ghost_within(v: &View, a: &Activation, cursor: Vec2) -> (Step, f32) {
    let (step, inches) = ghost(v, cursor);
    // With no AP left the move is left as pointed: the engine then says so.
    match open_reach(v, a, step) {
        far if far > 0.0 => (step, inches.min(far)),
        _ => (step, inches),
    }
}

/// The move a click at `cursor` on open table sends: to the pointer, or, where the way
/// there is refused (past the unit's reach, or a house or a wall before the pointer),
/// the longest move that way the engine allows, to a twentieth of an inch (a
/// play-tester pointed just past the Inn and was refused, "Inn blocks movement"). Put
/// on the end of a whole AP's move unless `exact` (a move cut short drops a last AP
/// that would carry it less than half its stride).
pub fn move_to(world: &World, v: &View, a: &Activation, cursor: Vec2, exact: bool) -> (Step, f32) {
    const FINEST: f32 = 0.05;
    let (step, inches) = ghost_within(v, a, cursor);
    let legal = |d: f32| check_move(world, v, a, step, d).is_ok();
    // A way no distance opens (danger to defend first) stays as pointed: the engine
    // says why.
    let (inches, blocked) = if inches <= FINEST || legal(inches) || !legal(FINEST) {
        (inches, false)
    } else {
        (snap::last_true((FINEST, inches), FINEST, legal), true)
    };
    match exact {
        true => (step, inches),
        false => (
            step,
            snap::on_ap_marks(world, (v, a), step, (inches, blocked)),
        ),
    }
}

/// The move towards `cursor` that charges enemy `t`, if the ghost move reaches it: its
/// step, inches and the plan (where it ends). Else why not: the engine's refusal of the
/// ghost move, or None where the move is legal but falls short of `t`.
pub fn charge_at(
    world: &World,
    v: &View,
    a: &warband_toy_soldier::battle::Activation,
    t: &View,
    cursor: Vec2,
) -> Result<(Step, f32, MovePlan), Option<Refusal>> {
    if t.side == v.side {
        return Err(None);
    }
    let (step, inches) = ghost_within(v, a, cursor);
    // A way that never meets `t`, whatever stands between, is no charge at it: the
    // panel says why (it stands off to the side), not what blocks the way.
    if !way_meets(v, step, open_reach(v, a, step), t) {
        return Err(None);
    }
    let plan = check_move(world, v, a, step, inches).map_err(Some)?;
    if plan.charged == Some(t.id) {
        Ok((step, inches, plan))
    } else {
        Err(None)
    }
}

/// Whether `v`, moving `step` up to `far` inches over an empty table, would come into
/// contact with `t` (tried every tenth of an inch).
pub fn way_meets(v: &View, step: Step, far: f32, t: &View) -> bool {
    let way = warband_table::geometry::facing::to_world(v.base.facing, Vec2::from(step.local()));
    let tries = (far / 0.1).ceil() as usize;
    (0..=tries).any(|i| {
        let at = v
            .base
            .at(v.base.center + way * (far * i as f32 / tries.max(1) as f32));
        warband_table::geometry::gap(&at, &t.base) <= warband_table::geometry::CONTACT_GAP
    })
}

/// The engine's judgement of the ghost move.
pub fn ghost_plan(
    session: &ToySession,
    side: Side,
    cursor: Vec2,
    exact: bool,
) -> Option<(Step, f32, Result<MovePlan, Refusal>)> {
    let world = session.engine.world();
    let (v, a) = active(world, side).ok()?;
    let (step, inches) = move_to(world, &v, &a, cursor, exact);
    Some((step, inches, check_move(world, &v, &a, step, inches)))
}

fn hover(session: NonSend<ToySession>, sel: Res<Pointer>, mut toy: ResMut<ToySelection>) {
    toy.hover = sel
        .cursor
        .and_then(|c| unit_at(&in_play(session.engine.world()), c));
}

fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    mut session: NonSendMut<ToySession>,
    sel: Res<Pointer>,
    mut toy: ResMut<ToySelection>,
    (drawn, mut just_fell): (crate::game::minis::DrawnAt, ResMut<JustFell>),
) {
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let (Some(side), Some(cursor)) = (session.human_turn(), sel.cursor) else {
        return;
    };
    // Open table where an enemy fell a moment ago: the click was meant for it.
    if toy.hover.is_none()
        && active(session.engine.world(), side).is_ok()
        && just_fell.stops((&drawn, cursor), side, &mut session)
    {
        return;
    }
    let world = session.engine.world();
    let units = in_play(world);
    let target = toy.hover.and_then(|id| units.iter().find(|u| u.id == id));
    let command = match (active(world, side).ok(), target) {
        (None, Some(t)) if t.side == side => Some(Command::Activate { unit: t.id }),
        // Another of yours, with no spell to cast on it: said, not sent as a move.
        (Some((v, _)), Some(t)) if t.side == side && t.id != v.id && toy.spell.is_none() => {
            let why = format!(
                "{} is still active: pass it (Space) or spend its AP before activating {}",
                super::describe::name(world, v.id),
                super::describe::name(world, t.id)
            );
            session.refuse(why);
            return;
        }
        // With a spell chosen, a click on the active unit casts it there (a wizard heals
        // its own wound); the engine says why, if it may not.
        (Some((v, _)), Some(t)) if t.id == v.id => toy.spell.map(|(spell, sure)| Command::Magic {
            target: t.id,
            spell,
            sure,
        }),
        (Some((v, a)), Some(t)) => Some(match toy.spell {
            Some((spell, sure)) => Command::Magic {
                target: t.id,
                spell,
                sure,
            },
            None if warband_table::geometry::in_contact(&t.base, &v.base) => {
                Command::Fight { target: t.id }
            }
            // Shift and a click charges instead (a play-tester's cavalry with bows could
            // never be told to charge).
            None if v.unit.shoots() && !toy.exact => Command::Shoot {
                target: t.id,
                ap: toy.volley.unwrap_or(a.ap).min(a.ap),
            },
            // A unit that cannot shoot (or Shift held) charges the enemy it clicks, when
            // the move the ghost shows reaches it; anything else a click on a unit asks
            // nothing.
            None => match charge_at(world, &v, &a, t, cursor) {
                Ok(plan) => Command::Move {
                    step: plan.0,
                    inches: plan.1,
                },
                Err(_) => return,
            },
        }),
        (Some((v, a)), None) => {
            let (step, inches) = move_to(session.engine.world(), &v, &a, cursor, toy.exact);
            Some(Command::Move { step, inches })
        }
        _ => None,
    };
    let Some(c) = command else { return };
    // A spell cast is put away; one refused stays chosen for another target.
    let cast = matches!(c, Command::Magic { .. });
    if session.submit(side, c).is_ok() && cast {
        toy.spell = None;
    }
}

/// The turns that face `v` to `cursor`, reckoned from where it faces now: at most 90°
/// (one AP) each, the first as far as that goes, then the rest of the way (a pivot
/// turns about the unit's centre). None within 1° of it, or with the pointer on its
/// centre.
pub fn facing_turns(v: &View, cursor: Vec2) -> Vec<Command> {
    let ahead = warband_table::geometry::facing::to_world(v.base.facing, Vec2::Y);
    let to = cursor - v.base.center;
    if to.length() < 0.1 {
        return Vec::new();
    }
    let all = ahead.angle_to(to).to_degrees();
    let first = all.clamp(-MOST_PIVOT, MOST_PIVOT);
    [first, all - first]
        .into_iter()
        .take_while(|degrees| degrees.abs() >= 1.0)
        .map(|degrees| Command::Pivot { degrees })
        .collect()
}

/// A right click turns the active unit to face the pointer (the engine judges it, as
/// Q / E); a right-drag, which moves the view, does not.
fn face_pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    mut session: NonSendMut<ToySession>,
    pointer: Res<Pointer>,
    mut pressed: Local<Option<Vec2>>,
) {
    let right = MouseButton::Right;
    if buttons.just_pressed(right) {
        *pressed = pointer.screen;
    }
    if !buttons.just_released(right) {
        return;
    }
    // A right-drag moves the view: only a click, let go where it was pressed, turns.
    let (Some(from), Some(to)) = (pressed.take(), pointer.screen) else {
        return;
    };
    if from.distance(to) >= crate::game::minis::DROP_AFTER {
        return;
    }
    let (Some(side), Some(cursor)) = (session.human_turn(), pointer.cursor) else {
        return;
    };
    face(&mut session, side, cursor);
}

/// Turns `side`'s active unit to face `cursor`: all of [`facing_turns`], as the card's
/// "2 turns, 2 AP" promises (a play-tester needed two clicks). Both are reckoned from
/// where it faces now (a network game plays them only when the host commits them); it
/// stops where a turn is refused or took the unit's last AP.
fn face(session: &mut ToySession, side: Side, cursor: Vec2) {
    let Ok((v, _)) = active(session.engine.world(), side) else {
        return;
    };
    for c in facing_turns(&v, cursor) {
        if session.submit(side, c).is_err() {
            break;
        }
        let still = active(session.engine.world(), side).is_ok_and(|(now, _)| now.id == v.id);
        if !still {
            break;
        }
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut session: NonSendMut<ToySession>,
    mut toy: ResMut<ToySelection>,
    mut asked: Local<Asked<PassOf>>,
) {
    let Some(side) = session.keys_turn() else {
        return;
    };
    let turn = if keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]) {
        90.0
    } else {
        45.0
    };
    let command = if keys.just_pressed(KeyCode::KeyR) {
        Some(Command::Defend)
    } else if keys.just_pressed(KeyCode::KeyQ) {
        Some(Command::Pivot { degrees: turn })
    } else if keys.just_pressed(KeyCode::KeyE) {
        Some(Command::Pivot { degrees: -turn })
    } else if keys.just_pressed(KeyCode::KeyZ) {
        Some(Command::UndoMove)
    } else if keys.just_pressed(KeyCode::Space) {
        Some(Command::Pass)
    } else if keys.just_pressed(KeyCode::Enter) {
        Some(Command::Done)
    } else if keys.just_pressed(KeyCode::Escape) {
        toy.spell = None;
        None
    } else {
        None
    };
    let Some(c) = command else { return };
    // A key does what its button does, and where the button is greyed it is answered
    // in the tray, not sent: a refusal a key press, logged and saved, would only fill
    // the log.
    if let Some(why) = greyed(session.engine.world(), side, &c) {
        session.refuse(why);
        return;
    }
    // Pass and Done end the part: not in its first moment (a press repeated while the
    // computer played). A greyed key above spends none of that.
    let heeded = match c {
        Command::Pass => pass_heeded(&mut session, side, &mut asked),
        Command::Done => session.heed_end_key(),
        _ => true,
    };
    if heeded {
        let _ = session.submit(side, c);
    }
}

#[cfg(test)]
mod tests;
