//! Numbers that rise from a hurt model and fade ("−1 HD", "−4 HP"), drawn in screen
//! space over the table so they read at any zoom. Only the picture: the engine has
//! already dealt the damage the number tells.

use super::camera::TableCamera;
use super::hud::{screen_point, table_painter};
use super::screens::Screen;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Floaters>()
        .add_systems(OnEnter(Screen::Battle), |mut f: ResMut<Floaters>| {
            f.0.clear()
        })
        .add_systems(Update, age.run_if(in_state(Screen::Battle)))
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::Battle)),
        );
}

/// Seconds a number takes to rise and fade.
const LIFE: f32 = 1.2;
/// The most shown at once (skipping to the end of a big battle hurts hundreds).
const MOST: usize = 48;
/// Screen pixels a number rises over its life.
const RISE: f32 = 28.0;

/// The numbers on their way up: where each started on the table, what it says and how
/// long it has risen.
#[derive(Resource, Default)]
pub struct Floaters(Vec<(Vec2, String, f32)>);

impl Floaters {
    /// A number rising from `at` on the table.
    pub fn rise(&mut self, at: Vec2, text: String) {
        if self.0.len() >= MOST {
            self.0.remove(0);
        }
        self.0.push((at, text, 0.0));
    }
}

fn age(time: Res<Time>, mut f: ResMut<Floaters>, mut busy: ResMut<super::awake::Busy>) {
    if f.0.is_empty() {
        return;
    }
    let dt = time.delta_secs();
    f.0.retain_mut(|(_, _, t)| {
        *t += dt;
        *t < LIFE
    });
    busy.keep();
}

fn draw(
    mut contexts: EguiContexts,
    f: Res<Floaters>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
) -> Result {
    if f.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (cam, at) = *camera;
    let painter = table_painter(ctx, "floating numbers");
    let font = egui::FontId::proportional(16.0);
    let mut placed = Vec::new();
    for (p, text, t) in &f.0 {
        let Some(c) = screen_point(ctx, cam, at, *p) else {
            continue;
        };
        let k = t / LIFE;
        let alpha = ((1.0 - k) * 255.0 * 1.6).min(255.0) as u8;
        let size = painter
            .layout_no_wrap(text.clone(), font.clone(), egui::Color32::WHITE)
            .size();
        let pos = clear_of(&mut placed, c - egui::vec2(0.0, 6.0 + RISE * k), size);
        let shadow = egui::Color32::from_black_alpha(alpha);
        for d in [
            egui::vec2(1.0, 1.0),
            egui::vec2(-1.0, 1.0),
            egui::vec2(0.0, -1.0),
        ] {
            painter.text(
                pos + d,
                egui::Align2::CENTER_BOTTOM,
                text,
                font.clone(),
                shadow,
            );
        }
        let colour = egui::Color32::from_rgba_unmultiplied(255, 120, 90, alpha);
        painter.text(pos, egui::Align2::CENTER_BOTTOM, text, font.clone(), colour);
    }
    Ok(())
}

/// Where a number of `size` whose foot is centred at `foot` is drawn clear of those
/// already `placed` (neighbours hurt at once): raised a line at a time, at most a few.
fn clear_of(placed: &mut Vec<egui::Rect>, foot: egui::Pos2, size: egui::Vec2) -> egui::Pos2 {
    let rect_at =
        |p: egui::Pos2| egui::Rect::from_center_size(p - egui::vec2(0.0, size.y / 2.0), size);
    let mut pos = foot;
    for _ in 0..6 {
        // Shrunk a little: numbers that only touch are clear of each other.
        if !placed
            .iter()
            .any(|r| r.shrink(0.5).intersects(rect_at(pos)))
        {
            break;
        }
        pos.y -= size.y;
    }
    placed.push(rect_at(pos));
    pos
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers over two neighbours hurt at once stand one above the other; one far
    /// from the rest stays where it rose.
    #[test]
    fn numbers_over_neighbours_do_not_overlap() {
        let size = egui::vec2(48.0, 18.0);
        let mut placed = Vec::new();
        let a = clear_of(&mut placed, egui::pos2(100.0, 100.0), size);
        let b = clear_of(&mut placed, egui::pos2(120.0, 104.0), size);
        let far = clear_of(&mut placed, egui::pos2(400.0, 100.0), size);
        assert_eq!(a, egui::pos2(100.0, 100.0));
        assert!(!placed[0].intersects(placed[1]), "{placed:?}");
        assert_eq!(b.x, 120.0);
        assert_eq!(far, egui::pos2(400.0, 100.0));
    }

    #[test]
    fn numbers_are_few_enough_to_read() {
        let mut f = Floaters::default();
        for i in 0..(MOST + 10) {
            f.rise(Vec2::ZERO, format!("−{i} HP"));
        }
        assert_eq!(f.0.len(), MOST);
        assert_eq!(f.0[0].1, "−10 HP", "the oldest go first");
    }
}
