//! A magical unit's spells in the panel: the buttons that choose one (sure or rolled),
//! and what the chosen one would do to the unit under the pointer.

use super::ToySession;
use super::describe::{self, name};
use super::input::ToySelection;
use crate::game::hud::pct;
use bevy_egui::egui;
use warband_rules::toy_soldier::{Spell, magic_cost, morale_chance};
use warband_toy_soldier::actions::check_magic;
use warband_toy_soldier::battle::{Activation, View, commander_near, in_play_shared};

/// A magical unit's spells, sure (2 AP) or rolled (1 AP, a d6), chosen before the
/// target, each saying what it does in its hover.
pub fn buttons(ui: &mut egui::Ui, toy: &mut ToySelection, ap: u32) {
    const SURE: &str = "2 AP: it works for sure.";
    const ROLLED: &str = "1 AP and a d6: it works on 4+, and a 1 deals 1 damage to the caster.";
    let heal = "Heal: a friendly unit within reach (the activation die's highest face, in inches) loses 1 damage (not danger).";
    let curse = "Curse: an enemy unit within reach (the activation die's highest face, in inches) takes 1 damage, whatever its cover or shields, and checks its morale.";
    ui.horizontal_wrapped(|ui| {
        for (spell, sure, label, what, how) in [
            (Spell::Heal, true, "Heal · 2 AP", heal, SURE),
            (Spell::Heal, false, "Heal · 1 AP, 4+", heal, ROLLED),
            (Spell::Curse, true, "Curse · 2 AP", curse, SURE),
            (Spell::Curse, false, "Curse · 1 AP, 4+", curse, ROLLED),
        ] {
            let cost = magic_cost(sure);
            // A spell the AP left cannot pay for is put away, and its button greyed.
            if ap < cost && toy.spell == Some((spell, sure)) {
                toy.spell = None;
            }
            let chosen = toy.spell == Some((spell, sure));
            let button = egui::Button::new(label).selected(chosen);
            if ui
                .add_enabled(ap >= cost, button)
                .on_hover_text(format!("{what}\n{how}"))
                .on_disabled_hover_text(format!("It needs {cost} AP; {ap} left."))
                .clicked()
            {
                toy.spell = (!chosen).then_some((spell, sure));
            }
        }
    });
    if toy.spell.is_some() {
        ui.small("Click the unit to cast on (Esc cancels).");
    }
}

/// What the chosen spell would do to the unit under the pointer, or why it may not be
/// cast there, as the engine judges it.
pub fn line(
    ui: &mut egui::Ui,
    session: &ToySession,
    (v, a): (&View, &Activation),
    t: &View,
    spell: Spell,
    sure: bool,
) {
    let world = session.engine.world();
    ui.strong(format!("{spell:?} on {}", name(world, t.id)));
    ui.small(match spell {
        Spell::Heal => "It takes 1 damage off the unit (not danger).",
        Spell::Curse => "It deals the unit 1 damage, whatever its cover or shields; the unit then checks its morale.",
    });
    match check_magic(world, v, a, t.id, spell, sure) {
        Ok(_) if sure => {
            ui.label("Works for sure.");
        }
        Ok(_) => {
            let (works, backfires) = warband_rules::toy_soldier::combat::magic_chances();
            ui.label(format!(
                "Works on a d6 of 4+: {}. A 1 ({}) deals 1 damage to the caster.",
                pct(works),
                pct(backfires)
            ));
        }
        Err(r) => {
            ui.label(format!("✖ No spell: {}", describe::readable(world, &r.0)));
            return;
        }
    }
    if spell == Spell::Curse {
        ui.label(morale_words(&in_play_shared(world), t));
    }
    if let Some(w) = undefended_words(v, a.ap.saturating_sub(magic_cost(sure))) {
        ui.colored_label(ui.visuals().warn_fg_color, w);
    }
}

/// A caster with more danger than the AP it keeps after the spell can defend: what
/// is left undefended when the activation ends turns to damage, with a morale check
/// (a play-tester's wizard cursed with 3 danger on it and 0 AP left, unwarned).
fn undefended_words(v: &View, left: u32) -> Option<String> {
    let danger = v.marks.danger;
    (danger > left).then(|| {
        format!(
            "⚠ {} carries {danger} danger and keeps {left} AP after this spell: {} it cannot defend (1 AP each) become damage when its activation ends, and it checks its morale.",
            v.unit.name,
            danger - left
        )
    })
}

/// The morale check a curse's damage brings on `t`, as the engine rolls it: its
/// morale die (+1 with its commander near) against the damage it will then carry.
fn morale_words(units: &[View], t: &View) -> String {
    let near = commander_near(units, t);
    let damage = t.marks.damage + 1;
    let holds = morale_chance(t.unit.morale, near, damage);
    format!(
        "Then its morale (d{}{}, against {damage} damage): holds {}, retreats {}.",
        t.unit.morale,
        if near { " +1 for its commander" } else { "" },
        pct(holds),
        pct(1.0 - holds)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A caster is warned of the danger it cannot defend after the spell, and only then.
    #[test]
    fn a_caster_is_warned_of_the_danger_it_cannot_defend() {
        let engine = crate::game::test_app::new_battle::<warband_toy_soldier::ToySoldier>(
            "village-fight.ron",
            5,
        );
        let mut v = warband_toy_soldier::battle::in_play(engine.world())[0].clone();
        v.marks.danger = 3;
        let w = undefended_words(&v, 0).unwrap();
        assert!(w.contains("carries 3 danger and keeps 0 AP"), "{w}");
        assert!(w.contains(": 3 it cannot defend"), "{w}");
        assert!(undefended_words(&v, 2).unwrap().contains(": 1 it cannot"));
        assert_eq!(undefended_words(&v, 3), None);
        v.marks.danger = 0;
        assert_eq!(undefended_words(&v, 0), None);
    }

    /// A curse's morale line, by hand: a d4 unit carrying 2 damage takes a third and
    /// holds on 3 or 4 (50%); with its commander near, +1, on 2 to 4 (75%).
    #[test]
    fn a_curse_tells_the_morale_check_it_brings() {
        let engine = crate::game::test_app::new_battle::<warband_toy_soldier::ToySoldier>(
            "village-fight.ron",
            5,
        );
        let units = warband_toy_soldier::battle::in_play(engine.world());
        let goblin = units
            .iter()
            .find(|u| u.unit.morale == 4 && !u.command)
            .unwrap();
        let mut t = goblin.clone();
        t.marks.damage = 2;
        let far = t.base.at(t.base.center + bevy::math::Vec2::splat(500.0));
        let alone = View {
            base: far,
            ..t.clone()
        };
        assert_eq!(
            morale_words(&[], &alone),
            "Then its morale (d4, against 3 damage): holds 50%, retreats 50%."
        );
        let led = View {
            command: true,
            ..alone
        };
        assert_eq!(
            morale_words(&[], &led),
            "Then its morale (d4 +1 for its commander, against 3 damage): holds 75%, retreats 25%."
        );
    }
}
