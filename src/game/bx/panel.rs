//! The left panel of a Borderlands battle: your models that may still act this round,
//! the chosen model's card (HP, AC, THAC0, attacks, spells left) with Hold and End step,
//! and the attack card against the model under the pointer: what the d20 needs and why,
//! the chance to hit, to hit the cover and to kill, and the attackers against the
//! 4-to-1 limit.

use super::BxSession;
use super::describe::name;
use super::input::{BxSelection, chosen};
use super::spell_card::pct;
use crate::game::palette;
use bevy::ecs::world::World;
use bevy_egui::egui;
use warband_borderlands::Command;
use warband_borderlands::actions::{
    actor, check_melee, check_shot, foes_in_contact, melee_bonus, shot_odds,
};
use warband_borderlands::ai::routine_odds;
use warband_borderlands::battle::{Battle, View, in_play};
use warband_borderlands::components::Slots;
use warband_rules::borderlands::needed;
use warband_rules::borderlands::profile::{SpellTarget, slot_index};
use warband_table::geometry::in_contact;

pub fn show(ui: &mut egui::Ui, session: &mut BxSession, bx: &mut BxSelection) {
    let Some(side) = session.human_turn() else {
        ui.weak(if session.watching() && session.net.is_none() {
            "The computer players choose each model's action."
        } else {
            session.others_acting()
        });
        return;
    };
    roster(ui, session.engine.world(), side, bx);
    let mut command = None;
    if let Some(v) = chosen(session, bx, side) {
        ui.separator();
        command = card(ui, session, &v, bx);
        target_card(ui, session, &v, bx);
    }
    if ui.button("End step (Space)").clicked() {
        command = Some(Command::EndStep);
    }
    crate::game::hud::standing_ask(ui, session, super::input::SPACE_AGAIN_ENDS);
    // Under the button, so that it never moves as the line comes and goes. Nothing was
    // refused yet: it says what a click would meet, in plain words, not a warning's
    // colour (a play-tester took it for a refusal before touching anything).
    if let Some(why) = &bx.not_there {
        let world = session.engine.world();
        let why =
            <warband_borderlands::Borderlands as crate::game::desk::Desk>::readable(world, why);
        ui.small(format!("A move to the pointer would be refused: {why}"));
    }
    if let Some(c) = command
        && session.submit(side, c).is_ok()
    {
        bx.model = None;
    }
}

/// How many of the side's models may still act in its step.
pub fn still_to_act(world: &World, side: warband_table::Side) -> usize {
    in_play(world)
        .into_iter()
        .filter(|m| m.side == side && actor(world, side, m.id).is_ok())
        .count()
}

/// Every model of the side, those that may not act greyed; a click chooses one.
fn roster(ui: &mut egui::Ui, world: &World, side: warband_table::Side, bx: &mut BxSelection) {
    // Every model of the side keeps its place in the list, those that may not act
    // greyed, so a button never moves from under the pointer as models act.
    let yours: Vec<(View, Result<(), String>)> = in_play(world)
        .into_iter()
        .filter(|m| m.side == side)
        .map(|m| {
            let may = actor(world, side, m.id).map(|_| ()).map_err(|r| r.0);
            (m, may)
        })
        .collect();
    let ready = yours.iter().filter(|(_, may)| may.is_ok()).count();
    let models = if ready == 1 { "model" } else { "models" };
    ui.strong(format!("Your step: {ready} {models} still to act"));
    ui.horizontal_wrapped(|ui| {
        for (m, may) in &yours {
            // No edge when hovered: egui widens a framed button by its edge, and the
            // names after it would wrap to the next line under the pointer.
            let label = egui::Button::selectable(bx.model == Some(m.id), name(world, m.id))
                .stroke(egui::Stroke::NONE);
            let button = ui.add_enabled(may.is_ok(), label);
            let button = match may {
                Err(why) => button.on_disabled_hover_text(why),
                Ok(()) => button,
            };
            if button.clicked() && bx.model != Some(m.id) {
                bx.model = Some(m.id);
                // Another model's spells are its own to choose.
                bx.spell = None;
            }
        }
    });
}

/// The card of what the chosen model would do to the model under the pointer: a spell's
/// or an attack's.
fn target_card(ui: &mut egui::Ui, session: &BxSession, v: &View, bx: &BxSelection) {
    let hovered = bx.hover.and_then(|id| {
        in_play(session.engine.world())
            .into_iter()
            .find(|m| m.id == id)
    });
    match (bx.spell, hovered) {
        (Some(spell), Some(t)) => {
            ui.separator();
            super::spell_card::show(ui, session, v, &t, spell);
        }
        (Some(spell), None) => {
            ui.separator();
            ui.small(format!(
                "{}: click the model to cast it at (Esc: none)",
                spell.name()
            ));
        }
        (None, Some(t)) if t.side != v.side => {
            ui.separator();
            attack_card(ui, session, v, &t);
        }
        (None, Some(t)) if t.id != v.id && t.cond.down.is_some() => {
            ui.separator();
            super::aid_card::show(ui, session.engine.world(), v, &t);
        }
        _ => {}
    }
}

/// What a model fights with: its melee routine, and its missile weapon with its range.
pub(super) fn arms(s: &warband_rules::borderlands::profile::Combatant) -> Vec<String> {
    let melee: Vec<String> = s
        .melee
        .iter()
        .map(|a| format!("{} {}", a.name, a.damage))
        .collect();
    let mut lines = vec![format!("Melee: {}", melee.join(", "))];
    if let Some(m) = &s.missile {
        lines.push(format!(
            "Missile: {} {} ({:.0}\")",
            m.name,
            m.damage,
            m.range_inches()
        ));
    }
    lines
}

/// The chosen model: what it is, what it has left, and what it may do.
fn card(ui: &mut egui::Ui, session: &BxSession, v: &View, bx: &mut BxSelection) -> Option<Command> {
    let world = session.engine.world();
    let s = &v.stats;
    ui.heading(egui::RichText::new(name(world, v.id)).color(palette::side_egui(v.side)));
    ui.label(format!(
        "HP {}/{} · AC {} · THAC0 {} · move {:.0}\"",
        v.hp.now, v.hp.max, s.ac, s.thac0, s.move_inches
    ));
    for line in arms(s) {
        ui.small(line);
    }
    let mut command = None;
    if !s.spells.is_empty() {
        command = spells(ui, world, v, bx);
    }
    if !foes_in_contact(world, v).is_empty() {
        ui.small("In melee: a click on open table withdraws fighting (half move); Shift-click retreats (free attacks at +2).");
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button("Hold (H)").clicked() {
            command = Some(Command::Hold { model: v.id });
        }
        let undo = warband_borderlands::undo::check_undo(world, v.side).is_ok();
        if ui
            .add_enabled(undo, egui::Button::new("Take back move (Z)"))
            .clicked()
        {
            command = Some(Command::UndoMove);
        }
    });
    command
}

/// The chosen model's spells left, and a button for each: one cast on itself is cast at
/// once; another is chosen, to be cast at the model clicked next.
fn spells(ui: &mut egui::Ui, world: &World, v: &View, bx: &mut BxSelection) -> Option<Command> {
    let s = &v.stats;
    let mut command = None;
    let had = world.get::<Slots>(v.entity).map(|s| s.0);
    let slots = had.unwrap_or([0, 0]);
    ui.small(format!("Spells left: {}", slots_text(slots)));
    if warband_borderlands::spells::cast_lost(world, v) {
        let caster = name(world, v.id);
        ui.colored_label(
            ui.visuals().warn_fg_color,
            super::spell_card::lost_words(&caster),
        );
    }
    // With none to cast the buttons stay, greyed, to say what it knows.
    let castable = s.spells.iter().any(|sp| slots[slot_index(*sp)] > 0);
    ui.small(match (castable, had) {
        (true, _) => "Choose one, then click the target:",
        (false, Some(_)) => "No slot left for its spells: it casts no more in this battle.",
        (false, None) => "It has no spell slot to cast them from.",
    });
    ui.horizontal_wrapped(|ui| {
        for spell in &s.spells {
            let on = bx.spell == Some(*spell);
            let left = slots[slot_index(*spell)] > 0;
            let own = spell.target() == SpellTarget::Caster;
            let about = match own {
                true => format!(
                    "{}\nCast on itself at once.",
                    super::spell_card::what(*spell)
                ),
                false => super::spell_card::what(*spell).to_string(),
            };
            let label = match own {
                true => format!("{} (on itself)", spell.name()),
                false => spell.name().to_string(),
            };
            let button = egui::Button::new(label).selected(on);
            let why = if left {
                about.clone()
            } else {
                format!("{about}\nNo slot of its level left.")
            };
            if ui
                .add_enabled(left, button)
                .on_hover_text(about)
                .on_disabled_hover_text(why)
                .clicked()
            {
                if own {
                    // Cast on itself: nothing to click.
                    command = Some(Command::Cast {
                        model: v.id,
                        spell: *spell,
                        target: v.id,
                    });
                } else {
                    bx.spell = (!on).then_some(*spell);
                }
            }
        }
    });
    command
}

/// Slots by spell level, as a player reads them: "2 of level 1 · 1 of level 2".
pub fn slots_text(slots: [u8; 2]) -> String {
    let parts: Vec<String> = slots
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, n)| format!("{n} of level {}", i + 1))
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(" · ")
    }
}

/// What attacking `t` with `v` takes and gives, by the engine's own odds.
fn attack_card(ui: &mut egui::Ui, session: &BxSession, v: &View, t: &View) {
    let world = session.engine.world();
    let side = v.side;
    ui.strong(format!(
        "Against {} (HP {}, AC {})",
        name(world, t.id),
        t.hp.now,
        t.stats.ac
    ));
    // Blows already taken this step kill it: an attack would be spent on the dead.
    if let Some(words) = super::hud::doomed(t) {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("{words}: an attack on it is spent on the dead"),
        );
    }
    let need = needed(v.stats.thac0, t.stats.ac);
    let attackers = foes_in_contact(world, t).len();
    let this_round = world.resource::<Battle>().attackers_of(t.id).len();
    let limit = t.stats.size.attacker_limit();
    ui.small(format!(
        "In melee with {attackers}; attacked by {this_round} of {limit} this round (the {limit}-to-1 limit)"
    ));
    if in_contact(&v.base, &t.base) {
        return melee_lines(ui, world, v, t, need);
    }
    // With Shift held a shooter's click closes with the enemy: the card says that.
    if v.stats.missile.is_none() || ui.input(|i| i.modifiers.shift) {
        close_in_card(ui, world, v, t);
        return;
    }
    match check_shot(world, side, v.id, t.id) {
        Ok(plan) => {
            let o = shot_odds(v, t, &plan);
            let parts = warband_borderlands::actions::missile_bonus_parts(v);
            ui.label(format!(
                "Missile: {} ({}){}",
                super::describe::versus(plan.bonus, plan.need),
                super::describe::worked(v.stats.thac0, t.stats.ac, &parts),
                if plan.cover && !t.cond.helpless() {
                    // In die faces, as the dice tray counts them ("11–14 strike the cover").
                    let (hits, cover) =
                        warband_rules::borderlands::attack::cover_faces(plan.need, plan.bonus);
                    match cover {
                        Some((low, high)) => format!(
                            "; in cover a {hits}+ on the die hits, {low}–{high} strike the cover"
                        ),
                        None => format!("; in cover only a {hits} hits"),
                    }
                } else {
                    String::new()
                }
            ));
            let kills = o.kills.unwrap_or(0.0);
            if t.cond.helpless() {
                ui.small("The target is helpless: the shot hits without a roll");
            }
            ui.label(format!(
                "Hits {} · hits the cover {} · kills {}",
                pct(o.hit),
                pct(o.cover),
                pct(kills)
            ));
            if t.cond.images > 0 {
                ui.small(format!(
                    "A hit strikes one of its {} images instead",
                    t.cond.images
                ));
            }
        }
        Err(r) => {
            ui.label(format!("No shot: {}", r.0));
        }
    }
    if super::input::close_in(world, v, t).is_some() {
        ui.small("Shift-click: move into contact with it instead of shooting");
    }
}

/// A melee against a model in contact: what the d20 needs and the routine's odds.
pub(super) fn melee_lines(ui: &mut egui::Ui, world: &World, v: &View, t: &View, need: i32) {
    if let Err(r) = check_melee(world, v.side, v.id, t.id) {
        ui.label(format!("No melee: {}", r.0));
        return;
    }
    let bonus = melee_bonus(v);
    let (kill, dmg) = routine_odds(v, t);
    if let Some(blade) = warband_borderlands::actions::killing_blow(v, t) {
        ui.label(format!(
            "Melee: the target is asleep, so a blow of the {} kills it outright",
            blade.name
        ));
    } else if t.cond.helpless() {
        ui.label("Melee: the target is helpless, so every swing hits without a roll");
    } else {
        let parts = warband_borderlands::actions::melee_bonus_parts(v);
        // Each swing's chance, as the shot's card gives its own (a play-tester found
        // the melee card alone without one).
        let hit =
            warband_rules::borderlands::swing_odds(v.stats.thac0, t.stats.ac, bonus, false).hit;
        ui.label(format!(
            "Melee: {} ({}): a {}+ on the die hits, {} a swing",
            super::describe::versus(bonus, need),
            super::describe::worked(v.stats.thac0, t.stats.ac, &parts),
            (need - bonus).clamp(2, 20),
            pct(hit)
        ));
    }
    ui.label(format!(
        "Whole routine: kills {}, mean damage {dmg:.1}",
        pct(kill)
    ));
}

/// For a model with no missile weapon: whether a click closes with `t`, and what the
/// fight would give once it does.
fn close_in_card(ui: &mut egui::Ui, world: &World, v: &View, t: &View) {
    match super::input::close_in(world, v, t) {
        Some(_) => ui.label("Click: move into contact with it (it can strike from next round)"),
        None => ui.label(super::input::out_of_reach(world, v, t)),
    };
    let (kill, dmg) = routine_odds(v, t);
    ui.small(format!(
        "Once in contact, its whole routine kills {}, mean damage {dmg:.1}",
        pct(kill)
    ));
}
