//! The editor form: saving, resizing, turning pieces and listing armies.

use super::*;

fn editor_on(doc: Scenario) -> Editor {
    Editor::new(doc, Vec::new(), Vec::new())
}

fn meadow() -> Scenario {
    warband_table::files::load_ron(std::path::Path::new("assets/scenarios/open-meadow.ron"))
        .unwrap()
}

/// A new table named as a scenario already in the folder is saved under a name of
/// its own; the file this editor saved is saved over.
#[test]
fn saving_never_writes_over_another_table() {
    let dir = std::env::temp_dir().join(format!("warband-unclaimed-{}", std::process::id()));
    let mut e = editor_on(meadow());
    e.doc.name = "New scenario".into();
    assert_eq!(unclaimed_name(&mut e, &dir), None, "nothing there yet");
    save_to(&file_in(&dir, "New scenario"), &e.doc).unwrap();
    save_to(&file_in(&dir, "New scenario 2"), &e.doc).unwrap();
    assert_eq!(
        unclaimed_name(&mut e, &dir).as_deref(),
        Some("New scenario")
    );
    assert_eq!(e.doc.name, "New scenario 3");
    e.own = Some(file_in(&dir, "New scenario 3"));
    save_to(&file_in(&dir, "New scenario 3"), &e.doc).unwrap();
    assert_eq!(unclaimed_name(&mut e, &dir), None, "its own file");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An army is listed by its name; its file's name is added only where another of
/// the same name would be told from it so.
#[test]
fn armies_are_listed_by_name_and_twins_by_file() {
    let load = |f: &str| -> ArmyList {
        warband_table::files::load_ron(std::path::Path::new(&format!("assets/armies/{f}.ron")))
            .unwrap()
    };
    let (a, mut b) = (load("keep-patrol"), load("orc-raiders"));
    let armies = [
        ("keep-patrol".to_string(), a.clone()),
        ("orc-raiders".into(), b.clone()),
    ];
    let listed: Vec<&(String, ArmyList)> = armies.iter().collect();
    assert_eq!(army_label(&listed, "keep-patrol"), a.name);
    b.name = a.name.clone();
    let armies = [
        ("keep-patrol".to_string(), a.clone()),
        ("orc-raiders".into(), b),
    ];
    let listed: Vec<&(String, ArmyList)> = armies.iter().collect();
    assert_eq!(
        army_label(&listed, "orc-raiders"),
        format!("{} (orc-raiders)", a.name)
    );
}

/// A piece against the table's edge turns, sliding back on; one that would not fit
/// on the table at all is left as it was, and the editor says why.
#[test]
fn a_piece_at_the_edge_turns_and_one_too_big_is_said() {
    let mut e = editor_on(meadow());
    let i = e.doc.add_piece(TerrainKind::Wood, (1.0, 1.0));
    e.doc.move_piece(i, (-50.0, -50.0));
    let before = e.doc.terrain[i].clone();
    e.turn_piece(i, 15.0, 1.0);
    assert_ne!(e.doc.terrain[i], before, "turned at the edge");
    let turned = e.doc.terrain[i].clone();
    e.turn_piece(i, 0.0, 100.0);
    assert_eq!(e.doc.terrain[i], turned);
    let said = e.message.clone().unwrap_or_default();
    assert!(
        said.ends_with("would not fit on the table any bigger"),
        "{said}"
    );
}

/// A resize is made from the table as it stood before it began: shrunk to 6" and
/// grown back, every piece and zone is where it was, and the whole resize is one step
/// to undo. Each frame goes as the settings go: the fields, then the document settled.
#[test]
fn a_table_shrunk_and_grown_back_is_as_it_was() {
    let mut e = editor_on(meadow());
    let was = e.doc.clone();
    let (w, h) = was.table;
    let frames = |e: &mut Editor, sizes: &[((f32, f32), bool)]| {
        for size in sizes {
            let mut d = e.doc.clone();
            resize(e, &mut d, *size);
            settle(e, d);
        }
    };
    frames(
        &mut e,
        &[((6.0, h), true), ((20.0, h), true), ((w, h), false)],
    );
    assert_eq!(e.doc, was);
    assert!(
        e.history.undo.is_empty(),
        "back where it began: nothing to undo"
    );
    frames(&mut e, &[((6.0, h), true), ((w - 4.0, h), false)]);
    let mut direct = was.clone();
    direct.resize_table((w - 4.0, h));
    assert_eq!(e.doc, direct, "as if resized at once");
    assert_eq!(e.history.undo.len(), 1);
    e.undo();
    assert_eq!(e.doc, was);
}

/// A scenario opened from the game's tables is not the player's own file, even where
/// the player has a table of the same name: saving it never writes over theirs.
#[test]
fn a_game_table_opened_is_not_the_players_own() {
    let doc = meadow();
    let game = std::path::Path::new("assets/scenarios/open-meadow.ron");
    assert_eq!(super::super::owned(game, &doc), None);
    let mine = save_path(&doc);
    assert_eq!(super::super::owned(&mine, &doc), Some(mine.clone()));
}
