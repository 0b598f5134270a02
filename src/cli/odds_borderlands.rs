//! `warband odds borderlands attack|save|morale`: B/X exact odds.

use super::odds::{Output, emit, table};
use clap::Subcommand;
use serde::Serialize;
use std::process::ExitCode;
use warband_rules::borderlands::{DamageExpr, attack_odds, needed, save_chance};
use warband_rules::morale::pass_chance;

/// The odds of B/X Borderlands' rolls.
#[derive(Subcommand, Debug)]
pub enum BorderlandsOdds {
    /// One attack: to hit, to hit the cover, to miss, its damage and the chance to kill.
    Attack {
        /// The attacker's THAC0.
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(i8).range(-10..=25))]
        thac0: i8,
        /// The target's armour class (descending, 9 unarmoured).
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(i8).range(-20..=20))]
        ac: i8,
        /// Bonus (or penalty) to the roll.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = clap::value_parser!(i8).range(-20..=20))]
        bonus: i8,
        /// The target is in cover (−4; near misses hit the cover).
        #[arg(long)]
        cover: bool,
        /// Damage of a hit, e.g. 1d8+1.
        #[arg(long, default_value = "1d6")]
        damage: DamageExpr,
        /// The target's hit points: adds the chance this attack takes it to 0.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1000))]
        hp: Option<u16>,
        #[command(flatten)]
        output: Output,
    },
    /// A saving throw: d20 at or above the target.
    Save {
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=30))]
        target: u8,
        #[command(flatten)]
        output: Output,
    },
    /// A monster side's morale check: 2d6 above the score flees.
    Morale {
        #[arg(long, value_parser = clap::value_parser!(u8).range(2..=12))]
        score: u8,
        #[command(flatten)]
        output: Output,
    },
}

#[derive(Serialize)]
struct SaveJson {
    saves: f64,
}

#[derive(Serialize)]
struct MoraleJson {
    holds: f64,
    flees: f64,
}

pub fn run(what: BorderlandsOdds) -> ExitCode {
    match what {
        BorderlandsOdds::Attack {
            thac0,
            ac,
            bonus,
            cover,
            damage,
            hp,
            output,
        } => {
            let o = attack_odds(thac0, ac, bonus.into(), cover, damage, hp);
            emit(&o, output.json, || {
                let need = needed(thac0, ac) - i32::from(bonus);
                let mut rows = vec![("hits".to_string(), o.hit)];
                if cover {
                    rows.push(("hits the cover".into(), o.cover));
                }
                rows.push(("misses".into(), o.miss));
                rows.extend(
                    o.damage
                        .iter()
                        .enumerate()
                        .skip(1)
                        .map(|(k, p)| (format!("  damage {k}"), *p)),
                );
                if let (Some(k), Some(hp)) = (o.kills, hp) {
                    rows.push((format!("kills ({hp} HP)"), k));
                }
                let rows: Vec<(&str, f64)> = rows.iter().map(|(s, p)| (s.as_str(), *p)).collect();
                format!(
                    "Attack: THAC0 {thac0} − AC {ac} = {}; needs {need}+ on the d20{}{}, damage {damage}\n{}",
                    needed(thac0, ac),
                    if bonus != 0 {
                        format!(" ({bonus:+} to the roll)")
                    } else {
                        String::new()
                    },
                    if cover {
                        format!(
                            "; in cover {}+, {need}–{} hit the cover",
                            need + 4,
                            need + 3
                        )
                    } else {
                        String::new()
                    },
                    table(&rows)
                )
            })
        }
        BorderlandsOdds::Save { target, output } => {
            let s = SaveJson {
                saves: save_chance(target),
            };
            emit(&s, output.json, || {
                format!(
                    "Save {target}+ on a d20\n{}",
                    table(&[("saves", s.saves), ("fails", 1.0 - s.saves)])
                )
            })
        }
        BorderlandsOdds::Morale { score, output } => {
            let holds = pass_chance(score);
            let m = MoraleJson {
                holds,
                flees: 1.0 - holds,
            };
            emit(&m, output.json, || {
                format!(
                    "Morale {score}: 2d6 above the score flees\n{}",
                    table(&[("holds", m.holds), ("flees", m.flees)])
                )
            })
        }
    }
}
