//! Borderlands mouse and keys. Click one of your models that has not acted to choose it
//! (the next ready one is chosen for you after each action). Then: click open table to
//! move there (out of melee: a fighting withdrawal, or with Shift held a retreat), an
//! enemy to attack it in melee if touching, else shoot it (with no missile weapon, or
//! with Shift held, move into contact with it), a dying ally in contact to give first
//! aid (one out of contact, to move beside it); with a spell chosen in the panel, a click casts it. H holds, Space ends your
//! side's step (twice while models are still to act), Esc clears.

pub(super) mod ghost;

use super::BxSession;
use crate::game::pointer::{JustFell, Pointer};
use crate::game::session::part::Asked;
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use warband_borderlands::Command;
use warband_borderlands::actions::{
    actor, beside, check_first_aid, check_first_aid_but_contact, check_move_to, foes_in_contact,
};
use warband_borderlands::battle::{View, in_play};
use warband_rules::Side;
use warband_rules::borderlands::profile::Spell;
use warband_table::components::ModelId;
use warband_table::geometry::in_contact;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BxSelection>().add_systems(
        Update,
        (
            hover,
            click.run_if(crate::game::pointer::on_table),
            keys.run_if(not(egui_wants_any_keyboard_input)),
            ghost::ghost,
        )
            .chain()
            .after(crate::game::pointer::InputDone)
            .run_if(crate::game::desk::playing::<warband_borderlands::Borderlands>()),
    );
}

#[derive(Resource, Default)]
pub struct BxSelection {
    pub model: Option<ModelId>,
    pub hover: Option<ModelId>,
    pub spell: Option<Spell>,
    /// Why the move to the pointer (drawn red) would be refused, as the engine says.
    pub not_there: Option<String>,
}

/// The model in play under a point.
pub fn model_at(models: &[View], p: Vec2) -> Option<ModelId> {
    crate::game::pointer::nearest_at(models.iter().map(|m| (m.id, &m.base)), p)
}

/// The chosen model if it may act for `side` now, else the first of `side` that may.
pub fn chosen(session: &BxSession, sel: &BxSelection, side: Side) -> Option<View> {
    let world = session.engine.world();
    sel.model
        .and_then(|id| actor(world, side, id).ok())
        .or_else(|| {
            in_play(world)
                .into_iter()
                .find(|m| actor(world, side, m.id).is_ok())
        })
}

fn hover(session: NonSend<BxSession>, sel: Res<Pointer>, mut bx: ResMut<BxSelection>) {
    bx.hover = sel
        .cursor
        .and_then(|c| model_at(&in_play(session.engine.world()), c));
    // A spell is put away once the model to act does not know it (the step ended, or
    // the next ready model was chosen).
    if let (Some(spell), Some(side)) = (bx.spell, session.human_turn())
        && chosen(&session, &bx, side).is_none_or(|v| !v.stats.spells.contains(&spell))
    {
        bx.spell = None;
    }
}

/// What a click at `cursor` (on `hover`, if any) asks of model `v`.
fn intent(
    session: &BxSession,
    bx: &BxSelection,
    v: &View,
    cursor: Vec2,
    shift: bool,
) -> Option<Command> {
    let world = session.engine.world();
    let model = v.id;
    let Some(t) = bx
        .hover
        .and_then(|id| in_play(world).into_iter().find(|m| m.id == id))
    else {
        if bx.spell.is_some() {
            // A spell waits for a model to cast it at: open table is no move.
            return None;
        }
        let to = cursor.into();
        if foes_in_contact(world, v).is_empty() {
            let to = ghost::farthest_toward(world, v.side, v, cursor).map_or(to, Into::into);
            return Some(Command::Move { model, to });
        }
        // A plain click withdraws (half a move, away); only Shift retreats, which gives
        // the enemy free blows, so a click is never turned into one.
        return Some(if shift {
            Command::Retreat { model, to }
        } else {
            Command::Withdraw { model, to }
        });
    };
    if let Some(spell) = bx.spell {
        return Some(Command::Cast {
            model,
            spell,
            target: t.id,
        });
    }
    let touching = in_contact(&t.base, &v.base);
    Some(match (t.side != v.side, touching) {
        (true, true) => Command::Melee {
            model,
            target: t.id,
        },
        // With no missile weapon a click on a far enemy moves into contact with it, when
        // the move reaches; else nothing is sent (`click` says how far it is). A shooter
        // closes with it when Shift is held.
        (true, false) if v.stats.missile.is_none() || shift => return close_in(world, v, &t),
        (true, false) => Command::Shoot {
            model,
            target: t.id,
        },
        (false, true) if check_first_aid(world, v.side, model, t.id).is_ok() => Command::FirstAid {
            model,
            target: t.id,
        },
        // A dying ally not yet touched: move beside it, to give first aid next round;
        // beyond this round's move, as far as it may toward it (as the ghost shows).
        (false, false) if check_first_aid_but_contact(world, v.side, model, t.id).is_ok() => {
            let to = ghost::farthest_toward(world, v.side, v, beside(v, &t))?;
            Command::Move {
                model,
                to: to.into(),
            }
        }
        (false, _) => return None,
    })
}

/// A move that ends touching `t`: straight at it, snapping into contact as any move
/// does, when the engine accepts it and it reaches `t`.
pub(super) fn close_in(world: &bevy::ecs::world::World, v: &View, t: &View) -> Option<Command> {
    let m = check_move_to(world, v.side, v.id, t.base.center).ok()?;
    m.charged.contains(&t.id).then(|| Command::Move {
        model: v.id,
        to: t.base.center.into(),
    })
}

fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut session: NonSendMut<BxSession>,
    sel: Res<Pointer>,
    mut bx: ResMut<BxSelection>,
    (drawn, mut just_fell): (crate::game::minis::DrawnAt, ResMut<JustFell>),
) {
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    // No cursor on the table: the click was on a panel (a spell button, say), which
    // must not change the chosen model.
    let Some(cursor) = sel.cursor else { return };
    let Some(side) = session.human_turn() else {
        bx.model = bx.hover;
        return;
    };
    let world = session.engine.world();
    if let Some(h) = bx
        .hover
        .filter(|h| actor(world, side, *h).is_ok() && bx.spell.is_none())
    {
        // Choosing a model is an action: the last refusal, about another, goes.
        if bx.model != Some(h) {
            session.last_refusal = None;
        }
        bx.model = Some(h);
        return;
    }
    let Some(v) = chosen(&session, &bx, side) else {
        return;
    };
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    // Open table where an enemy fell a moment ago: the click was meant for it.
    if bx.hover.is_none()
        && bx.spell.is_none()
        && just_fell.stops((&drawn, cursor), side, &mut session)
    {
        return;
    }
    // A spell at a casualty is sent too, and the engine says why not (a play-tester's
    // Cure Light Wounds on a slain ally did nothing, and said nothing).
    let at_casualty = |spell| {
        let target = drawn.fallen_under(cursor)?;
        Some(Command::Cast {
            model: v.id,
            spell,
            target,
        })
    };
    match intent(&session, &bx, &v, cursor, shift).or_else(|| bx.spell.and_then(at_casualty)) {
        Some(c) => {
            if session.submit(side, c).is_ok() {
                bx.spell = None;
                bx.model = None;
            }
        }
        // A click on a dying ally out of reach says why no first aid is given; one on
        // a far enemy by a model with no missile weapon, how to reach it.
        None => {
            let world = session.engine.world();
            let foe = bx
                .hover
                .and_then(|id| in_play(world).into_iter().find(|m| m.id == id))
                .filter(|t| t.side != v.side && bx.spell.is_none());
            let why = if let Some(t) = foe {
                Some(out_of_reach(world, &v, &t))
            } else {
                bx.hover.and_then(|t| ally_refused(world, side, v.id, t))
            };
            if let Some(why) = why {
                session.refuse(why);
            }
        }
    }
}

/// Why a click by `model` on ally `t` did nothing: on a dying ally, why no first aid
/// is given; on any other, why it may not be chosen ("has already acted this round").
fn ally_refused(
    world: &bevy::ecs::world::World,
    side: Side,
    model: ModelId,
    t: ModelId,
) -> Option<String> {
    let dying = warband_borderlands::battle::find(world, t).filter(|t| t.cond.dying());
    if let Some(t) = dying {
        // Could give it, but not reach it: why the move beside it is refused.
        if let Ok((v, _)) = check_first_aid_but_contact(world, side, model, t.id)
            && let Err(why) = check_move_to(world, side, model, beside(&v, &t))
        {
            return Some(format!("Not there: {}", why.0));
        }
        return check_first_aid(world, side, model, t.id)
            .err()
            .map(|why| format!("No first aid: {}", why.0));
    }
    actor(world, side, t)
        .err()
        .map(|why| format!("Not chosen: {}", why.0))
}

/// Why a model with no missile weapon cannot close with `t` this round: the engine's
/// refusal of the move, or how far it is.
pub(super) fn out_of_reach(world: &bevy::ecs::world::World, v: &View, t: &View) -> String {
    let (me, foe) = (
        super::describe::name(world, v.id),
        super::describe::name(world, t.id),
    );
    let gap = warband_table::geometry::gap(&v.base, &t.base).max(0.0);
    if gap > v.stats.move_inches {
        let bare = if v.stats.missile.is_none() {
            " has no missile weapon and"
        } else {
            ""
        };
        return format!(
            "{me}{bare} cannot reach {foe} this round ({})",
            crate::game::hud::how_far(gap, v.stats.move_inches)
        );
    }
    match check_move_to(world, v.side, v.id, t.base.center) {
        Err(why) => {
            use crate::game::desk::Desk;
            let why = warband_borderlands::Borderlands::readable(world, &why.0);
            format!("{me} cannot close with {foe} straight on: {why}")
        }
        Ok(_) => {
            format!("{me} cannot close with {foe} straight on: the move does not end touching it")
        }
    }
}

/// A step of the battle: the side whose step it is, in a round.
type StepOf = (Side, u32);

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut session: NonSendMut<BxSession>,
    mut bx: ResMut<BxSelection>,
    mut asked: Local<Asked<StepOf>>,
) {
    let Some(side) = session.keys_turn() else {
        return;
    };
    // Esc puts away the spell first, then drops the model.
    if keys.just_pressed(KeyCode::Escape) && bx.spell.take().is_none() {
        bx.model = None;
    }
    let command = if keys.just_pressed(KeyCode::Space) {
        end_step(&mut session, side, &mut asked)
    } else if keys.just_pressed(KeyCode::KeyZ) {
        Some(Command::UndoMove)
    } else if keys.just_pressed(KeyCode::KeyH) {
        chosen(&session, &bx, side).map(|v| Command::Hold { model: v.id })
    } else {
        None
    };
    let Some(c) = command else { return };
    // The model taken back stays chosen, to move again.
    let undone = (c == Command::UndoMove)
        .then(|| warband_borderlands::undo::check_undo(session.engine.world(), side).ok())
        .flatten()
        .map(|(v, _)| v.id);
    if session.submit(side, c).is_ok() {
        bx.model = undone;
    }
}

/// Space's end of the step: with models still to act, the first press says so and
/// only a second ends it.
fn end_step(session: &mut BxSession, side: Side, asked: &mut Asked<StepOf>) -> Option<Command> {
    let heeded = session.heed_end_key();
    let world = session.engine.world();
    let waiting = in_play(world)
        .iter()
        .filter(|m| m.side == side && actor(world, side, m.id).is_ok())
        .count();
    let step = (side, session.engine.battle().round);
    let models = if waiting == 1 { "model" } else { "models" };
    let ask = (waiting > 0).then(|| format!("{waiting} {models} still to act: {SPACE_AGAIN_ENDS}"));
    session
        .space_ends_part((asked, step), (ask, SPACE_AGAIN_ENDS), heeded)
        .then_some(Command::EndStep)
}

/// The end of the ask of a Space with models still to act: the panel shows the ask
/// under its End step button while it stands (a play-tester's presses seemed to do
/// nothing: the ask flashed by in the dice tray's bar).
pub const SPACE_AGAIN_ENDS: &str = "Space again ends the step (they hold)";

#[cfg(test)]
mod tests;
