//! Small hand-made Toy Soldier tables from the shipped unit list, and ways to place
//! units and hand the activation to a side.
#![allow(dead_code)]

use bevy_math::Vec2;
use std::path::Path;
use warband_rules::Ruleset;
use warband_rules::army::{ArmyEntry, ArmyList};
use warband_table::components::ModelId;
use warband_table::table::TerrainDef;
use warband_toy_soldier::battle::{Battle, find};
use warband_toy_soldier::components::{Base, Marks};
use warband_toy_soldier::data::{BattleSetup, PerSide, Scenario, Units, Zone};
use warband_toy_soldier::log::LogEvent;
use warband_toy_soldier::{Command, Engine, Side};

pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets"))
}

/// An army of these units, one each; the first leads (it need not be a Command unit:
/// these tables skip the army checks by building the setup directly).
pub fn army(name: &str, units: &[&str]) -> ArmyList {
    ArmyList {
        name: name.into(),
        ruleset: Ruleset::ToySoldier,
        points_limit: Some(1000),
        leader: units[0].into(),
        entries: units
            .iter()
            .map(|u| ArmyEntry {
                profile: (*u).into(),
                count: 1,
            })
            .collect(),
    }
}

pub fn setup_with(a: &[&str], b: &[&str], terrain: Vec<TerrainDef>) -> BattleSetup {
    BattleSetup {
        scenario: Scenario {
            name: "Test".into(),
            ruleset: Ruleset::ToySoldier,
            table: (24.0, 24.0),
            round_limit: 8,
            terrain,
            deployment: Zone::facing_edges((24.0, 24.0), 1.0, 5.0),
            armies: PerSide {
                a: "a".into(),
                b: "b".into(),
            },
            hand_deployment: false,
            mat: None,
        },
        armies: PerSide {
            a: army("A", a),
            b: army("B", b),
        },
        units: Units::load(&root().join("bestiary/toy-soldier.ron")).unwrap(),
    }
}

pub fn setup(a: &[&str], b: &[&str]) -> BattleSetup {
    setup_with(a, b, vec![])
}

/// A battle on a hand-made table whose armies need not pass the army checks (one
/// Command unit, 150 points): the test places what it needs.
pub fn engine(a: &[&str], b: &[&str], seed: u64) -> Engine {
    Engine::new(&setup(a, b), seed).unwrap()
}

/// Puts a unit at `at`, facing `degrees` (0: towards +y, counter-clockwise).
pub fn put(engine: &mut Engine, id: u32, at: (f32, f32), degrees: f32) {
    let v = find(engine.world(), ModelId(id)).unwrap();
    let mut base = v.base.at(Vec2::new(at.0, at.1));
    base.facing = degrees.to_radians();
    engine.world_mut().entity_mut(v.entity).insert(Base(base));
}

pub fn mark(engine: &mut Engine, id: u32, danger: u32, damage: u32) {
    let v = find(engine.world(), ModelId(id)).unwrap();
    engine
        .world_mut()
        .entity_mut(v.entity)
        .insert(Marks { danger, damage });
}

/// Hands the next activation to `side` (the roll-off is random).
pub fn give_turn(engine: &mut Engine, side: Side) {
    engine.world_mut().resource_mut::<Battle>().acting = Some(side);
}

/// Activates `unit` for `side` and sets its AP to `ap` (the die is random).
pub fn activate_with(engine: &mut Engine, side: Side, unit: u32, ap: u32) {
    give_turn(engine, side);
    engine
        .submit(
            side,
            Command::Activate {
                unit: ModelId(unit),
            },
        )
        .unwrap();
    engine
        .world_mut()
        .resource_mut::<Battle>()
        .activation
        .as_mut()
        .unwrap()
        .ap = ap;
}

/// The ruleset's own events of the battle so far, in order.
pub fn events(engine: &Engine) -> Vec<LogEvent> {
    engine.log().rules().cloned().collect()
}

pub fn battle(engine: &Engine) -> &Battle {
    engine.world().resource::<Battle>()
}
