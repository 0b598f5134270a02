//! The headless battle: an `App` with the battle plugin, built from a setup and a seed,
//! driven by `submit`. No window, no renderer: the desktop game wraps the same plugin.

use crate::battle::{Battle, Dice, Outcome, SideState, TerrainMap, Turn};
use crate::command::{Command, Refusal};
use crate::components::*;
use crate::data::BattleSetup;
use crate::geometry::{BaseShape, Placed};
use crate::log::{BattleLog, LogEvent};
use crate::phases::{self, Phase};
use crate::state::{self, StateRegistry};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use bevy_state::prelude::*;
use bevy_state::state::StateTransition;
use std::sync::Arc;
use warband_rules::marauders::spells::SpellDef;
use warband_rules::{DiceRoller, Side};

/// The spell list of the battle.
#[derive(Resource, Clone, Debug, Default)]
pub struct Spells(pub Vec<SpellDef>);

impl Spells {
    pub fn get(&self, name: &str) -> Option<&SpellDef> {
        self.0.iter().find(|s| s.name == name)
    }
}

/// Adds the battle's states, resources and phase systems to an App. The App needs
/// `StatesPlugin` (the desktop game gets it from `DefaultPlugins`).
pub fn plugin(app: &mut App) {
    app.init_resource::<BattleLog>()
        .init_resource::<TerrainMap>()
        .init_resource::<Spells>();
    state::component::<ModelId>(app);
    state::component::<Team>(app);
    state::component::<ModelProfile>(app);
    state::component::<HitDice>(app);
    state::component::<Base>(app);
    state::component::<Engagement>(app);
    state::component::<Conditions>(app);
    state::component::<Caster>(app);
    state::component::<Leader>(app);
    state::component::<OutOfAction>(app);
    state::resource::<Battle>(app);
    state::fixed_resource::<TerrainMap>(app);
    state::fixed_resource::<Spells>(app);
    phases::plugin(app);
}

pub struct Engine {
    app: App,
}

impl Engine {
    /// Sets up the table and both armies and starts round 1.
    pub fn new(setup: &BattleSetup, seed: u64) -> Result<Self, String> {
        let mut engine = Self::empty();
        spawn(engine.app.world_mut(), setup, seed)?;
        engine
            .app
            .world_mut()
            .resource_mut::<NextState<Phase>>()
            .set(Phase::DeclareSpells);
        engine.settle();
        Ok(engine)
    }

    /// An App with the battle plugin, in `Deploy`, with nothing on the table.
    fn empty() -> Self {
        let mut app = App::new();
        app.add_plugins(bevy_state::app::StatesPlugin)
            .add_plugins(plugin);
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
        Self { app }
    }

    /// A copy of the battle as it stands, with its own dice seeded by `dice_seed` and an
    /// empty log: the lookahead of the `hard` player plays on forks, so what it tries
    /// never touches the real battle or its dice.
    pub fn fork(&self, dice_seed: u64) -> Self {
        let mut fork = Self::empty();
        let src = self.app.world();
        let registry = src.resource::<StateRegistry>().clone();
        let phase = self.phase();
        let dst = fork.app.world_mut();
        let mut index = Vec::new();
        for e in &src.resource::<crate::battle::ModelIndex>().0 {
            let mut copy = dst.spawn_empty();
            registry.copy_model(src.entity(*e), &mut copy);
            index.push(copy.id());
        }
        dst.insert_resource(crate::battle::ModelIndex(index));
        registry.copy_resources(src, dst);
        dst.insert_resource(Dice(DiceRoller::from_seed(dice_seed)));
        dst.insert_resource(State::new(phase));
        fork
    }

    pub fn world(&self) -> &World {
        self.app.world()
    }

    pub fn world_mut(&mut self) -> &mut World {
        self.app.world_mut()
    }

    pub fn phase(&self) -> Phase {
        phases::current(self.world())
    }

    pub fn awaiting(&self) -> Option<Side> {
        phases::awaiting(self.world())
    }

    pub fn battle(&self) -> &Battle {
        self.world().resource::<Battle>()
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.battle().outcome.as_ref()
    }

    pub fn log(&self) -> &BattleLog {
        self.world().resource::<BattleLog>()
    }

    /// Validates and applies one command; a refused command changes nothing but the
    /// log, which records the refusal and its reason.
    pub fn submit(&mut self, side: Side, command: Command) -> Result<(), Refusal> {
        let world = self.app.world_mut();
        let mark = world.resource::<BattleLog>().events.len();
        world.resource_mut::<BattleLog>().push(LogEvent::Accepted {
            side,
            command: command.clone(),
        });
        let result = phases::apply(world, side, &command);
        if let Err(refusal) = &result {
            let mut log = world.resource_mut::<BattleLog>();
            log.events.truncate(mark);
            log.push(LogEvent::Refused {
                side,
                command,
                reason: refusal.0.clone(),
            });
        }
        self.settle();
        result
    }

    /// Runs state transitions (and the phases that play themselves) until the battle
    /// waits for a side or ends.
    fn settle(&mut self) {
        let world = self.app.world_mut();
        for _ in 0..256 {
            if matches!(*world.resource::<NextState<Phase>>(), NextState::Unchanged) {
                break;
            }
            world.run_schedule(StateTransition);
        }
    }

    /// A hash of everything that decides the rest of the battle: the phase, then every
    /// registered component of each model (in id order) and every registered resource
    /// that changes in play (see [`crate::state`]). FNV-1a over their debug text, so it
    /// is the same on every platform.
    pub fn state_hash(&mut self) -> u64 {
        let phase = self.phase();
        let world = self.app.world();
        let registry = world.resource::<StateRegistry>();
        let mut h = crate::hash::Fnv::default();
        h.write_str(&format!("{phase:?}"));
        for e in &world.resource::<crate::battle::ModelIndex>().0 {
            registry.hash_model(world.entity(*e), &mut h);
        }
        registry.hash_resources(world, &mut h);
        h.finish()
    }

    /// Components a model carries that the state registry does not know (a test
    /// keeps this empty: what is not registered would be lost by forks and hashes).
    pub fn unregistered_state(&self) -> Vec<String> {
        let world = self.app.world();
        let registry = world.resource::<StateRegistry>();
        let mut out: Vec<String> = world
            .resource::<crate::battle::ModelIndex>()
            .0
            .iter()
            .flat_map(|e| registry.unregistered(world, *e))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// Spawns terrain and models and inserts the battle's resources.
fn spawn(world: &mut World, setup: &BattleSetup, seed: u64) -> Result<(), String> {
    let problems = setup.problems();
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    let s = &setup.scenario;
    let table = Vec2::new(s.table.0, s.table.1);
    let mut shapes = Vec::new();
    for (index, t) in s.terrain.iter().enumerate() {
        shapes.push(t.shape()?);
        world.spawn(Terrain {
            index,
            name: t.name.clone(),
            kind: t.kind,
        });
    }
    world.insert_resource(TerrainMap(shapes.into()));
    world.insert_resource(Spells(setup.spells.clone()));
    world.insert_resource(Dice(DiceRoller::from_seed(seed)));
    let mut sides: [SideState; 2] = Default::default();
    let mut next_id = 1u32;
    let mut index = Vec::new();
    for side in Side::BOTH {
        let army = setup.armies.get(side);
        let profiles: Vec<Arc<warband_rules::marauders::Profile>> = army
            .models()
            .map(|name| Arc::new(setup.profile(name).expect("validated above").clone()))
            .collect();
        let diameters: Vec<f32> = profiles.iter().map(|p| p.base_diameter()).collect();
        let spots = warband_table::table::deploy(*s.deployment.get(side), &diameters, table)
            .map_err(|e| format!("{}: {e}", army.name))?;
        let mut leader_placed = false;
        for (profile, spot) in profiles.into_iter().zip(spots) {
            let mut e = world.spawn((
                ModelId(next_id),
                Team(side),
                HitDice {
                    initial: profile.hd,
                    left: profile.hd,
                },
                Base(Placed {
                    shape: BaseShape::Round {
                        diameter: profile.base_diameter(),
                    },
                    center: spot,
                    facing: 0.0,
                }),
                Engagement::default(),
                Conditions::default(),
            ));
            if !profile.spells.is_empty() {
                e.insert(Caster {
                    slots: profile.spell_slots,
                    ..Caster::default()
                });
            }
            if !leader_placed && profile.name == army.leader {
                e.insert(Leader);
                leader_placed = true;
            }
            e.insert(ModelProfile(profile));
            index.push(e.id());
            next_id += 1;
            sides[side.index()].starting_models += 1;
        }
    }
    world.insert_resource(crate::battle::ModelIndex(index));
    world.insert_resource(Battle {
        seed,
        round: 0,
        round_limit: s.round_limit,
        table,
        priority: None,
        last_priority: None,
        first: Vec::new(),
        turn: Turn::default(),
        sides,
        outcome: None,
    });
    Ok(())
}
