//! The grid the engine finds nearby bases in is kept by the bases' own hooks: after
//! every command of whole battles — moves, charges, undone moves, disengages, flights,
//! removals — and in every fork, each base is filed once, where it stands.

use bevy_ecs::prelude::*;
use std::path::PathBuf;
use warband_marauders::ai::AiKind;
use warband_marauders::components::{Base, BaseGrid};
use warband_marauders::data::BattleSetup;
use warband_marauders::{Command, Engine};

fn setup(name: &str) -> BattleSetup {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../assets/scenarios/{name}.ron"));
    BattleSetup::load(&path).expect("the shipped scenario loads")
}

/// Every base is found by a query of the point it stands on, and the grid holds no
/// more entries than there are bases.
fn assert_filed(world: &mut World, when: &str) {
    let bases: Vec<(Entity, Base)> = world
        .query::<(Entity, &Base)>()
        .iter(world)
        .map(|(e, b)| (e, *b))
        .collect();
    let grid = &world.resource::<BaseGrid>().0;
    assert_eq!(grid.len(), bases.len(), "{when}: one entry per base");
    for (e, b) in bases {
        let c = b.0.center;
        assert!(grid.near(c, c).contains(&e), "{when}: {e} not filed at {c}");
    }
}

fn play_checked(setup: &BattleSetup, kind: AiKind, seed: u64) -> usize {
    let mut engine = Engine::new(setup, seed).expect("valid setup");
    let mut players = [kind.policy(seed), kind.policy(seed + 1)];
    let mut steps = 0;
    while let Some(side) = engine.awaiting() {
        assert!(steps < 20_000, "seed {seed}: the battle ends");
        let command = players[side.index()]
            .next(&engine, side)
            .unwrap_or(Command::EndPhase);
        if engine.submit(side, command.clone()).is_err() {
            engine
                .submit(side, Command::EndPhase)
                .expect("ending is legal");
        }
        steps += 1;
        assert_filed(
            engine.world_mut(),
            &format!("seed {seed}, after {command:?}"),
        );
        if steps % 97 == 0 {
            let mut fork = engine.fork(seed);
            assert_filed(fork.world_mut(), &format!("seed {seed}, a fork"));
        }
    }
    steps
}

#[test]
fn every_base_stays_filed_where_it_stands() {
    let mut steps = 0;
    for (name, kind) in [
        ("woods-and-walls", AiKind::Random),
        ("river-ford", AiKind::Normal),
        ("ruined-keep", AiKind::Charge),
    ] {
        for seed in 1..=3 {
            steps += play_checked(&setup(name), kind, seed);
        }
    }
    assert!(steps > 500, "{steps} commands checked");
}

/// A move taken back files the base at its start again, not at both places.
#[test]
fn an_undone_move_is_filed_back_at_its_start() {
    let mut engine = Engine::new(&setup("woods-and-walls"), 5).expect("valid setup");
    let mut mover = None;
    while let Some(side) = engine.awaiting() {
        if engine.phase() == warband_marauders::Phase::Movement {
            let world = engine.world();
            let m = warband_marauders::battle::in_play(world)
                .into_iter()
                .find(|m| m.side == side)
                .expect("a model of the side");
            let to = (
                m.base.center.x,
                m.base.center.y + if m.base.center.y < 24.0 { 1.0 } else { -1.0 },
            );
            engine
                .submit(side, Command::Move { model: m.id, to })
                .expect("a one-inch step is legal");
            assert_filed(engine.world_mut(), "after the step");
            engine
                .submit(side, Command::UndoMove { model: m.id })
                .expect("the step may be taken back");
            mover = Some((m.id, m.base));
            break;
        }
        engine
            .submit(side, Command::EndPhase)
            .expect("ending is legal");
    }
    let (id, start) = mover.expect("a movement phase came");
    assert_filed(engine.world_mut(), "after the undo");
    let now = warband_marauders::battle::model(engine.world(), id).expect("the model");
    assert_eq!(now.base, start);
}
