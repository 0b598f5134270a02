use super::*;
use crate::game::session::{Controller, Launch, PendingBattle, Starter};
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

/// An App with ruleset `R`'s drive, half a second a frame, and a battle of two
/// computer players of `R` put on the table (as the battle screen does), told to
/// the run conditions as `told`.
fn driven<R: Desk>(scenario: &str, told: Ruleset) -> App {
    let setup = crate::game::test_app::shipped::<R>(scenario);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_state(Screen::Battle)
        .init_resource::<PendingBattle>()
        .insert_resource(TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(500),
        ))
        .add_plugins(super::super::screens::battle::drive_plugin::<R>);
    let launch = Launch::<R>::New {
        setup: Box::new(setup),
        seed: 3,
        controllers: [Controller::NORMAL; 2],
        speed: 4.0,
    };
    Box::new(launch).start(app.world_mut()).unwrap();
    app.insert_resource(OnTable(told));
    app
}

fn sent<R: Desk>(app: &mut App, frames: usize) -> usize {
    for _ in 0..frames {
        app.update();
    }
    app.world().non_send::<GameSession<R>>().commands.len()
}

/// The computer plays a battle of each ruleset at its pace (4× is four commands a
/// frame of half a second), and only while that ruleset's battle is on the table.
fn drives_only_its_own_battle<R: Desk>(scenario: &str) {
    let mut app = driven::<R>(scenario, R::RULESET);
    let played = sent::<R>(&mut app, 5);
    assert!((8..=20).contains(&played), "{}: {played}", R::RULESET);
    let other = Ruleset::ALL.into_iter().find(|r| *r != R::RULESET).unwrap();
    let mut idle = driven::<R>(scenario, other);
    assert_eq!(sent::<R>(&mut idle, 5), 0, "{}", R::RULESET);
}

#[test]
fn each_rulesets_battle_is_driven_only_while_it_is_on_the_table() {
    drives_only_its_own_battle::<warband_marauders::engine::Marauders>("open-field.ron");
    drives_only_its_own_battle::<warband_toy_soldier::ToySoldier>("river-crossing.ron");
    drives_only_its_own_battle::<warband_borderlands::Borderlands>("cave-mouth.ron");
}

/// Each ruleset counts its rounds in its own word, "1 round" but "8 turns".
/// How each battle is won, with its own length and what counts at the end.
#[test]
fn each_ruleset_says_how_its_battle_is_won() {
    fn won<R: Desk>(scenario: &str) -> String {
        R::victory(&crate::game::test_app::shipped::<R>(scenario))
    }
    let m = won::<warband_marauders::engine::Marauders>("open-field.ron");
    assert!(m.contains("After 8 rounds") && m.contains("more HD"), "{m}");
    let t = won::<warband_toy_soldier::ToySoldier>("village-fight.ron");
    assert!(
        t.contains("After 8 turns") && t.contains("more points"),
        "{t}"
    );
    let b = won::<warband_borderlands::Borderlands>("cave-mouth.ron");
    assert!(
        b.contains("After 15 rounds") && b.contains("more HP"),
        "{b}"
    );
}

/// Every phase's link names a section its ruleset's reference has.
#[test]
fn each_phase_links_to_a_section_of_its_rules() {
    fn check<R: Desk>(phases: &[R::Phase]) -> usize {
        let mut linked = 0;
        for p in phases {
            if let Some(c) = R::phase_rules(*p) {
                let s = crate::game::hud::reference::section_of(R::reference(), c);
                assert_eq!(s.map(|s| s.clause), Some(c), "{p:?}");
                linked += 1;
            }
        }
        linked
    }
    use warband_marauders::Phase as M;
    let m = [
        M::DeclareSpells,
        M::Initiative,
        M::Movement,
        M::Shooting,
        M::Attacking,
        M::Spellcasting,
        M::Morale,
        M::Deploy,
    ];
    assert_eq!(check::<warband_marauders::engine::Marauders>(&m), 7);
    use warband_toy_soldier::turn::Phase as T;
    let t = [T::TurnStart, T::Activations, T::Deploy];
    assert_eq!(check::<warband_toy_soldier::ToySoldier>(&t), 2);
    use warband_borderlands::phases::Phase as B;
    let b = [B::Initiative, B::Step, B::Resolution, B::Over];
    assert_eq!(check::<warband_borderlands::Borderlands>(&b), 3);
}

#[test]
fn each_ruleset_counts_its_own_rounds() {
    use warband_table::sim::rounds;
    assert_eq!(
        rounds::<warband_marauders::engine::Marauders>(12),
        "12 rounds"
    );
    assert_eq!(rounds::<warband_toy_soldier::ToySoldier>(1), "1 turn");
    assert_eq!(rounds::<warband_toy_soldier::ToySoldier>(8), "8 turns");
    assert_eq!(rounds::<warband_borderlands::Borderlands>(3), "3 rounds");
}

#[test]
fn each_ruleset_offers_the_players_it_has() {
    for r in Ruleset::ALL {
        assert_eq!(desk(r).kinds(), PlayerKind::ALL, "{r:?}");
        assert!(playable(r, PlayerKind::Hard), "{r:?}");
    }
}
