//! A side that fails its morale flees (RULINGS): each model its full move away from
//! the nearest enemy, each round, and off the table out of action.

mod common;

use common::{put, setup};
use warband_borderlands::battle::{Battle, find};
use warband_borderlands::{Command, Engine, Side};
use warband_table::components::ModelId;
use warband_table::table::{TerrainDef, TerrainKind};

/// An orc backed against a cliff, its enemy to the other side, runs along the cliff
/// rather than standing there round after round (a play-test saw routed orcs frozen
/// against the ravine's walls, so the battle could not end).
#[test]
fn a_fleeing_model_backed_against_a_cliff_runs_along_it() {
    let mut s = setup(&["Fighter 1"], &["Orc"]);
    s.scenario.terrain.push(TerrainDef {
        name: "Cliff".into(),
        kind: TerrainKind::House,
        corners: vec![(0.0, 0.0), (5.0, 0.0), (5.0, 30.0), (0.0, 30.0)],
        look: None,
    });
    let mut e = Engine::new(&s, 1).unwrap();
    put(&mut e, 1, (9.0, 13.5));
    put(&mut e, 2, (5.6, 15.0));
    e.world_mut().resource_mut::<Battle>().sides[1].morale.fled = true;
    let at = |e: &Engine| find(e.world(), ModelId(2)).map(|v| v.base.center);
    let start = at(&e).unwrap();
    for _ in 0..6 {
        if at(&e) != Some(start) {
            break;
        }
        let Some(side) = e.awaiting() else { break };
        assert_eq!(side, Side::A, "a fleeing side is never asked to act");
        e.submit(Side::A, Command::EndStep).unwrap();
    }
    let end = at(&e).expect("still on the table");
    assert!(end.distance(start) > 3.0, "ran: {start} to {end}");
    assert!(end.x >= 5.4, "never into the cliff: {end}");
}
