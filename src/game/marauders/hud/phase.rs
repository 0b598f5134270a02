//! What the current phase asks of you: the order of play after initiative, the fights
//! to resolve, and a button to end your part.

use super::odds::melee_panel;
use crate::game::marauders::Session;
use crate::game::marauders::input::{NO_MODEL_MOVED, Selection, order_command, usual_order};
use bevy_egui::egui;
use warband_marauders::battle::{ModelView, in_play};
use warband_marauders::command::Allocation;
use warband_marauders::geometry::in_contact;
use warband_marauders::phases::{
    PendingStrike, Phase, Strike, allocation_problem, auto_allocation, open_groups, own_dice,
    strike_waiting,
};
use warband_marauders::{Command, Side};
use warband_table::components::ModelId;

pub fn show(ui: &mut egui::Ui, session: &mut Session, sel: &mut Selection) {
    if let Some(words) = broken_note(session) {
        ui.colored_label(ui.visuals().warn_fg_color, words);
    }
    let Some(side) = session.human_turn() else {
        if !session.watching() || session.net.is_some() {
            ui.weak(session.others_acting());
        }
        if let Some(me) = session
            .own_side()
            .filter(|_| session.engine.outcome().is_none())
        {
            fights_to_come(ui, session, me);
        }
        return;
    };
    let phase = session.engine.phase();
    let world = session.engine.world();
    let strike = strike_waiting(world).is_some();
    let idle = match phase {
        Phase::Shooting => !any_shooter(world, side),
        Phase::Attacking => open_groups(world).is_empty(),
        _ => false,
    };
    ui.strong(headline(phase, strike, idle));
    match phase {
        Phase::Initiative => {
            order_dialog(ui, session, side, sel);
            return;
        }
        Phase::Attacking if strike => {
            strike_dialog(ui, session, side);
            return;
        }
        Phase::Attacking => fights(ui, session, side, sel),
        _ => {}
    }
    if ui.button("End my part of the phase (Space)").clicked() {
        let _ = session.submit(side, Command::EndPhase);
    }
    crate::game::hud::standing_ask(ui, session, NO_MODEL_MOVED);
}

/// What the phase asks of you, in one line: `strike` where a fight fought has your
/// damage dice to place, `idle` where nothing is left to do in it (no model of yours
/// may shoot, no fight is open).
fn headline(phase: Phase, strike: bool, idle: bool) -> &'static str {
    match phase {
        Phase::DeclareSpells => "Declare spells: select a caster, pick a spell, click its target.",
        Phase::Initiative => "You have priority: choose who acts first in each phase.",
        Phase::Movement => {
            "Move: select a model, click where it goes. Moving into an enemy charges it."
        }
        Phase::Shooting if idle => {
            "Shoot: none of your models may shoot now. End your part of the phase (Space)."
        }
        Phase::Shooting => "Shoot: select a shooter, click an enemy. Hover to see the odds.",
        // Before "no fights": the fight just fought is no longer open, but its dice
        // are still to place (a play-tester read "no fights" over a Strike button).
        Phase::Attacking if strike => {
            "Attack: a fight your models are in has been fought. Place your damage dice below, then Strike."
        }
        Phase::Attacking if idle => {
            "Attack: no fights this round. End your part of the phase (Space)."
        }
        Phase::Attacking => "Attack: resolve each fight below with its Fight button.",
        _ => "",
    }
}

/// Whether any model of `side`'s may shoot now (the engine's own test of a shooter).
fn any_shooter(world: &bevy::prelude::World, side: Side) -> bool {
    let broken = world
        .resource::<warband_marauders::battle::Battle>()
        .side(side)
        .broken;
    in_play(world).iter().any(|s| {
        s.side == side
            && warband_marauders::phases::may_shoot_now(broken, s, s.conditions.shot).is_ok()
    })
}

/// What a broken side's rules choose for a person (a play-tester saw a whole round play
/// itself): RULINGS, Marauders' morale.
const BROKEN: &str = "Your side is broken: it failed its morale. Until it rallies (each morale phase, on 2d6 at or under its morale), its models flee their full move from the nearest enemy in every movement phase (taking parting blows if in contact), and shoot, cast or choose to charge no more; they still fight in melee, and one that leaves the table is out of action. Its movement, shooting and spells play themselves.";

/// The note for the person whose side is broken, while the battle goes on; none for a
/// spectator or a side that holds.
fn broken_note(session: &Session) -> Option<&'static str> {
    let me = session.own_side()?;
    (session.engine.outcome().is_none() && session.engine.battle().side(me).broken)
        .then_some(BROKEN)
}

/// Who acts first in each phase, "me first" or "them first"; Confirm (or Space) sends
/// it. The choice lives in the selection, so that Space sends what the panel shows.
fn order_dialog(ui: &mut egui::Ui, session: &mut Session, side: Side, sel: &mut Selection) {
    let order = sel.order.get_or_insert_with(usual_order);
    egui::Grid::new("order_grid").show(ui, |ui| {
        for (i, p) in Phase::ORDERED.iter().enumerate() {
            ui.label(format!("{p:?}"));
            ui.radio_value(&mut order[i], true, "me first");
            ui.radio_value(&mut order[i], false, "them first");
            ui.end_row();
        }
    });
    if ui.button("Confirm order (Space)").clicked() {
        let _ = session.submit(side, order_command(side, order));
    }
}

fn fights(ui: &mut egui::Ui, session: &mut Session, side: Side, sel: &mut Selection) {
    let world = session.engine.world();
    let all = in_play(world);
    let round = session.engine.battle().round;
    let mut chosen: Option<(ModelId, Option<Vec<Allocation>>)> = None;
    for g in open_groups(world) {
        let (us, them) = sides_of(&all, &g, side);
        ui.group(|ui| {
            fight_odds(ui, &all, (&us, &them), round);
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button("Fight")
                    .on_hover_text("Damage dice split automatically")
                    .clicked()
                {
                    chosen = Some((g[0], None));
                }
                if ui.small_button("select").clicked() {
                    sel.model = us.first().map(|m| m.id);
                }
            });
            let header = "Split my damage dice…";
            if let Some(alloc) =
                allocation_editor(ui, session, side, &g, header, "Fight with this split")
            {
                chosen = Some((g[0], Some(alloc)));
            }
        });
    }
    if let Some((model, allocation)) = chosen {
        let _ = session.submit(side, Command::ResolveMelee { model, allocation });
    }
}

/// While the enemy acts first in the attacking phase it resolves every fight, yours
/// too: each one still to come, with your odds in it, so that none is fought unseen.
fn fights_to_come(ui: &mut egui::Ui, session: &Session, me: Side) {
    let world = session.engine.world();
    if session.engine.phase() != Phase::Attacking || strike_waiting(world).is_some() {
        return;
    }
    let groups = open_groups(world);
    if groups.is_empty() {
        return;
    }
    let all = in_play(world);
    let round = session.engine.battle().round;
    ui.label("The enemy resolves these fights, in the order it chooses:");
    for g in groups {
        let (us, them) = sides_of(&all, &g, me);
        ui.group(|ui| fight_odds(ui, &all, (&us, &them), round));
    }
}

/// A fight's two sides by name, then your odds in it.
fn fight_odds(
    ui: &mut egui::Ui,
    all: &[ModelView],
    (us, them): (&[&ModelView], &[&ModelView]),
    round: u32,
) {
    ui.label(format!("{}  vs  {}", names(us), names(them)));
    melee_panel(ui, "Fight", all, us, them, round);
}

/// Your side won a fight it did not start: place your damage dice, or let the
/// computer split them.
fn strike_dialog(ui: &mut egui::Ui, session: &mut Session, side: Side) {
    let world = session.engine.world();
    let Some(strike) = world.resource::<PendingStrike>().0.clone() else {
        return;
    };
    let all = in_play(world);
    let (us, them) = sides_of(&all, &strike.group, side);
    ui.strong(strike_words(&strike, &names(&us), &names(&them)));
    ui.label("Split your damage dice among the enemies each model touches:");
    let mut send = None;
    if let Some(alloc) = allocation_editor(ui, session, side, &strike.group, "Your split", "Strike")
    {
        send = Some(Some(alloc));
    }
    if ui.button("Let the computer split them").clicked() {
        send = Some(None);
    }
    if let Some(allocation) = send {
        let _ = session.submit(side, Command::AllocateDamage { allocation });
    }
}

/// What the fight came to, in words: won, or tied to the last die (both strike); and
/// whether the fights left follow at once (the side that ended the phase fights them all).
fn strike_words(strike: &Strike, us: &str, them: &str) -> String {
    let how = if strike.winners.len() > 1 {
        format!("Tied to the last die: {us} and {them} both strike.")
    } else {
        format!("You won the fight {us} vs {them}.")
    };
    match strike.rest.len() {
        _ if !strike.then_all => how,
        0 => how,
        1 => format!("{how} The phase is ending: the one fight left is fought next."),
        n => format!("{how} The phase is ending: the {n} fights left are fought next."),
    }
}

fn sides_of<'a>(
    all: &'a [ModelView],
    group: &[ModelId],
    side: Side,
) -> (Vec<&'a ModelView>, Vec<&'a ModelView>) {
    let members = |mine: bool| -> Vec<&ModelView> {
        all.iter()
            .filter(|m| group.contains(&m.id) && (m.side == side) == mine)
            .collect()
    };
    (members(true), members(false))
}

fn names(v: &[&ModelView]) -> String {
    v.iter()
        .map(|m| format!("{} #{}", m.profile.name, m.id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How many damage dice each of your models puts on each enemy it touches. Starts from
/// the auto-allocator's split; the engine says whether a split is whole. Returns the
/// allocation when the player confirms it.
fn allocation_editor(
    ui: &mut egui::Ui,
    session: &Session,
    side: Side,
    group: &[ModelId],
    header: &str,
    confirm: &str,
) -> Option<Vec<Allocation>> {
    let world = session.engine.world();
    let all = in_play(world);
    let members: Vec<ModelView> = all
        .iter()
        .filter(|m| group.contains(&m.id))
        .cloned()
        .collect();
    let (us, them) = sides_of(&members, group, side);
    let fight_of = fight_of(session, group, side);
    let id = egui::Id::new(("allocation", fight_of));
    let mut fight = None;
    egui::CollapsingHeader::new(header)
        .id_salt(("alloc", fight_of))
        .default_open(confirm == "Strike")
        .show(ui, |ui| {
            let mut alloc: Vec<Allocation> = ui
                .data_mut(|d| d.get_temp::<Vec<Allocation>>(id))
                .unwrap_or_else(|| auto_allocation(&members, side));
            // A draft from before a strike in this fight may name pairs that no longer
            // touch: keep only what this fight can use.
            alloc.retain(|a| {
                let att = us.iter().find(|m| m.id == a.attacker);
                let tgt = them.iter().find(|m| m.id == a.target);
                matches!((att, tgt), (Some(m), Some(t)) if in_contact(&m.base, &t.base))
            });
            for att in &us {
                dice_rows(ui, att, &them, &mut alloc);
            }
            ui.data_mut(|d| d.insert_temp(id, alloc.clone()));
            let problem = allocation_problem(world, side, group, &alloc);
            if let Some(why) = &problem {
                ui.colored_label(egui::Color32::from_rgb(240, 150, 100), why);
            }
            if ui
                .add_enabled(problem.is_none(), egui::Button::new(confirm))
                .clicked()
            {
                alloc.retain(|a| a.dice > 0);
                fight = Some(alloc);
            }
        });
    fight
}

/// What a split's draft, and whether its panel is open, are kept under: this fight, of
/// this round of this battle (its session's own number). Kept by the fight's first model
/// alone, a later battle's fight led by a model of the same id opened by itself on an
/// old draft whose pairs no longer touched ("0 of 1 die").
fn fight_of(session: &Session, group: &[ModelId], side: Side) -> (ModelId, usize, u64, u32) {
    let round = session.engine.battle().round;
    (group[0], side.index(), session.serial, round)
}

/// One attacker's dice: a counter for each enemy it touches.
fn dice_rows(ui: &mut egui::Ui, att: &ModelView, them: &[&ModelView], alloc: &mut Vec<Allocation>) {
    let dice = own_dice(att);
    let given: u8 = alloc
        .iter()
        .filter(|a| a.attacker == att.id)
        .map(|a| a.dice)
        .sum();
    ui.label(format!(
        "{} #{}: {given} of {}",
        att.profile.name,
        att.id,
        super::odds::dice(u32::from(dice))
    ));
    for t in them.iter().filter(|t| in_contact(&att.base, &t.base)) {
        let at = match alloc
            .iter()
            .position(|a| a.attacker == att.id && a.target == t.id)
        {
            Some(i) => i,
            None => {
                alloc.push(Allocation {
                    attacker: att.id,
                    target: t.id,
                    dice: 0,
                });
                alloc.len() - 1
            }
        };
        // The count first: a long name must not push it past the panel's edge.
        ui.horizontal(|ui| {
            ui.add_space(12.0);
            ui.add(egui::DragValue::new(&mut alloc[at].dice).range(0..=dice));
            ui.label(format!(
                "to {} #{} (hit on {}+)",
                t.profile.name,
                t.id,
                t.effective_armour().threshold()
            ));
        });
    }
}

#[cfg(test)]
mod tests;
