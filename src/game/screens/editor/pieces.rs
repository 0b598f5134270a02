//! The editor's terrain list: a piece added where none stands, each piece's name, kind
//! and look, and its removal.

use super::*;
use warband_table::table::{Look, TerrainDef};

/// Whether `name` is the name a new piece of `kind` is given ("Wood 3").
fn is_numbered(name: &str, kind: TerrainKind) -> bool {
    name.strip_prefix(&format!("{kind:?} "))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Where a new piece goes: the table's middle, or the first spot near it, 5" apart,
/// with no piece under it (as a click there would find one), so that pieces added one
/// after another never hide each other.
fn free_spot(doc: &warband_table::scenario::Scenario) -> (f32, f32) {
    let (cx, cy) = (doc.table.0 / 2.0, doc.table.1 / 2.0);
    let covered = |p: (f32, f32)| super::canvas::piece_under(doc, p).is_some();
    let steps = [
        (0, 0),
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];
    steps
        .iter()
        .map(|&(i, j)| (cx + 5.0 * i as f32, cy + 5.0 * j as f32))
        .find(|p| !covered(*p))
        .unwrap_or((cx, cy))
}

/// A kind of terrain as the editor's buttons name it: "Low wall", not "LowWall".
fn kind_words(kind: TerrainKind) -> String {
    crate::game::hud::capitalised(crate::game::hud::terrain::kind_name(kind))
}

/// A piece's kind in the editor's list, with its look where that differs: "Cliff,
/// plays as building", not "Building" for a cliff.
fn piece_words(t: &TerrainDef) -> String {
    let seen = crate::game::hud::terrain::seen_as(t);
    let kind = crate::game::hud::terrain::kind_name(t.kind);
    if seen == kind {
        kind_words(t.kind)
    } else {
        format!("{}, plays as {kind}", crate::game::hud::capitalised(seen))
    }
}

/// Add a piece of each kind; the chosen piece's name, kind, look, turn, size and
/// removal.
pub(super) fn terrain(ui: &mut egui::Ui, e: &mut Editor) {
    ui.label("Add terrain (drag it into place; drag its corners to reshape it):");
    ui.horizontal_wrapped(|ui| {
        for kind in TerrainKind::ALL {
            if ui.button(format!("+ {}", kind_words(kind))).clicked() {
                let centre = free_spot(&e.doc);
                let mut added = 0;
                e.edit(|d| added = d.add_piece(kind, centre));
                e.selected = Some(added);
            }
        }
    });
    for i in 0..e.doc.terrain.len() {
        let t = &e.doc.terrain[i];
        if ui
            .selectable_label(
                e.selected == Some(i),
                format!("{} ({})", t.name, piece_words(t)),
            )
            .clicked()
        {
            e.selected = Some(i);
        }
    }
    let Some(i) = e.selected.filter(|i| *i < e.doc.terrain.len()) else {
        return;
    };
    let mut piece = e.doc.terrain[i].clone();
    ui.text_edit_singleline(&mut piece.name);
    ui.horizontal(|ui| {
        ui.label("Kind");
        egui::ComboBox::from_id_salt("editor-kind")
            .selected_text(kind_words(piece.kind))
            .show_ui(ui, |ui| {
                for kind in TerrainKind::ALL {
                    ui.selectable_value(&mut piece.kind, kind, kind_words(kind));
                }
            });
        ui.label("Look");
        look_combo(ui, &mut piece);
    });
    let was = e.doc.terrain[i].kind;
    if piece.kind != was && is_numbered(&piece.name, was) {
        // "Wood 1" made rough ground is named afresh, "Rough 1", not left a wood.
        let n = e
            .doc
            .terrain
            .iter()
            .filter(|t| t.kind == piece.kind)
            .count()
            + 1;
        piece.name = format!("{:?} {n}", piece.kind);
    }
    if piece != e.doc.terrain[i] {
        e.edit(|d| d.terrain[i] = piece);
    }
    ui.horizontal(|ui| {
        for (label, turn, scale) in [
            ("⟲ 15°", 15.0, 1.0),
            ("⟳ 15°", -15.0, 1.0),
            ("bigger", 0.0, 1.1),
            ("smaller", 0.0, 1.0 / 1.1),
        ] {
            if ui.button(label).clicked() {
                e.turn_piece(i, turn, scale);
            }
        }
        if ui.button("Remove").clicked() {
            e.edit(|d| {
                d.terrain.remove(i);
            });
            e.selected = None;
        }
    });
}

/// How the chosen piece is drawn: any look, its kind's own marked. The kind's own look
/// is written as none, so the piece follows its kind if the kind changes.
fn look_combo(ui: &mut egui::Ui, piece: &mut TerrainDef) {
    let own = Look::of(piece.kind);
    let mut look = piece.look();
    let label = |l: Look| {
        if l == own {
            format!("{} (its kind's)", l.name())
        } else {
            l.name().to_string()
        }
    };
    egui::ComboBox::from_id_salt("editor-look")
        .selected_text(label(look))
        .show_ui(ui, |ui| {
            for l in Look::ALL {
                ui.selectable_value(&mut look, l, label(l));
            }
        })
        .response
        .on_hover_text("How the piece is drawn; the rules read its kind");
    piece.look = (look != own).then_some(look);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pieces added one after another each go where none stands yet; a piece keeps its
    /// given name unless it is the numbered name of its old kind.
    #[test]
    fn new_pieces_never_hide_each_other() {
        let first = PerSide {
            a: "a".to_string(),
            b: "b".to_string(),
        };
        let mut doc = warband_table::scenario::Scenario::new(Ruleset::ALL[0], first);
        let mut centres = Vec::new();
        for _ in 0..4 {
            let at = free_spot(&doc);
            assert!(!centres.contains(&at), "{at:?} twice");
            centres.push(at);
            doc.add_piece(TerrainKind::Wood, at);
        }
        assert!(is_numbered("Wood 12", TerrainKind::Wood));
        assert!(!is_numbered("Wood 1", TerrainKind::Hill));
        assert!(!is_numbered("Wood of Ash", TerrainKind::Wood));
        assert!(!is_numbered("Wood ", TerrainKind::Wood));
    }
}
