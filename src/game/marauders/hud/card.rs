//! The selected model's card: profile, state, and (for your caster in phase 1) its
//! spells to declare.

use crate::game::marauders::Session;
use crate::game::marauders::input::Selection;
use crate::game::palette;
use bevy_egui::egui;
use warband_marauders::battle::{ModelView, in_play, model};
use warband_marauders::engine::Spells;
use warband_marauders::phases::{Phase, check_may_move, disengage_need, disengage_odds};
use warband_rules::marauders::spells::{Spell, SpellTarget};

pub fn show(ui: &mut egui::Ui, session: &mut Session, sel: &mut Selection) {
    let Some(m) = sel.model.and_then(|id| model(session.engine.world(), id)) else {
        ui.weak("Click a model to see its card.");
        return;
    };
    let p = &m.profile;
    ui.heading(
        egui::RichText::new(format!("{} #{}", p.name, m.id)).color(palette::side_egui(m.side)),
    );
    ui.label(&session.setup.armies.get(m.side).name);
    egui::Grid::new("card").num_columns(2).show(ui, |ui| {
        ui.label("Hit dice");
        ui.label(format!("{} of {}", m.hd.left, m.hd.initial));
        ui.end_row();
        ui.label("Armour");
        ui.label(format!("{} (hit on {}+)", p.armour, p.armour.threshold()));
        ui.end_row();
        ui.label("Move");
        ui.label(format!("{:.1}\"", p.armour.movement_allowance()));
        ui.end_row();
        ui.label("Morale");
        ui.label(p.morale.to_string());
        ui.end_row();
        if let Some(r) = &p.ranged {
            ui.label("Ranged");
            ui.label(format!("{} {}\"", r.name, r.range));
            ui.end_row();
        }
        if !p.spells.is_empty() {
            ui.label("Spells");
            let names: Vec<&str> = p.spells.iter().map(|s| s.name()).collect();
            ui.add(egui::Label::new(names.join(", ")).wrap());
            ui.end_row();
            ui.label("Slots left");
            ui.add(egui::Label::new(slots_words(&m)).wrap());
            ui.end_row();
        }
    });
    let broken = session.engine.battle().side(m.side).broken;
    let state = state_words(&m, &in_play(session.engine.world()), broken);
    if !state.is_empty() {
        ui.label(state.join(" · "));
    }
    let mine = session.human_turn() == Some(m.side);
    match session.engine.phase() {
        Phase::DeclareSpells if mine && m.slots > 0 && m.declared.is_none() => {
            spell_buttons(ui, session.engine.world(), &p.spells, sel);
        }
        Phase::Movement if mine && m.in_play => {
            let world = session.engine.world();
            if let Err(why) = check_may_move(world, m.side, m.id) {
                // Said as it is, not as an error: after a move the card tells why this
                // model moves no more, and where to go from there.
                ui.weak(format!(
                    "{}. Select another model (Z takes back the last move).",
                    why.0
                ));
            } else if m.engaged_since.is_some() {
                ui.label("Engaged: click where to go to disengage.");
                ui.label(disengage_words(world, &m));
            } else {
                ui.label("Click open table to move, or an enemy in reach to charge it.");
            }
        }
        _ => {}
    }
}

/// What leaving combat would cost the model, as the engine will roll it: "2 enemies
/// strike, a die each needing 4+: hurt 55.6%, slain 11.1% (2 HD left)".
fn disengage_words(world: &bevy::prelude::World, m: &ModelView) -> String {
    let odds = disengage_odds(world, m);
    let dice = odds.distribution.len().saturating_sub(1);
    let hurt = 1.0 - odds.distribution.first().copied().unwrap_or(1.0);
    let left = usize::from(m.hd.left);
    let slain: f64 = odds.distribution.iter().skip(left).sum();
    let who = match dice {
        1 => "1 enemy strikes".to_string(),
        n => format!("{n} enemies strike"),
    };
    let need = disengage_need(m).unwrap_or_default();
    format!(
        "{who}, a die each needing {need}+: hurt {}, slain {} ({left} HD left).",
        super::odds::pct(hurt),
        super::odds::pct(slain)
    )
}

/// A model's state in a few words: out of action, leader, engaged, moved, shot,
/// blinded, asleep, broken side, declared spell.
pub fn state_words(m: &ModelView, all: &[ModelView], broken: bool) -> Vec<String> {
    let mut state = Vec::new();
    if !m.in_play {
        state.push("out of action".to_string());
    }
    // Whole phrases, not lone words: a play-tester read "leader", "shot" and
    // "declared Magic Missile" under a card and could not tell what they meant.
    if m.leader {
        state.push("★ its side's leader".to_string());
    }
    if let Some(r) = m.engaged_since {
        // Kept as the round the last enemy closed: no leaving combat in that round.
        state.push(format!("engaged (the last enemy closed in round {r})"));
    }
    for (on, what) in [
        (m.conditions.moved, "has moved this round"),
        (m.conditions.shot, "has shot this round"),
        (m.conditions.blinded, "blinded"),
        (m.conditions.asleep, "asleep"),
        (broken, "its side is broken"),
    ] {
        if on {
            state.push(what.to_string());
        }
    }
    if let Some(d) = &m.declared {
        state.push(format!(
            "{} declared, cast in the spellcasting phase",
            d.spell
        ));
    }
    // A Bless lies on the caster; the model it serves says so too.
    for c in all {
        if let Some(b) = c.blessing.filter(|b| b.target == m.id) {
            state.push(format!(
                "blessed by {} #{}: +{} in round {}'s melee",
                c.profile.name,
                c.id,
                warband_rules::dice::dice_words(b.dice),
                b.round
            ));
        }
    }
    state
}

/// The caster's spells to declare, each a button that says what it does; the line above
/// says what to click next (a point only where one of them is cast at a point).
fn spell_buttons(
    ui: &mut egui::Ui,
    world: &bevy::prelude::World,
    spells: &[Spell],
    sel: &mut Selection,
) {
    let defs = world.resource::<Spells>();
    let at_a_point = spells
        .iter()
        .filter_map(|s| defs.get(s.name()))
        .any(|d| d.target == SpellTarget::Point);
    ui.label(if at_a_point {
        "Declare a spell, then click its target (a model, or a point on the table):"
    } else {
        "Declare a spell, then click the model it is cast at:"
    });
    ui.horizontal_wrapped(|ui| {
        for spell in spells {
            let on = sel.spell == Some(*spell);
            let about = defs
                .get(spell.name())
                .map_or_else(String::new, super::spell_card::what_it_does);
            let button = egui::Button::new(spell.name()).selected(on);
            if ui.add(button).on_hover_text(about).clicked() {
                sel.spell = (!on).then_some(*spell);
            }
        }
    });
}

/// A caster's slots left, and the spell declared this round, whose slot is spent only
/// when it is cast (a play-tester read "2" after declaring Bless as a slot not taken).
fn slots_words(m: &ModelView) -> String {
    match &m.declared {
        Some(d) => format!("{} (one goes to {} as it is cast)", m.slots, d.spell),
        None => m.slots.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_marauders::components::Blessing;

    /// Open field, seed 3, as it stands before the first round.
    fn open_field() -> warband_marauders::Engine {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let file = root.join("assets/scenarios/open-field.ron");
        let setup = warband_marauders::data::BattleSetup::load(&file).unwrap();
        warband_marauders::Engine::new(&setup, 3).unwrap()
    }

    /// A model a Bless serves says so, with its caster, its dice and the round they
    /// serve; the others say nothing of it.
    #[test]
    fn a_blessed_model_says_it_is() {
        let engine = open_field();
        let mut all = in_play(engine.world());
        let (caster, target) = (all[0].id, all[1].id);
        all[0].blessing = Some(Blessing {
            target,
            dice: 1,
            round: 2,
        });
        let name = format!("{} #{caster}", all[0].profile.name);
        let words = state_words(&all[1], &all, false).join(" · ");
        assert!(
            words.contains(&format!("blessed by {name}: +1 die in round 2's melee")),
            "{words}"
        );
        assert!(
            !state_words(&all[2], &all, false)
                .join(" ")
                .contains("blessed")
        );
    }

    /// A caster's slots say the spell declared is still to take one.
    #[test]
    fn a_declared_spell_is_said_beside_the_slots() {
        let engine = open_field();
        let mut m = in_play(engine.world()).remove(0);
        m.slots = 2;
        assert_eq!(slots_words(&m), "2");
        m.declared = Some(Box::new(warband_marauders::components::Declared {
            spell: "Bless".into(),
            aim: warband_marauders::components::SpellAim::Model(m.id),
        }));
        assert_eq!(slots_words(&m), "2 (one goes to Bless as it is cast)");
    }

    /// A card's state reads as phrases, each saying what it is about.
    #[test]
    fn a_cards_state_is_said_in_phrases() {
        let engine = open_field();
        let all = in_play(engine.world());
        let mut m = all.iter().find(|m| m.leader).unwrap().clone();
        m.conditions.moved = true;
        m.conditions.shot = true;
        m.declared = Some(Box::new(warband_marauders::components::Declared {
            spell: "Sleep".into(),
            aim: warband_marauders::components::SpellAim::Point(1.0, 2.0),
        }));
        assert_eq!(
            state_words(&m, &all, false).join(" · "),
            "★ its side's leader · has moved this round · has shot this round · \
             Sleep declared, cast in the spellcasting phase"
        );
    }
}
