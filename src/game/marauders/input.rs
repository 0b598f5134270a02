//! Mouse and keyboard play. Everything a player does becomes a `Command` for the engine,
//! which accepts it or says why not. Left click selects and acts, Space ends your part
//! of the phase, Escape clears the selection, hold M and drag to measure, T shows where
//! the enemy can charge.

use crate::game::marauders::Session;
use crate::game::pointer::InputDone;
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use warband_marauders::battle::{ModelView, in_play, model};
use warband_marauders::components::SpellAim;
use warband_marauders::engine::Spells;
use warband_marauders::geometry::MoveCheck;
use warband_marauders::phases::{Phase, move_preview, undoable_move};
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
        (Phase::Movement, h, Some(m)) if m.side == side => move_to(&session, m, h.as_ref(), cursor)
            .map(|g| {
                let to = (g.end.x, g.end.y);
                if m.engaged_since.is_some() {
                    Command::Disengage { model: m.id, to }
                } else {
                    Command::Move { model: m.id, to }
                }
            }),
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
    mut session: NonSendMut<Session>,
    mut sel: ResMut<Selection>,
) {
    // Esc puts away the spell first, then drops the model.
    if keys.just_pressed(KeyCode::Escape) && sel.spell.take().is_none() {
        sel.model = None;
    }
    if keys.just_pressed(KeyCode::KeyT) {
        sel.threat = !sel.threat;
    }
    let Some(side) = session.keys_turn() else {
        return;
    };
    if keys.just_pressed(KeyCode::Space) && session.heed_end_key() {
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
mod tests {
    use super::*;
    use crate::game::session::Controller;
    use warband_marauders::components::Base;

    /// Open field with both sides in a person's hands, played on to side A's movement.
    fn movement() -> Session {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let file = root.join("assets/scenarios/open-field.ron");
        let setup = warband_marauders::data::BattleSetup::load(&file).unwrap();
        let mut s = Session::new(setup, 3, [Controller::Human, Controller::Human]).unwrap();
        for _ in 0..20 {
            if s.engine.phase() == Phase::Movement && s.human_turn() == Some(Side::A) {
                break;
            }
            let side = s.human_turn().unwrap();
            s.submit(side, Command::EndPhase).unwrap();
        }
        assert_eq!(s.engine.phase(), Phase::Movement);
        s
    }

    /// Sets A's model `mine` 3" short of B's model `foe`.
    fn near(s: &mut Session, mine: ModelId, foe: ModelId) {
        let world = s.engine.world_mut();
        let to = model(world, foe).unwrap().base.center - Vec2::new(0.0, 3.0);
        let e = warband_marauders::battle::entity_of(world, mine).unwrap();
        let base = world.get::<Base>(e).unwrap().0;
        world.entity_mut(e).insert(Base(base.at(to)));
        warband_marauders::effects::refresh_engagement(world);
    }

    fn click_on(session: Session, chosen: ModelId, hover: ModelId) -> App {
        let at = model(session.engine.world(), hover).unwrap().base.center;
        let mut app = crate::game::test_app::left_click(session, click.into_configs());
        app.insert_resource(Selection {
            model: Some(chosen),
            hover: Some(hover),
            cursor: Some(at),
            ..Selection::default()
        });
        app
    }

    fn first_of(session: &Session, side: Side) -> ModelId {
        in_play(session.engine.world())
            .into_iter()
            .find(|m| m.side == side)
            .unwrap()
            .id
    }

    /// The terrain card stays away while a model of the player's is chosen, its
    /// ghost following the pointer, and not while the computer plays.
    #[test]
    fn a_chosen_model_keeps_the_terrain_card_away() {
        use crate::game::desk::Desk;
        use warband_marauders::engine::Marauders;
        let mut s = movement();
        let chosen = Selection {
            model: Some(first_of(&s, Side::A)),
            ..Selection::default()
        };
        assert!(Marauders::aiming(&s, &chosen));
        assert!(!Marauders::aiming(&s, &Selection::default()));
        s.replay = Some(Vec::new());
        assert!(
            !Marauders::aiming(&s, &chosen),
            "no one may act in a replay"
        );
    }

    #[test]
    fn a_click_on_an_enemy_in_reach_charges_it() {
        let mut s = movement();
        let (mine, foe) = (first_of(&s, Side::A), first_of(&s, Side::B));
        near(&mut s, mine, foe);
        let mut app = click_on(s, mine, foe);
        app.update();
        let session = app.world().non_send::<Session>();
        let m = model(session.engine.world(), mine).unwrap();
        assert!(m.engaged_since.is_some(), "the click charged: {:?}", m.base);
        assert_eq!(app.world().resource::<Selection>().model, Some(mine));
    }

    /// Open field with both sides in a person's hands, played on to the Declare spells
    /// turn of the side with a Sleep caster; the caster.
    fn sleep_caster_declaring() -> (Session, ModelView) {
        use warband_rules::marauders::spells::Spell;
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let file = root.join("assets/scenarios/open-field.ron");
        let setup = warband_marauders::data::BattleSetup::load(&file).unwrap();
        let mut s = Session::new(setup, 3, [Controller::Human, Controller::Human]).unwrap();
        let caster = in_play(s.engine.world())
            .into_iter()
            .find(|m| m.profile.spells.contains(&Spell::Sleep))
            .unwrap();
        while !(s.engine.phase() == Phase::DeclareSpells && s.human_turn() == Some(caster.side)) {
            let now = s.human_turn().unwrap();
            s.submit(now, Command::EndPhase).unwrap();
        }
        (s, caster)
    }

    /// Sleep, cast at a point, takes the point clicked even when a model lies under it.
    /// A play-test clicked an enemy with Sleep armed: the click declared it at the
    /// model, the engine refused ("Sleep needs a Point target"), and the spell was lost.
    #[test]
    fn sleep_clicked_on_a_model_is_cast_at_the_point_clicked() {
        use warband_rules::marauders::spells::Spell;
        let (s, caster) = sleep_caster_declaring();
        let (side, caster) = (caster.side, caster.id);
        let foe = first_of(&s, side.other());
        let at = model(s.engine.world(), foe).unwrap().base.center;
        let mut app = click_on(s, caster, foe);
        app.world_mut().resource_mut::<Selection>().spell = Some(Spell::Sleep);
        app.update();
        let session = app.world().non_send::<Session>();
        let declared = model(session.engine.world(), caster).unwrap().declared;
        assert_eq!(
            declared.map(|d| (d.spell, d.aim)),
            Some(("Sleep".to_string(), SpellAim::Point(at.x, at.y)))
        );
    }

    /// With Sleep armed, a click on one of your own models picks it: no spell is cast.
    #[test]
    fn sleep_armed_a_click_on_a_friend_picks_it() {
        use warband_rules::marauders::spells::Spell;
        let (s, caster) = sleep_caster_declaring();
        let (side, caster) = (caster.side, caster.id);
        let friend = in_play(s.engine.world())
            .into_iter()
            .find(|m| m.side == side && m.id != caster)
            .unwrap()
            .id;
        let mut app = click_on(s, caster, friend);
        app.world_mut().resource_mut::<Selection>().spell = Some(Spell::Sleep);
        app.update();
        let session = app.world().non_send::<Session>();
        assert!(
            model(session.engine.world(), caster)
                .unwrap()
                .declared
                .is_none()
        );
        let sel = app.world().resource::<Selection>();
        assert_eq!((sel.model, sel.spell), (Some(friend), None));
    }

    /// An enemy beyond a charge is said to be, in figures that never read as within it.
    #[test]
    fn an_enemy_beyond_a_charge_is_said_to_be() {
        use crate::game::marauders::hud::odds::out_of_reach;
        let s = movement();
        let (mine, foe) = (first_of(&s, Side::A), first_of(&s, Side::B));
        let world = s.engine.world();
        let (m, t) = (model(world, mine).unwrap(), model(world, foe).unwrap());
        let allowance = m.profile.armour.movement_allowance();
        let words = out_of_reach(&m, &t, allowance);
        assert!(
            words.contains("is out of charge reach") && words.contains("away; its move is"),
            "{words}"
        );
        assert!(
            words.starts_with(&format!("{} #{}", t.profile.name, t.id)),
            "{words}"
        );
    }
}
