//! The setup form: presets, remembered choices and the players offered.

use super::armies::label_among;
use super::open::open_form;
use super::*;
use crate::game::screens::menu::{SetupArmy, SetupPreset, SetupScenario};
use warband_table::player::PlayerKind;

/// Watch's preset (normal v hard) on a remembered Toy Soldier scenario, whose
/// ruleset has every level now: the form keeps it (a ruleset lacking a player would
/// offer its `normal` instead), at the settings' watch speed (a play-test set 3× in
/// the settings and saw the form start its battle at the 1× it had last kept itself).
#[test]
fn the_form_keeps_the_watch_preset_on_a_remembered_scenario() {
    let mut app = App::new();
    app.insert_resource(SetupPreset {
        controllers: [Controller::NORMAL, Controller::Ai(PlayerKind::Hard)],
        hosting: false,
        watching: true,
    });
    let scenario = crate::game::saves::assets_dir().join("scenarios/village-fight.ron");
    let armies = ["dwarf-hold", "goblin-horde"]
        .map(|a| crate::game::saves::assets_dir().join(format!("armies/{a}.ron")));
    app.insert_resource(crate::game::settings::Settings {
        watch_speed: 4.0,
        ..Default::default()
    });
    app.insert_resource(LastSetup {
        scenario,
        armies,
        by_hand: false,
        players: [None; 2],
    });
    app.add_systems(Update, open_form);
    app.update();
    let f = app.world().resource::<SetupForm>();
    assert_eq!(
        ruleset_of(f),
        Ruleset::ToySoldier,
        "the remembered scenario"
    );
    assert_eq!(
        f.controllers,
        [Controller::NORMAL, Controller::Ai(PlayerKind::Hard)]
    );
    assert_eq!(f.speed, 4.0, "the settings' watch speed");
}

/// The form as the menu opens it with `preset`, after a battle that left `last`.
fn opened(preset: SetupPreset, last: Option<LastSetup>) -> App {
    let mut app = App::new();
    app.insert_resource(preset);
    if let Some(l) = last {
        app.insert_resource(l);
    }
    app.add_systems(Update, open_form);
    app.update();
    app
}

const WATCH: SetupPreset = SetupPreset {
    controllers: [Controller::NORMAL, Controller::Ai(PlayerKind::Hard)],
    hosting: false,
    watching: true,
};

const NEW: SetupPreset = SetupPreset::NEW_BATTLE;

/// Watching offers the computer players alone, and keeps its heading's promise: no
/// side can become "Human" there (a play-test chose it and found the screen had
/// silently become "New battle").
#[test]
fn watching_offers_only_computer_players() {
    let app = opened(WATCH, None);
    let f = app.world().resource::<SetupForm>();
    assert!(f.watching);
    let offered = offered(f);
    assert!(!offered.contains(&Controller::Human), "{offered:?}");
    assert!(offered.contains(&Controller::Ai(PlayerKind::Easy)));
    let app = opened(NEW, None);
    assert!(offered_of(&app).contains(&Controller::Human));
}

fn offered_of(app: &App) -> Vec<Controller> {
    offered(app.world().resource::<SetupForm>())
}

/// The players of the last new battle, and of the last watched one, are chosen again
/// when the form opens the same way; the other way keeps its own.
#[test]
fn the_last_players_are_chosen_again() {
    let scenario = crate::game::saves::assets_dir().join("scenarios/open-field.ron");
    let armies = ["adventuring-party", "goblin-raiders"]
        .map(|a| crate::game::saves::assets_dir().join(format!("armies/{a}.ron")));
    let played = [Controller::Human, Controller::Ai(PlayerKind::Hard)];
    let watched = [
        Controller::Ai(PlayerKind::Easy),
        Controller::Ai(PlayerKind::Random),
    ];
    let last = || LastSetup {
        scenario: scenario.clone(),
        armies: armies.clone(),
        by_hand: false,
        players: [Some(played), Some(watched)],
    };
    let controllers = |app: App| app.world().resource::<SetupForm>().controllers;
    assert_eq!(controllers(opened(NEW, Some(last()))), played);
    assert_eq!(controllers(opened(WATCH, Some(last()))), watched);
    let hosting = SetupPreset {
        controllers: [Controller::Human, Controller::Remote],
        hosting: true,
        watching: false,
    };
    assert_eq!(
        controllers(opened(hosting, Some(last()))),
        [Controller::Human, Controller::Remote],
        "a hosted battle starts from its preset"
    );
}

/// Two lists of one name are told apart: a scenario's own copy (made fair for it, its
/// file named after the scenario's) by the scenario's name, others by their files; a
/// name of its own, or one shared only across rulesets, stands alone, and the player's
/// own lists say so.
#[test]
fn armies_of_one_name_are_told_apart() {
    let list = |stem: &str, name: &str, ruleset| {
        let army = ArmyList {
            name: name.into(),
            ruleset,
            points_limit: None,
            leader: "Fighter 2".into(),
            entries: Vec::new(),
        };
        (PathBuf::from(format!("{stem}.ron")), army)
    };
    let all = [
        list("keep-adventurers", "Keep adventurers", Ruleset::Borderlands),
        list(
            "cave-mouth-keep-adventurers",
            "Keep adventurers",
            Ruleset::Borderlands,
        ),
        list("goblin-horde", "Goblin horde", Ruleset::Borderlands),
        list("goblin-horde-2", "Goblin horde", Ruleset::Marauders),
        list("mine/orc-band", "Orc band", Ruleset::Marauders),
        list("mine/orc-band-2", "Orc band", Ruleset::Marauders),
    ];
    let scenario: warband_table::scenario::Scenario = warband_table::files::load_ron(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/cave-mouth.ron"),
    )
    .unwrap();
    let scenarios = [(PathBuf::from("cave-mouth.ron"), scenario)];
    let label = |j| label_among(&all, &scenarios, std::path::Path::new("mine"), j);
    assert_eq!(label(1), "Keep adventurers (for Cave mouth)");
    assert_eq!(label(0), "Keep adventurers");
    assert_eq!(label(2), "Goblin horde");
    assert_eq!(label(4), "Orc band · orc-band · yours");
    assert_eq!(label(5), "Orc band · orc-band-2 · yours");
    assert_eq!(label(9), "(none)");
}

/// An address to listen on is checked on the form: an address or a host name with a
/// port passes, a typo is told before Start.
#[test]
fn a_listen_address_is_checked_before_start() {
    for good in [
        "0.0.0.0:4740",
        "127.0.0.1:0",
        "[::1]:4740",
        "localhost:4740",
    ] {
        assert_eq!(listen_problem(good), None, "{good}");
    }
    for bad in [
        "0.0.0.0:474a127.0.0.1:47420",
        "0.0.0.0",
        ":4740",
        "host:99999",
        "",
    ] {
        assert!(listen_problem(bad).is_some(), "{bad}");
    }
}

/// The editor's Play opens the form on the scenario just saved, with its own armies,
/// over the battle set up last; once: the next opening remembers as before.
#[test]
fn the_editors_play_opens_on_its_scenario() {
    let shipped = |f: &str| crate::game::saves::assets_dir().join(f);
    let mut app = App::new();
    app.insert_resource(NEW);
    app.insert_resource(LastSetup {
        scenario: shipped("scenarios/village-fight.ron"),
        armies: ["dwarf-hold", "goblin-horde"].map(|a| shipped(&format!("armies/{a}.ron"))),
        by_hand: false,
        players: [None; 2],
    });
    let ford = shipped("scenarios/river-ford.ron");
    app.insert_resource(SetupScenario(Some(ford.clone())));
    app.add_systems(Update, open_form);
    app.update();
    let f = app.world().resource::<SetupForm>();
    let (path, scenario) = &f.scenarios[f.scenario];
    assert_eq!(path, &ford);
    let stem = |i: usize| f.armies[f.army[i]].0.file_stem().unwrap().to_owned();
    assert_eq!(stem(0), scenario.armies.a.as_str());
    assert_eq!(stem(1), scenario.armies.b.as_str());
    assert_eq!(
        app.world().resource::<SetupScenario>().0,
        None,
        "asked once"
    );
}

/// The army builder's Play opens the form with its army as side A, on the last table
/// set up where that is of the army's ruleset, else on its ruleset's first, against
/// the table's own side B; once.
#[test]
fn the_builders_play_opens_with_its_army() {
    let shipped = |f: &str| crate::game::saves::assets_dir().join(f);
    let garrison = shipped("armies/keep-garrison.ron");
    let opened = |last: &str| {
        let mut app = App::new();
        app.insert_resource(NEW);
        app.insert_resource(LastSetup {
            scenario: shipped(last),
            armies: ["dwarf-hold", "goblin-horde"].map(|a| shipped(&format!("armies/{a}.ron"))),
            by_hand: false,
            players: [None; 2],
        });
        app.insert_resource(SetupArmy(Some(garrison.clone())));
        app.add_systems(Update, open_form);
        app.update();
        assert_eq!(app.world().resource::<SetupArmy>().0, None, "asked once");
        let f = app.world().resource::<SetupForm>();
        let (path, scenario) = f.scenarios[f.scenario].clone();
        let b = f.armies[f.army[1]].0.file_stem().unwrap().to_owned();
        (f.armies[f.army[0]].0.clone(), path, scenario, b)
    };
    // Last set up on a Toy Soldier table: the first Marauders table instead.
    let (a, path, scenario, b) = opened("scenarios/village-fight.ron");
    assert_eq!(a, garrison);
    assert_eq!(
        scenario.ruleset,
        warband_rules::Ruleset::Marauders,
        "{path:?}"
    );
    assert_eq!(b, scenario.armies.b.as_str());
    // Last set up on a Marauders table: that one.
    let (a, path, _, _) = opened("scenarios/river-ford.ron");
    assert_eq!((a, path), (garrison, shipped("scenarios/river-ford.ron")));
}

/// Where Back goes, set by the editor's Play ▶, lasts only while setup is open.
#[test]
fn setup_forgets_where_back_goes_as_it_closes() {
    use bevy::ecs::system::RunSystemOnce;
    let mut world = World::new();
    world.insert_resource(SetupBack(Screen::Editor));
    world.run_system_once(forget_back).unwrap();
    assert!(world.get_resource::<SetupBack>().is_none());
}

/// The gallery under the form names every shipped scenario with its table, length and
/// armies, each under its ruleset (a play-tester found the form's left half empty and
/// the scenarios only in a drop-down).
#[test]
fn the_gallery_shows_every_scenario_with_its_armies() {
    let mut app = opened(NEW, None);
    let mut f = app.world_mut().resource_mut::<SetupForm>();
    let words = crate::game::test_app::egui_words(|ui| super::gallery::gallery(ui, &mut f));
    let words = words.join("\n");
    for ruleset in Ruleset::ALL {
        assert!(words.contains(ruleset.title()), "{words}");
    }
    assert!(words.contains("Woods and walls"), "{words}");
    assert!(
        words.contains("48\" × 36\" · 12 rounds · Keep garrison v Orc warband"),
        "{words}"
    );
    assert!(
        words.contains("8 turns"),
        "Toy Soldier counts turns: {words}"
    );
    let shown = f.scenarios.len();
    let names = f
        .scenarios
        .iter()
        .filter(|(_, s)| words.contains(&s.name))
        .count();
    assert_eq!(names, shown);
}

/// Deployment by hand is a person's: a battle of two computer players is set in rows
/// (a play-tester found "by hand" offered on Watch AI vs AI).
#[test]
fn only_a_person_sets_models_down_by_hand() {
    use crate::game::session::Controller;
    assert!(!super::by_a_person(&[
        Controller::NORMAL,
        Controller::NORMAL
    ]));
    assert!(super::by_a_person(&[Controller::Human, Controller::NORMAL]));
    assert!(super::by_a_person(&[
        Controller::NORMAL,
        Controller::Remote
    ]));
}
