//! The army builder's catalogue: the ruleset's profiles, filtered by name, each with a
//! button to add it, under the ruleset's designer of new profiles.

use super::Builder;
use crate::game::art::icons::icon_and_name;
use crate::game::catalogue::Catalogue;
use bevy_egui::egui;

/// The narrowest the catalogue's last column wraps at, points.
const LAST_COLUMN: f32 = 64.0;

/// The profiles of the ruleset, filtered by name, each with a button to add it.
pub(super) fn catalogue_panel(ui: &mut egui::Ui, b: &mut Builder) {
    ui.heading(b.catalogue.heading);
    if let Some(designer) = &mut b.designer {
        let mut saved = false;
        egui::CollapsingHeader::new(designer.title()).show(ui, |ui| {
            saved = designer.show(ui);
        });
        // A saved design joins the catalogue at once.
        if saved && let Ok(c) = Catalogue::load(b.catalogue.ruleset) {
            b.catalogue = c;
        }
    }
    ui.horizontal(|ui| {
        ui.label("Find");
        ui.text_edit_singleline(&mut b.filter);
    });
    let filter = b.filter.to_lowercase();
    let c = &b.catalogue;
    let mut added = None;
    egui::ScrollArea::both().show(ui, |ui| {
        egui::Grid::new("catalogue_grid")
            .striped(true)
            .num_columns(c.headers.len() + 3)
            .show(ui, |ui| {
                // The cost right after the name: a wide table scrolls, and the cost is
                // what a builder reads first.
                ui.strong("");
                ui.strong("Name");
                // Where two units mix (Borderlands: heroes in levels, monsters in XP),
                // each cost names its own: "1" against a 200 XP limit read as 1 XP.
                ui.strong(match c.party_unit {
                    Some(_) => "Cost".to_string(),
                    None => c.unit.to_string(),
                });
                for h in c.headers {
                    ui.strong(*h);
                }
                ui.end_row();
                for e in c
                    .entries
                    .iter()
                    .filter(|e| e.name.to_lowercase().contains(&filter))
                {
                    if ui
                        .small_button("+")
                        .on_hover_text("Add to the army")
                        .clicked()
                    {
                        added = Some(e.name.clone());
                    }
                    icon_and_name(ui, Some(e.icon), &e.name);
                    let cost = match c.party_unit {
                        Some(_) => crate::game::catalogue::amount(e.cost, c.unit_of_entry(&e.name)),
                        None => e.cost.to_string(),
                    };
                    ui.label(cost).on_hover_text(&e.why);
                    let last = e.cells.len().saturating_sub(1);
                    for (i, cell) in e.cells.iter().enumerate() {
                        if i == last {
                            last_cell(ui, cell);
                        } else {
                            ui.small(cell);
                        }
                    }
                    ui.end_row();
                }
            });
    });
    if !filter.is_empty()
        && !c
            .entries
            .iter()
            .any(|e| e.name.to_lowercase().contains(&filter))
    {
        ui.weak(format!(
            "Nothing in this ruleset has \"{}\" in its name.",
            b.filter
        ));
    }
    if let Some(name) = added {
        b.catalogue.add_model(&mut b.army, &name, b.lead_chosen);
    }
}

/// The last column's cell (extras, upgrades, morale): wrapped at the panel's visible
/// edge (at least `LAST_COLUMN` wide), so a long one is read whole rather than cut off
/// there, and centred in its row as the other cells are.
fn last_cell(ui: &mut egui::Ui, cell: &str) {
    let width = (ui.clip_rect().right() - ui.cursor().left() - 8.0).max(LAST_COLUMN);
    let text = egui::RichText::new(cell).small();
    let line = ui.text_style_height(&egui::TextStyle::Small) + 4.0;
    let layout = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
    ui.allocate_ui_with_layout(egui::vec2(width, line), layout, |ui| {
        ui.add(egui::Label::new(text).wrap());
    });
}
