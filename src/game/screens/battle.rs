//! The battle screen: starts the session, lets computer players act at the chosen pace,
//! and moves on to the result when the battle ends.

use super::Screen;
use super::menu::MenuMessage;
use crate::game::session::{PendingBattle, Session};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), start.in_set(super::BattleStarted))
        .add_systems(Update, drive.run_if(in_state(Screen::Battle)))
        .add_systems(OnEnter(Screen::MainMenu), end_session)
        .add_systems(OnEnter(Screen::Setup), end_session)
        .add_systems(OnEnter(Screen::Saves), end_session);
}

fn start(world: &mut World) {
    let launch = world.resource_mut::<PendingBattle>().0.take();
    let started = launch
        .map(|l| l.start())
        .unwrap_or_else(|| Err("no battle was set up".into()));
    match started {
        Ok(session) => world.insert_non_send(session),
        Err(e) => {
            world.resource_mut::<MenuMessage>().0 =
                Some(format!("Could not start the battle: {e}"));
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::MainMenu);
        }
    }
}

fn end_session(world: &mut World) {
    world.remove_non_send::<Session>();
}

/// Seconds the finished table stays on screen before the result.
const LINGER: f32 = 2.5;

fn drive(
    time: Res<Time>,
    session: Option<NonSendMut<Session>>,
    mut over_for: Local<f32>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(mut session) = session else { return };
    session.advance(time.delta());
    let replaying = session.replay.as_ref().is_some_and(|q| !q.is_empty());
    if session.engine.outcome().is_some() && !replaying {
        *over_for += time.delta_secs();
        if *over_for > LINGER {
            *over_for = 0.0;
            next.set(Screen::Result);
        }
    } else {
        *over_for = 0.0;
    }
}
