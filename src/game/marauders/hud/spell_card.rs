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
        (SpellEffect::Bless { .. }, Some(t), _) if t.side == me.side => {
            if let Some(words) = fades_unused(world, me, t) {
                ui.colored_label(egui::Color32::from_rgb(240, 150, 100), words);
            }
        }
        _ => {}
    }
}

/// Why a blessing on `t` would likely fade unused: it is in no fight, and no enemy
/// stands within the moves that could bring it into one by the next round's melee (a
/// play-tester spent both of a cleric's slots so). Declared now, cast in phase 6, the
/// blessing serves next round: two movement phases come first, this round's and the
/// next, a move in each for the enemy and for `t` (but one for the caster itself,
/// which may not move while its spell is declared).
fn fades_unused(
    world: &bevy::ecs::world::World,
    caster: &ModelView,
    t: &ModelView,
) -> Option<String> {
    if t.engaged_since.is_some() {
        return None;
    }
    let enemies: Vec<ModelView> = warband_marauders::battle::in_play(world)
        .into_iter()
        .filter(|m| m.side != t.side)
        .collect();
    let theirs = enemies
        .iter()
        .map(|m| m.profile.armour.movement_allowance())
        .fold(0.0, f32::max);
    let own_moves = if t.id == caster.id { 1.0 } else { 2.0 };
    let reach = own_moves * t.profile.armour.movement_allowance() + 2.0 * theirs;
    let nearest = enemies
        .iter()
        .map(|m| warband_table::geometry::gap(&t.base, &m.base))
        .fold(f32::INFINITY, f32::min);
    (nearest > reach).then(|| {
        format!(
            "No enemy can meet {} #{} by next round's melee (the nearest is {nearest:.1}\" \
             away; the moves both sides have until then cover {reach:.1}\"): the blessing \
             would fade unused",
            t.profile.name, t.id
        )
    })
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
            // The contest's dice, not the damage (a play-tester looked for a second
            // damage die): damage is rolled at the side's full HD.
            format!(
                "adds {dice} die to its side's roll to win its melee next round (the damage rolled stays its HD)"
            )
        }
    };
    format!("Cast at {target} {reach}; {effect}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_marauders::Side;
    use warband_marauders::battle::in_play;
    use warband_marauders::engine::Marauders;

    /// Bless on a friend far from every enemy warns that it would fade; on one an enemy
    /// can meet by next round (two moves each way), it does not. The caster blessing
    /// itself has one move of its own.
    #[test]
    fn a_blessing_no_fight_can_use_is_warned_of() {
        let mut engine = crate::game::test_app::new_battle::<Marauders>("open-field.ron", 3);
        let world = engine.world_mut();
        let all = in_play(world);
        let mine: Vec<_> = all.iter().filter(|m| m.side == Side::A).cloned().collect();
        let (caster, friend) = (mine[0].clone(), mine[1].clone());
        let foe = all.iter().find(|m| m.side == Side::B).unwrap();
        let words = fades_unused(world, &caster, &friend).expect("the armies stand apart");
        assert!(words.contains("would fade unused"), "{words}");
        let own = friend.profile.armour.movement_allowance();
        let theirs = all
            .iter()
            .filter(|m| m.side == Side::B)
            .map(|m| m.profile.armour.movement_allowance())
            .fold(0.0, f32::max);
        // Set down a move and a half of its own plus two of theirs from the enemy:
        // within two moves each way, beyond one of its own and two of theirs.
        let gap = 1.5 * own + 2.0 * theirs;
        let way = friend.base.shape.reach() + foe.base.shape.reach() + gap;
        let to = foe.base.center - Vec2::new(0.0, way);
        let friend = set_down(world, &friend, to);
        let two_each = fades_unused(world, &caster, &friend);
        assert_eq!(two_each, None, "two moves each");
        // The caster on the same spot (the friend's base overlaps it: no matter here).
        let caster = set_down(world, &caster, to);
        let itself = fades_unused(world, &caster, &caster);
        assert!(itself.is_some(), "the caster has one move of its own");
    }

    /// `m` set down at `to`, as it then stands.
    fn set_down(world: &mut bevy::ecs::world::World, m: &ModelView, to: Vec2) -> ModelView {
        let e = warband_marauders::battle::entity_of(world, m.id).unwrap();
        let base = warband_marauders::components::Base(m.base.at(to));
        world.entity_mut(e).insert(base);
        warband_marauders::battle::model(world, m.id).unwrap()
    }
}
