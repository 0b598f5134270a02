//! A player's snapshot kept between decisions and patched from the log must equal one
//! taken afresh, at every decision of whole battles where patching applies.

use std::path::PathBuf;
use warband_marauders::ai::{AiKind, Snapshot};
use warband_marauders::data::BattleSetup;
use warband_marauders::{Command, Engine};

fn setup(name: &str) -> BattleSetup {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../assets/scenarios/{name}.ron"));
    BattleSetup::load(&path).expect("the shipped scenario loads")
}

/// Plays a battle with `kind` on both sides; before each command, patches the snapshot
/// the awaiting side last took and compares it with a fresh one. Returns how many
/// snapshots were patched.
fn patched_equal_fresh(setup: &BattleSetup, kind: AiKind, seed: u64) -> usize {
    let mut engine = Engine::new(setup, seed).expect("valid setup");
    let mut players = [kind.policy(seed), kind.policy(seed + 1)];
    let mut kept: [Option<(Snapshot, usize)>; 2] = [None, None];
    let mut patched = 0;
    for _ in 0..20_000 {
        let Some(side) = engine.awaiting() else { break };
        let fresh = Snapshot::take(engine.world(), side);
        if let Some(p) = kept[side.index()]
            .take()
            .and_then(|(snap, seen)| snap.patched(engine.world(), seen))
        {
            assert_eq!(p.models, fresh.models, "seed {seed}: models differ");
            assert_eq!(
                p.groups(),
                fresh.groups(),
                "seed {seed}: melee groups differ"
            );
            assert_eq!(p.round, fresh.round);
            patched += 1;
        }
        kept[side.index()] = Some((fresh, engine.log().events.len()));
        let command = players[side.index()]
            .next(&mut engine, side)
            .unwrap_or(Command::EndPhase);
        engine
            .submit(side, command)
            .expect("the player's command is legal");
    }
    assert!(engine.outcome().is_some(), "seed {seed}: the battle ended");
    patched
}

#[test]
fn a_snapshot_patched_from_moves_equals_a_fresh_one() {
    let mut patched = 0;
    for name in ["woods-and-walls", "open-field", "river-ford"] {
        let setup = setup(name);
        for seed in 1..=4 {
            for kind in [AiKind::Charge, AiKind::Normal] {
                patched += patched_equal_fresh(&setup, kind, seed);
            }
        }
    }
    assert!(patched > 500, "only {patched} snapshots were patched");
}
