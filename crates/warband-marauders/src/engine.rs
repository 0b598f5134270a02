//! The headless battle: an `App` with the battle plugin, built from a setup and a seed,
//! driven by `submit`. No window, no renderer: the desktop game wraps the same plugin.

use crate::battle::{Battle, Dice, SideState, TerrainMap, Turn};
use crate::command::{Command, Refusal};
use crate::components::*;
use crate::data::BattleSetup;
use crate::geometry::{BaseShape, Placed};
use crate::log::{BattleLog, LogEvent};
use crate::phases::{self, Phase};
use crate::state;
use bevy_app::App;
use bevy_ecs::prelude::*;
use warband_rules::Ruleset;
use warband_rules::marauders::spells::SpellDef;
use warband_rules::{DiceRoller, Side};
use warband_table::engine::Rules;

/// The spell list of the battle (shared, not copied, by each AI snapshot).
#[derive(Resource, Clone, Debug, Default)]
pub struct Spells(pub std::sync::Arc<[SpellDef]>);

impl Spells {
    pub fn get(&self, name: &str) -> Option<&SpellDef> {
        self.0.iter().find(|s| s.name == *name)
    }
}

/// Adds the battle's states, resources and phase systems to an App. The App needs
/// `StatesPlugin` (the desktop game gets it from `DefaultPlugins`).
pub fn plugin(app: &mut App) {
    app.init_resource::<TerrainMap>().init_resource::<Spells>();
    state::fresh_resource::<BattleLog>(app);
    warband_table::components::register_bases(app);
    state::fresh_resource::<warband_table::views::ViewQuery<crate::battle::ViewData>>(app);
    state::model_id(app);
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
    state::fixed_resource::<warband_table::components::TerrainNames>(app);
    state::fixed_resource::<Spells>(app);
    phases::plugin(app);
}

/// Marauders, as the table's engine sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marauders;

impl Rules for Marauders {
    const RULESET: Ruleset = Ruleset::Marauders;
    type Phase = Phase;
    type Command = Command;
    type Event = LogEvent;
    type Setup = BattleSetup;
    type Battle = Battle;

    fn plugin(app: &mut App) {
        plugin(app);
    }

    fn spawn(world: &mut World, setup: &BattleSetup, seed: u64) -> Result<(), String> {
        spawn(world, setup, seed)
    }

    fn first_phase() -> Phase {
        Phase::DeclareSpells
    }

    fn apply(world: &mut World, side: Side, command: &Command) -> Result<(), Refusal> {
        phases::apply(world, side, command)
    }

    fn yield_command(_: &World, _: Side) -> Command {
        Command::EndPhase
    }

    fn awaiting(world: &World) -> Option<Side> {
        phases::awaiting(world)
    }

    warband_table::deploy_commands!();
}

/// A battle of Marauders: the table's engine running the Marauders rules.
pub type Engine = warband_table::engine::Engine<Marauders>;

/// What Marauders adds to its engine: its `Battle` resource (round, priority, order of
/// play, the sides' state, the outcome).
/// Spawns terrain and models and inserts the battle's resources.
fn spawn(world: &mut World, setup: &BattleSetup, seed: u64) -> Result<(), String> {
    let table = warband_table::table::lay_table(world, setup)?;
    let s = &setup.scenario;
    world.insert_resource(Spells(setup.spells.clone().into()));
    world.insert_resource(Dice(DiceRoller::from_seed(seed)));
    let mut sides: [SideState; 2] = Default::default();
    let mut next_id = 1u32;
    let mut index = Vec::new();
    for side in Side::BOTH {
        let army = setup.armies.get(side);
        let profiles: Vec<&'static warband_rules::marauders::Profile> = army
            .models()
            .map(|name| ModelProfile::interned(setup.profile(name).expect("validated above")).0)
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
