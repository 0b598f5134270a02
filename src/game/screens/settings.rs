//! The Settings screen: the interface's size, animation and its speed, the watch speed
//! a new battle starts at, sound and its volume; each change is kept at once in `settings.ron`.

use super::Screen;
use crate::game::hud::root_ui;
use crate::game::saves::data_dir;
use crate::game::settings::{Settings, SettingsProblem, write};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        screen.run_if(in_state(Screen::Settings)),
    );
}

fn screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut problem: ResMut<SettingsProblem>,
    mut next: ResMut<NextState<Screen>>,
    mut speaker: ResMut<crate::game::sound::Speaker>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let mut s = settings.clone();
    egui::CentralPanel::default().show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            centred(ui, |ui| {
                ui.heading("Settings");
                ui.add_space(8.0);
                if grid(ui, &mut s) {
                    // A throw of dice at the volume just set, to hear it.
                    speaker.preview(s.volume);
                }
                ui.add_space(8.0);
                if let Some(why) = &speaker.silent {
                    ui.weak(why);
                }
                if let Some(p) = &problem.0 {
                    ui.colored_label(egui::Color32::from_rgb(240, 150, 100), p);
                }
                ui.add_space(12.0);
                ui.horizontal(|ui| {
                    if ui.button("◀ Back").clicked() {
                        next.set(Screen::MainMenu);
                    }
                    if ui.button("Defaults").clicked() {
                        s = Settings::default();
                    }
                });
            })
        });
    });
    if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        next.set(Screen::MainMenu);
    }
    if s != *settings {
        problem.0 = write(&data_dir(), &s)
            .err()
            .map(|e| format!("Could not keep the settings: {e}"));
        *settings = s;
    }
    Ok(())
}

/// The settings' grid: each setting's name and its control. Whether the volume was
/// just set (let go of, or typed), to be heard.
fn grid(ui: &mut egui::Ui, s: &mut Settings) -> bool {
    let mut set = false;
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([24.0, 10.0])
        .show(ui, |ui| {
            ui.label("Interface size");
            ui.add(
                egui::Slider::new(&mut s.ui_scale, Settings::UI_SCALE)
                    .step_by(0.25)
                    .suffix("×"),
            )
            .on_hover_text("Larger for a high-DPI screen");
            ui.end_row();
            ui.label("Animation");
            ui.checkbox(&mut s.animation, "Models fall as casualties over a moment");
            ui.end_row();
            ui.label("Animation speed");
            ui.add_enabled(
                s.animation,
                egui::Slider::new(&mut s.animation_speed, Settings::ANIMATION_SPEED)
                    .logarithmic(true)
                    .suffix("×"),
            );
            ui.end_row();
            ui.label("Watch speed of a new battle");
            ui.add(
                egui::Slider::new(&mut s.watch_speed, Settings::WATCH_SPEED)
                    .logarithmic(true)
                    .suffix("×"),
            );
            ui.end_row();
            ui.label("Sound");
            ui.checkbox(&mut s.sound, "Dice, shots, blows and falls");
            ui.end_row();
            ui.label("Volume");
            let volume = ui.add_enabled(
                s.sound,
                egui::Slider::new(&mut s.volume, Settings::VOLUME)
                    .custom_formatter(|v, _| format!("{:.0}%", v * 100.0))
                    .custom_parser(|t| {
                        t.trim_end_matches('%')
                            .trim()
                            .parse::<f64>()
                            .ok()
                            .map(|v| v / 100.0)
                    }),
            );
            set = volume.drag_stopped() || (volume.changed() && !volume.dragged());
            ui.end_row();
        });
    set
}

/// The screen's contents as a column of at most 560 points in the middle of the window,
/// a sixth of the way down (at the top of a short one), as the menu stands. The column
/// is as wide as its contents were last drawn, so they stand in the middle, not to its
/// left.
fn centred(ui: &mut egui::Ui, contents: impl FnOnce(&mut egui::Ui)) {
    let room = ui.available_width();
    let column = room.min(560.0);
    let id = ui.id().with("settings column");
    let drawn = ui.data(|d| d.get_temp::<f32>(id)).unwrap_or(column);
    let high = ui.ctx().viewport_rect().height();
    ui.add_space((high * 0.17 - 40.0).max(4.0));
    let used = ui
        .horizontal(|ui| {
            ui.add_space(((room - drawn.min(column)) / 2.0).max(0.0));
            ui.vertical(|ui| {
                ui.set_max_width(column);
                contents(ui);
                ui.min_rect().width()
            })
            .inner
        })
        .inner;
    if (used - drawn).abs() > 0.5 {
        ui.data_mut(|d| d.insert_temp(id, used));
        ui.ctx().request_repaint();
    }
}
