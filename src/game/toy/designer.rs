//! The Toy Soldier unit designer: quality (the activation die), morale die, foot, horse
//! or guns, and the upgrades (shields, ranged weapons, magic, Command), priced by the
//! seed's formula as you choose, and saved to the data folder, where the builder and
//! battle setup find it.

use super::desk::{load_units, toy_points, units_file};
use crate::game::desk::ProfileDesigner;
use bevy_egui::egui;
use warband_rules::toy_soldier::unit::MORALE_DICE;
use warband_rules::toy_soldier::{Kind, Quality, UnitProfile, unit_problems};
use warband_toy_soldier::data::UnitList;

pub struct Designer {
    pub unit: UnitProfile,
    pub message: Option<String>,
    /// The names of the shipped units, which a design may not take.
    pub shipped: Vec<String>,
}

impl Default for Designer {
    fn default() -> Self {
        Self {
            unit: UnitProfile {
                name: "New unit".into(),
                race: "Men".into(),
                quality: Quality::Regular,
                morale: 6,
                kind: Kind::Infantry,
                shields: false,
                ranged: false,
                magical: false,
                command: false,
                figures: 4,
            },
            message: None,
            shipped: Vec::new(),
        }
    }
}

impl ProfileDesigner for Designer {
    fn title(&self) -> &'static str {
        "Design a unit: its dice and upgrades make its points"
    }

    fn show(&mut self, ui: &mut egui::Ui) -> bool {
        show(ui, self)
    }
}

/// The designer; true when a unit was saved (the catalogue should be read again).
fn show(ui: &mut egui::Ui, d: &mut Designer) -> bool {
    let u = &mut d.unit;
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut u.name);
    });
    ui.horizontal(|ui| {
        ui.label("Race");
        ui.text_edit_singleline(&mut u.race);
    });
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("unit quality")
            .selected_text(format!("{:?} {}", u.quality, u.quality.die()))
            .show_ui(ui, |ui| {
                for q in Quality::ALL {
                    ui.selectable_value(&mut u.quality, q, format!("{q:?} {}", q.die()));
                }
            });
        egui::ComboBox::from_id_salt("unit morale")
            .selected_text(format!("morale d{}", u.morale))
            .show_ui(ui, |ui| {
                for m in MORALE_DICE {
                    ui.selectable_value(&mut u.morale, m, format!("morale d{m}"));
                }
            });
        egui::ComboBox::from_id_salt("unit kind")
            .selected_text(format!("{:?}", u.kind))
            .show_ui(ui, |ui| {
                for k in [Kind::Infantry, Kind::Cavalry, Kind::Artillery] {
                    ui.selectable_value(&mut u.kind, k, format!("{k:?}"));
                }
            });
    });
    ui.horizontal(|ui| {
        ui.checkbox(&mut u.shields, "shields");
        ui.checkbox(&mut u.ranged, "ranged");
        ui.checkbox(&mut u.magical, "magical");
        ui.checkbox(&mut u.command, "Command");
        ui.add(
            egui::DragValue::new(&mut u.figures)
                .range(1..=8)
                .suffix(" figures"),
        );
    });
    ui.label(egui::RichText::new(toy_points(u)).strong());
    let mut problems = unit_problems(u);
    problems.extend(crate::game::saves::name_taken(&u.name, &d.shipped, "unit"));
    crate::game::saves::designer_footer(ui, &problems, "💾 Save unit", &mut d.message, || {
        save(u)?;
        Ok(format!("Saved {} to {}", u.name, units_file().display()))
    })
}

/// Adds the unit to the player's units (replacing one of the same name), atomically.
fn save(u: &UnitProfile) -> Result<(), String> {
    let mut list = UnitList {
        units: load_units()?,
    };
    list.units.retain(|o| o.name != u.name);
    list.units.push(u.clone());
    crate::game::saves::keep(&units_file(), &list)
}
