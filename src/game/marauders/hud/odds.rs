//! Exact odds of what the pointer is on: a shot at the hovered enemy, or the charge the
//! movement ghost would make.

use crate::game::marauders::Session;
use crate::game::marauders::input::{Selection, ghost};
use bevy::math::Vec2;
use bevy_egui::egui;
use warband_marauders::battle::{ModelView, in_play};
use warband_marauders::geometry::Crossed;
use warband_marauders::phases::{
    Phase, check_may_move, check_shot, fight_dice, group_if_at, melee_group_of, shot_chances,
};
use warband_rules::marauders::melee_odds;
use warband_rules::marauders::odds::shot_odds_with;
use warband_rules::marauders::shooting::{shot_modifier, shot_modifier_parts};
use warband_table::components::ModelId;

/// "1 die", "3 dice".
pub(super) fn dice(n: u32) -> String {
    if n == 1 {
        "1 die".into()
    } else {
        format!("{n} dice")
    }
}

/// Marauders' odds to a tenth of a per cent: its chances are sixths and their products.
pub(super) fn pct(p: f64) -> String {
    crate::game::hud::pct_to(p, 1)
}

pub fn show(ui: &mut egui::Ui, session: &Session, sel: &Selection) {
    let world = session.engine.world();
    let all = in_play(world);
    let get = |id: ModelId| all.iter().find(|m| m.id == id);
    let Some(me) = sel.model.and_then(get) else {
        return;
    };
    let hover = sel.hover.and_then(get);
    let round = session.engine.battle().round;
    match session.engine.phase() {
        Phase::Shooting => {
            if let Some(t) = hover.filter(|t| t.side != me.side) {
                shot_panel(ui, session, &all, me, t);
            }
        }
        Phase::Movement => move_panel(ui, session, &all, me, sel),
        // With a spell chosen, the card is the spell's, not a melee's.
        Phase::DeclareSpells => {
            if let Some(spell) = sel.spell {
                super::spell_card::show(ui, session, me, spell, hover, sel.cursor);
            }
        }
        _ => {
            if let Some(t) = hover.filter(|t| t.side != me.side) {
                // Far apart, the odds are of a fight that has yet to come about.
                let touching = warband_table::geometry::in_contact(&me.base, &t.base);
                let title = if touching {
                    "One on one"
                } else {
                    "If they met, one on one"
                };
                melee_panel(ui, title, &all, &[me], &[t], round);
            }
        }
    }
}

fn shot_panel(
    ui: &mut egui::Ui,
    session: &Session,
    all: &[ModelView],
    me: &ModelView,
    t: &ModelView,
) {
    let world = session.engine.world();
    let get = |id: ModelId| all.iter().find(|m| m.id == id);
    ui.separator();
    ui.strong(format!("Shot at {} #{}", t.profile.name, t.id));
    let broken = session.engine.battle().side(me.side).broken;
    let line = match check_shot(world, all, broken, me, t) {
        Err(why) => {
            ui.colored_label(egui::Color32::from_rgb(240, 150, 100), why.0);
            return;
        }
        Ok(line) => line,
    };
    let modifier = shot_modifier(me.conditions.moved);
    let odds = shot_odds_with(t.effective_armour(), modifier, line.obstacles.len());
    let why: Vec<String> = shot_modifier_parts(me.conditions.moved)
        .map(|(m, reason)| format!("{} {reason}", signed(m)))
        .collect();
    ui.label(format!(
        "Range {:.1}\", damage roll {} ({})",
        line.range,
        signed(modifier),
        why.join(", ")
    ));
    for (c, p) in line.obstacles.iter().zip(&odds.stopped_by) {
        let what = match c.what {
            Crossed::Base(id) => {
                get(id).map_or(format!("#{id}"), |m| format!("{} #{id}", m.profile.name))
            }
            Crossed::Terrain(i) => session
                .setup
                .scenario
                .terrain
                .get(i)
                .map_or("terrain".into(), |t| t.name.clone()),
        };
        ui.label(format!("  stopped by {what}: {}", pct(*p)));
    }
    ui.label(format!("Reaches: {}", pct(odds.reaches)));
    let group = melee_group_of(all, t.id);
    if group.is_some() {
        ui.label("The target is in melee: the shot strikes one model of the fight at random.");
    }
    damage_lines(ui, all, me, &line, modifier, t.id, group.as_deref());
}

/// Each model the shot may damage, with the chance: the models in the way first, then
/// those it strikes. A model may be both (a friend in the way and in the fight), so each
/// line says which it is.
fn damage_lines(
    ui: &mut egui::Ui,
    all: &[ModelView],
    me: &ModelView,
    line: &warband_marauders::geometry::LineOfFire,
    modifier: i8,
    target: ModelId,
    group: Option<&[ModelId]>,
) {
    let get = |id: ModelId| all.iter().find(|m| m.id == id);
    let in_way = line
        .obstacles
        .iter()
        .filter(|c| matches!(c.what, Crossed::Base(_)))
        .count();
    let chances = shot_chances(all, line, me.conditions.moved, target, group);
    for (i, (id, p)) in chances.into_iter().enumerate() {
        let Some(m) = get(id) else { continue };
        let role = match (i < in_way, group.is_some()) {
            (true, _) => " in the way",
            (false, true) => " in the fight",
            (false, false) => "",
        };
        // The face the die needs once the shot's modifier is counted: 7+ cannot be rolled.
        let need = warband_marauders::effects::damage_need(m.effective_armour(), modifier)
            .map_or_else(String::new, |n| {
                if n > 6 {
                    " (no face is enough)".into()
                } else {
                    format!(" (needs {n}+)")
                }
            });
        let text = format!("Damages {} #{id}{role}{need}: {}", m.profile.name, pct(p));
        if m.side == me.side {
            ui.colored_label(
                egui::Color32::from_rgb(240, 150, 100),
                format!("{text} — your own"),
            );
        } else {
            ui.strong(text);
        }
    }
}

fn move_panel(
    ui: &mut egui::Ui,
    session: &Session,
    all: &[ModelView],
    me: &ModelView,
    sel: &Selection,
) {
    if me.conditions.moved {
        ui.separator();
        ui.label("Already moved this round.");
        return;
    }
    // Only a model that may move now has a move to the pointer (the card says why not).
    let world = session.engine.world();
    if session.human_turn() != Some(me.side) || check_may_move(world, me.side, me.id).is_err() {
        return;
    }
    let Some(g) = sel.cursor.and_then(|c| ghost(session, me.id, c)) else {
        return;
    };
    if g.charged.is_empty() {
        let allowance = me.profile.armour.movement_allowance();
        ui.separator();
        let foe = sel
            .hover
            .and_then(|id| all.iter().find(|m| m.id == id))
            .filter(|t| t.side != me.side);
        match foe {
            // The pointer on an enemy out of reach: how far it is, not a move of 0".
            Some(t) => {
                let words = out_of_reach(world, me, t, allowance);
                ui.colored_label(ui.visuals().warn_fg_color, words);
            }
            None => {
                ui.label(format!(
                    "A move to the pointer: {:.1}\" of its {allowance:.1}\"",
                    g.cost
                ));
                // Stopped short of the pointer: its move spent, or what is in the way.
                let cursor = sel.cursor.unwrap_or(g.end);
                let short = g.end.distance(cursor) > 0.05;
                if let Some(why) = short
                    .then(|| stops_short(world, me, cursor, g.cost, allowance))
                    .flatten()
                {
                    ui.small(why);
                }
            }
        }
        return;
    }
    let group = group_if_at(session.engine.world(), me.id, g.end);
    let us: Vec<&ModelView> = group.iter().filter(|m| m.side == me.side).collect();
    let them: Vec<&ModelView> = group.iter().filter(|m| m.side != me.side).collect();
    melee_panel(ui, "Charge", all, &us, &them, session.engine.battle().round);
}

/// Why a move to `cursor` stops at the ghost, if it can be told: its whole allowance
/// spent (a move that far goes no farther, whatever lies beyond it), or else what the
/// engine finds in the way.
fn stops_short(
    world: &bevy::ecs::world::World,
    me: &ModelView,
    cursor: Vec2,
    cost: f32,
    allowance: f32,
) -> Option<String> {
    if cost >= allowance - 0.05 {
        return Some(format!(
            "It stops short: its {allowance:.1}\" move is spent"
        ));
    }
    warband_marauders::phases::move_refusal(world, me, cursor)
        .map(|why| format!("It stops short: {}", readable(world, &why)))
}

/// The engine's refusal with its models and terrain named.
fn readable(world: &bevy::ecs::world::World, why: &warband_table::Refusal) -> String {
    use crate::game::desk::Desk;
    warband_marauders::engine::Marauders::readable(world, &why.0)
}

/// Why a click on enemy `t` does not charge it: how far it is, or what the engine
/// finds in the straight way to it (a model it would pass through, rough ground that
/// makes it cost more than the move).
pub(crate) fn out_of_reach(
    world: &bevy::ecs::world::World,
    me: &ModelView,
    t: &ModelView,
    allowance: f32,
) -> String {
    let gap = warband_table::geometry::gap(&me.base, &t.base).max(0.0);
    let foe = format!("{} #{}", t.profile.name, t.id);
    if gap > allowance {
        format!(
            "{foe} is out of charge reach: {}",
            crate::game::hud::how_far(gap, allowance)
        )
    } else {
        // Where the two bases would touch, straight on: the engine says what stops it.
        let way = (t.base.center - me.base.center).normalize_or_zero();
        let touch = t.base.center - way * (me.base.shape.reach() + t.base.shape.reach());
        match warband_marauders::phases::move_refusal(world, me, touch) {
            Some(why) => format!(
                "{foe} cannot be charged from here: {}",
                readable(world, &why)
            ),
            None => {
                format!("{foe} cannot be charged from here: the way to it costs more than the move")
            }
        }
    }
}

/// Exact odds of a fight between two groups, with the dice the engine would roll.
pub fn melee_panel(
    ui: &mut egui::Ui,
    title: &str,
    all: &[ModelView],
    us: &[&ModelView],
    them: &[&ModelView],
    round: u32,
) {
    let (a, b) = fight_dice(all, us, them, round);
    let o = melee_odds(a, b);
    ui.separator();
    ui.strong(format!("{title}: {} against {b}", dice(a as u32)));
    ui.label(format!(
        "You win {} · they win {} · both strike {}",
        pct(o.a_wins),
        pct(o.b_wins),
        pct(o.both)
    ));
}

/// A modifier as the rules print it, with a true minus sign: "−2", "+1".
fn signed(m: i8) -> String {
    if m < 0 {
        format!("−{}", m.unsigned_abs())
    } else {
        format!("+{m}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_marauders::engine::Marauders;

    /// A move towards a pointer past the table's edge that ends at its full allowance
    /// says the allowance is spent (a play-tester read "the base would leave the
    /// table" under a ghost well inside it); one that ends sooner gives the engine's
    /// reason.
    #[test]
    fn a_move_stopped_by_its_allowance_says_so() {
        let engine = crate::game::test_app::new_battle::<Marauders>("open-field.ron", 3);
        let world = engine.world();
        let me = in_play(world).into_iter().next().unwrap();
        let allowance = me.profile.armour.movement_allowance();
        let past_edge = Vec2::new(-40.0, me.base.center.y);
        let spent = stops_short(world, &me, past_edge, allowance, allowance).unwrap();
        assert_eq!(
            spent,
            format!("It stops short: its {allowance:.1}\" move is spent")
        );
        let sooner = stops_short(world, &me, past_edge, allowance / 2.0, allowance).unwrap();
        assert!(!sooner.contains("spent"), "{sooner}");
        assert!(sooner.starts_with("It stops short: "), "{sooner}");
    }
}
