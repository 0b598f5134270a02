//! The card of a chosen spell against the model under the pointer: whether it may be
//! cast there and why not, what it does in a line, and its exact chance by the engine's
//! own checks and areas (Sleep's 2d8 over the models in its 4", a save's d20, Magic
//! Missile's 1d6+1 against the hit points left).

use super::BxSession;
use super::describe::name;
use bevy_egui::egui;
use warband_borderlands::ai::damage_to_kill;
use warband_borderlands::battle::View;
use warband_borderlands::components::Hp;
use warband_borderlands::spells::{
    ONE_D6_PLUS_1, SLEEP_RADIUS, cast_lost, check_cast, cured, save_needed, sleep_area,
    sleep_candidates,
};
use warband_rules::borderlands::profile::Spell;
use warband_rules::borderlands::rules::sleep_chance;
use warband_rules::borderlands::swing_odds;

pub use crate::game::hud::pct;

/// What the spell does, in a line of our own words.
pub fn what(spell: Spell) -> &'static str {
    match spell {
        Spell::Sleep => {
            "2d8 HD of enemies within 4\" of the target fall asleep, lowest HD first; no save; not the undead, nothing above 4+1 HD"
        }
        Spell::MagicMissile => "Never misses: 1d6+1 damage",
        Spell::HoldPerson => "A person who fails a save vs spells (at −2) is held",
        Spell::Light => "An enemy who fails a save vs spells is blinded",
        Spell::CureLightWounds => "Heals 1d6+1 by touch; a dying hero is saved",
        Spell::CauseLightWounds => "A touch that must hit as a melee attack, then 1d6+1 damage",
        Spell::MirrorImage => "1d4 images of the caster take the hits meant for it",
    }
}

/// The chance that 1d6+1 takes the last of `t`'s hit points.
fn missile_kills(t: &View) -> f64 {
    let need = usize::from(damage_to_kill(t));
    ONE_D6_PLUS_1.distribution().iter().skip(need).sum()
}

/// The chance and effect against `t`, in a line.
fn odds(session: &BxSession, v: &View, t: &View, spell: Spell) -> String {
    let world = session.engine.world();
    let them = name(world, t.id);
    match spell {
        Spell::MagicMissile => format!("Hits 100% · kills {them} {}", pct(missile_kills(t))),
        Spell::Sleep => {
            let area = sleep_area(world, t);
            let at = area.iter().position(|o| o.id == t.id).unwrap_or(usize::MAX);
            let chance = sleep_chance(&sleep_candidates(&area), at);
            format!(
                "{} in the area ({SLEEP_RADIUS:.0}\"), the lowest HD first, then by number · {them} sleeps {}",
                area.len(),
                pct(chance)
            )
        }
        Spell::HoldPerson | Spell::Light => {
            let need = save_needed(t, spell).unwrap_or(21);
            let fails = f64::from(need.clamp(1, 21) - 1) / 20.0;
            format!("{them} saves on {need}+ · the spell takes {}", pct(fails))
        }
        Spell::CauseLightWounds => {
            let bonus = warband_borderlands::actions::melee_bonus(v);
            // A touch that hits a model with mirror images strikes an image instead.
            let hit = if t.cond.images > 0 {
                0.0
            } else if t.cond.helpless() {
                1.0
            } else {
                swing_odds(v.stats.thac0, t.stats.ac, bonus, false).hit
            };
            format!(
                "Touch hits {} · kills {}",
                pct(hit),
                pct(hit * missile_kills(t))
            )
        }
        Spell::CureLightWounds => cure_words(&them, t.hp),
        Spell::MirrorImage => "1–4 images (mean 2.5)".into(),
    }
}

/// What Cure Light Wounds would do for a model at `hp`: the HP it restores, each roll
/// of the engine's 1d6+1 as the engine's cure caps it (none for an unhurt model, whose
/// slot it would still use).
fn cure_words(them: &str, hp: Hp) -> String {
    let (now, max) = (hp.now, hp.max);
    if cured(hp, 1) == now {
        return format!(
            "⚠ {them} is unhurt ({now}/{max} HP): it would heal nothing, and use the slot"
        );
    }
    let healed: Vec<(i32, f64)> = ONE_D6_PLUS_1
        .distribution()
        .iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(roll, p)| (cured(hp, roll as u16) - now, *p))
        .collect();
    let mean: f64 = healed.iter().map(|(h, p)| f64::from(*h) * p).sum();
    let lo = healed.iter().map(|h| h.0).min().unwrap_or(0);
    let hi = healed.iter().map(|h| h.0).max().unwrap_or(0);
    let span = if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}–{hi}")
    };
    format!("{them} at {now}/{max} HP: heals {span} (mean {mean:.1})")
}

/// What a spell cast now by a caster hurt this round comes to: nothing, and a slot.
pub fn lost_words(caster: &str) -> String {
    format!(
        "⚠ {caster} was hurt this round: a spell cast now is lost, and its slot spent \
         (B/X: a caster hit before it casts loses the spell). Chance it takes effect: 0%"
    )
}

/// The card for `spell` from `v` at `t`.
pub fn show(ui: &mut egui::Ui, session: &BxSession, v: &View, t: &View, spell: Spell) {
    let world = session.engine.world();
    ui.strong(format!("{} at {}", spell.name(), name(world, t.id)));
    ui.small(what(spell));
    ui.small(match spell.range() {
        Some(r) => format!("Range {r:.0}\" (the ring round the caster, where the table holds it)"),
        None if spell == Spell::MirrorImage => "On the caster".to_string(),
        None => "By touch: the caster must be in contact".to_string(),
    });
    match check_cast(world, v.side, v.id, spell, t.id) {
        Ok(_) if cast_lost(world, v) => {
            ui.colored_label(ui.visuals().warn_fg_color, lost_words(&name(world, v.id)));
        }
        Ok(_) => {
            ui.label(odds(session, v, t, spell));
        }
        Err(why) => {
            let why = <warband_borderlands::Borderlands as crate::game::desk::Desk>::readable(
                world, &why.0,
            );
            ui.label(format!("✖ Cannot cast: {why}"));
            // A touch spell out of contact: the way there (a play-tester met only the
            // refusal). A plain click on a friend who is down moves beside it.
            let touch = spell.range().is_none() && spell != Spell::MirrorImage;
            if touch && !warband_table::geometry::in_contact(&v.base, &t.base) {
                ui.small(match t.cond.down {
                    Some(_) => {
                        "Move beside it first (Esc puts the spell away; a click on it then \
                         moves there), and cast it the round after."
                    }
                    None => {
                        "Move into contact with it first (Esc puts the spell away; click the \
                         open table beside it), and cast it the round after."
                    }
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_chance_is_never_negative_zero() {
        assert_eq!(super::pct(-1e-12), "0%");
        assert_eq!(super::pct(0.456), "46%");
    }

    /// The card's heal is the engine's 1d6+1 cut at what the model lacks, and warns of an
    /// unhurt one.
    #[test]
    fn a_cure_heals_no_more_than_the_model_lacks() {
        let said = |now, max| super::cure_words("It", super::Hp { now, max });
        assert_eq!(said(1, 12), "It at 1/12 HP: heals 2–7 (mean 4.5)");
        // Lacking 3: rolls of 2 to 7 restore 2, 3, 3, 3, 3, 3.
        assert_eq!(said(5, 8), "It at 5/8 HP: heals 2–3 (mean 2.8)");
        assert_eq!(said(7, 8), "It at 7/8 HP: heals 1 (mean 1.0)");
        assert!(said(8, 8).starts_with("⚠ It is unhurt (8/8 HP)"));
        // A dying model lacks more than any roll: the whole 2–7.
        assert_eq!(said(-3, 8), "It at -3/8 HP: heals 2–7 (mean 4.5)");
    }
}
