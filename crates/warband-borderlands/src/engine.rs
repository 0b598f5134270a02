//! B/X Borderlands as the table's engine sees it, and the battle's setting up: terrain,
//! hit points rolled (and logged) at deployment, both sides mustered.

use crate::battle::{Battle, Dice, SideState, Step};
use crate::command::Command;
use crate::components::*;
use crate::data::{BattleSetup, base_diameter};
use crate::log::{BattleLog, Entry, LogEvent};
use crate::phases::{self, Phase};
use bevy_app::App;
use bevy_ecs::prelude::*;
use warband_rules::borderlands::clauses::HIT_POINTS;
use warband_rules::borderlands::rules::{Order, roll_hp};
use warband_rules::{DiceRoller, Ruleset, Side};
use warband_table::engine::{ModelIndex, Rules};
use warband_table::geometry::{BaseShape, Placed};
use warband_table::{Refusal, state};

/// Registers the battle's state and phases.
pub fn plugin(app: &mut App) {
    state::fresh_resource::<BattleLog>(app);
    state::fresh_resource::<warband_table::views::ViewQuery<crate::battle::ViewData>>(app);
    warband_table::components::register(app);
    state::component::<Stats>(app);
    state::component::<Hp>(app);
    state::component::<Condition>(app);
    state::component::<Slots>(app);
    state::resource::<Battle>(app);
    phases::plugin(app);
}

/// B/X Borderlands combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Borderlands;

impl Rules for Borderlands {
    const RULESET: Ruleset = Ruleset::Borderlands;
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
        Phase::Initiative
    }

    fn apply(world: &mut World, side: Side, command: &Command) -> Result<(), Refusal> {
        phases::apply(world, side, command)
    }

    fn yield_command(_: &World, _: Side) -> Command {
        Command::EndStep
    }

    fn awaiting(world: &World) -> Option<Side> {
        phases::awaiting(world)
    }

    warband_table::deploy_commands!();
}

/// A battle of B/X Borderlands.
pub type Engine = warband_table::engine::Engine<Borderlands>;

fn spawn(world: &mut World, setup: &BattleSetup, seed: u64) -> Result<(), String> {
    let table = warband_table::table::lay_table(world, setup)?;
    let s = &setup.scenario;
    let mut dice = DiceRoller::from_seed(seed);
    let mut sides: [SideState; 2] = Default::default();
    let mut index = Vec::new();
    let mut events = Vec::new();
    for side in Side::BOTH {
        let army = setup.armies.get(side);
        let muster = setup.muster(army);
        let diameters: Vec<f32> = muster.iter().map(|c| base_diameter(c)).collect();
        let spots = warband_table::table::deploy(*s.deployment.get(side), &diameters, table)
            .map_err(|e| format!("{}: {e}", army.name))?;
        sides[side.index()].monsters = muster.iter().any(|c| !c.hero);
        let mut leader_placed = false;
        for ((c, spot), d) in muster.into_iter().zip(spots).zip(diameters) {
            let id = ModelId(index.len() as u32 + 1);
            let hp = roll_hp(
                c.hp,
                &mut dice,
                &format!("{} hit points", c.name),
                &HIT_POINTS,
            );
            events.extend(dice.take_records().into_iter().map(Entry::Die));
            events.push(LogEvent::HitPoints { model: id, hp }.into());
            let mut e = world.spawn((
                id,
                Team(side),
                Hp { max: hp, now: hp },
                Base(Placed {
                    shape: BaseShape::Round { diameter: d },
                    center: spot,
                    facing: 0.0,
                }),
                Condition::default(),
            ));
            if c.slots.iter().any(|n| *n > 0) {
                e.insert(Slots(c.slots));
            }
            if !leader_placed && c.name == army.leader {
                e.insert(Leader);
                leader_placed = true;
            }
            e.insert(Stats(c));
            index.push(e.id());
            sides[side.index()].starting_models += 1;
        }
    }
    world.resource_mut::<BattleLog>().events.extend(events);
    world.insert_resource(Dice(dice));
    world.insert_resource(ModelIndex(index));
    world.insert_resource(Battle {
        seed,
        round: 0,
        round_limit: s.round_limit,
        table,
        order: Order::Together,
        step: Step::default(),
        sides,
        outcome: None,
        melee_attackers: Vec::new(),
    });
    Ok(())
}
