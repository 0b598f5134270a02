use super::*;
use warband_rules::Side;
use warband_table::sim::Contest;

/// The editor's own steps on a copy of a shipped scenario, saved into a player's
/// folder beside no data of its own: it validates, and setup's loader reads it with
/// the game's armies and units.
#[test]
fn an_edited_scenario_saves_validates_and_loads_for_battle() {
    let dir = std::env::temp_dir().join(format!("warband-editor-{}", std::process::id()));
    let scenarios = dir.join("scenarios");
    let shipped = std::path::Path::new("assets/scenarios/open-meadow.ron");
    let mut doc: Scenario = warband_table::files::load_ron(shipped).unwrap();
    doc.name = "Meadow with a wood".into();
    let wood = doc.add_piece(TerrainKind::Wood, (6.0, 12.0));
    doc.move_piece(wood, (1.0, 0.5));
    doc.turn_piece(wood, 30.0, 1.2);
    doc.move_zone(Side::B, (0.0, 0.5));
    doc.round_limit = 6;
    assert_eq!(check_in(&doc, &scenarios), Vec::<String>::new());
    let path = scenarios.join(format!("{}.ron", slug(&doc.name)));
    save_to(&path, &doc).unwrap();
    assert_eq!(
        crate::rulesets::problems_of_file(&path),
        Vec::<String>::new()
    );
    let setup = warband_toy_soldier::ToySoldier::load(&path).unwrap();
    assert_eq!(setup.scenario.round_limit, 6);
    assert_eq!(setup.scenario.terrain.len(), 3);
    // A zone pulled off the table's depth is a problem the editor shows, said of
    // the table, not of a file.
    doc.deployment.b.max.1 = 30.0;
    let problems = check_in(&doc, &scenarios);
    assert!(!problems.is_empty());
    assert!(
        problems
            .iter()
            .all(|p| !p.contains(".ron") && !p.starts_with(':')),
        "{problems:?}"
    );
    // So is a scenario with no name (it would be saved under no name of its own).
    doc.deployment.b.max.1 = 23.0;
    doc.name = "  ".into();
    let problems = check_in(&doc, &scenarios);
    assert!(
        problems.iter().any(|p| p.contains("needs a name")),
        "{problems:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
