//! The battle screen: starts the session, lets computer players act at the chosen pace,
//! and moves on to the result when the battle ends.

use super::Screen;
use super::menu::MenuMessage;
use crate::game::awake::Busy;
use crate::game::desk::{Desk, end_sessions, on_table};
use crate::game::session::{GameSession, PendingBattle};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StartedFrom>()
        .init_resource::<StartFailed>();
    // Every screen a battle starts from; the battle screen too (playing on from here
    // enters it again), which a failure leaves for the main menu.
    for screen in [
        Screen::MainMenu,
        Screen::Setup,
        Screen::Saves,
        Screen::Join,
        Screen::Result,
        Screen::Battle,
    ] {
        app.add_systems(OnExit(screen), move |mut from: ResMut<StartedFrom>| {
            from.0 = Some(screen);
        });
    }
    app.add_systems(OnEnter(Screen::Battle), start.in_set(super::BattleStarted))
        .add_systems(OnEnter(Screen::MainMenu), end_sessions)
        .add_systems(OnEnter(Screen::Setup), end_sessions)
        .add_systems(OnEnter(Screen::Saves), end_sessions);
}

fn start(world: &mut World) {
    end_sessions(world);
    let launch = world.resource_mut::<PendingBattle>().0.take();
    let started = match launch {
        Some(l) => l.start(world),
        None => Err("no battle was set up".into()),
    };
    if let Err(e) = started {
        let why = format!("Could not start the battle: {e}");
        let back = back_after_failure(world.resource::<StartedFrom>().0);
        if back == Screen::MainMenu {
            world.resource_mut::<MenuMessage>().0 = Some(why);
        } else {
            world.resource_mut::<StartFailed>().0 = Some(why);
        }
        world.resource_mut::<NextState<Screen>>().set(back);
    }
}

/// The screen last left: the one a battle was started from.
#[derive(Resource, Default)]
pub struct StartedFrom(pub Option<Screen>);

/// Why the battle could not start, for the form it was started from to say (its
/// choices kept, to mend: a port in use, a host gone).
#[derive(Resource, Default)]
pub struct StartFailed(pub Option<String>);

/// Where a battle that could not start goes back to: the form it came from, which keeps
/// its choices (the setup form, the join form), or else the main menu, which says why.
fn back_after_failure(from: Option<Screen>) -> Screen {
    match from {
        Some(s @ (Screen::Setup | Screen::Join)) => s,
        _ => Screen::MainMenu,
    }
}

/// Seconds the finished table stays on screen before the result.
const LINGER: f32 = 2.5;

/// The battle of ruleset `R` played at the chosen pace, while it is on the table.
pub fn drive_plugin<R: Desk>(app: &mut App) {
    app.init_resource::<Busy>()
        .init_resource::<crate::game::minis::Gliding>()
        .add_systems(Update, drive::<R>.run_if(on_table::<R>()))
        .add_plugins(crate::game::net::panel::plugin::<R>);
}

fn drive<R: Desk>(
    time: Res<Time>,
    mut session: NonSendMut<GameSession<R>>,
    mut over_for: Local<f32>,
    mut next: ResMut<NextState<Screen>>,
    mut pending: ResMut<PendingBattle>,
    mut busy: ResMut<Busy>,
    gliding: Res<crate::game::minis::Gliding>,
) {
    if let Some(controllers) = session.play_on.take()
        && let Some(launch) = session.play_on_from_here(controllers)
    {
        pending.0 = Some(Box::new(launch));
        // Leaving and entering the battle screen again starts the new battle.
        next.set(Screen::Battle);
        return;
    }
    session.advance(time.delta(), gliding.0);
    session.note_part(std::time::Instant::now());
    if session.moves_by_itself() {
        busy.keep();
    }
    if session.to_result {
        session.to_result = false;
        *over_for = 0.0;
        next.set(Screen::Result);
        return;
    }
    let replaying = session.replay.as_ref().is_some_and(|q| !q.is_empty());
    // A replay paused at its end (moved there along its timeline) stays on the table
    // until its Result button is pressed.
    let held = session.timeline.is_some() && session.pace.paused
        // A person's battle waits for them on the table (its banner leads on).
        || crate::game::hud::over::held_for_a_person(&session);
    if session.engine.outcome().is_some() && !replaying && !held {
        *over_for += time.delta_secs();
        busy.keep();
        if *over_for > LINGER {
            *over_for = 0.0;
            next.set(Screen::Result);
        }
    } else {
        *over_for = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::state::app::StatesPlugin;

    /// A battle that cannot start.
    struct Refused;

    impl crate::game::session::Starter for Refused {
        fn start(self: Box<Self>, _: &mut World) -> Result<(), String> {
            Err("cannot listen on 0.0.0.0:4740: Address already in use".into())
        }
    }

    /// A battle that cannot start goes back to the form it was started from, which
    /// says why (the form keeps its choices); from elsewhere, to the main menu.
    #[test]
    fn a_battle_that_cannot_start_goes_back_to_its_form() {
        let mut app = App::new();
        app.add_plugins(StatesPlugin)
            .insert_state(Screen::MainMenu)
            .init_resource::<PendingBattle>()
            .init_resource::<MenuMessage>()
            .add_plugins(plugin);
        for (from, back) in [
            (Screen::Setup, Screen::Setup),
            (Screen::Join, Screen::Join),
            (Screen::Saves, Screen::MainMenu),
        ] {
            crate::game::test_app::go_to(&mut app, from);
            app.world_mut().resource_mut::<PendingBattle>().0 = Some(Box::new(Refused));
            crate::game::test_app::go_to(&mut app, Screen::Battle);
            app.update();
            let now = *app.world().resource::<State<Screen>>().get();
            assert_eq!(now, back, "from {from:?}");
            let told = if back == Screen::MainMenu {
                app.world_mut().resource_mut::<MenuMessage>().0.take()
            } else {
                app.world_mut().resource_mut::<StartFailed>().0.take()
            };
            let told = told.unwrap_or_default();
            assert!(
                told.contains("Address already in use"),
                "from {from:?}: {told}"
            );
        }
    }
}
