//! The card of a spell chosen for a caster in the declare phase: what it does in a line,
//! its range, and against the model under the pointer the exact chance of its effect
//! (Magic Missile's damage by the target's armour; Sleep's roll against the HD in its
//! area). The ring of its range and Sleep's area are drawn on the table (`overlay`).

use super::odds::pct;
use crate::game::marauders::Session;
use bevy::math::Vec2;
use bevy_egui::egui;
use warband_marauders::battle::ModelView;
use warband_marauders::components::SpellAim;
use warband_marauders::engine::Spells;
use warband_marauders::phases::{check_aim, sleep_candidates};
use warband_rules::marauders::odds::damage_distribution;
use warband_rules::marauders::spells::{Spell, SpellDef, SpellEffect, SpellTarget, sleep_reaches};

/// The chosen spell's card for caster `me`, with the model and the point under the
/// pointer.
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    me: &ModelView,
    spell: Spell,
    hover: Option<&ModelView>,
    cursor: Option<Vec2>,
) {
    let world = session.engine.world();
    let Some(def) = world.resource::<Spells>().get(spell.name()).cloned() else {
        return;
    };
    ui.separator();
    ui.strong(def.name.name());
    ui.label(what_it_does(&def));
    ui.small(format!(
        "It goes off in phase 6, unless {} moves, is hurt or falls asleep first.",
        me.profile.name
    ));
    let aim = match def.target {
        SpellTarget::Point => cursor.map(|c| SpellAim::Point(c.x, c.y)),
        SpellTarget::Enemy | SpellTarget::Friend => hover.map(|t| SpellAim::Model(t.id)),
    };
    // Refused where a click would be refused, with the engine's reason.
    if let Some(Err(why)) = aim.map(|a| check_aim(world, me.side, me, &def, a)) {
        ui.colored_label(
            egui::Color32::from_rgb(240, 150, 100),
            format!("✖ {}", why.0),
        );
        return;
    }
    match (&def.effect, hover, cursor) {
        (SpellEffect::Damage { dice, modifier }, Some(t), _) if t.side != me.side => {
            let odds = damage_distribution(usize::from(*dice), t.effective_armour(), *modifier);
            let at_least_one = 1.0 - odds.distribution.first().copied().unwrap_or(1.0);
            let kills: f64 = odds.distribution.iter().skip(usize::from(t.hd.left)).sum();
            ui.label(format!(
                "At {} #{} ({}): removes 1+ HD {} · kills {} · {:.2} HD on average",
                t.profile.name,
                t.id,
                t.effective_armour().name(),
                pct(at_least_one),
                pct(kills),
                odds.removed_mean(t.hd.left)
            ));
        }
        (
            SpellEffect::Sleep {
                count,
                die,
                radius,
                max_hd,
            },
            _,
            Some(at),
        ) => {
            let taken = sleep_candidates(world, me.side, at, *radius, *max_hd);
            let lowest = taken.iter().map(|(_, hd)| u32::from((*hd).max(1))).min();
            let first = lowest.map_or(0.0, |hd| sleep_reaches(*count, *die, hd));
            ui.label(format!(
                "Here, as they stand now (they may move before phase 6): {} enemies in the area; the lowest ({} HD) sleeps {} · the roll averages {:.1} HD",
                taken.len(),
                lowest.unwrap_or(0),
                pct(first),
                f64::from(*count) * (f64::from(*die) + 1.0) / 2.0
            ));
        }
        _ => {}
    }
}

/// The spell in a line: its target, range and effect.
pub fn what_it_does(def: &SpellDef) -> String {
    let reach = if def.range > 0.0 {
        format!("within {}\" of the caster's base", def.range)
    } else {
        "in base contact".to_string()
    };
    let target = match def.target {
        SpellTarget::Enemy => "an enemy",
        SpellTarget::Friend => "a friend",
        SpellTarget::Point => "a point",
    };
    let effect = match &def.effect {
        SpellEffect::Damage { dice, modifier } => match modifier {
            0 => format!("rolls {dice} damage dice at it"),
            m => format!("rolls {dice} damage dice at it ({m:+} to each)"),
        },
        SpellEffect::Sleep {
            count,
            die,
            radius,
            max_hd,
        } => format!(
            "rolls {count}d{die}: enemies of {max_hd} HD or less within {radius}\" fall asleep, lowest HD first, while the total lasts"
        ),
        SpellEffect::Blind => {
            "blinds it for the battle: it cannot shoot and rolls one die fewer".into()
        }
        SpellEffect::Heal { hd } => format!("restores up to {hd} HD"),
        SpellEffect::Bless { dice } => {
            format!("adds {dice} die to its side in its melee next round")
        }
    };
    format!("Cast at {target} {reach}; {effect}.")
}
