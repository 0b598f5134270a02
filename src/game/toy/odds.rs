//! The odds card of a Toy Soldier battle: against the enemy under the pointer, the
//! zone a strike would land on with its exact melee odds, why no charge is possible
//! where none is, and the danger a volley lands after cover and shields.

use super::ToySession;
use super::describe::{self, name};
use super::input::charge_at;
use crate::game::hud::pct;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_rules::prob::mean;
use warband_rules::toy_soldier::combat::Fighter;
use warband_rules::toy_soldier::{Step, landed_distribution, melee_odds, zone_multiplier};
use warband_table::geometry::aspect_of;
use warband_table::geometry::facing::in_front_arc;
use warband_toy_soldier::actions::{check_fight, check_shot, open_reach};
use warband_toy_soldier::battle::{Activation, View};

/// The exact odds of fighting and shooting the enemy under the pointer.
pub fn show(
    ui: &mut egui::Ui,
    session: &ToySession,
    v: &View,
    a: &Activation,
    t: &View,
    volley: Option<u32>,
    cursor: Option<Vec2>,
) {
    let world = session.engine.world();
    ui.strong(format!("Against {}", name(world, t.id)));
    // The melee a click would start, struck from where the attacker then stands: here
    // if in contact, else where the charge ends (a unit that shoots shoots instead).
    let readable = |r: &warband_table::Refusal| describe::readable(world, &r.0);
    if warband_table::geometry::in_contact(&v.base, &t.base) {
        match check_fight(world, v, a, t.id) {
            Ok(_) => {
                melee_line(ui, v, t, v.base.center, "From here");
                ui.label(ENDS);
            }
            Err(r) => {
                ui.label(format!("✖ No fight: {}", readable(&r)));
            }
        }
    } else if v.unit.shoots() && !ui.input(|i| i.modifiers.shift) {
        ui.label("A click shoots; hold Shift for the charge.");
    } else {
        // Why not, as the engine judges the move a click here would make.
        match cursor.map(|c| charge_at(world, v, a, t, c)) {
            Some(Ok((_, _, plan))) => {
                melee_line(ui, v, t, plan.end, "Charging");
                ui.label(charge_ends(a.ap, plan.ap));
            }
            Some(Err(Some(r))) => {
                ui.label(format!("✖ No charge: {}", readable(&r)));
            }
            _ => {
                let turned = || super::turned::charge_after_turning(&session.engine, v, t);
                ui.label(no_charge_words(v, a, t, turned));
            }
        }
    }
    shot_line(ui, session, (v, a, t), volley);
}

/// Said under a fight's odds (a play-tester's knight fought with 9 AP left and lost 6
/// of them unawares): the rules end a unit's activation once it has fought.
const ENDS: &str = "⚠ The fight ends this activation: AP left after it are lost.";

/// Said under a charge's odds: what the charge costs of the AP `left`, and that the
/// fight at its end loses the rest.
fn charge_ends(left: u32, cost: u32) -> String {
    match left.saturating_sub(cost) {
        0 => format!("The charge takes all {left} AP; the fight ends this activation."),
        lost => format!(
            "⚠ The charge costs {cost} of {left} AP; the fight then ends this activation, and the {lost} AP left {} lost.",
            if lost == 1 { "is" } else { "are" }
        ),
    }
}

/// Why a click on `t` starts no charge: a charge goes straight ahead, so an enemy
/// within the AP left but off to the side wants a turn first — and whether the charge
/// is open after it, as `turned` finds (the AP the turns take, or why not); else how
/// far it is.
fn no_charge_words(
    v: &View,
    a: &Activation,
    t: &View,
    turned: impl FnOnce() -> Result<u32, String>,
) -> String {
    let gap = warband_table::geometry::gap(&v.base, &t.base).max(0.0);
    // On open ground: rough ground on the way would only shorten it.
    let reach = open_reach(v, a, Step::Forward);
    let side = format!(
        "No charge from here: a charge goes straight ahead, and it stands off to the side ({gap:.1}\" away)"
    );
    if gap <= reach {
        match turned() {
            Ok(turns) => format!("{side}. {}", super::turned::turn_first(turns, "charge")),
            Err(why) => format!("{side}, nor after a turn to face it: {why}."),
        }
    } else {
        format!(
            "Out of reach to charge: {gap:.1}\" away; {} AP go {reach:.0}\" straight ahead.",
            a.ap
        )
    }
}

/// The exact melee odds of `v` striking `t` from `at`, by the zone struck there.
fn melee_line(ui: &mut egui::Ui, v: &View, t: &View, at: Vec2, how: &str) {
    let aspect = aspect_of(&t.base, at);
    let times = zone_multiplier(aspect);
    ui.label(format!("{how} you strike its {aspect} (×{times})."));
    let o = melee_odds(v.fighter(), t.fighter(), aspect);
    let hurt = |pmf: &[f64]| pmf[1..].iter().sum::<f64>();
    ui.small(rolls_words(v.fighter(), t.fighter()));
    ui.label(format!(
        "Melee: it takes danger {} (mean {:.2}); you take danger {} (mean {:.2}); tie {}",
        pct(hurt(&o.to_defender)),
        mean(&o.to_defender).max(0.0),
        pct(hurt(&o.to_attacker)),
        mean(&o.to_attacker).max(0.0),
        pct(o.tie)
    ));
}

/// What each side rolls in the melee, as the odds reckon it: its activation die, +1 for
/// the side that strikes, less its danger and damage, halved for artillery (a
/// play-tester checked the odds by hand and could not see the defender's −1).
fn rolls_words(you: Fighter, it: Fighter) -> String {
    let side = |f: Fighter, bonus: &str, whose: &str| {
        let less = match f.penalty {
            0 => String::new(),
            n => format!(" −{n} ({whose} danger and damage)"),
        };
        let half = if f.artillery {
            ", halved (artillery)"
        } else {
            ""
        };
        format!("d{}{bonus}{less}{half}", f.die)
    };
    format!(
        "You roll {}; it rolls {}.",
        side(you, " +1 (you strike)", "your"),
        side(it, "", "its")
    )
}

/// The landed danger of a volley at `t`, if `v` shoots.
fn shot_line(
    ui: &mut egui::Ui,
    session: &ToySession,
    (v, a, t): (&View, &Activation, &View),
    volley: Option<u32>,
) {
    if !v.unit.shoots() {
        return;
    }
    let world = session.engine.world();
    let ap = volley.unwrap_or(a.ap).clamp(1, a.ap.max(1));
    match check_shot(world, v, a, t.id, ap) {
        Ok(plan) => {
            let d = landed_distribution(ap, plan.protection);
            let why = match (plan.protection.cover, plan.protection.shields) {
                (true, true) => "cover and shields: ÷3",
                (true, false) => "cover: ÷2",
                (false, true) => "shields: ÷2",
                (false, false) => "in the open",
            };
            let spread: Vec<String> = d
                .iter()
                .enumerate()
                .filter(|(_, p)| **p > 0.0)
                .map(|(k, p)| format!("{k}: {}", pct(*p)))
                .collect();
            ui.label(volley_words(ap, why, &d, &spread));
        }
        Err(r) => {
            let why = describe::readable(world, &r.0);
            let words = if in_front_arc(&v.base, &t.base) {
                format!("✖ No shot: {why}")
            } else {
                match super::turned::shot_after_turning(&session.engine, v, t, ap) {
                    Ok(turns) => format!(
                        "✖ No shot from this facing: {why}. {}",
                        super::turned::turn_first(turns, "shoot")
                    ),
                    Err(then) => format!("✖ No shot: {why}; nor after a turn to face it: {then}"),
                }
            };
            ui.label(words);
        }
    }
}

/// A volley's landed danger in words: a sure amount plainly, else each amount's chance.
fn volley_words(ap: u32, why: &str, d: &[f64], spread: &[String]) -> String {
    // A sum of chances may fall a hair short of 1.
    match d.iter().position(|p| *p >= 1.0 - 1e-9) {
        Some(sure) => format!("Volley of {ap} AP, {why}: puts {sure} danger on it, certain"),
        None => format!(
            "Volley of {ap} AP, {why}: puts danger on it {} (mean {:.2})",
            spread.join(", "),
            mean(d)
        ),
    }
}

#[cfg(test)]
#[path = "odds_tests.rs"]
mod tests;
