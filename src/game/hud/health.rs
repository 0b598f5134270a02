//! A model's health at a glance, under its base, the same in every ruleset: pips for a
//! few hit dice or points (filled for each left), a bar for more; green, then amber, then
//! red as it falls, and muted at full health (as Wesnoth mutes a full HP bar) so a
//! table of fresh models is not a row of bars. Above the base, a word of its state.

use bevy_egui::egui;

/// The most a model can have and still show pips rather than a bar.
const MOST_PIPS: i32 = 6;

/// Draws `now` of `max` centred at `centre` under a base of screen radius `radius`.
pub fn health(painter: &egui::Painter, centre: egui::Pos2, radius: f32, (now, max): (i32, i32)) {
    let max = max.max(1);
    let frac = (now.max(0) as f32 / max as f32).clamp(0.0, 1.0);
    let full = now >= max;
    let alpha = if full { 110 } else { 255 };
    let colour = with_alpha(tint(frac), alpha);
    let dark = egui::Color32::from_black_alpha(if full { 120 } else { 220 });
    if max <= MOST_PIPS {
        let size = (radius * 0.2).clamp(1.8, 3.5);
        let step = size * 2.0 + 1.5;
        let left = centre.x - step * (max - 1) as f32 / 2.0;
        for i in 0..max {
            let c = egui::pos2(left + step * i as f32, centre.y);
            painter.circle_filled(c, size + 0.8, dark);
            if i < now {
                painter.circle_filled(c, size, colour);
            }
        }
        return;
    }
    let width = (radius * 2.0).max(14.0);
    let rect = egui::Rect::from_center_size(centre, egui::vec2(width, 4.0));
    painter.rect_filled(rect.expand(1.0), 1.5, dark);
    let filled = egui::Rect::from_min_size(rect.min, egui::vec2(width * frac, 4.0));
    painter.rect_filled(filled, 1.0, colour);
}

/// Green while healthy, amber when hurt, red when nearly gone.
fn tint(frac: f32) -> egui::Color32 {
    if frac > 0.6 {
        egui::Color32::from_rgb(90, 200, 90)
    } else if frac > 0.3 {
        egui::Color32::from_rgb(235, 180, 60)
    } else {
        egui::Color32::from_rgb(225, 60, 50)
    }
}

fn with_alpha(c: egui::Color32, a: u8) -> egui::Color32 {
    egui::Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), a)
}

/// A sleeping model's mark.
pub const ASLEEP: (&str, egui::Color32) = ("Zz", egui::Color32::from_rgb(180, 180, 255));
/// A blinded model's mark.
pub const BLIND: (&str, egui::Color32) = ("blind", egui::Color32::from_rgb(230, 230, 120));

/// A word of a model's state above its base ("Zz", "held"), at a size readable at any
/// zoom, so that a sleeping model is not taken for a casualty: on a dark chip of its
/// own, so it reads over any ground, a terrain's name or a neighbour's base.
pub fn mark(
    painter: &egui::Painter,
    centre: egui::Pos2,
    radius: f32,
    (text, colour): (&str, egui::Color32),
) {
    let at = centre - egui::vec2(0.0, radius + 9.0);
    let galley = painter.layout_no_wrap(text.into(), egui::FontId::proportional(13.0), colour);
    let chip = egui::Rect::from_center_size(at, galley.size() + egui::vec2(8.0, 2.0));
    painter.rect_filled(chip, 4.0, egui::Color32::from_black_alpha(200));
    painter.rect_stroke(
        chip,
        4.0,
        egui::Stroke::new(1.0, colour.gamma_multiply(0.6)),
        egui::StrokeKind::Inside,
    );
    painter.galley(at - galley.size() / 2.0, galley, colour);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn health_goes_from_green_to_red() {
        assert_eq!(tint(1.0), egui::Color32::from_rgb(90, 200, 90));
        assert_eq!(tint(0.5), egui::Color32::from_rgb(235, 180, 60));
        assert_eq!(tint(0.1), egui::Color32::from_rgb(225, 60, 50));
    }
}
