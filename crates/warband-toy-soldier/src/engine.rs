//! Simple Toy Soldier as the table's engine sees it, and the battle's setting up:
//! terrain, and both forces deployed in rows facing each other.

use crate::battle::{Battle, Dice, SideState};
use crate::command::Command;
use crate::components::*;
use crate::data::BattleSetup;
use crate::log::{BattleLog, LogEvent};
use crate::turn::{self, Phase};
use bevy_app::App;
use bevy_ecs::prelude::*;
use std::f32::consts::PI;
use warband_rules::{DiceRoller, Ruleset, Side};
use warband_table::engine::{ModelIndex, Rules};
use warband_table::geometry::{BaseShape, Placed};
use warband_table::{Refusal, state};

/// Registers the battle's state and turn flow.
pub fn plugin(app: &mut App) {
    state::fresh_resource::<BattleLog>(app);
    state::fresh_resource::<warband_table::views::ViewQuery<crate::battle::ViewData>>(app);
    state::fresh_resource::<warband_table::views::ViewQuery<crate::battle::PlaceData>>(app);
    warband_table::components::register(app);
    state::component::<Unit>(app);
    state::component::<Marks>(app);
    state::component::<Spent>(app);
    state::resource::<Battle>(app);
    turn::plugin(app);
}

/// Simple Toy Soldier fantasy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToySoldier;

impl Rules for ToySoldier {
    const RULESET: Ruleset = Ruleset::ToySoldier;
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
        Phase::TurnStart
    }

    fn apply(world: &mut World, side: Side, command: &Command) -> Result<(), Refusal> {
        turn::apply(world, side, command)
    }

    fn yield_command(world: &World, side: Side) -> Command {
        turn::yield_command(world, side)
    }

    fn awaiting(world: &World) -> Option<Side> {
        turn::awaiting(world)
    }

    warband_table::deploy_commands!();
}

/// A battle of Simple Toy Soldier.
pub type Engine = warband_table::engine::Engine<ToySoldier>;

fn spawn(world: &mut World, setup: &BattleSetup, seed: u64) -> Result<(), String> {
    let table = warband_table::table::lay_table(world, setup)?;
    let s = &setup.scenario;
    let mut sides: [SideState; 2] = Default::default();
    let mut index = Vec::new();
    for side in Side::BOTH {
        let army = setup.armies.get(side);
        let zone = *s.deployment.get(side);
        let spots = warband_table::table::deploy(zone, &setup.footprints(army), table)
            .map_err(|e| format!("{}: {e}", army.name))?;
        // Each force faces across the table: up from the lower half, down from the upper.
        let facing = if (zone.min.1 + zone.max.1) / 2.0 > table.y / 2.0 {
            PI
        } else {
            0.0
        };
        let mut leader_placed = false;
        for (u, spot) in setup.muster(army).into_iter().zip(spots) {
            let id = index.len() as u32 + 1;
            let (width, depth) = setup.units.bases.of(u.kind);
            let mut e = world.spawn((
                ModelId(id),
                Team(side),
                Base(Placed {
                    shape: BaseShape::Rect { width, depth },
                    center: spot,
                    facing,
                }),
                Marks::default(),
                Spent(0),
            ));
            if !leader_placed && u.name == army.leader {
                e.insert(Leader);
                leader_placed = true;
            }
            e.insert(Unit(u));
            index.push(e.id());
            sides[side.index()].starting_units += 1;
        }
    }
    world.insert_resource(Dice(DiceRoller::from_seed(seed)));
    world.insert_resource(ModelIndex(index));
    world.insert_resource(Battle {
        seed,
        turn: 0,
        turn_limit: s.round_limit,
        table,
        acting: None,
        activation: None,
        sides,
        outcome: None,
    });
    Ok(())
}
