//! The battle as a whole: the round limit, victory, refusals, saves that replay, the state hash and the shipped profiles.

mod common;

use common::*;
use warband_marauders::battle::Battle;
use warband_marauders::components::{Blessing, Caster};
use warband_marauders::log::Entry;
use warband_marauders::save::Save;
use warband_marauders::{Command, Engine, Phase, Side};
use warband_rules::marauders::clauses;
use warband_table::components::ModelId;

#[test]
fn a_side_with_nothing_in_play_loses() {
    let mut e = engine(&["Orc"], &["Orc"], 10);
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(2),
        1,
        Side::A,
        &clauses::MELEE_DAMAGE,
    );
    assert_eq!(e.outcome().and_then(|o| o.winner), Some(Side::A));
}

#[test]
fn after_the_round_limit_more_hd_removed_wins() {
    let mut s = setup(&["Orc"], &["Brute"], Vec::new());
    s.scenario.round_limit = 1;
    let mut e = warband_marauders::Engine::new(&s, 5).unwrap();
    warband_marauders::effects::apply_damage(
        e.world_mut(),
        ModelId(2),
        1,
        Side::A,
        &clauses::MELEE_DAMAGE,
    );
    while let Some(side) = e.awaiting() {
        e.submit(side, Command::EndPhase).unwrap();
    }
    assert_eq!(e.phase(), Phase::Over);
    let o = e.outcome().unwrap();
    assert_eq!(o.winner, Some(Side::A), "{}", o.reason);
    let mut e = warband_marauders::Engine::new(&s, 5).unwrap();
    while let Some(side) = e.awaiting() {
        e.submit(side, Command::EndPhase).unwrap();
    }
    assert_eq!(e.outcome().unwrap().winner, None, "nothing removed: a draw");
}

#[test]
fn commands_out_of_turn_or_phase_are_refused_and_change_nothing() {
    let mut e = engine(&["Archer"], &["Orc"], 6);
    let side = e.awaiting().unwrap();
    let before = e.state_hash();
    let err = e.submit(side.other(), Command::EndPhase).unwrap_err();
    assert!(err.0.contains("turn"), "{err}");
    let err = e
        .submit(
            side,
            Command::Shoot {
                model: ModelId(1),
                target: ModelId(2),
            },
        )
        .unwrap_err();
    assert!(err.0.contains("not allowed in DeclareSpells"), "{err}");
    assert_eq!(e.state_hash(), before);
    assert!(matches!(e.log().events.last(), Some(Entry::Refused { .. })));
}

#[test]
fn a_save_naming_missing_models_replays_with_refusals() {
    let setup = setup(&["Orc"], &["Orc"], Vec::new());
    let commands = vec![
        (Side::A, Command::EndPhase),
        (Side::A, Command::UndoMove { model: ModelId(0) }),
        (
            Side::A,
            Command::Move {
                model: ModelId(0),
                to: (1.0, 1.0),
            },
        ),
        (
            Side::A,
            Command::Move {
                model: ModelId(u32::MAX),
                to: (1.0, 1.0),
            },
        ),
        (
            Side::B,
            Command::Shoot {
                model: ModelId(99),
                target: ModelId(0),
            },
        ),
    ];
    let save = Save::new(setup, 1, commands, 0);
    let e = save.replay().unwrap();
    let refused = e
        .log()
        .events
        .iter()
        .filter(|ev| matches!(ev, Entry::Refused { .. }))
        .count();
    assert!(refused >= 3);
}

#[test]
fn the_state_hash_sees_spells_blessings_order_turn_and_undo() {
    let mut e = engine(&["Mage"], &["Orc"], 1);
    place(&mut e, 1, 10.0, 5.0);
    place(&mut e, 2, 40.0, 30.0);
    let base = e.state_hash();
    let changed = |f: &dyn Fn(&mut Engine)| {
        let mut f2 = e.fork(0);
        let before = f2.state_hash();
        assert_eq!(before, base, "a fork hashes like its source");
        f(&mut f2);
        f2.state_hash() != base
    };
    assert!(changed(&|e| set_blessing(
        e,
        1,
        Blessing {
            target: ModelId(1),
            dice: 1,
            round: 2
        }
    )));
    assert!(changed(&|e| {
        let world = e.world_mut();
        let mut q = world.query::<&mut Caster>();
        for mut c in q.iter_mut(world) {
            c.slots = 0;
        }
    }));
    assert!(changed(
        &|e| e.world_mut().resource_mut::<Battle>().first = vec![(Phase::Movement, Side::B)]
    ));
    assert!(changed(&|e| e
        .world_mut()
        .resource_mut::<Battle>()
        .turn
        .done = [true, false]));
    assert!(changed(&|e| {
        e.world_mut()
            .resource_mut::<warband_marauders::phases::Undoable>()
            .0
            .push((ModelId(1), bevy_math::Vec2::ZERO))
    }));
}

#[test]
fn every_shipped_profile_has_its_bx_ac_and_the_armour_it_maps_to() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios/open-field.ron");
    let setup = warband_marauders::data::BattleSetup::load(&path).unwrap();
    use warband_rules::marauders::Armour;
    for p in &setup.bestiary {
        let ac = p.ac.unwrap_or_else(|| panic!("{} has no ac", p.name));
        assert_eq!(p.armour, Armour::from_bx_ac(ac), "{}", p.name);
    }
    let armour = |name: &str| {
        setup
            .bestiary
            .iter()
            .find(|p| p.name == name)
            .unwrap()
            .armour
    };
    assert_eq!(armour("Skeleton"), Armour::Light);
    assert_eq!(armour("Bandit"), Armour::Medium);
}

/// A fork (a replay's engine, a look-ahead) names the terrain as the battle does: the
/// log's "stopped by …" reads the piece's name, never its index.
#[test]
fn a_fork_names_the_terrain() {
    let setup = common::setup(&["Orc"], &["Orc"], vec![common::wall(5.0, 15.0, 12.0)]);
    let e = warband_marauders::Engine::new(&setup, 1).unwrap();
    let fork = e.fork(2);
    for world in [e.world(), fork.world()] {
        assert_eq!(warband_table::components::terrain_name(world, 0), "wall");
    }
}
