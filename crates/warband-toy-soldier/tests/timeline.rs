//! Moving through a recorded Toy Soldier battle: any point reached from a snapshot is the
//! point a straight replay reaches, and "round 5" is where the fifth turn begins.

use std::path::PathBuf;
use warband_table::engine::Rules;
use warband_table::save::Save;
use warband_table::timeline::Timeline;
use warband_toy_soldier::{Engine, ToySoldier};

fn fixture() -> Save<ToySoldier> {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/toy-soldier/village-fight-normal-v-normal.ron");
    Save::read(&file).unwrap()
}

fn straight(save: &Save<ToySoldier>, n: usize) -> Engine {
    let mut e = Engine::new(&save.setup, save.seed).unwrap();
    for (side, c) in &save.commands[..n] {
        let _ = e.submit(*side, c.clone());
    }
    e
}

#[test]
fn any_point_is_the_point_a_straight_replay_reaches() {
    let save = fixture();
    assert!(
        save.commands.len() > 60,
        "a long battle: {}",
        save.commands.len()
    );
    let half = save.commands.len() / 2;
    warband_table::corpus::check_timeline(&save, &[0, 1, 24, 25, 26, 57, half]).unwrap();
    // Going on from a snapshot plays exactly as the battle did.
    let t = Timeline::<ToySoldier>::new(&save.setup, save.seed, save.commands.clone()).unwrap();
    assert_eq!(t.at(t.len()).state_hash(), save.final_hash);
}

#[test]
fn jumping_to_round_five_is_replaying_to_round_five() {
    let save = fixture();
    let t = Timeline::<ToySoldier>::new(&save.setup, save.seed, save.commands.clone()).unwrap();
    let n = t.round_start(5);
    let jumped = t.at(n);
    assert_eq!(ToySoldier::round(jumped.world()), 5);
    let before = straight(&save, n - 1);
    assert_eq!(
        ToySoldier::round(before.world()),
        4,
        "the command before begins turn 5"
    );
    assert_eq!(jumped.state_hash(), straight(&save, n).state_hash());
}
