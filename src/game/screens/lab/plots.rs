//! The lab's charts (egui_plot): the win rate with its 95% interval as games come in,
//! how long battles last, what each side lost, and a calibration's trials.

use bevy_egui::egui;
use egui_plot::{
    Bar, BarChart, Corner, FilledArea, HLine, Legend, Line, Plot, PlotPoints, Points, VLine,
};
use warband_table::calibrate::Trial;
use warband_table::sim::{AiSlot, GameResult, wilson};

const BLUE: egui::Color32 = egui::Color32::from_rgb(90, 150, 235);
const RED: egui::Color32 = egui::Color32::from_rgb(225, 95, 85);
const GREY: egui::Color32 = egui::Color32::from_gray(150);

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
    let end = |r: &[[f64; 2]]| r.last().map_or(50.0, |p| p[1]);
    let corner = legend_corner(end(&rate_a), end(&rate_b));
    Plot::new("win-rate")
        .height(height)
        .legend(
            Legend::default()
                .follow_insertion_order(true)
                .position(corner)
                .background_alpha(0.8),
        )
        .include_y(0.0)
        .include_y(100.0)
        .x_axis_label("games played")
        .y_axis_label("wins %")
        .allow_scroll(false)
        .show(ui, |p| {
            p.add(
                // Strong enough that its legend swatch reads, with its edges drawn.
                FilledArea::new(format!("{}: 95% interval", players[0]), &xs, &lo, &hi)
                    .fill_color(BLUE.gamma_multiply(0.4))
                    .stroke(egui::Stroke::new(1.0, BLUE.gamma_multiply(0.6))),
            );
            p.line(
                Line::new(format!("{} wins", players[0]), PlotPoints::from(rate_a))
                    .color(BLUE)
                    .width(2.0),
            );
            let b_wins = format!("{} wins", players[1]);
            p.line(Line::new(b_wins, PlotPoints::from(rate_b)).color(RED));
            p.hline(HLine::new("even", 50.0).color(GREY));
        });
}

/// Where the win-rate chart's legend stands: a right-hand corner the two lines do not end
/// in (the latest games matter most), else the top left, over the first games.
fn legend_corner(a_end: f64, b_end: f64) -> Corner {
    let (high, low) = (a_end.max(b_end), a_end.min(b_end));
    if high < 65.0 {
        Corner::RightTop
    } else if low > 35.0 {
        Corner::RightBottom
    } else {
        Corner::LeftTop
    }
}

/// How many battles lasted each number of rounds (or turns: `round` names them).
pub fn rounds(ui: &mut egui::Ui, games: &[GameResult], (round, height): (&str, f32)) {
    let top = games.iter().map(|g| g.rounds).max().unwrap_or(0);
    let bars = (1..=top)
        .map(|r| {
            let n = games.iter().filter(|g| g.rounds == r).count();
            Bar::new(f64::from(r), n as f64).width(0.8)
        })
        .collect();
    Plot::new("rounds")
        .height(height)
        .include_x(0.0)
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
            .map(|(i, n)| {
                Bar::new((i as f64 + 0.5) * width + shift, f64::from(*n)).width(0.4 * width)
            })
            .collect();
        BarChart::new(name, bars).color(colour)
    };
    Plot::new("losses")
        .height(height)
        .legend(Legend::default().follow_insertion_order(true))
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
    Plot::new("calibration")
        .height(height)
        .legend(Legend::default().follow_insertion_order(true))
        .include_y(0.0)
        .include_y(1.0)
        .x_axis_label("cost of one copy (points)")
        .y_axis_label("score (wins + draws/2)")
        .allow_scroll(false)
        .show(ui, |p| {
            for t in trials {
                let whisker = vec![[t.cost, t.ci95[0]], [t.cost, t.ci95[1]]];
                p.line(Line::new("95% interval", PlotPoints::from(whisker)).color(BLUE));
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
            p.hline(HLine::new("even", 0.5).color(GREY));
            p.vline(VLine::new("listed cost", listed).color(RED));
        });
}

#[cfg(test)]
mod tests {
    /// The legend never stands where the lines end: a lopsided match (94% and 4%)
    /// moves it to the left, an even one keeps it top right.
    #[test]
    fn the_legend_keeps_clear_of_the_lines_ends() {
        use super::{Corner, legend_corner};
        assert!(matches!(legend_corner(52.0, 44.0), Corner::RightTop));
        assert!(matches!(legend_corner(80.0, 40.0), Corner::RightBottom));
        assert!(matches!(legend_corner(94.0, 4.0), Corner::LeftTop));
    }

    #[test]
    fn counts_are_marked_at_whole_numbers() {
        assert_eq!(super::whole_unit(0.02), 1.0, "never a fraction of a battle");
        assert_eq!(super::whole_unit(1.0), 1.0);
        assert_eq!(super::whole_unit(3.5), 10.0);
        assert_eq!(super::whole_unit(120.0), 1000.0);
    }
}
