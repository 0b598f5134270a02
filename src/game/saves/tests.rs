use super::*;

#[test]
fn a_save_is_dated_to_the_minute_in_utc() {
    let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_796_139_406);
    assert_eq!(saved_at(t), "2026-12-01 15:36 UTC");
}

#[test]
fn saving_says_the_files_name_not_the_data_folders_path() {
    let p = PathBuf::from("/home/someone/.local/share/warband/saves/open-field-17.ron");
    assert_eq!(
        saved_words(Ok(p)),
        "Saved as open-field-17 (Load battle lists it)"
    );
    assert_eq!(
        saved_words(Err("disk full".into())),
        "Could not save: disk full"
    );
}

#[test]
fn damaged_army_files_are_listed_not_fatal() {
    let dir = std::env::temp_dir().join(format!("warband-armies-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("good.ron"), "ArmyList(name: \"Good\", ruleset: \"marauders\", leader: \"Orc\", entries: [ArmyEntry(profile: \"Orc\")])").unwrap();
    std::fs::write(dir.join("torn.ron"), "ArmyList(name: \"Torn\", rules").unwrap();
    std::fs::write(dir.join("binary.ron"), [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let listed = list_armies(&dir);
    assert_eq!(listed.len(), 3);
    let good = listed
        .iter()
        .find(|f| f.path.ends_with("good.ron"))
        .unwrap();
    assert_eq!(good.army.as_ref().unwrap().name, "Good");
    let torn = listed
        .iter()
        .find(|f| f.path.ends_with("torn.ron"))
        .unwrap();
    assert!(
        torn.army.as_ref().unwrap_err().contains("torn.ron:1:"),
        "{:?}",
        torn.army.as_ref().err()
    );
    assert!(
        listed
            .iter()
            .find(|f| f.path.ends_with("binary.ron"))
            .unwrap()
            .army
            .is_err()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saves_of_every_ruleset_are_listed_and_open() {
    let dir = std::env::temp_dir().join(format!("warband-saves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fixtures = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for (ruleset, file) in [
        ("marauders", "open-field-normal-v-normal.ron"),
        ("toy-soldier", "river-crossing-normal-v-normal.ron"),
        ("borderlands", "cave-mouth-normal-v-normal.ron"),
    ] {
        let from = fixtures.join(ruleset).join(file);
        std::fs::copy(&from, dir.join(format!("{ruleset}.ron"))).unwrap();
    }
    std::fs::write(dir.join("torn.ron"), "Save(format: 2, setup: (").unwrap();
    let listed = list_saves_in(&dir);
    assert_eq!(listed.len(), 4);
    let ruleset_of = |name: &str| {
        let entry = listed.iter().find(|e| e.path.ends_with(name)).unwrap();
        let save = entry.save.as_ref().map_err(|e| e.clone()).unwrap();
        assert!(entry.title.contains(" v "), "{}", entry.title);
        save.ruleset()
    };
    use warband_rules::Ruleset;
    assert_eq!(ruleset_of("marauders.ron"), Ruleset::Marauders);
    assert_eq!(ruleset_of("toy-soldier.ron"), Ruleset::ToySoldier);
    assert_eq!(ruleset_of("borderlands.ron"), Ruleset::Borderlands);
    let torn = listed
        .iter()
        .find(|e| e.path.ends_with("torn.ron"))
        .unwrap();
    assert!(torn.save.as_ref().is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A save is named by its scenario and minute, a second one in that minute gets
/// "-2", and the list says how far each went: the round it was saved in, or its
/// count of commands when the file does not say.
#[test]
fn saves_are_named_by_the_minute_and_listed_with_their_round() {
    use warband_table::engine::Rules;
    let dir = std::env::temp_dir().join(format!("warband-named-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_796_139_406);
    let first = fresh_name(&dir, "Woods and walls", t);
    assert_eq!(first, dir.join("woods-and-walls-2026-12-01-15h36.ron"));
    std::fs::write(&first, "taken").unwrap();
    let second = fresh_name(&dir, "Woods and walls", t);
    assert_eq!(second, dir.join("woods-and-walls-2026-12-01-15h36-2.ron"));
    std::fs::remove_file(&first).unwrap();

    let save = crate::game::test_app::recorded::<warband_marauders::engine::Marauders>(
        "marauders/open-field-normal-v-normal.ron",
    );
    type M = warband_marauders::engine::Marauders;
    let commands = format!("{} commands", save.commands.len());
    assert_eq!(save.progress(), commands);
    let whole = save.replay().unwrap();
    assert!(whole.outcome().is_some());
    let over = format!(
        "over in round {}",
        warband_table::sim::rounds_played::<M>(whole.world())
    );
    assert_eq!(save.clone().noting(&whole).progress(), over);
    assert!(save.clone().noting(&whole).over() && !save.over());
    let mut part = save.clone();
    part.commands.truncate(40);
    let engine = part.replay().unwrap();
    let normal = Some(warband_table::player::PlayerKind::Normal);
    let part = part.noting(&engine).played_by([None, normal]);
    assert!(!part.over());
    write_save_in(&dir, &part).unwrap();
    let listed = list_saves_in(&dir);
    assert_eq!(listed.len(), 1);
    let limit = part.setup.scenario().round_limit;
    let round = M::round(engine.world());
    assert!(round >= 1 && round < limit && engine.outcome().is_none());
    assert!(
        listed[0]
            .when
            .contains(&format!("round {round} of {limit} · you v normal")),
        "{}",
        listed[0].when
    );
    // A battle of two people (at one machine, or over the network) is not "you v you".
    let both = part.played_by([None, None]);
    write_save_in(&dir, &both).unwrap();
    let listed = list_saves_in(&dir);
    assert!(listed.iter().any(|s| s.when.contains(" · two people ·")));
    assert!(listed.iter().all(|s| !s.when.contains("you v you")));
    assert!(listed.iter().all(|s| !s.when.contains("online")));
    // A battle played over the network (its dice salted by the host) says so.
    let salts = warband_table::salts::Salts::listed(0, vec![7; both.commands.len()]);
    write_save_in(&dir, &both.salted(&salts)).unwrap();
    let listed = list_saves_in(&dir);
    assert!(
        listed
            .iter()
            .any(|s| s.when.contains(" · two people · online ·"))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A play-tester saved one battle twice a minute apart and found it listed twice:
/// saved again in the same round it goes over its save; a later round, another battle
/// or the same commands with other dice (a network battle's) each keep their own.
#[test]
fn a_battle_saved_again_in_a_round_goes_over_its_save() {
    let dir = std::env::temp_dir().join(format!("warband-again-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = crate::game::test_app::recorded::<warband_marauders::engine::Marauders>(
        "marauders/open-field-normal-v-normal.ron",
    );
    let at = |n: usize| {
        let mut part = save.clone();
        part.commands.truncate(n);
        let engine = part.replay().unwrap();
        part.noting(&engine)
    };
    let round = |n: usize| at(n).stood.unwrap().round;
    let next = (41..save.commands.len())
        .find(|n| round(*n) > round(40))
        .unwrap();
    let first = write_save_in(&dir, &at(40)).unwrap();
    assert_eq!(write_save_in(&dir, &at(next - 1)).unwrap(), first);
    assert_eq!(list_saves_in(&dir).len(), 1);
    let later = write_save_in(&dir, &at(next)).unwrap();
    assert_ne!(later, first);
    let mut other = at(40);
    other.seed += 1;
    assert_ne!(write_save_in(&dir, &other).unwrap(), first);
    let salts = warband_table::salts::Salts::listed(0, vec![7; 40]);
    assert_ne!(write_save_in(&dir, &at(40).salted(&salts)).unwrap(), first);
    assert_eq!(list_saves_in(&dir).len(), 4);
    // The battle over keeps a save of its own beside the round it can be played on from.
    let whole = save.replay().unwrap();
    let over = save.clone().noting(&whole);
    let last = at(save.commands.len() - 1);
    assert_eq!(last.stood.unwrap().round, over.stood.unwrap().round);
    let resumable = write_save_in(&dir, &last).unwrap();
    assert_ne!(write_save_in(&dir, &over).unwrap(), resumable);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn slugs_are_file_safe() {
    assert_eq!(slug("Orc Warband #2"), "orc-warband--2");
    assert_eq!(slug("!!!"), "army");
    assert_eq!(
        slug("Goblins (2)"),
        "goblins--2-",
        "as its files are named already"
    );
}

#[test]
fn a_data_folder_that_cannot_be_made_is_a_message() {
    let blocker = std::env::temp_dir().join(format!("warband-blocker-{}", std::process::id()));
    std::fs::write(&blocker, "a file where the folder should be").unwrap();
    let save = crate::game::test_app::recorded::<warband_marauders::engine::Marauders>(
        "marauders/open-field-normal-v-normal.ron",
    );
    let e = write_save_in(&blocker.join("saves"), &save).unwrap_err();
    assert!(e.contains("warband-blocker"), "{e}");
    std::fs::remove_file(&blocker).ok();
}

/// A design may not take a shipped profile's name (an army naming it fields the shipped
/// one); any other name, or the same with spaces about it, is told apart.
#[test]
fn a_design_may_not_take_a_shipped_name() {
    let shipped = vec!["Troll".to_string(), "Orc warriors".to_string()];
    let said = super::name_taken("Troll ", &shipped, "unit").expect("taken");
    assert!(said.contains("a unit called Troll"), "{said}");
    assert_eq!(super::name_taken("Troll king", &shipped, "unit"), None);
}

/// An army is saved under its own name's file, a renamed one moves there, and no
/// other army's file is written over.
#[test]
fn an_army_is_filed_by_its_name_and_never_over_another() {
    let dir = std::env::temp_dir().join(format!("warband-army-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let band = dir.join("orc-band.ron");
    assert_eq!(army_file_for(&dir, None, "Orc band"), Ok(band.clone()));
    std::fs::write(&band, "ArmyList()").unwrap();
    assert_eq!(
        army_file_for(&dir, Some(&band), "Orc band"),
        Ok(band.clone())
    );
    assert_eq!(
        army_file_for(&dir, Some(&band), "Iron tide"),
        Ok(dir.join("iron-tide.ron"))
    );
    let refused = army_file_for(&dir, None, "Orc band").unwrap_err();
    assert!(refused.contains("orc-band.ron"), "{refused}");
    let other = dir.join("iron-tide.ron");
    assert!(army_file_for(&dir, Some(&other), "Orc band").is_err());
    // Its own file, named in other letters, stays its file.
    let by_hand = dir.join("Orc-Band.ron");
    assert_eq!(army_file_for(&dir, Some(&by_hand), "Orc band"), Ok(by_hand));
    std::fs::remove_dir_all(&dir).unwrap();
}
