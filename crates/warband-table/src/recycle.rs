//! Battle worlds used again. Building a battle's `App` (the ruleset's plugin, then the
//! first run of each of its schedules) cost a tenth of a batch of battles, and more of a
//! `hard` player's thinking, which forks the battle two dozen times a decision. So a
//! dropped engine leaves its `App` with its thread (where there is room: four a
//! ruleset), and the next engine of the same ruleset on that thread takes it and wipes
//! it back to blank: the battle's entities despawned, every resource the blank world
//! lacked removed, every registered resource put back as the blank world had it and
//! every fresh one (caches, the log) started again, the removal and change trackers
//! cleared. Schedules, systems and archetypes stay, built once. The wipe is done when a
//! world is taken, so a spare holds its last battle until then.
//!
//! A resource the blank world already has could not be put back unless it is
//! registered, so a test of each ruleset keeps [`Blank::unkept`] empty; and a battle
//! played on a recycled world is the battle a new one plays, command for command and
//! hash for hash (each ruleset's tests play one after battles on other tables).
//! Archetypes outlive a wipe, so a query's order over several of them follows earlier
//! battles: no rule may depend on it (every reading of many models goes by id, as
//! [`crate::views`] does, or sorts).

use crate::deployment::Deployment;
use crate::engine::Rules;
use crate::state::StateRegistry;
use bevy_app::App;
use bevy_ecs::component::ComponentId;
use bevy_ecs::message::Messages;
use bevy_ecs::prelude::*;
use bevy_ecs::resource::IsResource;
use bevy_state::prelude::*;
use bevy_state::state::{StateTransition, StateTransitionEvent};
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;

/// The most spare worlds a thread keeps of each ruleset.
const SPARES: usize = 4;

/// A battle world of ruleset `R` and what it held when blank.
pub(crate) struct Held<R: Rules> {
    pub(crate) app: App,
    blank: Blank,
    /// The phase a blank world stands in.
    opening: R::Phase,
}

impl<R: Rules> Held<R> {
    /// A blank world: a used one of this thread wiped back to blank where there is one,
    /// else a new one.
    pub(crate) fn get() -> Self {
        if let Some(mut held) = take::<Self>() {
            held.wipe();
            return held;
        }
        let (app, bevys) = Self::build();
        Self {
            blank: Blank::of(app.world(), bevys),
            opening: *app.world().resource::<State<R::Phase>>().get(),
            app,
        }
    }

    /// A new App with the ruleset's plugin and nothing on the table, and the resources
    /// in it that are Bevy's own (schedules, the phase's state and its messages).
    fn build() -> (App, Vec<ComponentId>) {
        let mut app = headless_app();
        app.add_plugins(bevy_state::app::StatesPlugin);
        let mut bevys = resource_ids(app.world());
        R::plugin(&mut app);
        let w = app.world();
        bevys.extend(w.component_id::<State<R::Phase>>());
        bevys.extend(w.component_id::<NextState<R::Phase>>());
        bevys.extend(w.component_id::<Messages<StateTransitionEvent<R::Phase>>>());
        crate::state::passing_resource::<Deployment>(&mut app);
        // Every phase system is exclusive, so there is nothing to run in parallel; and
        // where `multi_threaded` is on (the desktop build turns it on for all of
        // bevy_ecs), starting the parallel executor for each tiny schedule costs more
        // than the work: a batch of battles ran five times slower.
        for (_, schedule) in app
            .world_mut()
            .resource_mut::<bevy_ecs::schedule::Schedules>()
            .iter_mut()
        {
            schedule.set_executor(bevy_ecs::schedule::SingleThreadedExecutor::new());
        }
        app.world_mut().run_schedule(StateTransition);
        (app, bevys)
    }

    /// Wipes a used world back to blank: its battle gone, its phase where a blank one's
    /// stands, with no transition pending and none remembered.
    fn wipe(&mut self) {
        let world = self.app.world_mut();
        self.blank.wipe(world);
        world.insert_resource(State::new(self.opening));
        world.insert_resource(NextState::<R::Phase>::Unchanged);
        if let Some(mut m) = world.get_resource_mut::<Messages<StateTransitionEvent<R::Phase>>>() {
            m.clear();
        }
        // The world's removal messages are kept for two updates, which only `App::update`
        // runs: without this each battle's despawns would pile up for the thread's life.
        world.clear_trackers();
        world.clear_trackers();
        world.check_change_ticks();
    }

    /// See [`Blank::unkept`].
    pub(crate) fn unkept(&self) -> Vec<String> {
        self.blank.unkept(self.app.world())
    }
}

/// `App::new()` without its type registry. The battle reflects nothing, but with Bevy's
/// `reflect_auto_register` feature on (the desktop build turns it on) `App::new()`
/// registers every reflected type in the binary, thousands of them, for each battle:
/// a third of `warband sim`'s time on a batch of `charge` battles.
fn headless_app() -> App {
    let mut app = App::empty();
    app.main_mut().update_schedule =
        Some(bevy_ecs::schedule::ScheduleLabel::intern(&bevy_app::Main));
    app.add_plugins(bevy_app::MainSchedulePlugin);
    app.add_message::<bevy_app::AppExit>();
    app
}

/// The resources `world` holds.
fn resource_ids(world: &World) -> Vec<ComponentId> {
    world.resource_entities().iter().map(|(id, _)| id).collect()
}

/// What a blank battle world holds, by which a used one is wiped back to blank.
pub(crate) struct Blank {
    resources: Vec<ComponentId>,
    /// Those of them that are Bevy's own.
    bevys: Vec<ComponentId>,
    entities: Vec<Entity>,
    /// The registered resources as the blank world has them.
    first: World,
}

impl Blank {
    /// Takes note of `world`, a blank battle world (its plugin added, nothing spawned),
    /// and of which of its resources are Bevy's own.
    pub(crate) fn of(world: &World, bevys: Vec<ComponentId>) -> Self {
        let mut first = World::new();
        world
            .resource::<StateRegistry>()
            .copy_resources(world, &mut first);
        Self {
            resources: resource_ids(world),
            bevys,
            entities: world
                .iter_entities()
                .filter(|e| !e.contains::<IsResource>())
                .map(|e| e.id())
                .collect(),
            first,
        }
    }

    /// Wipes `world` back to the blank world this was taken of (the phase aside, which
    /// the engine sets).
    pub(crate) fn wipe(&self, world: &mut World) {
        // The registry itself is written only while the plugin is added.
        let registry = world.resource::<StateRegistry>().clone();
        registry.remove_fresh(world);
        let mut added = resource_ids(world);
        added.retain(|id| !self.resources.contains(id));
        for id in added {
            world.remove_resource_by_id(id);
        }
        let spawned: Vec<Entity> = world
            .iter_entities()
            .filter(|e| !e.contains::<IsResource>() && !self.entities.contains(&e.id()))
            .map(|e| e.id())
            .collect();
        for e in spawned {
            world.despawn(e);
        }
        registry.restore(&self.first, world);
    }

    /// The resources of the blank world that a wipe could not put back: neither
    /// registered (as state or fresh) nor Bevy's own (schedules, states, messages).
    pub(crate) fn unkept(&self, world: &World) -> Vec<String> {
        let registry = world.resource::<StateRegistry>();
        let itself = world.component_id::<StateRegistry>();
        let mut out: Vec<String> = self
            .resources
            .iter()
            .filter(|id| Some(**id) != itself && !self.bevys.contains(id))
            .filter(|id| !registry.knows_resource(world, **id))
            .map(|id| {
                world
                    .components()
                    .get_name(*id)
                    .map_or_else(|| format!("{id:?}"), |n| n.to_string())
            })
            .collect();
        out.sort();
        out
    }
}

thread_local! {
    /// Used worlds on this thread, by the type that holds them (one per ruleset); each
    /// is wiped when it is taken.
    static SPARE: RefCell<HashMap<TypeId, Vec<Box<dyn Any>>>> = RefCell::new(HashMap::new());
}

/// A used world held as a `T` on this thread, if there is one (not yet wiped).
fn take<T: Any>() -> Option<T> {
    let spare = SPARE
        .try_with(|s| s.borrow_mut().get_mut(&TypeId::of::<T>())?.pop())
        .ok()
        .flatten()?;
    spare.downcast().ok().map(|b| *b)
}

/// Keeps a used world for this thread's next battle of its ruleset, where there is room.
pub(crate) fn give<T: Any>(spare: T) {
    let refused = SPARE.try_with(|s| {
        let mut s = s.borrow_mut();
        let spares = s.entry(TypeId::of::<T>()).or_default();
        if spares.len() < SPARES {
            spares.push(Box::new(spare));
            None
        } else {
            Some(spare)
        }
    });
    // A world there was no room for is dropped here, outside the borrow.
    drop(refused);
}

/// How many used worlds this thread keeps, of every ruleset.
pub fn spares() -> usize {
    SPARE
        .try_with(|s| s.borrow().values().map(Vec::len).sum())
        .unwrap_or(0)
}
