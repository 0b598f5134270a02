//! The left panel of a Toy Soldier battle: the activation panel (your units, their next
//! token cost, who has activated), the active unit's card with its AP and actions, and
//! below it the odds card against the enemy under the pointer (`odds.rs`).

mod actions;

use super::ToySession;
use super::describe::{self, name};
use super::input::{ToySelection, ghost_plan};
use super::odds;
use crate::game::palette;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_rules::Side;
use warband_rules::toy_soldier::{Step, activation_cost};
use warband_table::Refusal;
use warband_toy_soldier::Command;
use warband_toy_soldier::actions::{MovePlan, active, check_activate, check_move};
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
                && let Some((step, inches, plan)) = ghost_plan(session, v.side, c, toy.exact)
            {
                move_lines(ui, session, (&v, &a), c, (step, inches, plan));
            }
            // What a click would do, only to the person whose click it is: the computer's
            // unit told "A click shoots" to a play-tester hovering over it.
            if human.is_some()
                && let Some(t) = toy.hover.and_then(|id| {
                    in_play(session.engine.world())
                        .into_iter()
                        .find(|u| u.id == id)
                })
                && (t.id != v.id || toy.spell.is_some())
            {
                // A spell is told on the caster itself too (a wizard heals its wound).
                if let Some((spell, sure)) = toy.spell {
                    ui.separator();
                    super::spells::line(ui, session, (&v, &a), &t, spell, sure);
                } else if t.side != v.side {
                    ui.separator();
                    odds::show(ui, session, &v, &a, &t, toy.volley, cursor);
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
pub(super) fn move_lines(
    ui: &mut egui::Ui,
    session: &ToySession,
    (v, a): (&View, &Activation),
    cursor: Vec2,
    (step, inches, plan): (Step, f32, Result<MovePlan, Refusal>),
) {
    let way = describe::way(step);
    // The pointer lies past the unit's reach: the move goes as far as its AP take it.
    let furthest = super::input::ghost(v, cursor).1 > inches + 0.005;
    // Or something stands in the way within its reach: said (a play-tester's spearmen
    // went 0.22" for 1 AP, a friend in the way, unwarned).
    let world = session.engine.world();
    let reach = super::input::ghost_within(v, a, cursor).1;
    let blocked = (reach > inches + 0.005)
        .then(|| check_move(world, v, a, step, reach).err())
        .flatten()
        .map_or(String::new(), |r| {
            format!(" ({})", describe::readable(world, &r.0))
        });
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
            if furthest {
                format!(", as far as it goes{blocked}")
            } else {
                String::new()
            },
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

/// What a unit's marks mean, in the rules' terms (`\u{E2FA}`: the padlock,
/// `egui_phosphor::regular::LOCK`).
const MARKS: &str = "⚠ danger: from shots and melee. An active unit must defend each (1 AP apiece) before it moves, fights or shoots; any left when its AP are spent become damage.\n✚ damage: stays until healed. Danger and damage both lower the unit's melee roll, and damage counts against its morale.\n\u{E2FA} pinned: at least as much danger as its best roll gives AP. Whatever it rolls, it cannot defend all its danger and still move, shoot or fight: out of the fight until its side must activate it.";

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
        // Once the battle is over no one chooses: the roster is only what is left.
        let heading = if session.engine.outcome().is_some() {
            format!("{army}'s units")
        } else {
            format!("{army} chooses a unit to activate")
        };
        ui.colored_label(palette::side_egui(side), heading);
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
    ui.small(format!(
        "{} left{pays} · ⚠ danger ✚ damage {} pinned",
        super::describe::tokens(left),
        egui_phosphor::regular::LOCK
    ))
    .on_hover_text(MARKS);
    let mut command = None;
    let units: Vec<_> = in_play(world)
        .into_iter()
        .filter(|u| u.side == side)
        .collect();
    let marks: Vec<String> = units.iter().map(|u| marks_of(&units, u)).collect();
    let marks_width = column_width(ui, marks.iter().cloned());
    for (u, marks) in units.iter().zip(&marks) {
        if unit_row(ui, world, u, mine, (marks, marks_width)) {
            command = Some(Command::Activate { unit: u.id });
        }
    }
    if mine && end_turn_button(ui, world, side, "End the turn (Enter)") {
        command = Some(Command::Done);
    }
    command
}

/// One unit's row of the roster: its button (its cost in tokens), its `marks` in a
/// column of their own, then its name in what is left, cut short with an ellipsis
/// (whole in its hover) so that two- and three-digit marks never run over it. True when clicked (the
/// name activates too).
fn unit_row(
    ui: &mut egui::Ui,
    world: &World,
    u: &View,
    mine: bool,
    (marks, marks_width): (&str, f32),
) -> bool {
    let side = u.side;
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
        button.clicked() || (ok && named.clicked())
    })
    .inner
}

/// A unit's marks in the roster: "⚠3 ✚1", a padlock for the danger of a pinned unit
/// (as on the table).
fn marks_of(units: &[View], u: &View) -> String {
    let danger = match warband_toy_soldier::battle::pinned(units, u) {
        true => egui_phosphor::regular::LOCK,
        false => "⚠",
    };
    format!("{danger}{} ✚{}", u.marks.danger, u.marks.damage)
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
    ui.small(super::describe::profile_line(u, false));
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
    let command = actions::actions(ui, session, (v, a.ap));
    if u.shoots() && a.ap > 0 {
        let mut ap = toy.volley.unwrap_or(a.ap).clamp(1, a.ap);
        // Under an id of its own: the lines above change as the figure is typed, and a
        // field whose id moved with them lost its focus (a play-tester's typing did
        // nothing).
        ui.push_id("toy-volley", |ui| {
            ui.add(egui::Slider::new(&mut ap, 1..=a.ap).text("AP a volley"));
        });
        toy.volley = (ap != a.ap).then_some(ap);
    }
    if u.magical {
        super::spells::buttons(ui, toy, a.ap);
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::session::{Controller, GameSession};
    use warband_table::player::PlayerKind;
    use warband_toy_soldier::ToySoldier;

    /// A pinned unit's danger is a padlock in the roster, as on the table; danger it
    /// can still defend keeps its ⚠.
    #[test]
    fn a_pinned_units_danger_is_a_padlock() {
        let setup = crate::game::test_app::shipped::<ToySoldier>("village-fight.ron");
        let s: ToySession = GameSession::new(setup, 3, [Controller::Human; 2]).unwrap();
        let units = in_play(s.engine.world());
        let mut u = units[0].clone();
        u.marks.danger = 1;
        assert_eq!(marks_of(&units, &u), "⚠1 ✚0");
        u.marks.danger = 20;
        assert_eq!(
            marks_of(&units, &u),
            format!("{}20 ✚0", egui_phosphor::regular::LOCK)
        );
    }

    /// A play-tester watched a battle end and read "Dwarf hold chooses a unit to
    /// activate" above "The battle is over": once it is over no one chooses.
    #[test]
    fn a_battle_over_asks_no_one_to_choose() {
        let setup = crate::game::test_app::shipped::<ToySoldier>("river-crossing.ron");
        let charge = Controller::Ai(PlayerKind::Charge);
        let mut s: ToySession = GameSession::new(setup, 3, [charge, charge]).unwrap();
        while s.computer_step() {}
        assert!(s.engine.outcome().is_some(), "the battle ends");
        let mut toy = ToySelection::default();
        let words = crate::game::test_app::egui_words(|ui| show(ui, &mut s, &mut toy, None));
        let words = words.join("\n");
        assert!(words.contains("The battle is over."), "{words}");
        assert!(!words.contains("chooses a unit"), "{words}");
    }
}
