//! The left panel of a Toy Soldier battle: the activation panel (your units, their next
//! token cost, who has activated), the active unit's card with its AP and actions, and
//! the odds against the enemy under the pointer (the zone it would strike, the exact
//! melee odds, the danger a volley lands after cover and shields).

use super::ToySession;
use super::describe::{self, name};
use super::input::{ToySelection, charge_at, ghost_plan};
use crate::game::hud::pct;
use crate::game::palette;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_rules::Side;
use warband_rules::prob::mean;
use warband_rules::toy_soldier::{
    Step, activation_cost, landed_distribution, melee_odds, zone_multiplier,
};
use warband_table::Refusal;
use warband_table::geometry::aspect_of;
use warband_toy_soldier::Command;
use warband_toy_soldier::actions::{
    MovePlan, active, check_activate, check_fight, check_shot, open_reach,
};
use warband_toy_soldier::battle::{Activation, Battle, View, commander_near, in_play};
use warband_toy_soldier::turn::check_done;

pub fn show(
    ui: &mut egui::Ui,
    session: &mut ToySession,
    toy: &mut ToySelection,
    cursor: Option<Vec2>,
) {
    if session.net_waiting() {
        ui.weak(session.others_acting());
        return;
    }
    let human = session.human_turn();
    let world = session.engine.world();
    let side = human.or(world
        .resource::<warband_toy_soldier::battle::Battle>()
        .acting);
    let mut command = None;
    match side.and_then(|s| active(world, s).ok()) {
        Some((v, a)) => {
            // A spell chosen for a caster no longer active is put away.
            if !v.unit.magical {
                toy.spell = None;
            }
            command = card(ui, session, &v, &a, toy, human.is_some());
            if human.is_some()
                && toy.hover.is_none()
                && let Some(c) = cursor
                && let Some((step, inches, plan)) = ghost_plan(session, v.side, c)
            {
                move_lines(ui, session, &v, c, (step, inches, plan));
            }
            if let Some(t) = toy.hover.and_then(|id| {
                in_play(session.engine.world())
                    .into_iter()
                    .find(|u| u.id == id)
            }) && (t.id != v.id || toy.spell.is_some())
            {
                // A spell is told on the caster itself too (a wizard heals its wound).
                if let Some((spell, sure)) = toy.spell {
                    ui.separator();
                    super::spells::line(ui, session, (&v, &a), &t, spell, sure);
                } else if t.side != v.side {
                    ui.separator();
                    odds(ui, session, &v, &a, &t, toy.volley, cursor);
                }
            }
        }
        None => {
            toy.spell = None;
            if let Some(side) = side {
                command = roster(ui, session, side, human.is_some());
            }
        }
    }
    if let (Some(side), Some(c)) = (human, command) {
        let _ = session.submit(side, c);
    }
}

/// The ghost move's line: which way, how far and its AP, or why not. With the pointer
/// well off the unit's four ways, that a unit moves only along them.
fn move_lines(
    ui: &mut egui::Ui,
    session: &ToySession,
    v: &View,
    cursor: Vec2,
    (step, inches, plan): (Step, f32, Result<MovePlan, Refusal>),
) {
    let way = describe::way(step);
    // The pointer lies past the unit's reach: the move goes as far as its AP take it.
    let furthest = super::input::ghost(v, cursor).1 > inches + 0.005;
    ui.label(match plan {
        Ok(p) => format!(
            "Move {way} {}: {} AP{}{}{}",
            describe::distance(v.base.center.distance(p.end)),
            p.ap,
            if p.rough > 0.01 {
                format!(
                    " ({} of it through rough ground, at half pace)",
                    describe::distance(p.rough)
                )
            } else {
                String::new()
            },
            if furthest { ", as far as it goes" } else { "" },
            if p.charged.is_some() {
                " — charge!"
            } else {
                ""
            }
        ),
        Err(r) => format!(
            "Move {way} {}: {}",
            describe::distance(inches),
            describe::readable(session.engine.world(), &r.0)
        ),
    });
    if super::input::off_the_ways(v, cursor) {
        ui.small(format!(
            "A unit moves only straight ahead, back or sideways: the pointer is nearest {way}. Pivot first (right-click, or Q / E) to go another way."
        ));
    }
}

/// What a unit's marks mean, in the rules' terms.
const MARKS: &str = "⚠ danger: from shots and melee. An active unit must defend each (1 AP apiece) before it moves, fights or shoots; any left when its AP are spent become damage.\n✚ damage: stays until healed. Danger and damage both lower the unit's melee roll, and damage counts against its morale.";

/// The side's units: next cost, marks, activations; a button to activate each.
fn roster(ui: &mut egui::Ui, session: &ToySession, side: Side, mine: bool) -> Option<Command> {
    let world = session.engine.world();
    if mine {
        ui.strong("Your activation");
        ui.small("Click one of your units, or choose here:");
    } else {
        // Another's roster, read only: whose it is, and no buttons that look like yours.
        let army = &warband_table::scenario::Setup::armies(&session.setup)
            .get(side)
            .name;
        ui.colored_label(
            palette::side_egui(side),
            format!("{army} chooses a unit to activate"),
        );
        if session.replay.is_none() {
            ui.weak(session.others_acting());
        }
    }
    // What the rows' figures are, once: the cost a row's button pays out of the side's
    // tokens, and the marks on each unit (the marks' hover says what they do).
    let left = world.resource::<Battle>().side(side).tokens;
    let pays = if mine {
        " · each button pays its unit's cost"
    } else {
        ""
    };
    ui.small(format!("{left} tokens left{pays} · ⚠ danger ✚ damage"))
        .on_hover_text(MARKS);
    let mut command = None;
    // Each row: the button (its cost in tokens), the marks in a column of their own,
    // then the name in what is left, cut short with an ellipsis (whole in its hover) so
    // that two- and three-digit marks never run over it; the name activates too.
    let units: Vec<_> = in_play(world)
        .into_iter()
        .filter(|u| u.side == side)
        .collect();
    let marks_of = |u: &View| format!("⚠{} ✚{}", u.marks.danger, u.marks.damage);
    let marks_width = column_width(ui, units.iter().map(marks_of));
    for u in units {
        let cost = activation_cost(u.spent);
        let tick = if u.spent > 0 { "✔ " } else { "" };
        let ok = mine && check_activate(world, side, u.id).is_ok();
        let why_not = check_activate(world, side, u.id).err().map(|r| r.0);
        ui.horizontal(|ui| {
            let tokens = if cost == 1 { "token" } else { "tokens" };
            let cost_words = format!(
                "Activating it now costs {cost} {tokens}: a unit's first activation in a turn costs 1, each later one as many tokens as already spent on it (1, 1, 2, 4, 8 …)."
            );
            let pay = egui::Button::new(format!("Pay {cost}"));
            let button = if mine {
                ui.add_enabled(ok, pay)
                    .on_hover_text(&cost_words)
                    .on_disabled_hover_text(match &why_not {
                        Some(why) => format!("{cost_words}\nNot now: {}", describe::readable(world, why)),
                        None => cost_words.clone(),
                    })
            } else {
                ui.small(format!("costs {cost}")).on_hover_text(&cost_words)
            };
            let marks = marks_of(&u);
            let height = ui.spacing().interact_size.y;
            ui.add_sized(
                [marks_width, height],
                egui::Label::new(egui::RichText::new(marks).small()),
            )
            .on_hover_text(MARKS);
            let text = egui::RichText::new(format!("{tick}{}", name(world, u.id)))
                .color(palette::side_egui(side));
            let label = egui::Label::new(text).truncate();
            let named = ui.add(if ok {
                label.sense(egui::Sense::click())
            } else {
                label
            });
            if button.clicked() || (ok && named.clicked()) {
                command = Some(Command::Activate { unit: u.id });
            }
        });
    }
    if mine && end_turn_button(ui, world, side, "End the turn (Enter)") {
        command = Some(Command::Done);
    }
    command
}

/// The width of a column of small texts: its widest, so that the names beside it keep
/// what room there is (at one digit a mark, a third of what room for three would take).
fn column_width(ui: &egui::Ui, texts: impl Iterator<Item = String>) -> f32 {
    let font = egui::TextStyle::Small.resolve(ui.style());
    let widest = texts
        .map(|t| {
            ui.painter()
                .layout_no_wrap(t, font.clone(), egui::Color32::WHITE)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    widest + ui.spacing().item_spacing.x
}

/// The button that ends the turn: enabled only once the other side has run out of
/// tokens, its hover saying why not before then.
fn end_turn_button(ui: &mut egui::Ui, world: &World, side: Side, text: &str) -> bool {
    let allowed = check_done(world, side);
    let button = ui.add_enabled(allowed.is_ok(), egui::Button::new(text));
    match allowed {
        Ok(()) => button.clicked(),
        Err(why) => {
            button.on_disabled_hover_text(why.0);
            false
        }
    }
}

/// The active unit: AP, marks and what it may do.
fn card(
    ui: &mut egui::Ui,
    session: &ToySession,
    v: &View,
    a: &Activation,
    toy: &mut ToySelection,
    mine: bool,
) -> Option<Command> {
    let world = session.engine.world();
    let units = in_play(world);
    ui.heading(egui::RichText::new(name(world, v.id)).color(palette::side_egui(v.side)));
    ui.label(
        egui::RichText::new(format!("{} AP left", a.ap))
            .size(20.0)
            .strong(),
    );
    let u = &v.unit;
    ui.small(format!(
        "{:?} {} · morale d{} · {:?}{}",
        u.quality,
        u.activation_die(),
        u.morale,
        u.kind,
        if u.shields { " · shields" } else { "" },
    ));
    // A line of its own, always there and never wrapped: one that came and went, or
    // took two lines, with a move would move the buttons below it from under the
    // pointer (a play-test's click meant for Defend fell on Pass so).
    let (near, why) = if commander_near(&units, v) {
        (
            "Commander near: +1 to AP roll and morale",
            "+1 to its AP roll on activating and to its morale die",
        )
    } else {
        ("Commander not near", "no +1 to its AP roll or morale die")
    };
    ui.add(egui::Label::new(egui::RichText::new(near).small()).truncate())
        .on_hover_text(why);
    ui.label(format!(
        "Danger {} · damage {}",
        v.marks.danger, v.marks.damage
    ));
    if units.iter().any(|c| c.command && c.side == v.side) {
        ui.small(format!(
            "The gold ring: {}\" about the commander; a unit that activates inside it adds 1 to its AP roll.",
            warband_toy_soldier::battle::COMMAND_RANGE
        ));
    }
    if !mine {
        return None;
    }
    let command = actions(ui, session, v);
    if u.shoots() && a.ap > 0 {
        let mut ap = toy.volley.unwrap_or(a.ap).clamp(1, a.ap);
        ui.add(egui::Slider::new(&mut ap, 1..=a.ap).text("AP a volley"));
        toy.volley = (ap != a.ap).then_some(ap);
    }
    if u.magical {
        super::spells::buttons(ui, toy, a.ap);
    }
    command
}

/// A button for `c`, greyed (its hover saying why) exactly when its key would be answered
/// in the tray instead of sent (`input::greyed`); true when clicked.
fn greyable(ui: &mut egui::Ui, world: &World, side: Side, c: &Command, label: &str) -> bool {
    let why = super::input::greyed(world, side, c);
    let button = ui.add_enabled(why.is_none(), egui::Button::new(label));
    button
        .on_disabled_hover_text(why.unwrap_or_default())
        .clicked()
}

/// The active unit's buttons: defend, pivot, pass, take back its move, end the turn.
fn actions(ui: &mut egui::Ui, session: &ToySession, v: &View) -> Option<Command> {
    let world = session.engine.world();
    let mut command = None;
    ui.horizontal_wrapped(|ui| {
        if greyable(ui, world, v.side, &Command::Defend, "Defend (R)") {
            command = Some(Command::Defend);
        }
        if ui.button("⟲ 45° (Q)").clicked() {
            command = Some(Command::Pivot { degrees: 45.0 });
        }
        if ui.button("⟳ 45° (E)").clicked() {
            command = Some(Command::Pivot { degrees: -45.0 });
        }
        if ui.button("Pass (Space)").clicked() {
            command = Some(Command::Pass);
        }
        if greyable(ui, world, v.side, &Command::UndoMove, "Take back move (Z)") {
            command = Some(Command::UndoMove);
        }
        if end_turn_button(ui, world, v.side, "End the turn (Enter)") {
            command = Some(Command::Done);
        }
    });
    command
}

/// The exact odds of fighting and shooting the enemy under the pointer.
fn odds(
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
            Ok(_) => melee_line(ui, v, t, v.base.center, "From here"),
            Err(r) => {
                ui.label(format!("✖ No fight: {}", readable(&r)));
            }
        }
    } else if v.unit.shoots() {
        ui.label("A click shoots; move into contact to fight.");
    } else {
        // Why not, as the engine judges the move a click here would make.
        match cursor.map(|c| charge_at(world, v, a, t, c)) {
            Some(Ok((_, _, plan))) => melee_line(ui, v, t, plan.end, "Charging"),
            Some(Err(Some(r))) => {
                ui.label(format!("✖ No charge: {}", readable(&r)));
            }
            _ => {
                ui.label(no_charge_words(v, a, t));
            }
        }
    }
    shot_line(ui, session, v, a, t, volley);
}

/// Why a click on `t` starts no charge: a charge goes straight ahead, so an enemy
/// within the AP left but off to the side wants a turn first; else how far it is.
fn no_charge_words(v: &View, a: &Activation, t: &View) -> String {
    let gap = warband_table::geometry::gap(&v.base, &t.base).max(0.0);
    // On open ground: rough ground on the way would only shorten it.
    let reach = open_reach(v, a, Step::Forward);
    if gap <= reach {
        format!(
            "No charge from here: a charge goes straight ahead, and it stands off to the side ({gap:.1}\" away). Turn to face it (right-click on it, or Q / E), then charge."
        )
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
    ui.label(format!(
        "Melee (+1 to you, who strike): it takes danger {} (mean {:.2}); you take danger {} (mean {:.2}); tie {}",
        pct(hurt(&o.to_defender)),
        mean(&o.to_defender).max(0.0),
        pct(hurt(&o.to_attacker)),
        mean(&o.to_attacker).max(0.0),
        pct(o.tie)
    ));
}

/// The landed danger of a volley at `t`, if `v` shoots.
fn shot_line(
    ui: &mut egui::Ui,
    session: &ToySession,
    v: &View,
    a: &Activation,
    t: &View,
    volley: Option<u32>,
) {
    let world = session.engine.world();
    if !v.unit.shoots() {
        return;
    }
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
            ui.label(format!("✖ No shot: {}", describe::readable(world, &r.0)));
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
#[path = "panel_tests.rs"]
mod tests;
