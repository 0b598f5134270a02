//! A model's health at a glance, on the ring under its base, the same in every ruleset:
//! a segment for each of a few hit dice or points (filled for each left), an arc for
//! more; green, then amber, then red as it falls, and muted at full health (as Wesnoth
//! mutes a full HP bar) so a table of fresh models is not a row of bars. Above the base,
//! a word of its state.

use bevy_egui::egui;

/// The most a model can have and still show a segment each rather than one arc.
const MOST_SEGMENTS: i32 = 6;

/// Draws `now` of `max` on the ring of a base at `centre` (screen radius `radius`), under
/// it and within its outline: a segment a point for a few, an arc for more, filled from
/// the left. Each model's health lies on its own base, so a packed rank's are never
/// taken for a neighbour's (a play-tester could not tell whose a row of pips under
/// packed bases was). The room it took.
fn health(
    painter: &egui::Painter,
    centre: egui::Pos2,
    radius: f32,
    (now, max): (i32, i32),
) -> egui::Rect {
    let max = max.max(1);
    let frac = (now.max(0) as f32 / max as f32).clamp(0.0, 1.0);
    let full = now >= max;
    // Muted at full health, but still seen on green felt (a play-tester lost them).
    let alpha = if full { 170 } else { 255 };
    let colour = with_alpha(tint(frac), alpha);
    let dark = egui::Color32::from_black_alpha(if full { 170 } else { 220 });
    // On the ring itself, within the base's outline, under the base (from 35° left of
    // straight under it to 35° right; screen y points down), clear of side B's notches
    // on the diagonals (the shape cue beside the colour), filled from the left: one
    // segment a point for a few, else one arc.
    let down = std::f32::consts::FRAC_PI_2;
    let span = 70f32.to_radians();
    // As thick as a neat ring at any zoom: a quarter of the radius, 4 to 8 px.
    let width = (radius * 0.25).clamp(4.0, 8.0);
    let rim = radius - width / 2.0;
    let left = down + span / 2.0;
    let arc = |from: f32, len: f32| -> Vec<egui::Pos2> {
        let steps = ((len / span) * 24.0).ceil().max(2.0) as usize;
        (0..=steps)
            .map(|k| {
                let angle = from - len * k as f32 / steps as f32;
                centre + egui::vec2(angle.cos(), angle.sin()) * rim
            })
            .collect()
    };
    let back = egui::Stroke::new(width, dark);
    let fill = egui::Stroke::new(width - 2.0, colour);
    let whole = arc(left, span);
    let room = egui::Rect::from_points(&whole).expand(width / 2.0);
    if max <= MOST_SEGMENTS {
        let gap = (2.0 / rim.max(1.0)).min(span / (3 * max) as f32);
        let seg = (span - gap * (max - 1) as f32) / max as f32;
        for i in 0..max {
            let points = arc(left - i as f32 * (seg + gap), seg);
            if i < now {
                painter.add(egui::Shape::line(points.clone(), back));
                painter.add(egui::Shape::line(points, fill));
            } else {
                painter.add(egui::Shape::line(points, back));
            }
        }
        return room;
    }
    painter.add(egui::Shape::line(whole, back));
    if frac > 0.0 {
        painter.add(egui::Shape::line(arc(left, span * frac), fill));
    }
    room
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

/// The gold of a leader's star, as Toy Soldier's command unit carries it.
pub const LEADER_GOLD: egui::Color32 = egui::Color32::from_rgb(250, 220, 90);

/// A side's leader: a gold star on a dark disc on its base's left edge (state orbs take
/// the upper right shoulder, health the bottom, and side B's notches the diagonals), so
/// the model whose loss the side's morale feels is found on the table, not only in the
/// roster (a play-tester looked for it).
pub fn leader_star(painter: &egui::Painter, centre: egui::Pos2, radius: f32) {
    let at = centre - egui::vec2(radius, 0.0);
    let size = (radius * 0.9).clamp(9.0, 16.0);
    painter.circle_filled(at, size * 0.55, egui::Color32::from_black_alpha(190));
    painter.text(
        at,
        egui::Align2::CENTER_CENTER,
        "★",
        egui::FontId::proportional(size),
        LEADER_GOLD,
    );
}

/// A sleeping model's mark.
pub const ASLEEP: Mark = ("Zz", egui::Color32::from_rgb(180, 180, 255));
/// A blinded model's mark.
pub const BLIND: Mark = ("blind", egui::Color32::from_rgb(230, 230, 120));

/// A word of a model's state above its base ("Zz", "held"), at a size readable at any
/// zoom, so that a sleeping model is not taken for a casualty: on a dark chip of its
/// own, so it reads over any ground or a terrain's name. The words of one frame never
/// cover each other, nor another model's base or health: in a packed rank, where the
/// room above a base is a neighbour's, the word sits on its own model's base instead,
/// and where even that is taken it shrinks to a dot of its colour on the base's
/// shoulder (its word is on the model's hover card), as Wesnoth's status orbs do.
/// Drawn last, once every base and health row is known.
#[derive(Default)]
pub struct Marks {
    /// The bases drawn (their health lies on the ring inside), each its centre and
    /// screen radius: a word clears the round base itself, not the square about it (a
    /// play-tester saw Zz put on a model's icon where only the corner of a diagonal
    /// neighbour's square lay above it).
    models: Vec<(egui::Pos2, f32)>,
    /// The words placed so far.
    chips: Vec<egui::Rect>,
    queued: Vec<(egui::Pos2, f32, Mark)>,
}

/// A word of state and its colour.
pub type Mark = (&'static str, egui::Color32);

impl Marks {
    /// A model's health (see [`health`]) on the ring under its base at `centre`
    /// (screen radius `radius`): the base and its health are kept clear of other models'
    /// words.
    pub fn health(
        &mut self,
        painter: &egui::Painter,
        centre: egui::Pos2,
        radius: f32,
        hp: (i32, i32),
    ) {
        health(painter, centre, radius, hp);
        self.models.push((centre, radius));
    }

    /// A word over the model at `centre` (screen radius `radius`), drawn by `paint`.
    pub fn mark(&mut self, centre: egui::Pos2, radius: f32, mark: Mark) {
        self.queued.push((centre, radius, mark));
    }

    /// A dot of `colour` on the shoulder of the model at `centre`, with no word: a state
    /// a whole side shares (its word said once, elsewhere), which thirty words would bury
    /// the table under.
    pub fn orb(&mut self, centre: egui::Pos2, radius: f32, colour: egui::Color32) {
        self.queued.push((centre, radius, ("", colour)));
    }

    /// Every word asked for, each where it covers nothing drawn before it.
    pub fn paint(mut self, painter: &egui::Painter) {
        for (centre, radius, (text, colour)) in std::mem::take(&mut self.queued) {
            let font = egui::FontId::proportional(13.0);
            let galley = painter.layout_no_wrap(text.into(), font, colour);
            let size = galley.size() + egui::vec2(8.0, 2.0);
            let chip = (!text.is_empty())
                .then(|| self.place(centre, radius, size))
                .flatten();
            let Some(chip) = chip else {
                let orb = centre + egui::vec2(radius, -radius) * std::f32::consts::FRAC_1_SQRT_2;
                orb_of(painter, orb, text, colour);
                continue;
            };
            painter.rect_filled(chip, 4.0, egui::Color32::from_black_alpha(200));
            let stroke = egui::Stroke::new(1.0, colour.gamma_multiply(0.6));
            painter.rect_stroke(chip, 4.0, stroke, egui::StrokeKind::Inside);
            painter.galley(chip.center() - galley.size() / 2.0, galley, colour);
        }
    }

    /// Where a word of `size` for the model at `centre` goes: above its base, or else
    /// below it, if that covers no other model and no word; else on its own base, if
    /// that covers no word; else nowhere (a dot). The place found is then taken. Below
    /// comes before the base itself: a word there hides what the model is (a
    /// play-tester could not tell which of two heroes side by side was dying).
    fn place(&mut self, centre: egui::Pos2, radius: f32, size: egui::Vec2) -> Option<egui::Rect> {
        let off = egui::vec2(0.0, radius + 9.0);
        let above = egui::Rect::from_center_size(centre - off, size);
        let below = egui::Rect::from_center_size(centre + off, size);
        let on_base = egui::Rect::from_center_size(centre, size);
        let free_of_words = |r: &egui::Rect| !self.chips.iter().any(|c| c.intersects(*r));
        let free_of_others = |r: &egui::Rect| {
            !self
                .models
                .iter()
                .any(|(c, reach)| *c != centre && r.distance_to_pos(*c) < *reach)
        };
        // On its own base only where it stays within it or covers no neighbour.
        let within = size.x <= 2.0 * radius + 4.0;
        let chip = [above, below, on_base]
            .into_iter()
            .enumerate()
            .find(|(i, r)| free_of_words(r) && ((*i == 2 && within) || free_of_others(r)))?;
        self.chips.push(chip.1);
        Some(chip.1)
    }
}

/// A state's orb at `at`: a dot of its colour, or where the state has a word, its first
/// sign in that colour on a dark disc ("✚" for dying, "Z" asleep), readable where the
/// word has no room (a play-tester took a dying hero's plain red dot for nothing).
fn orb_of(painter: &egui::Painter, at: egui::Pos2, word: &str, colour: egui::Color32) {
    let Some(sign) = word.chars().next() else {
        painter.circle_filled(at, 5.0, egui::Color32::from_black_alpha(200));
        painter.circle_filled(at, 3.5, colour);
        return;
    };
    painter.circle_filled(at, 7.5, egui::Color32::from_black_alpha(220));
    painter.circle_stroke(at, 7.5, egui::Stroke::new(1.0, colour.gamma_multiply(0.7)));
    let font = egui::FontId::proportional(11.0);
    painter.text(at, egui::Align2::CENTER_CENTER, sign, font, colour);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word with no room anywhere (neighbours above and beside, the word wider than
    /// its base) shrinks to its first sign on an orb, not a bare dot.
    #[test]
    fn a_word_with_no_room_keeps_its_sign() {
        let dying: Mark = ("✚ dying", egui::Color32::RED);
        let words = crate::game::test_app::egui_words(|ui| {
            let mut marks = Marks::default();
            let (below, above) = (egui::pos2(100.0, 100.0), egui::pos2(100.0, 80.0));
            marks.health(ui.painter(), below, 10.0, (-2, 6));
            marks.health(ui.painter(), above, 10.0, (6, 6));
            marks.health(ui.painter(), egui::pos2(100.0, 120.0), 10.0, (6, 6));
            // A packed rank: neighbours on either side too.
            for x in [80.0, 120.0] {
                marks.health(ui.painter(), egui::pos2(x, 100.0), 10.0, (6, 6));
            }
            marks.mark(below, 10.0, dying);
            marks.paint(ui.painter());
        });
        assert!(words.iter().any(|w| w == "✚"), "{words:?}");
        assert!(!words.iter().any(|w| w.contains("dying")), "{words:?}");
    }

    /// Two dying heroes side by side: the first word goes above its base, the second,
    /// with no room above, below its own (not over its icon, nor its neighbour's).
    #[test]
    fn a_second_word_in_a_row_goes_below_its_model() {
        let mut marks = Marks::default();
        let (left, right) = (egui::pos2(100.0, 100.0), egui::pos2(124.0, 100.0));
        for c in [left, right, egui::pos2(148.0, 100.0)] {
            marks.models.push((c, 10.0));
        }
        let size = egui::vec2(50.0, 16.0);
        let first = marks.place(left, 10.0, size).unwrap();
        let second = marks.place(right, 10.0, size).unwrap();
        assert!(first.center().y < left.y - 10.0, "{first:?}");
        assert!(second.center().y > right.y + 10.0, "{second:?}");
    }

    #[test]
    fn health_goes_from_green_to_red() {
        assert_eq!(tint(1.0), egui::Color32::from_rgb(90, 200, 90));
        assert_eq!(tint(0.5), egui::Color32::from_rgb(235, 180, 60));
        assert_eq!(tint(0.1), egui::Color32::from_rgb(225, 60, 50));
    }

    /// Each model's health lies on its own base's lower rim: two bases side by side
    /// in a packed rank, or one behind the other, never share a row.
    #[test]
    fn health_lies_on_its_own_base() {
        let ctx = egui::Context::default();
        let mut rooms = Vec::new();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.painter();
            let r = 17.0;
            for (c, hp) in [
                (egui::pos2(100.0, 100.0), (6, 6)),
                (egui::pos2(134.0, 100.0), (3, 6)),
                (egui::pos2(100.0, 134.0), (9, 12)),
            ] {
                rooms.push((c, health(painter, c, r, hp)));
            }
        });
        out.textures_delta.clear();
        for (i, (c, room)) in rooms.iter().enumerate() {
            assert!(room.min.y > c.y, "under its centre: {room:?}");
            assert!(room.max.y <= c.y + 17.0 + 0.5, "within its base: {room:?}");
            assert!(room.width() <= 34.0, "within its base: {room:?}");
            assert!(
                (room.center().x - c.x).abs() < 1.0,
                "centred under it: {room:?}"
            );
            for (j, (_, other)) in rooms.iter().enumerate() {
                assert!(i == j || !room.intersects(*other), "{room:?} and {other:?}");
            }
        }
    }

    /// A word goes above its base while that is clear, below it where the room above
    /// is a neighbour's, on its own base where both are, and is a dot where all three
    /// are taken; no two words ever cover each other.
    #[test]
    fn marks_never_cover_a_neighbour_or_each_other() {
        let mut marks = Marks::default();
        let size = egui::vec2(30.0, 16.0);
        let front = egui::pos2(100.0, 130.0);
        let behind = egui::pos2(100.0, 100.0);
        marks.models.push((front, 10.0));
        marks.models.push((behind, 10.0));
        let high = marks.place(behind, 10.0, size).unwrap();
        assert_eq!(high.center(), egui::pos2(100.0, 81.0), "above, clear");
        let low = marks.place(front, 10.0, size).unwrap();
        let under = egui::pos2(100.0, 149.0);
        assert_eq!(low.center(), under, "the room above is the model behind's");
        let on = marks.place(front, 10.0, size).map(|r| r.center());
        assert_eq!(on, Some(front), "above and below taken: on its base");
        assert_eq!(marks.place(front, 10.0, size), None, "all taken: a dot");
        assert!(!high.intersects(low));
        // Side by side in a rank with one behind and one in front: a word wider than
        // its base is not put on it, over its neighbours.
        let mut marks = Marks::default();
        let (left, right) = (egui::pos2(100.0, 100.0), egui::pos2(121.0, 100.0));
        let (back, ahead) = (egui::pos2(100.0, 75.0), egui::pos2(100.0, 125.0));
        for c in [left, right, back, ahead] {
            marks.models.push((c, 10.0));
        }
        let wide = egui::vec2(50.0, 16.0);
        assert_eq!(
            marks.place(left, 10.0, wide),
            None,
            "wider than its base: a dot"
        );
        let narrow = egui::vec2(20.0, 16.0);
        assert_eq!(
            marks.place(left, 10.0, narrow).map(|r| r.center()),
            Some(left)
        );
        // A neighbour up and to the side whose square, not its round base, reaches the
        // room above: the word still goes above.
        let mut marks = Marks::default();
        let (me, aside) = (egui::pos2(100.0, 100.0), egui::pos2(124.0, 67.0));
        marks.models.push((me, 10.0));
        marks.models.push((aside, 10.0));
        let above = marks.place(me, 10.0, size).unwrap();
        assert_eq!(above.center(), egui::pos2(100.0, 81.0));
        assert!(above.intersects(egui::Rect::from_center_size(aside, egui::Vec2::splat(20.0))));
    }
}
