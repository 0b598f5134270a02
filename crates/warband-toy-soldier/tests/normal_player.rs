//! How `normal` reckons danger: a pinned unit whose side can still spend its tokens
//! elsewhere will not activate, so shots are put where they cost the enemy AP; and two
//! `normal` players fight their battles out rather than pinning each other to a draw.

mod common;

use common::{activate_with, engine, mark, put};
use warband_table::components::ModelId;
use warband_table::player::play;
use warband_toy_soldier::ai::{AiKind, policy};
use warband_toy_soldier::{Command, Engine, Side};

/// Crossbows with two goblin units at the same range in the open: one already under 40
/// danger (its side has unpinned units to spend its tokens on, so it will never
/// activate), one clean. `normal` shoots the clean one.
#[test]
fn normal_shoots_the_unit_that_will_still_activate() {
    let mut e = engine(
        &["Dwarf thane", "Dwarf crossbows"],
        &[
            "Orc warboss",
            "Goblin rabble",
            "Goblin rabble",
            "Goblin rabble",
        ],
        3,
    );
    put(&mut e, 1, (3.0, 2.0), 0.0);
    put(&mut e, 2, (12.0, 6.0), 0.0);
    put(&mut e, 3, (22.0, 22.0), 180.0);
    put(&mut e, 4, (10.0, 10.0), 180.0);
    put(&mut e, 5, (14.0, 10.0), 180.0);
    put(&mut e, 6, (2.0, 22.0), 180.0);
    mark(&mut e, 4, 40, 0);
    activate_with(&mut e, Side::A, 2, 4);
    let shot = |target| {
        Some(Command::Shoot {
            target: ModelId(target),
            ap: 4,
        })
    };
    assert_eq!(policy(AiKind::Normal, 1).next(&e, Side::A), shot(5));
    // With the pinned unit the clean one, the choice follows the danger.
    mark(&mut e, 4, 0, 0);
    mark(&mut e, 5, 40, 0);
    assert_eq!(policy(AiKind::Normal, 1).next(&e, Side::A), shot(4));
}

/// Two `normal` players on the village fight (houses in the way, six dwarf units
/// against eleven goblins) decide the battle in most games: before this player knew
/// what a pinned unit is worth, 170 of 200 were drawn.
#[test]
fn two_normal_players_mostly_decide_the_village_fight() {
    let root = common::root();
    let setup =
        warband_toy_soldier::data::BattleSetup::load(&root.join("scenarios/village-fight.ron"))
            .unwrap();
    let games = 30;
    let draws = (0..games)
        .filter(|seed| {
            let mut e = Engine::new(&setup, *seed).unwrap();
            let (mut a, mut b) = (policy(AiKind::Normal, 1), policy(AiKind::Normal, 2));
            play(&mut e, a.as_mut(), b.as_mut());
            e.outcome().unwrap().winner.is_none()
        })
        .count();
    assert!(draws <= games as usize / 3, "{draws} of {games} drawn");
}

/// The three levels stand in order on the wooded hills, a few games each with sides
/// swapped: `hard` (the portfolio search) beats `normal`, `normal` beats `easy`, and
/// `easy` beats `random`; and a `hard` battle plays the same from the same seeds.
#[test]
fn the_levels_stand_in_order() {
    let root = common::root();
    let setup =
        warband_toy_soldier::data::BattleSetup::load(&root.join("scenarios/wooded-hills.ron"))
            .unwrap();
    let wins = |first: AiKind, second: AiKind, games: u64| {
        (0..games)
            .filter(|g| {
                let mut e = Engine::new(&setup, *g).unwrap();
                let (mut x, mut y) = (policy(first, g * 2), policy(second, g * 2 + 1));
                let swapped = g % 2 == 1;
                let (a, b) = if swapped {
                    (&mut y, &mut x)
                } else {
                    (&mut x, &mut y)
                };
                play(&mut e, a.as_mut(), b.as_mut());
                let won = if swapped { Side::B } else { Side::A };
                e.outcome().unwrap().winner == Some(won)
            })
            .count()
    };
    // 24 games: `hard` wins about 75% here (1,000 games), and eight were too few to show
    // it (it won fewer than 5 of the first 8 once its search weighed the march too).
    assert!(wins(AiKind::Hard, AiKind::Normal, 24) >= 14);
    assert!(wins(AiKind::Normal, AiKind::Easy, 12) >= 7);
    assert!(wins(AiKind::Easy, AiKind::Random, 12) >= 9);
    let replay = || {
        let mut e = Engine::new(&setup, 4).unwrap();
        let (mut a, mut b) = (policy(AiKind::Hard, 1), policy(AiKind::Normal, 2));
        play(&mut e, a.as_mut(), b.as_mut());
        e.state_hash()
    };
    assert_eq!(replay(), replay());
}
