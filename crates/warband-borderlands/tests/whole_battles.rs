//! Whole Borderlands battles between every pair of players on every shipped scenario:
//! each ends, no player sends a refused command, and a save of it replays bit-exact.

use std::path::Path;
use warband_borderlands::ai::{AiKind, play, policy};
use warband_borderlands::data::BattleSetup;
use warband_borderlands::{Engine, Save};

#[test]
fn every_pairing_finishes_cleanly_and_replays_exactly() {
    let root = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../assets/scenarios"
    ));
    for s in [
        "cave-mouth",
        "ravine-ambush",
        "lair-hall",
        "corridor-chambers",
    ] {
        let setup = BattleSetup::load(&root.join(format!("{s}.ron"))).unwrap();
        for a in AiKind::ALL {
            for b in AiKind::ALL {
                for seed in 0..3 {
                    let mut e = Engine::new(&setup, seed).unwrap();
                    let played = play(
                        &mut e,
                        policy(a, seed).as_mut(),
                        policy(b, seed + 1).as_mut(),
                    );
                    assert!(played.finished, "{s} {a} v {b} seed {seed} did not finish");
                    assert!(
                        played.refused.is_empty(),
                        "{s} {a} v {b}: {:?}",
                        played.refused.first()
                    );
                    let save = Save::new(setup.clone(), seed, played.commands, e.state_hash());
                    let again = save.replay().unwrap();
                    assert_eq!(again.state_hash(), save.final_hash);
                    assert_eq!(again.log().digest(), e.log().digest());
                }
            }
        }
    }
}
