//! `warband odds <ruleset> <what>`: exact odds as a readable table or as JSON. The
//! Marauders commands also answer without the ruleset (`warband odds melee …`), as
//! they did before there was more than one ruleset.

use clap::{Args, Subcommand};
use serde::Serialize;
use std::process::ExitCode;
use warband_rules::dice::dice_words;
use warband_rules::marauders::odds::shot_odds;
use warband_rules::marauders::{Armour, damage_distribution, melee_odds};
use warband_rules::morale::pass_chance;

/// The largest dice pool a side may roll in one melee group.
const MAX_DICE: usize = 300;

#[derive(Subcommand, Debug)]
pub enum OddsCommand {
    /// Marauders: melee, damage, shot, morale.
    Marauders {
        #[command(subcommand)]
        what: MaraudersOdds,
    },
    /// B/X Borderlands: attack, save, morale.
    Borderlands {
        #[command(subcommand)]
        what: super::odds_borderlands::BorderlandsOdds,
    },
    /// Simple Toy Soldier: melee, shot, morale.
    ToySoldier {
        #[command(subcommand)]
        what: super::odds_toy_soldier::ToySoldierOdds,
    },
    #[command(flatten)]
    Bare(MaraudersOdds),
}

/// The odds of Marauders' rolls.
#[derive(Subcommand, Debug)]
pub enum MaraudersOdds {
    /// Who wins a melee contest of A's dice against B's.
    Melee {
        /// Dice side A rolls (its models' full initial HD).
        #[arg(long, value_parser = clap::value_parser!(u16).range(0..=MAX_DICE as i64))]
        a: u16,
        /// Dice side B rolls.
        #[arg(long, value_parser = clap::value_parser!(u16).range(0..=MAX_DICE as i64))]
        b: u16,
        #[command(flatten)]
        output: Output,
    },
    /// How many HD a number of damage dice removes from one armour.
    Damage {
        /// Damage dice rolled.
        #[arg(long, value_parser = clap::value_parser!(u16).range(0..=MAX_DICE as i64))]
        dice: u16,
        /// Armour of the target: unarmoured, light, medium or heavy.
        #[arg(long)]
        armour: Armour,
        /// Added to every die (shooting is −1, −2 after moving).
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        modifier: i8,
        #[command(flatten)]
        output: Output,
    },
    /// One shot (1 HD strength) through obstacles at a target.
    Shot {
        /// Armour of the target.
        #[arg(long)]
        armour: Armour,
        /// The shooter moved this round (a further −1).
        #[arg(long)]
        moved: bool,
        /// Obstacles (models and obstacle terrain) the line of fire crosses.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=64))]
        obstacles: u16,
        #[command(flatten)]
        output: Output,
    },
    /// The chance a side holds a B/X morale check.
    Morale {
        /// Morale score, 2 to 12.
        #[arg(long, value_parser = clap::value_parser!(u8).range(2..=12))]
        score: u8,
        #[command(flatten)]
        output: Output,
    },
}

#[derive(Args, Debug)]
pub struct Output {
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct MoraleJson {
    score: u8,
    pass: f64,
}

pub fn run(command: OddsCommand) -> ExitCode {
    match command {
        OddsCommand::Marauders { what } | OddsCommand::Bare(what) => marauders(what),
        OddsCommand::Borderlands { what } => super::odds_borderlands::run(what),
        OddsCommand::ToySoldier { what } => super::odds_toy_soldier::run(what),
    }
}

fn marauders(command: MaraudersOdds) -> ExitCode {
    match command {
        MaraudersOdds::Melee { a, b, output } => {
            let o = melee_odds(a.into(), b.into());
            emit(&o, output.json, || {
                format!(
                    "Melee: {} (A) against {} (B)\n{}",
                    dice_words(a),
                    dice_words(b),
                    table(&[
                        ("A wins", o.a_wins),
                        ("B wins", o.b_wins),
                        ("both damage", o.both)
                    ])
                )
            })
        }
        MaraudersOdds::Damage {
            dice,
            armour,
            modifier,
            output,
        } => {
            let d = damage_distribution(dice.into(), armour, modifier);
            emit(&d, output.json, || {
                let rows: Vec<(String, f64)> = d
                    .distribution
                    .iter()
                    .enumerate()
                    .map(|(k, p)| (format!("{k} HD removed"), *p))
                    .collect();
                let rows: Vec<(&str, f64)> = rows.iter().map(|(s, p)| (s.as_str(), *p)).collect();
                format!(
                    "Damage: {} against {armour} ({}+), modifier {modifier:+}\n{}mean {:.4} HD\n",
                    dice_words(dice),
                    armour.threshold(),
                    table(&rows),
                    d.mean
                )
            })
        }
        MaraudersOdds::Shot {
            armour,
            moved,
            obstacles,
            output,
        } => {
            let s = shot_odds(armour, moved, obstacles.into());
            emit(&s, output.json, || {
                let mut rows: Vec<(String, f64)> = s
                    .stopped_by
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (format!("stopped by obstacle {}", i + 1), *p))
                    .collect();
                rows.push(("reaches the target".into(), s.reaches));
                rows.push(("damages the target".into(), s.damages));
                let rows: Vec<(&str, f64)> = rows.iter().map(|(s, p)| (s.as_str(), *p)).collect();
                format!(
                    "Shot at {armour} armour{}, through {obstacles} obstacle(s)\n{}",
                    if moved { " after moving" } else { "" },
                    table(&rows)
                )
            })
        }
        MaraudersOdds::Morale { score, output } => {
            let m = MoraleJson {
                score,
                pass: pass_chance(score),
            };
            emit(&m, output.json, || {
                format!(
                    "Morale {score}: 2d6 at or under the score holds\n{}",
                    table(&[("holds", m.pass), ("breaks", 1.0 - m.pass)])
                )
            })
        }
    }
}

pub(super) fn emit<T: Serialize>(value: &T, json: bool, text: impl FnOnce() -> String) -> ExitCode {
    if json {
        match serde_json::to_string(value) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("error: could not write JSON: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        print!("{}", text());
    }
    ExitCode::SUCCESS
}

/// Rows of `label  probability  percent`, aligned.
pub(super) fn table(rows: &[(&str, f64)]) -> String {
    let width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    rows.iter()
        .map(|(label, p)| format!("  {label:<width$}  {p:.6}  {:>7.2}%\n", p * 100.0))
        .collect()
}
