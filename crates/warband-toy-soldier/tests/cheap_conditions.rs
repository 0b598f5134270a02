//! The players ask `could_shoot` and `could_fight` of every enemy before the full
//! `check_shot` and `check_fight`: where the cheap condition fails, the full check must
//! refuse too, or the players would pass over shots and fights the rules allow.

mod common;

use warband_rules::Side;
use warband_table::player::next_command;
use warband_toy_soldier::Engine;
use warband_toy_soldier::actions::{active, check_fight, check_shot, could_fight, could_shoot};
use warband_toy_soldier::ai::{AiKind, policy};
use warband_toy_soldier::battle::in_play_shared;
use warband_toy_soldier::data::BattleSetup;

/// Counts of (cheap condition held, full check passed) over every active unit and
/// enemy met in a battle.
#[derive(Default, Debug)]
struct Seen {
    shots: [[u32; 2]; 2],
    fights: [[u32; 2]; 2],
}

fn look(e: &Engine, side: Side, seen: &mut Seen) {
    let world = e.world();
    let Ok((v, a)) = active(world, side) else {
        return;
    };
    for t in in_play_shared(world).iter().filter(|t| t.side != v.side) {
        let shot = check_shot(world, &v, &a, t.id, a.ap.max(1)).is_ok();
        let fight = check_fight(world, &v, &a, t.id).is_ok();
        let (cs, cf) = (could_shoot(&v, t), could_fight(&v, t));
        assert!(
            cs || !shot,
            "{} could shoot {} though could_shoot says not",
            v.id,
            t.id
        );
        assert!(
            cf || !fight,
            "{} could fight {} though could_fight says not",
            v.id,
            t.id
        );
        seen.shots[usize::from(cs)][usize::from(shot)] += 1;
        seen.fights[usize::from(cf)][usize::from(fight)] += 1;
    }
}

#[test]
fn a_check_refuses_wherever_its_cheap_condition_fails() {
    let mut seen = Seen::default();
    for name in ["village-fight", "open-meadow"] {
        let path = common::root().join(format!("scenarios/{name}.ron"));
        let setup = BattleSetup::load(&path).unwrap();
        for seed in 1..=3 {
            let mut e = Engine::new(&setup, seed).unwrap();
            let mut players = [
                policy(AiKind::Normal, seed),
                policy(AiKind::Random, seed + 7),
            ];
            while let Some(side) = e.awaiting() {
                look(&e, side, &mut seen);
                let c = next_command(players[side.index()].as_mut(), &e, side);
                if e.submit(side, c).is_err() {
                    let fallback = e.yield_command(side);
                    e.submit(side, fallback).unwrap();
                }
            }
        }
    }
    // Every case is met: a condition that fails, one that holds where the check
    // passes, and one that holds where the check still refuses (a line of fire blocked,
    // a unit under danger that must defend first).
    for (what, counts) in [("shots", seen.shots), ("fights", seen.fights)] {
        assert!(counts[0][0] > 0, "{what}: {counts:?}");
        assert!(counts[1][1] > 0, "{what}: {counts:?}");
        assert!(counts[1][0] > 0, "{what}: {counts:?}");
    }
}
