//! Small hand-made Borderlands tables from the shipped bestiary and armoury, and ways to
//! place their models.
#![allow(dead_code)]

use bevy_math::Vec2;
use std::path::Path;
use warband_borderlands::battle::find;
use warband_borderlands::components::Base;
use warband_borderlands::data::{BattleSetup, PerSide, Scenario, Zone, roster};
use warband_borderlands::log::LogEvent;
use warband_borderlands::{Engine, Side};
use warband_rules::Ruleset;
use warband_rules::army::{ArmyEntry, ArmyList};
use warband_rules::borderlands::rules::Order;
use warband_table::components::ModelId;

pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets"))
}

pub fn army(name: &str, models: &[&str]) -> ArmyList {
    ArmyList {
        name: name.into(),
        ruleset: Ruleset::Borderlands,
        points_limit: None,
        leader: models[0].into(),
        entries: models
            .iter()
            .map(|m| ArmyEntry {
                profile: (*m).into(),
                count: 1,
            })
            .collect(),
    }
}

pub fn setup(a: &[&str], b: &[&str]) -> BattleSetup {
    BattleSetup {
        scenario: Scenario {
            name: "Test".into(),
            ruleset: Ruleset::Borderlands,
            table: (30.0, 30.0),
            round_limit: 15,
            terrain: vec![],
            deployment: Zone::facing_edges((30.0, 30.0), 1.0, 4.0),
            armies: PerSide {
                a: "a".into(),
                b: "b".into(),
            },
            hand_deployment: false,
            mat: None,
        },
        armies: PerSide {
            a: army("Party", a),
            b: army("Monsters", b),
        },
        roster: roster(
            &root().join("bestiary/marauders.ron"),
            &root().join("bestiary/borderlands.ron"),
        )
        .unwrap(),
    }
}

pub fn put(engine: &mut Engine, id: u32, at: (f32, f32)) {
    let v = find(engine.world(), ModelId(id)).unwrap();
    engine
        .world_mut()
        .entity_mut(v.entity)
        .insert(Base(v.base.at(Vec2::new(at.0, at.1))));
}

/// The ruleset's own events of the battle so far, in order.
pub fn events(engine: &Engine) -> Vec<LogEvent> {
    engine.log().rules().cloned().collect()
}

/// A battle whose first round is not a tie, with the side acting first.
pub fn sequential(a: &[&str], b: &[&str]) -> (Engine, Side) {
    let s = setup(a, b);
    for seed in 1.. {
        let e = Engine::new(&s, seed).unwrap();
        if e.battle().order != Order::Together {
            let first = e.awaiting().unwrap();
            return (e, first);
        }
    }
    unreachable!()
}

/// Hands the turn to side A: if B acts first, B ends its step.
pub fn a_to_act(e: &mut Engine, first: Side) {
    if first == Side::B {
        e.submit(Side::B, warband_borderlands::Command::EndStep)
            .unwrap();
    }
    assert_eq!(e.awaiting(), Some(Side::A));
}
