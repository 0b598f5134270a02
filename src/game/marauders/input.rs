//! Mouse and keyboard play. Everything a player does becomes a `Command` for the engine,
//! which accepts it or says why not. Left click selects and acts, Space ends your part
//! of the phase, Escape clears the selection, hold M and drag to measure, R shows where
//! the enemy can charge.

use crate::game::marauders::Session;
use crate::game::pointer::InputDone;
use crate::game::session::part::Asked;
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use warband_marauders::battle::{ModelView, in_play, model};
use warband_marauders::components::SpellAim;
use warband_marauders::engine::Spells;
use warband_marauders::geometry::MoveCheck;
use warband_marauders::phases::{
    Phase, may_still_charge, move_preview, open_groups, strike_waiting, undoable_move,
};
use warband_marauders::{Command, Side};
use warband_rules::marauders::spells::SpellTarget;
use warband_table::components::ModelId;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>().add_systems(
        Update,
        (
            track_cursor,
            click.run_if(crate::game::pointer::on_table),
            keys.run_if(not(egui_wants_any_keyboard_input)),
            pass_empty_attacks,
        )
            .chain()
            .in_set(InputDone)
            .run_if(crate::game::desk::playing::<
                warband_marauders::engine::Marauders,
            >()),
    );
}

/// What the player has picked and is pointing at.
#[derive(Resource, Default)]
pub struct Selection {
    pub model: Option<ModelId>,
    /// A spell chosen for the selected caster, waiting for its target.
    pub spell: Option<warband_rules::marauders::spells::Spell>,
    /// The model under the pointer.
    pub hover: Option<ModelId>,
    /// The pointer on the table, inches.
    pub cursor: Option<Vec2>,
    /// T: where each enemy can charge.
    pub threat: bool,
    /// The order of play the initiative panel shows: for each of `Phase::ORDERED`,
    /// whether you go first. Confirm and Space both send it.
    pub order: Option<Vec<bool>>,
}

/// The order of play offered first: you act first in every phase but movement, where
/// moving second lets you answer the enemy's moves.
pub fn usual_order() -> Vec<bool> {
    Phase::ORDERED
        .iter()
        .map(|p| *p != Phase::Movement)
        .collect()
}

/// The command that sets `order` (as [`Selection::order`] holds it) for `side`.
pub fn order_command(side: Side, order: &[bool]) -> Command {
    let first = Phase::ORDERED
        .iter()
        .zip(order)
        .map(|(p, mine)| (*p, if *mine { side } else { side.other() }))
        .collect();
    Command::ChooseOrder { first }
}

/// Where the selected model would end up if the player clicked at `cursor`: the
/// engine's own preview of the move (or disengage).
pub fn ghost(session: &Session, id: ModelId, cursor: Vec2) -> Option<MoveCheck> {
    move_preview(session.engine.world(), id, cursor)
}

/// The move a click at `cursor` makes with `m`, over `hover` if the pointer is on a
/// model: on open table the ghost's; on an enemy it reaches, the charge into it; on
/// anything else none (the click selects what it is on).
pub fn move_to(
    session: &Session,
    m: &ModelView,
    hover: Option<&ModelView>,
    cursor: Vec2,
) -> Option<MoveCheck> {
    let g = ghost(session, m.id, cursor)?;
    match hover {
        None => Some(g),
        Some(t) if t.side != m.side && g.charged.contains(&t.id) => Some(g),
        Some(_) => None,
    }
}

/// The model in play under a point on the table.
pub fn model_at(all: &[ModelView], p: Vec2) -> Option<ModelId> {
    crate::game::pointer::nearest_at(all.iter().map(|m| (m.id, &m.base)), p)
}

fn track_cursor(
    pointer: Res<crate::game::pointer::Pointer>,
    session: NonSend<Session>,
    mut sel: ResMut<Selection>,
) {
    sel.cursor = pointer.cursor;
    sel.hover = sel
        .cursor
        .and_then(|c| model_at(&in_play(session.engine.world()), c));
}

fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    mut session: NonSendMut<Session>,
    mut sel: ResMut<Selection>,
) {
    // With M held the pointer lays the tape measure: no cursor then.
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
            // A spell cast at a point (Sleep) takes the point clicked, on the table or
            // on an enemy; a click on one of yours picks that model instead.
            let at_a_point = sel
                .spell
                .and_then(|s| world.resource::<Spells>().get(s.name()))
                .is_some_and(|d| d.target == SpellTarget::Point);
            let aim = match h {
                Some(t) if !at_a_point => Some(SpellAim::Model(t.id)),
                Some(t) if t.side == side => None,
                _ => Some(SpellAim::Point(cursor.x, cursor.y)),
            };
            aim.map(|aim| Command::DeclareSpell {
                caster: caster.id,
                spell: sel.spell.take().map(String::from).unwrap_or_default(),
                aim,
            })
        }
        // A model that may not move (it has moved, sleeps, or declared a spell): a
        // click on open table drops it, as a click does anywhere a command cannot go,
        // and as its ghost shows none (a play-tester's click to let go of a moved
        // Fighter was sent as a move, refused, and logged).
        (Phase::Movement, h, Some(m))
            if m.side == side
                && warband_marauders::phases::check_may_move(world, side, m.id).is_ok() =>
        {
            move_to(&session, m, h.as_ref(), cursor).map(|g| {
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
    // A shooter's click on no model in play keeps the shooter, and says why no shot
    // went (a play-tester's click on a slain enemy's spot dropped it unexplained).
    let missed = command
        .is_none()
        .then(|| missed_target(&session, &selected, &hover, cursor))
        .flatten();
    match (command, missed) {
        (Some(c), _) => {
            let _ = session.submit(side, c);
        }
        (None, Some(why)) => session.refuse(why),
        (None, None) => {
            sel.model = hover.map(|m| m.id);
            sel.spell = None;
        }
    }
}

/// Why a click in the shooting phase, by a shooter of the side's that may shoot now,
/// shoots nothing: the model there is out of action, or there is none.
fn missed_target(
    session: &Session,
    shooter: &Option<ModelView>,
    hover: &Option<ModelView>,
    cursor: Vec2,
) -> Option<String> {
    let side = session.human_turn()?;
    let broken = session.engine.battle().side(side).broken;
    // Only a shooter of the side's that may shoot now: another model's click on open
    // table drops it, as before.
    let able = shooter.as_ref().is_some_and(|s| {
        s.side == side
            && warband_marauders::phases::may_shoot_now(broken, s, s.conditions.shot).is_ok()
    });
    if session.engine.phase() != Phase::Shooting || !able || hover.is_some() {
        return None;
    }
    let world = session.engine.world();
    let all = warband_marauders::battle::models(world);
    let fallen = all
        .iter()
        .filter(|m| !m.in_play)
        .cloned()
        .collect::<Vec<_>>();
    Some(match model_at(&fallen, cursor) {
        Some(id) => format!(
            "No shot: {} is out of action",
            <warband_marauders::engine::Marauders as crate::game::desk::Desk>::model_name(
                world, id
            )
        ),
        None => "No shot: click an enemy model to shoot it".into(),
    })
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut session: NonSendMut<Session>,
    mut sel: ResMut<Selection>,
    mut asked: Local<Asked<(Side, u32)>>,
) {
    // Esc puts away the spell first, then drops the model.
    if keys.just_pressed(KeyCode::Escape) && sel.spell.take().is_none() {
        sel.model = None;
    }
    // R: T shows and hides every ruleset's last-move arrows (a play-tester's one press
    // of T hid the arrows and showed the rings).
    if keys.just_pressed(KeyCode::KeyR) {
        sel.threat = !sel.threat;
    }
    let Some(side) = session.keys_turn() else {
        return;
    };
    let heeded = keys.just_pressed(KeyCode::Space) && session.heed_end_key();
    let movement = session.engine.phase() == Phase::Movement;
    if keys.just_pressed(KeyCode::Space) && movement {
        end_movement(&mut session, side, &mut asked, heeded);
    } else if heeded {
        // With priority, Space confirms the order of play the panel shows.
        let command = if session.engine.phase() == Phase::Initiative {
            match &sel.order {
                Some(order) => order_command(side, order),
                None => order_command(side, &usual_order()),
            }
        } else {
            Command::EndPhase
        };
        let _ = session.submit(side, command);
    }
    if keys.just_pressed(KeyCode::KeyZ) && session.engine.phase() == Phase::Movement {
        match undoable_move(session.engine.world(), side) {
            Some(model) => {
                let _ = session.submit(side, Command::UndoMove { model });
                sel.model = Some(model);
            }
            None => session.refuse(
                "No move to take back (only this phase's plain moves, before any die, \
                     of a model not engaged)."
                    .into(),
            ),
        }
    }
}

/// What the first Space of a movement phase with no model moved says (in the tray, and
/// by the phase's own button, where the player is looking).
pub const NO_MODEL_MOVED: &str = "No model has moved: Space again ends the movement phase";

/// Space in the movement phase: with no model moved yet while some could, the first
/// press only says so and a second ends the phase (a play-tester's Space, pressed
/// again for an initiative that the dice had settled, ended a movement unseen).
fn end_movement(session: &mut Session, side: Side, asked: &mut Asked<(Side, u32)>, heeded: bool) {
    let models = in_play(session.engine.world());
    let mine = || models.iter().filter(|m| m.side == side);
    // A model that may still move: in play, awake, free, unmoved, no spell declared.
    let world = session.engine.world();
    let left = mine().any(|m| may_still_charge(world, m)) && !mine().any(|m| m.conditions.moved);
    let part = (side, session.engine.battle().round);
    let ask = left.then(|| NO_MODEL_MOVED.to_string());
    if session.space_ends_part((asked, part), (ask, NO_MODEL_MOVED), heeded) {
        let _ = session.submit(side, Command::EndPhase);
    }
}

/// An attacking phase with no fight on the table asks nothing of a person: their part
/// passes at once, and the tray says so (a play-test found Space wanted for nothing).
/// Once a round for each side at most: a pass the engine (or a network battle's host)
/// refused is not sent again each frame; Space is still there.
fn pass_empty_attacks(mut session: NonSendMut<Session>, mut tried: Local<Option<(u32, Side)>>) {
    let Some(side) = session.keys_turn() else {
        return;
    };
    let world = session.engine.world();
    let round = session.engine.battle().round;
    if session.engine.phase() != Phase::Attacking
        || !open_groups(world).is_empty()
        || strike_waiting(world).is_some()
        || *tried == Some((round, side))
    {
        return;
    }
    *tried = Some((round, side));
    // Told of the table before the pass: the phases the pass plays on (a morale roll)
    // come after it, and the notice goes with their first die.
    let logged = session.engine.log().events.len();
    if session.submit(side, Command::EndPhase).is_ok() {
        let words = "No fights this round: the attacking phase passes.";
        session.tell_after(words, std::time::Instant::now(), logged);
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

#[cfg(test)]
mod tests;
