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
    // Muted at full health, but still seen on green felt (a play-tester lost them).
    let alpha = if full { 170 } else { 255 };
    let colour = with_alpha(tint(frac), alpha);
    let dark = egui::Color32::from_black_alpha(if full { 170 } else { 220 });
    if max <= MOST_PIPS {
        // Growing a little with the zoom, as the bases do, up to a size still neat.
        let size = (radius * 0.2).clamp(1.8, 5.0);
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
/// own, so it reads over any ground, a terrain's name or a neighbour's base. The marks of
/// one frame never cover each other: a mark that would is raised above the one in its
/// way, with a line down to its model, and where no room is left it shrinks to an orb of
/// its colour on the base's shoulder (its word is on the model's hover card), as
/// Wesnoth's status orbs do.
#[derive(Default)]
pub struct Marks(Vec<egui::Rect>);

/// How many places a mark tries, each one chip higher, before it shrinks to an orb.
const RAISED: usize = 3;

impl Marks {
    pub fn mark(
        &mut self,
        painter: &egui::Painter,
        centre: egui::Pos2,
        radius: f32,
        (text, colour): (&str, egui::Color32),
    ) {
        let galley = painter.layout_no_wrap(text.into(), egui::FontId::proportional(13.0), colour);
        let size = galley.size() + egui::vec2(8.0, 2.0);
        let top = centre - egui::vec2(0.0, radius);
        let Some(chip) = self.place(top - egui::vec2(0.0, 9.0), size) else {
            let orb = centre + egui::vec2(radius, -radius) * std::f32::consts::FRAC_1_SQRT_2;
            painter.circle_filled(orb, 5.0, egui::Color32::from_black_alpha(200));
            painter.circle_filled(orb, 3.5, colour);
            return;
        };
        if chip.bottom() < top.y - 4.0 {
            let line = [egui::pos2(top.x, chip.bottom()), top];
            painter.line_segment(line, egui::Stroke::new(1.0, colour.gamma_multiply(0.6)));
        }
        painter.rect_filled(chip, 4.0, egui::Color32::from_black_alpha(200));
        painter.rect_stroke(
            chip,
            4.0,
            egui::Stroke::new(1.0, colour.gamma_multiply(0.6)),
            egui::StrokeKind::Inside,
        );
        painter.galley(chip.center() - galley.size() / 2.0, galley, colour);
    }

    /// The first free place for a chip of `size` centred at `at` or a chip higher, at
    /// most `RAISED` places up; it is then taken.
    fn place(&mut self, at: egui::Pos2, size: egui::Vec2) -> Option<egui::Rect> {
        let chip = (0..RAISED)
            .map(|k| {
                egui::Rect::from_center_size(at - egui::vec2(0.0, k as f32 * (size.y + 2.0)), size)
            })
            .find(|c| !self.0.iter().any(|o| o.intersects(*c)))?;
        self.0.push(chip);
        Some(chip)
    }
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

    /// Neighbours' marks never cover each other: the second is raised above the first,
    /// and once no place is left the mark gets none (it is drawn as an orb). A mark far
    /// off keeps its own place.
    #[test]
    fn marks_side_by_side_are_raised_not_overprinted() {
        let mut marks = Marks::default();
        let size = egui::vec2(60.0, 16.0);
        let at = egui::pos2(100.0, 100.0);
        let placed: Vec<_> = (0..RAISED + 1)
            .map(|i| marks.place(at + egui::vec2(i as f32 * 10.0, 0.0), size))
            .collect();
        assert_eq!(placed[0].unwrap().center(), at);
        assert_eq!(placed[1].unwrap().center().y, at.y - 18.0);
        assert_eq!(placed[2].unwrap().center().y, at.y - 36.0);
        assert_eq!(placed[3], None, "no room left: an orb");
        let chips: Vec<_> = placed.iter().flatten().collect();
        for (i, a) in chips.iter().enumerate() {
            assert!(chips[i + 1..].iter().all(|b| !a.intersects(**b)));
        }
        let far = marks.place(egui::pos2(400.0, 100.0), size).unwrap();
        assert_eq!(far.center(), egui::pos2(400.0, 100.0));
    }
}
