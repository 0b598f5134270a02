//! `hard` aims a Sleep where the enemy will stand when it goes off. A Sleep declared at
//! a point is cast in phase 6, after both sides have moved: a play-test watched two of
//! `normal`'s elves put their Sleeps where the goblins stood in phase 1, and both went
//! off on empty ground ("takes no one near its point").

use std::path::PathBuf;
use warband_marauders::ai::{AiKind, play};
use warband_marauders::components::SpellAim;
use warband_marauders::data::BattleSetup;
use warband_marauders::log::LogEvent;
use warband_marauders::{Command, Engine, Side};
use warband_table::components::ModelId;
use warband_table::log::Entry;

/// Side A's Sleeps declared at a point over these battles, and how many took no one.
fn sleeps_of(a: AiKind, seeds: std::ops::Range<u64>) -> (usize, usize) {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios/river-ford.ron");
    let setup = BattleSetup::load(&path).expect("the shipped scenario loads");
    let (mut declared, mut wasted) = (0, 0);
    for seed in seeds {
        let mut engine = Engine::new(&setup, seed).unwrap();
        let (mut pa, mut pb) = (a.policy(seed), AiKind::Normal.policy(seed + 1));
        play(&mut engine, pa.as_mut(), pb.as_mut());
        let mut casters: Vec<ModelId> = Vec::new();
        for e in &engine.log().events {
            match e {
                Entry::Accepted {
                    side: Side::A,
                    command:
                        Command::DeclareSpell {
                            caster,
                            spell,
                            aim: SpellAim::Point(..),
                        },
                } if spell == "Sleep" => {
                    declared += 1;
                    casters.push(*caster);
                }
                Entry::Rules(LogEvent::SleptNone { caster, .. }) if casters.contains(caster) => {
                    wasted += 1;
                }
                _ => {}
            }
        }
    }
    (declared, wasted)
}

#[test]
fn hard_puts_fewer_sleeps_on_empty_ground_than_normal() {
    let (n_declared, n_wasted) = sleeps_of(AiKind::Normal, 1..41);
    let (h_declared, h_wasted) = sleeps_of(AiKind::Hard, 1..41);
    println!("normal {n_wasted} of {n_declared} wasted, hard {h_wasted} of {h_declared}");
    assert!(
        n_declared >= 20 && h_declared >= 20,
        "{n_declared} {h_declared}"
    );
    let share = |w: usize, d: usize| w as f64 / d as f64;
    assert!(
        share(h_wasted, h_declared) < 0.5 * share(n_wasted, n_declared),
        "normal {n_wasted} of {n_declared}, hard {h_wasted} of {h_declared}"
    );
}
