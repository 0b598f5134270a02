//! A phase change applied the way Bevy's `StateTransition` schedule applies one, without
//! running that schedule's own systems: they wrote a message and read it back three
//! times to run the phase's schedules, which cost a tenth of a Marauders battle (seven
//! phase changes a round). Nothing in a battle reads the `StateTransitionEvent` or the
//! `PreviousState` they kept, so neither is written.
//!
//! Each change's schedules are looked up once a world ([`Hops`]): interning a label and
//! asking for a schedule a phase does not have cost more than most phase changes' own
//! systems. Schedules are added when the app is built, before any phase changes.

use bevy_ecs::resource::Resource;
use bevy_ecs::schedule::{InternedScheduleLabel, ScheduleLabel, Schedules};
use bevy_ecs::world::World;
use bevy_platform::collections::HashMap;
use bevy_state::prelude::*;
use bevy_state::state::FreelyMutableState;

/// The schedules a change from one phase to another runs, interned, as far as the world
/// has them: `OnExit` of the phase left, `OnTransition` between the two, `OnEnter` of the
/// phase entered (None: it has no such schedule).
#[derive(Resource)]
struct Hops<S: States>(HashMap<(S, S), [Option<InternedScheduleLabel>; 3]>);

/// Applies the phase pending in `NextState<S>`, if one is: sets `State<S>`, then runs
/// `OnExit` of the phase left, `OnTransition` between the two and `OnEnter` of the phase
/// entered, in that order; `OnExit` and `OnEnter` not when `set_if_neq` named the phase
/// already current. False when nothing was pending. A phase its schedules set in turn
/// waits for the next call.
pub(crate) fn apply_pending<S: FreelyMutableState + Copy>(world: &mut World) -> bool {
    let (entered, always) = match std::mem::take(&mut *world.resource_mut::<NextState<S>>()) {
        NextState::Unchanged => return false,
        NextState::Pending(p) => (p, true),
        NextState::PendingIfNeq(p) => (p, false),
    };
    let exited = *world.resource::<State<S>>().get();
    world.insert_resource(State::new(entered));
    let [exit, transition, enter] = hops(world, exited, entered);
    let schedules = always || exited != entered;
    let runs = [
        exit.filter(|_| schedules),
        transition,
        enter.filter(|_| schedules),
    ];
    for label in runs.into_iter().flatten() {
        let _ = world.try_run_schedule(label);
    }
    true
}

/// The schedules of a change from `exited` to `entered` ([`Hops`]), found when first
/// asked for.
fn hops<S: FreelyMutableState + Copy>(
    world: &mut World,
    exited: S,
    entered: S,
) -> [Option<InternedScheduleLabel>; 3] {
    if let Some(known) = world
        .get_resource::<Hops<S>>()
        .and_then(|h| h.0.get(&(exited, entered)))
    {
        return *known;
    }
    let schedules = world.resource::<Schedules>();
    let has = |label: InternedScheduleLabel| schedules.contains(label).then_some(label);
    let found = [
        has(OnExit(exited).intern()),
        has(OnTransition { exited, entered }.intern()),
        has(OnEnter(entered).intern()),
    ];
    world
        .get_resource_or_insert_with(|| Hops::<S>(HashMap::default()))
        .0
        .insert((exited, entered), found);
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_ecs::prelude::*;
    use bevy_ecs::schedule::ScheduleLabel;

    #[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    enum Phase {
        #[default]
        Move,
        Shoot,
    }

    /// The schedules run, in order, and the phase each saw.
    #[derive(Resource, Default)]
    struct Ran(Vec<String>);

    /// Adds the schedule `label`, whose one system notes `name` and the phase it sees.
    fn add(world: &mut World, label: impl ScheduleLabel, name: String) {
        let mut s = Schedule::new(label);
        s.add_systems(move |mut ran: ResMut<Ran>, now: Res<State<Phase>>| {
            ran.0.push(format!("{name} in {:?}", now.get()));
        });
        world.add_schedule(s);
    }

    /// A world in `Move` with every exit, transition and enter schedule of the two.
    fn world() -> World {
        let mut world = World::new();
        world.insert_resource(State::new(Phase::Move));
        world.init_resource::<NextState<Phase>>();
        world.init_resource::<Ran>();
        for p in [Phase::Move, Phase::Shoot] {
            add(&mut world, OnExit(p), format!("exit {p:?}"));
            add(&mut world, OnEnter(p), format!("enter {p:?}"));
            for q in [Phase::Move, Phase::Shoot] {
                let t = OnTransition {
                    exited: p,
                    entered: q,
                };
                add(&mut world, t, format!("{p:?} to {q:?}"));
            }
        }
        world
    }

    fn ran(world: &mut World) -> Vec<String> {
        std::mem::take(&mut world.resource_mut::<Ran>().0)
    }

    /// What a full change from `from` to `to` runs, each schedule seeing `to` set.
    fn change(from: &str, to: &str) -> [String; 3] {
        [
            format!("exit {from} in {to}"),
            format!("{from} to {to} in {to}"),
            format!("enter {to} in {to}"),
        ]
    }

    #[test]
    fn a_change_runs_exit_transition_and_enter_with_the_new_phase_set() {
        let mut w = world();
        assert!(!apply_pending::<Phase>(&mut w), "nothing pending");
        w.resource_mut::<NextState<Phase>>().set(Phase::Shoot);
        assert!(apply_pending::<Phase>(&mut w));
        assert_eq!(ran(&mut w), change("Move", "Shoot"));
        assert!(!apply_pending::<Phase>(&mut w), "taken once");
    }

    #[test]
    fn the_same_phase_again_reruns_its_schedules_unless_set_if_neq() {
        let mut w = world();
        w.resource_mut::<NextState<Phase>>().set(Phase::Move);
        assert!(apply_pending::<Phase>(&mut w));
        assert_eq!(ran(&mut w), change("Move", "Move"));
        (*w.resource_mut::<NextState<Phase>>()).set_if_neq(Phase::Move);
        assert!(apply_pending::<Phase>(&mut w));
        assert_eq!(ran(&mut w), ["Move to Move in Move"]);
        (*w.resource_mut::<NextState<Phase>>()).set_if_neq(Phase::Shoot);
        assert!(apply_pending::<Phase>(&mut w));
        assert_eq!(ran(&mut w), change("Move", "Shoot"));
    }
}
