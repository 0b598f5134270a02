//! The lab's charts (egui_plot): the win rate with its 95% interval as games come in,
//! how long battles last, what each side lost, and a calibration's trials.

use bevy_egui::egui;
use egui_plot::{
    Bar, BarChart, FilledArea, HLine, Line, LineStyle, Plot, PlotPoints, Points, VLine,
};
use warband_table::calibrate::Trial;
use warband_table::sim::{AiSlot, GameResult, wilson};

const BLUE: egui::Color32 = egui::Color32::from_rgb(90, 150, 235);
const RED: egui::Color32 = egui::Color32::from_rgb(225, 95, 85);
const GREY: egui::Color32 = egui::Color32::from_gray(150);

/// What an entry of a chart's key looks like.
#[derive(Clone, Copy, Debug)]
pub enum Swatch {
    Line(egui::Color32),
    /// A dashed line: a mark to read against (even, the listed cost), not data.
    Dashed(egui::Color32),
    /// A shaded band (an interval) or a bar.
    Band(egui::Color32),
}

/// A chart's title and key, in a row above it: never over the data (a play-tester
/// found the plot's own legend hid the first games and their interval).
pub fn key(ui: &mut egui::Ui, title: &str, entries: &[(Swatch, String)]) {
    ui.horizontal_wrapped(|ui| {
        if !title.is_empty() {
            ui.strong(title);
        }
        for (swatch, name) in entries {
            ui.add_space(10.0);
            let (rect, _) = ui.allocate_exact_size(egui::vec2(22.0, 12.0), egui::Sense::hover());
            let p = ui.painter();
            let (l, r) = (rect.left_center(), rect.right_center());
            match *swatch {
                Swatch::Line(c) => {
                    p.line_segment([l, r], egui::Stroke::new(2.5, c));
                }
                Swatch::Dashed(c) => {
                    let stroke = egui::Stroke::new(1.5, c);
                    p.extend(egui::Shape::dashed_line(&[l, r], stroke, 4.0, 3.0));
                }
                Swatch::Band(c) => {
                    p.rect_filled(rect.shrink2(egui::vec2(0.0, 1.0)), 2.0, c);
                }
            }
            ui.label(name);
        }
    });
}

/// A line at `y` to read the data against, dashed so that it is not taken for a grid
/// line.
fn mark(name: &str, y: f64) -> HLine {
    HLine::new(name, y)
        .color(GREY)
        .style(LineStyle::dashed_loose())
}

/// Grid lines at whole numbers only, for an axis that counts (battles, models lost): a
/// power of ten no finer than one, and five and ten times it (so a short axis, 0 to 7,
/// is still labelled at 5 where its steps of one stand too close for labels).
pub fn whole_steps() -> impl Fn(egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    egui_plot::uniform_grid_spacer(|input| {
        let unit = whole_unit(input.base_step_size);
        [unit, unit * 5.0, unit * 10.0]
    })
}

/// The finest power of ten at least `base` (egui's smallest readable step), and at least 1.
fn whole_unit(base: f64) -> f64 {
    if base <= 1.0 || !base.is_finite() {
        return 1.0;
    }
    10f64.powi(base.log10().ceil() as i32)
}

/// Player a's win rate after each game, with its 95% interval shaded, and b's; each
/// named as `players` says ("a (normal)": the player, whichever side it had).
pub fn win_rate(ui: &mut egui::Ui, games: &[GameResult], players: &[String; 2], height: f32) {
    let (mut xs, mut rate_a, mut rate_b, mut lo, mut hi) = (vec![], vec![], vec![], vec![], vec![]);
    let (mut a, mut b) = (0u32, 0u32);
    for (i, g) in games.iter().enumerate() {
        match g.winner {
            Some(AiSlot::A) => a += 1,
            Some(AiSlot::B) => b += 1,
            None => {}
        }
        let n = i as u32 + 1;
        let [l, h] = wilson(a, n);
        xs.push(f64::from(n));
        rate_a.push([f64::from(n), 100.0 * f64::from(a) / f64::from(n)]);
        rate_b.push([f64::from(n), 100.0 * f64::from(b) / f64::from(n)]);
        lo.push(100.0 * l);
        hi.push(100.0 * h);
    }
    let band = BLUE.gamma_multiply(0.4);
    key(
        ui,
        "Wins as the games come in",
        &[
            (Swatch::Line(BLUE), format!("{} wins", players[0])),
            (Swatch::Band(band), "its 95% interval".into()),
            (Swatch::Line(RED), format!("{} wins", players[1])),
            (Swatch::Dashed(GREY), "even (50%)".into()),
        ],
    );
    Plot::new("win-rate")
        .height(height)
        .include_y(0.0)
        .include_y(100.0)
        .x_axis_label("games played")
        .y_axis_label("wins %")
        .allow_scroll(false)
        .show(ui, |p| {
            p.add(
                // Strong enough that its legend swatch reads, with its edges drawn.
                FilledArea::new(format!("{}: 95% interval", players[0]), &xs, &lo, &hi)
                    .fill_color(band)
                    .stroke(egui::Stroke::new(1.0, BLUE.gamma_multiply(0.6))),
            );
            p.line(
                Line::new(format!("{} wins", players[0]), PlotPoints::from(rate_a))
                    .color(BLUE)
                    .width(2.0),
            );
            let b_wins = format!("{} wins", players[1]);
            p.line(Line::new(b_wins, PlotPoints::from(rate_b)).color(RED));
            p.hline(mark("even", 50.0));
        });
}

/// How many battles lasted each number of rounds (or turns: `round` names them).
pub fn rounds(ui: &mut egui::Ui, games: &[GameResult], (round, height): (&str, f32)) {
    let top = games.iter().map(|g| g.rounds).max().unwrap_or(0);
    let low = games.iter().map(|g| g.rounds).min().unwrap_or(1).max(1);
    key(ui, &format!("How many {round}s the battles lasted"), &[]);
    let bars = (low..=top)
        .map(|r| {
            let n = games.iter().filter(|g| g.rounds == r).count();
            Bar::new(f64::from(r), n as f64).width(0.8)
        })
        .collect();
    Plot::new("rounds")
        .height(height)
        .include_x(f64::from(low) - 1.0)
        .include_x(f64::from(top) + 1.0)
        .include_y(0.0)
        .x_axis_label(format!("{round}s"))
        // Lines (and numbers) at every round: a battle lasts at most a few dozen, and
        // the default spacing left only the 0 labelled.
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 2.0, 10.0]))
        .y_axis_label("battles")
        .y_grid_spacer(whole_steps())
        .allow_scroll(false)
        .show(ui, |p| {
            p.bar_chart(BarChart::new("battles", bars).color(GREY))
        });
}

/// How many battles each player ended having lost so much, side by side in ten bins.
pub fn losses(
    ui: &mut egui::Ui,
    games: &[GameResult],
    (what, players): (&str, &[String; 2]),
    height: f32,
) {
    let top = games
        .iter()
        .flat_map(|g| g.losses)
        .max()
        .unwrap_or(0)
        .max(1);
    let width = f64::from(top.div_ceil(10).max(1));
    let chart = |side: usize, name: &str, colour: egui::Color32| {
        let mut counts = [0u32; 11];
        for g in games {
            counts[(f64::from(g.losses[side]) / width) as usize] += 1;
        }
        let shift = if side == 0 { -0.2 } else { 0.2 } * width;
        let bars = counts
            .iter()
            .enumerate()
            // Empty bins drawn as nothing, so the axis runs only as far as the losses do
            // (a play-tester saw half of it empty).
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| {
                Bar::new((i as f64 + 0.5) * width + shift, f64::from(*n)).width(0.4 * width)
            })
            .collect();
        BarChart::new(name, bars).color(colour)
    };
    key(
        ui,
        &format!("{what} lost in each battle"),
        &[
            (Swatch::Band(BLUE), players[0].clone()),
            (Swatch::Band(RED), players[1].clone()),
        ],
    );
    Plot::new("losses")
        .height(height)
        .include_x(0.0)
        .x_axis_label(format!("{what} lost"))
        .y_axis_label("battles")
        .y_grid_spacer(whole_steps())
        .allow_scroll(false)
        .show(ui, |p| {
            p.bar_chart(chart(0, &format!("{} lost", players[0]), BLUE));
            p.bar_chart(chart(1, &format!("{} lost", players[1]), RED));
        });
}

/// A calibration's trials: the profile's score against each reference army, placed at
/// the cost a copy would have for the armies to be equal, with its 95% interval as a
/// whisker; one half, and the listed cost.
pub fn calibration(ui: &mut egui::Ui, trials: &[Trial], listed: f64, height: f32) {
    let pale = BLUE.gamma_multiply(0.5);
    key(
        ui,
        "Score at each cost",
        &[
            (Swatch::Line(BLUE), "score".into()),
            (Swatch::Line(pale), "its 95% interval".into()),
            (Swatch::Dashed(GREY), "even (0.5)".into()),
            (Swatch::Line(RED), "the listed cost".into()),
        ],
    );
    Plot::new("calibration")
        .height(height)
        .include_y(0.0)
        .include_y(1.0)
        .x_axis_label("cost of one copy (points)")
        .y_axis_label("score (wins + draws/2)")
        .allow_scroll(false)
        .show(ui, |p| {
            for t in trials {
                let whisker = vec![[t.cost, t.ci95[0]], [t.cost, t.ci95[1]]];
                p.line(Line::new("95% interval", PlotPoints::from(whisker)).color(pale));
            }
            let scores: Vec<[f64; 2]> = trials.iter().map(|t| [t.cost, t.score]).collect();
            p.line(
                Line::new("score", PlotPoints::from(scores.clone()))
                    .color(BLUE)
                    .width(2.0),
            );
            p.points(
                Points::new("score", PlotPoints::from(scores))
                    .radius(4.0)
                    .color(BLUE),
            );
            p.hline(mark("even", 0.5));
            p.vline(VLine::new("listed cost", listed).color(RED));
        });
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_are_marked_at_whole_numbers() {
        assert_eq!(super::whole_unit(0.02), 1.0, "never a fraction of a battle");
        assert_eq!(super::whole_unit(1.0), 1.0);
        assert_eq!(super::whole_unit(3.5), 10.0);
        assert_eq!(super::whole_unit(120.0), 1000.0);
    }
}
