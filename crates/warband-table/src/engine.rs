//! The engine every ruleset runs on: a headless `App` holding one battle, driven by one
//! command path. A ruleset says what its phases, commands and events are and how a
//! command is judged ([`Rules`]); the engine owns the rest — state transitions until the
//! battle waits for a side, the log with each command accepted or refused, forks with
//! their own dice, and the state hash, both driven by the state registry.

use crate::Refusal;
use crate::components::ModelId;
use crate::deployment::{self, Placing};
use crate::hash::Fnv;
use crate::log::{Entry, Log};
use crate::recycle::Held;
use crate::state::StateRegistry;
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use bevy_state::state::FreelyMutableState;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use warband_rules::{DiceRoller, Ruleset, Side};

/// The battle's one seeded stream of dice.
#[derive(Resource, Clone)]
pub struct Dice(pub DiceRoller);

/// Model entities by id (ids run 1, 2, 3, … in muster order), so that finding a model
/// costs nothing and "every model" comes out already sorted by id.
#[derive(Resource, Clone, Debug, Default)]
pub struct ModelIndex(pub Vec<Entity>);

impl ModelIndex {
    /// The entity of model `id` (ids count from 1).
    pub fn entity(&self, id: ModelId) -> Option<Entity> {
        self.0
            .get(usize::try_from(id.0).ok()?.checked_sub(1)?)
            .copied()
    }
}

/// How a battle ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: String,
}

/// The resource that holds a battle's progress: its round (or turn) and how it ended.
pub trait Progress: Resource {
    fn round(&self) -> u32;
    fn outcome(&self) -> Option<&Outcome>;
    /// Ends the battle off the table: a side conceded, or both sides agreed a draw.
    fn end(&mut self, outcome: Outcome);
}

/// What a ruleset tells the engine.
pub trait Rules: Sized + Clone + Debug + PartialEq + Send + Sync + 'static {
    const RULESET: Ruleset;
    /// The ruleset's battle resource.
    type Battle: Progress + Component<Mutability = bevy_ecs::component::Mutable>;
    /// The ruleset's phases (or turn steps), a Bevy state its plugin initialises.
    type Phase: FreelyMutableState + Copy + Debug;
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// The ruleset's own log events (the table's are in [`Entry`]).
    type Event: Clone + Debug + Serialize + Send + Sync + 'static;
    type Setup: crate::scenario::Setup;

    /// Adds the ruleset's states, resources, systems and registered state (including
    /// `Log<Self::Command, Self::Event>`).
    fn plugin(app: &mut App);
    /// Lays the table and musters the armies.
    fn spawn(world: &mut World, setup: &Self::Setup, seed: u64) -> Result<(), String>;
    /// The phase the battle opens with.
    fn first_phase() -> Self::Phase;
    /// Judges one command and, if it is legal, applies all of it; a refused command must
    /// change nothing (the engine then logs the refusal).
    fn apply(world: &mut World, side: Side, command: &Self::Command) -> Result<(), Refusal>;
    /// The round (or turn) being played.
    fn round(world: &World) -> u32 {
        world
            .get_resource::<Self::Battle>()
            .map_or(0, Progress::round)
    }
    /// What a side with nothing it wants to do sends: a command that is legal whenever
    /// the battle awaits `side` (ending its part of the phase, or in Toy Soldier, where
    /// no side may forfeit its tokens early, activating its cheapest unit and passing).
    fn yield_command(world: &World, side: Side) -> Self::Command;
    /// The side whose command the battle waits for, if any (deployment by hand aside,
    /// which the engine runs).
    fn awaiting(world: &World) -> Option<Side>;
    /// The ruleset's command that carries a placement of deployment by hand.
    fn deploy(placing: Placing) -> Self::Command;
    /// The placement a command carries, if it is one.
    fn placing(command: &Self::Command) -> Option<&Placing>;
    fn outcome(world: &World) -> Option<&Outcome> {
        world.get_resource::<Self::Battle>()?.outcome()
    }
}

/// One battle of ruleset `R`. Dropped, it leaves its world to the next battle of `R` on
/// its thread where there is room (see [`crate::recycle`]).
pub struct Engine<R: Rules> {
    /// Always there but while the engine is dropped.
    held: Option<Held<R>>,
}

impl<R: Rules> Drop for Engine<R> {
    fn drop(&mut self) {
        // A world dropped as a panic unwinds may be missing the schedule that was running
        // (Bevy takes it out while it runs): it goes with the engine.
        if let Some(held) = self.held.take().filter(|_| !std::thread::panicking()) {
            crate::recycle::give(held);
        }
    }
}

impl<R: Rules> Engine<R> {
    /// Sets up the table and both armies and starts the battle, or, where the scenario
    /// deploys by hand, its deployment (the battle starts when the last model is placed).
    pub fn new(setup: &R::Setup, seed: u64) -> Result<Self, String> {
        use crate::scenario::Setup;
        let mut engine = Self::empty();
        let world = engine.app_mut().world_mut();
        R::spawn(world, setup, seed)?;
        let s = setup.scenario();
        if s.hand_deployment {
            deployment::begin(world, s.deployment.clone(), s.table.into());
        } else {
            world
                .resource_mut::<NextState<R::Phase>>()
                .set(R::first_phase());
        }
        engine.settle();
        Ok(engine)
    }

    /// An App with the ruleset's plugin and nothing on the table: a used one of this
    /// thread wiped back to blank where there is one, else a new one.
    fn empty() -> Self {
        Self {
            held: Some(Held::get()),
        }
    }

    fn held(&self) -> &Held<R> {
        self.held
            .as_ref()
            .expect("an engine holds its world until dropped")
    }

    fn app(&self) -> &App {
        &self.held().app
    }

    fn app_mut(&mut self) -> &mut App {
        &mut self
            .held
            .as_mut()
            .expect("an engine holds its world until dropped")
            .app
    }

    /// A copy of the battle as it stands, with its own dice seeded by `dice_seed` and an
    /// empty log: what a look-ahead tries on a fork never touches the real battle.
    pub fn fork(&self, dice_seed: u64) -> Self {
        self.fork_with(DiceRoller::from_seed(dice_seed))
    }

    /// A fork ([`Engine::fork`]) whose dice are keyed by what each is for
    /// ([`DiceRoller::keyed`]): forks of one seed roll alike for the same events, however
    /// their play differs, as a look-ahead comparing moves wants.
    pub fn fork_keyed(&self, dice_seed: u64) -> Self {
        self.fork_with(DiceRoller::keyed(dice_seed))
    }

    fn fork_with(&self, dice: DiceRoller) -> Self {
        let mut fork = Self::empty();
        let src = self.app().world();
        let registry = src.resource::<StateRegistry>().clone();
        let phase = self.phase();
        let dst = fork.app_mut().world_mut();
        let mut index = Vec::new();
        for e in &src.resource::<ModelIndex>().0 {
            let mut copy = dst.spawn_empty();
            registry.copy_model(src.entity(*e), &mut copy);
            index.push(copy.id());
        }
        dst.insert_resource(ModelIndex(index));
        registry.copy_resources(src, dst);
        dst.insert_resource(Dice(dice));
        dst.insert_resource(State::new(phase));
        fork
    }

    /// An exact copy of the battle as it stands — its dice where they are and its log so
    /// far — from which play goes on as it would have gone on here (a replay's snapshot).
    pub fn snapshot(&self) -> Self {
        let mut copy = self.fork(0);
        let src = self.app().world();
        let dice = src.resource::<Dice>().clone();
        let log = src.resource::<Log<R::Command, R::Event>>().clone();
        let dst = copy.app_mut().world_mut();
        dst.insert_resource(dice);
        dst.insert_resource(log);
        copy
    }

    pub fn ruleset(&self) -> Ruleset {
        R::RULESET
    }

    pub fn world(&self) -> &World {
        self.app().world()
    }

    pub fn world_mut(&mut self) -> &mut World {
        self.app_mut().world_mut()
    }

    /// The ruleset's battle resource: round, sides, outcome and the rest.
    pub fn battle(&self) -> &R::Battle {
        self.world().resource::<R::Battle>()
    }

    pub fn phase(&self) -> R::Phase {
        *self.world().resource::<State<R::Phase>>().get()
    }

    pub fn awaiting(&self) -> Option<Side> {
        if self.outcome().is_some() {
            return None;
        }
        deployment::awaiting(self.world()).or_else(|| R::awaiting(self.world()))
    }

    /// What a side with nothing it wants to do sends: the ruleset's yield command, or
    /// in deployment by hand, the rest of its models placed by the computer.
    pub fn yield_command(&self, side: Side) -> R::Command {
        if deployment::underway(self.world()) {
            R::deploy(Placing::Rest)
        } else {
            R::yield_command(self.world(), side)
        }
    }

    /// Whether deployment by hand is under way.
    pub fn deploying(&self) -> Option<&deployment::Deployment> {
        self.world().get_resource::<deployment::Deployment>()
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        R::outcome(self.world())
    }

    pub fn log(&self) -> &Log<R::Command, R::Event> {
        self.world().resource::<Log<R::Command, R::Event>>()
    }

    /// Ends the battle as the players agreed (a concession, or a draw both accepted):
    /// the battle awaits no one after it.
    pub fn end_by_agreement(&mut self, outcome: Outcome) {
        self.app_mut()
            .world_mut()
            .resource_mut::<R::Battle>()
            .end(outcome);
    }

    /// Draws the dice from here on from `seed` (a network battle's dice for each
    /// command: see [`crate::save::salted_seed`]).
    pub fn reseed_dice(&mut self, seed: u64) {
        self.app_mut()
            .world_mut()
            .resource_mut::<Dice>()
            .0
            .reseed(seed);
    }

    /// Where a network battle salted command `seq` (of the battle begun from `seed`),
    /// draws that command's dice from its salt; without a salt, changes nothing.
    pub fn salt_dice(&mut self, seed: u64, seq: u64, salt: Option<u64>) {
        if let Some(salt) = salt {
            self.reseed_dice(crate::save::salted_seed(seed, seq, salt));
        }
    }

    /// Command `seq` of a network battle begun from `seed`, played with its dice drawn
    /// from its `salt` (if any), as [`Engine::submit`] plays it. A refused one leaves the
    /// dice as they were: it takes no place in the battle, so the next command's salt
    /// is drawn for the same `seq`.
    pub fn submit_salted(
        &mut self,
        side: Side,
        command: R::Command,
        (seed, seq, salt): (u64, u64, Option<u64>),
    ) -> Result<(), Refusal> {
        let dice = self.app().world().resource::<Dice>().clone();
        self.salt_dice(seed, seq, salt);
        let result = self.submit(side, command);
        if result.is_err() {
            self.app_mut().world_mut().insert_resource(dice);
        }
        result
    }

    /// Validates and applies one command; a refused command changes nothing but the
    /// log, which records the refusal and its reason.
    pub fn submit(&mut self, side: Side, command: R::Command) -> Result<(), Refusal> {
        let world = self.app_mut().world_mut();
        let mark = world.resource::<Log<R::Command, R::Event>>().events.len();
        world
            .resource_mut::<Log<R::Command, R::Event>>()
            .push(Entry::Accepted {
                side,
                command: command.clone(),
            });
        let placing = R::placing(&command);
        let result = if placing.is_some() || deployment::underway(world) {
            deployment::apply::<R>(world, side, placing).map(|done| {
                if done {
                    let mut next = world.resource_mut::<NextState<R::Phase>>();
                    next.set(R::first_phase());
                }
            })
        } else {
            R::apply(world, side, &command)
        };
        if let Err(refusal) = &result {
            let mut log = world.resource_mut::<Log<R::Command, R::Event>>();
            log.events.truncate(mark);
            log.push(Entry::Refused {
                side,
                command,
                reason: refusal.0.clone(),
            });
        }
        self.settle();
        result
    }

    /// Runs state transitions (and the phases that play themselves) until the battle
    /// waits for a side or ends, each applied as Bevy's `StateTransition` schedule would
    /// ([`crate::transition`]).
    fn settle(&mut self) {
        let world = self.app_mut().world_mut();
        for _ in 0..256 {
            if !crate::transition::apply_pending::<R::Phase>(world) {
                break;
            }
        }
    }

    /// A hash of everything that decides the rest of the battle: the phase, then every
    /// registered component of each model (in id order) and every registered resource
    /// that changes in play (see [`crate::state`]). FNV-1a over their debug text, so it
    /// is the same on every platform.
    pub fn state_hash(&self) -> u64 {
        let phase = self.phase();
        let world = self.app().world();
        let registry = world.resource::<StateRegistry>();
        let mut h = Fnv::default();
        h.write_str(&format!("{phase:?}"));
        for e in &world.resource::<ModelIndex>().0 {
            registry.hash_model(world.entity(*e), &mut h);
        }
        registry.hash_resources(world, &mut h);
        h.finish()
    }

    /// Resources of a blank battle world that neither the state registry nor Bevy keeps
    /// (a test keeps this empty: a recycled world could not put them back as they were).
    pub fn unkept_resources(&self) -> Vec<String> {
        self.held().unkept()
    }

    /// Components a model carries that the state registry does not know (a test keeps
    /// this empty: what is not registered would be lost by forks and hashes).
    pub fn unregistered_state(&self) -> Vec<String> {
        let world = self.app().world();
        let registry = world.resource::<StateRegistry>();
        let mut out: Vec<String> = world
            .resource::<ModelIndex>()
            .0
            .iter()
            .flat_map(|e| registry.unregistered(world, *e))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}
