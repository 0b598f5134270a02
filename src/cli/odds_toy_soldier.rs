//! `warband odds toy-soldier melee|shot|morale`: Simple Toy Soldier exact odds.

use super::odds::{Output, emit, table};
use clap::Subcommand;
use serde::Serialize;
use std::process::ExitCode;
use warband_rules::Aspect;
use warband_rules::prob::mean;
use warband_rules::toy_soldier::{
    Fighter, ShotCover, landed, landed_distribution, melee_odds, morale_chance,
};

/// A die's faces as written (`6` or `d6`), if it is one of `dice`.
fn die_of(s: &str, dice: &[u8]) -> Result<u8, String> {
    let faces: Vec<String> = dice.iter().map(u8::to_string).collect();
    let expected = match faces.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => faces.concat(),
    };
    let faces: u8 = s
        .trim_start_matches(['d', 'D'])
        .parse()
        .map_err(|_| format!("`{s}` is not a die: expected {expected}"))?;
    if dice.contains(&faces) {
        Ok(faces)
    } else {
        Err(format!(
            "d{faces} is not a die of the game: expected {expected}"
        ))
    }
}

/// A morale die: its faces (d4 to d12).
fn die(s: &str) -> Result<u8, String> {
    die_of(s, &warband_rules::toy_soldier::unit::MORALE_DICE)
}

/// An activation die, a unit's quality: d4, d6, d8 or d10 (no quality rolls a d12).
fn activation_die(s: &str) -> Result<u8, String> {
    let dice = warband_rules::toy_soldier::Quality::ALL.map(|q| q.die().sides());
    die_of(s, &dice)
}

/// The odds of Simple Toy Soldier's rolls.
#[derive(Subcommand, Debug)]
pub enum ToySoldierOdds {
    /// A melee begun by the attacker (+1): the danger each side receives.
    Melee {
        /// The attacker's activation die (4, 6, 8, 10).
        #[arg(long, value_parser = activation_die)]
        attacker: u8,
        /// The defender's activation die.
        #[arg(long, value_parser = activation_die)]
        defender: u8,
        /// The attacker's danger + damage.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100))]
        attacker_penalty: u32,
        /// The defender's danger + damage.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100))]
        defender_penalty: u32,
        /// Which face of the defender the attacker strikes: front, side (×2), rear (×3).
        #[arg(long, default_value = "front")]
        zone: Aspect,
        #[arg(long)]
        attacker_artillery: bool,
        #[arg(long)]
        defender_artillery: bool,
        #[command(flatten)]
        output: Output,
    },
    /// A volley: the danger that lands after cover and shields.
    Shot {
        /// AP spent shooting (1 danger each).
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=100))]
        danger: u32,
        #[arg(long)]
        cover: bool,
        #[arg(long)]
        shields: bool,
        #[command(flatten)]
        output: Output,
    },
    /// A morale check after damage: the morale die (+1 commander near) against the
    /// damage so far.
    Morale {
        #[arg(long, value_parser = die)]
        die: u8,
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=100))]
        damage: u32,
        #[arg(long)]
        commander: bool,
        #[command(flatten)]
        output: Output,
    },
}

#[derive(Serialize)]
struct ShotJson {
    distribution: Vec<f64>,
    mean: f64,
}

#[derive(Serialize)]
struct MoraleJson {
    holds: f64,
    retreats: f64,
}

/// Table rows "k danger" for a distribution, skipping impossible ones.
fn rows(label: &str, pmf: &[f64]) -> Vec<(String, f64)> {
    pmf.iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(k, p)| (format!("{label} {k}"), *p))
        .collect()
}

fn show(rows: &[(String, f64)]) -> String {
    let rows: Vec<(&str, f64)> = rows.iter().map(|(s, p)| (s.as_str(), *p)).collect();
    table(&rows)
}

pub fn run(what: ToySoldierOdds) -> ExitCode {
    match what {
        ToySoldierOdds::Melee {
            attacker,
            defender,
            attacker_penalty,
            defender_penalty,
            zone,
            attacker_artillery,
            defender_artillery,
            output,
        } => {
            let a = Fighter {
                die: attacker,
                penalty: attacker_penalty,
                artillery: attacker_artillery,
            };
            let d = Fighter {
                die: defender,
                penalty: defender_penalty,
                artillery: defender_artillery,
            };
            let o = melee_odds(a, d, zone);
            emit(&o, output.json, || {
                let mut r = rows("defender takes", &o.to_defender);
                r.extend(rows("attacker takes", &o.to_attacker));
                r.push(("tie".into(), o.tie));
                format!(
                    "Melee: d{attacker}+1 (charger, −{attacker_penalty}) striking the {zone} against d{defender} (−{defender_penalty})\n{}",
                    show(&r)
                )
            })
        }
        ToySoldierOdds::Shot {
            danger,
            cover,
            shields,
            output,
        } => {
            let protection = ShotCover { cover, shields };
            let distribution = landed_distribution(danger, protection);
            let s = ShotJson {
                mean: mean(&distribution),
                distribution,
            };
            emit(&s, output.json, || {
                let (whole, need) = landed(danger, protection);
                let rest = need.map_or(String::new(), |n| format!(", one more on a d6 {n}+"));
                format!(
                    "Volley of {danger}: ÷{} = {whole} sure{rest}\n{}",
                    protection.divisor(),
                    show(&rows("lands", &s.distribution))
                )
            })
        }
        ToySoldierOdds::Morale {
            die,
            damage,
            commander,
            output,
        } => {
            let holds = morale_chance(die, commander, damage);
            let m = MoraleJson {
                holds,
                retreats: 1.0 - holds,
            };
            emit(&m, output.json, || {
                let plus = if commander { "+1 " } else { "" };
                format!(
                    "Morale: d{die} {plus}at or above {damage} damage holds\n{}",
                    table(&[("holds", m.holds), ("retreats", m.retreats)])
                )
            })
        }
    }
}
