//! The egui overlay: a top bar naming the game and the table.

use super::table::TableSize;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, top_bar);
}

fn top_bar(mut contexts: EguiContexts, table: Res<TableSize>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    egui::Panel::top("top_bar").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.heading("Warband");
            ui.separator();
            ui.label(format!(
                "Marauders table {}\" × {}\" — grid every 6\"",
                table.0.x, table.0.y
            ));
        });
    });
    Ok(())
}

/// A Ui covering the whole window, behind everything else, for egui 0.36 panels to be
/// shown into.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}
