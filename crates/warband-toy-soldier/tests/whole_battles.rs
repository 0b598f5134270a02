//! Whole Toy Soldier battles on the shipped scenarios: every pairing of players ends,
//! sends nothing the engine refuses, and plays the same battle from the same seed.

mod common;

use warband_table::player::play;
use warband_toy_soldier::ai::{AiKind, policy};
use warband_toy_soldier::data::BattleSetup;
use warband_toy_soldier::{Engine, Save};

const SCENARIOS: [&str; 4] = [
    "river-crossing",
    "wooded-hills",
    "village-fight",
    "open-meadow",
];

fn load(name: &str) -> BattleSetup {
    BattleSetup::load(&common::root().join(format!("scenarios/{name}.ron"))).unwrap()
}

#[test]
fn every_pairing_finishes_without_refusals_on_every_scenario() {
    for name in SCENARIOS {
        let setup = load(name);
        for a in AiKind::ALL {
            for b in AiKind::ALL {
                let mut e = Engine::new(&setup, 5).unwrap();
                let played = play(&mut e, policy(a, 1).as_mut(), policy(b, 2).as_mut());
                assert!(played.finished, "{name}: {a} v {b} did not finish");
                assert!(
                    played.refused.is_empty(),
                    "{name}: {a} v {b}: {:?}",
                    played.refused
                );
            }
        }
    }
}

#[test]
fn the_same_seed_and_commands_replay_to_the_same_battle() {
    let setup = load("village-fight");
    let mut e = Engine::new(&setup, 9).unwrap();
    let played = play(
        &mut e,
        policy(AiKind::Normal, 1).as_mut(),
        policy(AiKind::Random, 2).as_mut(),
    );
    let hash = e.state_hash();
    let save = Save::new(setup, 9, played.commands, hash);
    let text = ron::to_string(&save).unwrap();
    let back: Save = ron::from_str(&text).unwrap();
    let again = back.replay().unwrap();
    assert_eq!(again.state_hash(), hash);
    assert_eq!(again.log().digest(), e.log().digest());
}

/// A calibration told to stop stops before its next trial, and says so; the lab's
/// Stop button sets the same flag.
#[test]
fn a_calibration_told_to_stop_plays_no_more_trials() {
    use std::sync::atomic::AtomicBool;
    use warband_table::calibrate::{CalibrationConfig, calibrate_until};
    let setup = load("river-crossing");
    let config = CalibrationConfig {
        games: 20,
        seed: 1,
        threads: Some(1),
        count: None,
    };
    let trials = std::sync::Mutex::new(0);
    let heard = |_: &warband_table::calibrate::Trial| *trials.lock().unwrap() += 1;
    let stop = AtomicBool::new(true);
    let name = "Orc warriors";
    let stopped =
        calibrate_until::<warband_toy_soldier::ToySoldier>(&setup, name, &config, &heard, &stop);
    assert_eq!(stopped.unwrap_err(), "stopped before it was done");
    assert_eq!(*trials.lock().unwrap(), 0);
}
