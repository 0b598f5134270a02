//! The dice of the latest roll, each face coloured by what it did, with its clause; new
//! dice tumble a moment first ([`super::tumble`]).

use crate::game::desk::Desk;
use crate::game::session::GameSession;
use bevy_egui::egui;
use warband_table::scenario::Setup;

mod face;
use face::{die_face, settled};

/// How long the tray shows a notice ("Saved as …").
pub const NOTICE: std::time::Duration = std::time::Duration::from_secs(6);

/// The tray of any ruleset's battle: the dice since the latest roll began (against a
/// person, all the other side's answer to the person's last action, not only its last
/// roll), under the dice of the last action of the side a person plays here where
/// another has rolled since (the computer's answer took a play-tester's own dice away
/// before they were read). Those are all its action rolled, an end of round it brought
/// included (both sides' initiative): "Your last action", not "your roll". A clause's
/// name is a link to its rules: the clause clicked, if one was.
pub fn show<R: Desk>(
    ui: &mut egui::Ui,
    session: &GameSession<R>,
    tumble: &super::tumble::Tumble,
) -> Option<String> {
    let events = &session.engine.log().events;
    let start = session.roll_start.min(events.len());
    let dice = dice_in(events, start..events.len());
    let armies = session.setup.armies();
    let names = [armies.a.name.as_str(), armies.b.name.as_str()];
    header(ui, session, names);
    if session.net_waiting() {
        ui.weak(format!("No dice yet: {}.", session.starts_when()));
        return None;
    }
    if dice.is_empty() {
        ui.weak("No dice rolled by the last action.");
        return None;
    }
    let mine = session
        .own_roll()
        .filter(|r| r.end <= start)
        .map_or_else(Vec::new, |r| dice_in(events, r));
    let rolls: &[(&str, &[Rolled<'_>])] = if mine.is_empty() {
        &[("", &dice)]
    } else {
        &[("Your last action:", &mine), ("Latest:", &dice)]
    };
    let mut asked = None;
    // A roll taller than the tray keeps its latest row (the damage that followed the
    // hit) in view.
    let area = egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, true]);
    let shown = area.show(ui, |ui| {
        asked = rows_of::<R>(ui, session, (rolls, names), tumble);
    });
    if shown.state.offset.y > 0.5 {
        fade_top(ui, shown.inner_rect);
    }
    asked
}

/// The dice among the log's entries `at`, each with its place in the log (the last 60).
fn dice_in<C, E>(
    events: &[warband_table::log::Entry<C, E>],
    at: std::ops::Range<usize>,
) -> Vec<Rolled<'_>> {
    let mut dice: Vec<_> = at
        .filter_map(|i| Some((i, events.get(i)?.die()?)))
        .collect();
    dice.drain(..dice.len().saturating_sub(MOST_DICE));
    dice
}

/// The most dice the tray shows: the latest.
const MOST_DICE: usize = 60;

/// Rolls' dice, each roll after its label (where it has one), whole groups a row, so
/// no group's words are cut at an edge, the sides named by their armies' `names`; the
/// clause clicked, if one was.
fn rows_of<R: Desk>(
    ui: &mut egui::Ui,
    session: &GameSession<R>,
    (rolls, names): (&[(&str, &[Rolled<'_>])], [&str; 2]),
    tumble: &super::tumble::Tumble,
) -> Option<String> {
    let events = &session.engine.log().events;
    // Each group with its roll's dice, and the roll's label before its first group.
    let mut groups = Vec::new();
    for (label, dice) in rolls {
        let first = groups.len();
        groups.extend(
            groups_of::<R>(session, dice, names)
                .into_iter()
                .map(|g| (None, *dice, g)),
        );
        if let Some(g) = groups.get_mut(first).filter(|_| !label.is_empty()) {
            g.0 = Some(*label);
        }
    }
    let widths: Vec<f32> = groups
        .iter()
        .map(|(label, dice, g)| g.width::<R>(ui, dice) + label.map_or(0.0, |l| label_width(ui, l)))
        .collect();
    let tray = ui.available_width();
    let mut asked = None;
    for row in rows(&widths, tray) {
        // A group wider than the tray (a warren's 41 hit dice) stands over a row of its
        // own, its dice wrapped at the tray's edge: in a row's horizontal layout they
        // ran off it.
        let alone = row.len() == 1 && widths[row.start] > tray;
        let draw = |ui: &mut egui::Ui| {
            for (label, dice, g) in &groups[row.clone()] {
                if let Some(label) = label {
                    ui.label(egui::RichText::new(*label).small().weak());
                }
                asked = g.show::<R>(ui, dice, (events, tumble)).or(asked.take());
            }
        };
        if alone {
            ui.vertical(draw);
        } else {
            ui.horizontal(draw);
        }
    }
    asked
}

/// How wide a roll's label stands before its first group.
fn label_width(ui: &egui::Ui, label: &str) -> f32 {
    let text = egui::WidgetText::from(egui::RichText::new(label).small());
    let galley = text.into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    galley.size().x + ui.spacing().item_spacing.x
}

/// Earlier rows scrolled up out of the tray fade out under its top edge, rather than
/// stopping in a hard line through their words (read as a fault by two play-testers),
/// and the tray says there are more above.
fn fade_top(ui: &egui::Ui, rect: egui::Rect) {
    let fill = ui.visuals().panel_fill;
    let top = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), 22.0));
    let mut mesh = egui::Mesh::default();
    let clear = fill.gamma_multiply(0.0);
    mesh.colored_vertex(top.left_top(), fill);
    mesh.colored_vertex(top.right_top(), fill);
    mesh.colored_vertex(top.left_bottom(), clear);
    mesh.colored_vertex(top.right_bottom(), clear);
    mesh.add_triangle(0, 1, 2);
    mesh.add_triangle(1, 3, 2);
    ui.painter().add(egui::Shape::mesh(mesh));
    // Said, not only faded: a play-tester missed the top row of the computer's answer.
    let hint = format!(
        "{} earlier dice above: scroll",
        egui_phosphor::regular::ARROW_UP
    );
    ui.painter().text(
        top.right_top() + egui::vec2(-6.0, 2.0),
        egui::Align2::RIGHT_TOP,
        hint,
        egui::FontId::proportional(11.0),
        ui.visuals().weak_text_color(),
    );
}

/// The tray's header: its title, the notice standing, and the last refusal.
fn header<R: Desk>(ui: &mut egui::Ui, session: &GameSession<R>, names: [&str; 2]) {
    ui.horizontal(|ui| {
        ui.strong("Dice tray");
        if let Some((words, left)) = session.notice_left() {
            ui.separator();
            let text = egui::RichText::new(words).color(egui::Color32::from_rgb(150, 210, 140));
            ui.add(egui::Label::new(text).truncate());
            ui.ctx().request_repaint_after(left);
        }
        if let Some(r) = &session.last_refusal {
            ui.separator();
            let r = R::readable(session.engine.world(), r);
            let r = super::log::sides_named(&r, names);
            ui.add(
                egui::Label::new(
                    egui::RichText::new(r).color(egui::Color32::from_rgb(250, 170, 90)),
                )
                .truncate(),
            );
        }
    });
}

/// The dice of each clause and purpose, with what they were rolled for and needed.
fn groups_of<R: Desk>(
    session: &GameSession<R>,
    dice: &[Rolled<'_>],
    names: [&str; 2],
) -> Vec<Group> {
    split(dice)
        .into_iter()
        .map(|at| {
            let d = dice[at.start].1;
            let purpose = R::readable(session.engine.world(), &d.purpose);
            let purpose = super::log::sides_named(&purpose, names);
            let low_wanted = R::die_for_roller(d)
                .zip(d.passed())
                .is_some_and(|(r, p)| r != p);
            let said = format!("{purpose}{}", needs(d, low_wanted));
            let own: Vec<_> = dice[at.clone()].iter().map(|(_, d)| *d).collect();
            let total = R::dice_total(&own);
            Group {
                at,
                purpose,
                said,
                total,
            }
        })
        .collect()
}

/// The dice of one clause and purpose, in the tray: the two sides of a contest each
/// under its own label ("… A contest", "… B contest").
struct Group {
    /// Its dice, a range of the roll's.
    at: std::ops::Range<usize>,
    purpose: String,
    /// Its purpose and what its dice needed, under its clause.
    said: String,
    /// What its dice came to together, where its ruleset adds them up ("= 9").
    total: Option<String>,
}

/// What a die's face is drawn with: the battle's events (what followed the die) and
/// the tumble of new dice.
type Shown<'a, R> = (
    &'a [warband_table::log::Entry<
        <R as warband_table::engine::Rules>::Command,
        <R as warband_table::engine::Rules>::Event,
    >],
    &'a super::tumble::Tumble,
);

type Rolled<'a> = (usize, &'a warband_rules::DieRoll);

impl Group {
    /// How wide it stands in the tray: its words or its dice and what lies between.
    fn width<R: Desk>(&self, ui: &egui::Ui, dice: &[Rolled<'_>]) -> f32 {
        let gap = ui.spacing().item_spacing.x;
        let text = |t: egui::RichText| {
            egui::WidgetText::from(t)
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Body,
                )
                .size()
                .x
        };
        let d = dice[self.at.start].1;
        let words = text(egui::RichText::new(d.clause.as_str()).small())
            .max(text(egui::RichText::new(&self.said).small()));
        let faces: f32 = dice[self.at.clone()]
            .iter()
            .map(|(_, d)| {
                text(egui::RichText::new(settled::<R>(d).2).strong().size(18.0)) + 14.0 + gap
            })
            .sum();
        let total = self.total.as_ref().map_or(0.0, |t| {
            text(egui::RichText::new(t).strong().size(18.0)) + gap
        });
        // The separator before it, and the gap after the words.
        words + faces + total + 2.0 * gap + 8.0
    }

    /// Draws it: a separator, its clause (a link to its rules: the clause clicked, if
    /// one was) over its words, then its dice, wrapped where one group is wider than
    /// the tray.
    fn show<R: Desk>(
        &self,
        ui: &mut egui::Ui,
        dice: &[Rolled<'_>],
        (events, tumble): Shown<'_, R>,
    ) -> Option<String> {
        let mut asked = None;
        let d = dice[self.at.start].1;
        ui.separator();
        // Never wrapped: a label out of width would wrap a letter a line and stand
        // taller than the tray.
        ui.vertical(|ui| {
            let link = egui::RichText::new(d.clause.as_str())
                .small()
                .color(ui.visuals().hyperlink_color);
            let clause = egui::Label::new(link).extend().sense(egui::Sense::click());
            if ui.add(clause).on_hover_text("Its rules").clicked() {
                asked = Some(d.clause.as_str().to_string());
            }
            ui.add(egui::Label::new(egui::RichText::new(&self.said).small()).extend());
        });
        ui.horizontal_wrapped(|ui| {
            for &(at, d) in &dice[self.at.clone()] {
                let note = R::die_note(&events[at + 1..]);
                let purpose = &self.purpose;
                let hover = match note {
                    Some(n) => format!("{}: {purpose}, {n} ({})", d.die, d.clause),
                    None => format!("{}: {purpose} ({})", d.die, d.clause),
                };
                die_face::<R>(ui, d, note.is_some(), (at, tumble), hover);
            }
            let landed = dice[self.at.clone()]
                .iter()
                .all(|(at, _)| !tumble.tumbling(*at));
            if let Some(total) = self.total.as_ref().filter(|_| landed) {
                ui.label(egui::RichText::new(total).strong().size(18.0));
            }
        });
        asked
    }
}

/// The roll split where the clause or the purpose changes: each group's range.
fn split(dice: &[Rolled<'_>]) -> Vec<std::ops::Range<usize>> {
    let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
    for (i, (_, d)) in dice.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if same_group(dice[g.start].1, d) => g.end = i + 1,
            _ => groups.push(i..i + 1),
        }
    }
    groups
}

fn same_group(a: &warband_rules::DieRoll, b: &warband_rules::DieRoll) -> bool {
    a.clause == b.clause && a.purpose == b.purpose
}

/// Groups of these widths packed in order into rows no wider than `width`: each row's
/// range. A group wider than a row stands in a row of its own.
fn rows(widths: &[f32], width: f32) -> Vec<std::ops::Range<usize>> {
    let mut rows: Vec<std::ops::Range<usize>> = Vec::new();
    let mut used = 0.0;
    for (i, w) in widths.iter().enumerate() {
        match rows.last_mut() {
            Some(r) if used + w <= width => {
                r.end = i + 1;
                used += w;
            }
            _ => {
                rows.push(i..i + 1);
                used = *w;
            }
        }
    }
    rows
}

/// What a die needed, said after its purpose (" · needs 6+"), where one face decided:
/// every modifier is in it, so it reads as the odds card's own figure. A die whose
/// roller wants it to fail (a Marauders shot's "past the copse?", stopped on 4+) says
/// the faces the roller wants: " · needs 1–3".
fn needs(d: &warband_rules::DieRoll, low_wanted: bool) -> String {
    let sides = d.die.sides();
    match (d.need, low_wanted) {
        (Some(n), false) if n > sides => " · cannot succeed".into(),
        (Some(n), false) if n > 1 => format!(" · needs {n}+"),
        (Some(n), true) if n <= 1 => " · cannot succeed".into(),
        (Some(2), true) => " · needs a 1".into(),
        (Some(n), true) if n <= sides => format!(" · needs 1–{}", n - 1),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests;
