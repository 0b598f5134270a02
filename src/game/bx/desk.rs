//! Borderlands' desk: its table, roster lines (a party in levels, monsters in XP),
//! result notes, catalogue and hero designer, the player's own heroes, and its part of
//! the battle screen (top line, the panel, the log in words).

use super::input::BxSelection;
use super::roster::{armoury_file, catalogue, hero_combatants, usable_heroes};
use super::{BxSession, describe};
use crate::game::catalogue::Catalogue;
use crate::game::cues::each_entry;
use crate::game::desk::{Cue, Desk, LogLine, ProfileDesigner, added_up, lost_marked, summed};
use crate::game::hud::log::{LogFilter, worded_lines};
use bevy::prelude::*;
use bevy_egui::egui;
use std::ops::Range;
use warband_borderlands::Borderlands;
use warband_borderlands::battle::Battle;
use warband_borderlands::log::LogEvent;
use warband_rules::army::ArmyList;
use warband_rules::borderlands::clauses;
use warband_rules::{DieRoll, Side};
use warband_table::log::Entry as LogEntry;

/// The model a Borderlands event took off the table, if it ran off it: for the result
/// notes and for the miniature that leaves the table.
pub(super) fn fled_table(e: &LogEvent) -> Option<warband_table::components::ModelId> {
    match e {
        LogEvent::FledTable { model } => Some(*model),
        _ => None,
    }
}

/// A die rolled for a model's hit points at deployment.
fn hit_die(d: &DieRoll) -> bool {
    d.clause == clauses::HIT_POINTS
}

/// The hit dice rolled just before a model's "has `hp` HP" (the last entries of
/// `before`), as its line ends: " (2d8: 6 5)", with the HP beyond the dice (a hero's
/// CON, a monster's +1, a die raised to 1): " (3d8: 5 7 6 +3)". The log's dice are
/// indented under the line before them, and no line names the model before its hit
/// dice: a play-tester read each model's dice under the model before it.
fn hit_dice(before: &[LogEntry<warband_borderlands::Command, LogEvent>], hp: i32) -> String {
    let dice: Vec<&DieRoll> = before
        .iter()
        .rev()
        .map_while(|e| e.die().filter(|d| hit_die(d)))
        .collect();
    let Some(kind) = dice.first().map(|d| d.die) else {
        return String::new();
    };
    let faces: Vec<String> = dice.iter().rev().map(|d| d.value.to_string()).collect();
    let added = match hp - crate::game::desk::faces(&dice) {
        0 => String::new(),
        b if b > 0 => format!(" +{b}"),
        b => format!(" −{}", -b),
    };
    format!(" ({}{kind}: {}{added})", dice.len(), faces.join(" "))
}

impl Desk for Borderlands {
    /// First aid's d20 records the face from which it fails (WIS + 1): it did its job
    /// when it did not reach it.
    fn die_for_roller(d: &DieRoll) -> Option<bool> {
        let passed = d.passed()?;
        Some(passed != (d.clause == clauses::FIRST_AID))
    }

    /// A morale check's 2d6, a Sleep's 2d8 HD and one damage's dice add up (with the
    /// damage's bonus, at least 1: the rules' own `DamageExpr::total`); an attack's d20,
    /// a run of blows' dice and models' hit points stand alone.
    fn dice_total(dice: &[&DieRoll]) -> Option<String> {
        let d = dice.first()?;
        let pair = (d.clause == clauses::MORALE && d.purpose.ends_with("morale"))
            || (d.clause == clauses::SPELL_EFFECT && d.purpose == "Sleep HD");
        if pair && dice.len() == 2 {
            return Some(added_up(dice));
        }
        // "Orc chief damage (2d4)": its own dice, not the next blow's as well.
        let expr = describe::damage_of(d)?;
        let own = usize::from(expr.count) == dice.len() && (expr.count > 1 || expr.bonus != 0);
        let total = expr.total(dice.iter().map(|d| d.value));
        own.then(|| summed(dice, expr.bonus.into(), total.into()))
    }

    /// A shot's d20 that would have hit but for the cover struck the cover: the die
    /// needs what hits the target, so the tray marks it short, and this says why.
    fn die_note(after: &[warband_borderlands::log::Entry]) -> Option<&'static str> {
        // The swing a die decided is logged before the next die is rolled.
        let swing = after
            .iter()
            .take_while(|e| e.die().is_none())
            .find_map(|e| match e {
                LogEntry::Rules(LogEvent::Attack { swing, .. }) => Some(*swing),
                _ => None,
            })?;
        (swing == warband_rules::borderlands::Swing::HitCover).then_some("struck the cover")
    }

    type Selection = BxSelection;

    fn phase_rules(phase: warband_borderlands::phases::Phase) -> Option<&'static str> {
        use warband_borderlands::phases::Phase;
        match phase {
            Phase::Initiative => Some("B/X Initiative"),
            Phase::Step => Some("B/X Your round"),
            Phase::Resolution => Some("B/X Damage"),
            Phase::Deploy | Phase::Over => None,
        }
    }

    fn model_name(world: &World, id: warband_table::components::ModelId) -> String {
        super::describe::name(world, id)
    }

    /// The engine's "model 3" as "Kobold #3".
    fn readable(world: &World, text: &str) -> String {
        crate::game::hud::log::ids_named(text, "model ", &|id| super::describe::name(world, id))
    }

    fn reference() -> &'static crate::game::hud::reference::Reference {
        &super::reference::REFERENCE
    }

    fn primer() -> &'static [&'static str] {
        &[
            "Initiative: each round both sides roll a d6. The higher side takes its step first: each of its models does one thing — moves, strikes in melee, shoots, casts, gives first aid or holds — in the order you choose. Then the other side's step. Equal rolls act at once, every effect landing after both.",
            "Attacks: a d20 plus bonuses hits on THAC0 less the target's AC (a 20 always hits, a 1 always misses); damage is the weapon's die. No shooting while in contact; a target in cover is harder to hit, and a near miss strikes the cover, friend or foe.",
            "Spells use a slot of their level a day. A caster hurt earlier in the round, before it acts, loses the spell (and the slot). Sleep takes 2d8 HD of weak enemies within 4\", no save.",
            "Falling: a monster at 0 HP dies. A hero at 0 HP or below is dying: it saves against death at the end of a round it was hit, and dies at −CON; a friend in contact may give first aid, or a cleric cure it.",
            "Morale: monsters check it as they lose models (2d6 over their score: they flee); heroes never do. A side with no model able to fight loses; at the round limit, the most HP taken wins.",
        ]
    }

    fn shortcuts() -> &'static [(&'static str, &'static str)] {
        &[
            ("Click your model", "choose it (each acts once a round)"),
            ("Click the table", "move there; in melee, withdraw fighting"),
            (
                "Shift-click the table",
                "retreat from melee (free attacks at +2)",
            ),
            (
                "Click an enemy",
                "melee if touching, else shoot (no bow: close with it)",
            ),
            ("Shift-click an enemy", "close with it instead of shooting"),
            ("Click a spell, then a model", "cast it at that model"),
            (
                "Click a dying ally",
                "give first aid (in contact), or move beside it",
            ),
            ("H", "hold: the chosen model does nothing this round"),
            (
                "Space",
                "end your step (pressed twice while models are still to act)",
            ),
            ("Z", "take back the last plain move"),
        ]
    }

    fn load_own(path: &std::path::Path) -> Result<Self::Setup, warband_table::files::DataError> {
        let own = hero_combatants().unwrap_or_default();
        warband_borderlands::data::BattleSetup::load_adopting(path, own)
    }

    fn own_data_problem() -> Option<String> {
        match usable_heroes() {
            Err(e) => Some(e),
            Ok((_, refused)) if refused.is_empty() => None,
            Ok((_, refused)) => Some(refused.join("; ")),
        }
    }

    fn victory(setup: &Self::Setup) -> String {
        format!(
            "A side with no model able to fight (slain, fled, asleep, held or dying) loses. After {}, the side that removed more HP wins; equal HP is a draw.",
            Self::length(setup)
        )
    }

    fn entry(setup: &Self::Setup, profile: &str) -> Option<(String, u32)> {
        let c = setup.combatant(profile)?;
        if c.hero {
            let what = format!("level {} · AC {} · THAC0 {}", c.level, c.ac, c.thac0);
            return Some((what, c.level as u32));
        }
        let what = format!("AC {} · THAC0 {} · morale {}", c.ac, c.thac0, c.morale);
        Some((what, c.xp))
    }

    fn cost_unit(setup: &Self::Setup, army: &ArmyList) -> &'static str {
        if party(setup, army) { "levels" } else { "XP" }
    }

    fn budgeted(setup: &Self::Setup, army: &ArmyList) -> bool {
        !party(setup, army)
    }

    fn result_notes(world: &World, side: Side) -> Vec<String> {
        let battle = world.resource::<Battle>();
        // The round limit's rule (HP taken decides, whoever still stands) only where it
        // decided: a play-tester read it under a party wiped out before the limit.
        let both_fight = <Borderlands as warband_table::sim::Contest>::in_fight(world)
            .is_some_and(|have| have.iter().all(|h| *h > 0));
        let at_limit = battle.round >= battle.round_limit && both_fight;
        let mut out = vec![format!(
            "Took {} HP off the enemy (a model counts down to 0 HP at most){}",
            battle.side(side).hp_removed,
            if at_limit {
                "; at the round limit the side that took more wins, whoever still stands"
            } else {
                ""
            }
        )];
        let own = warband_borderlands::sim::friendly_fire(world, side);
        if own > 0 {
            out.push(format!(
                "Lost {own} HP more to its own side's near misses (the enemy is not credited)"
            ));
        }
        if battle.side(side).morale.fled {
            out.push("The side failed its morale and fled.".to_string());
        }
        // A model that fled the table is not dead: the log says which fled.
        let events = &world
            .resource::<warband_borderlands::log::BattleLog>()
            .events;
        out.extend(lost_marked(
            world,
            side,
            events,
            (fled_table, "fled:"),
            |e| {
                let stats = world.get::<warband_borderlands::components::Stats>(e)?;
                Some(stats.0.name.clone())
            },
        ));
        // Still on the table but out of the fight: dying, asleep or held.
        out.extend(
            warband_borderlands::battle::in_play(world)
                .into_iter()
                .filter(|v| v.side == side && !v.cond.able())
                .map(|v| {
                    use warband_borderlands::components::Down;
                    let how = match v.cond {
                        c if c.down == Some(Down::Stable) => "stable, in a coma",
                        c if c.down.is_some() => "dying",
                        c if c.asleep => "asleep",
                        _ => "held",
                    };
                    format!("{how}: {} #{}", v.stats.name, v.id.0)
                }),
        );
        out
    }

    fn catalogue() -> Result<Catalogue, String> {
        catalogue(&warband_table::files::shipped_root().join("bestiary")).map_err(|e| e.to_string())
    }

    fn designer() -> Option<Box<dyn ProfileDesigner>> {
        let arms = warband_table::files::load_ron(&armoury_file()).ok()?;
        let dir = warband_table::files::shipped_root().join("bestiary");
        let shipped = warband_borderlands::data::roster(
            &dir.join("marauders.ron"),
            &dir.join("borderlands.ron"),
        )
        .map(|r| r.into_iter().map(|c| c.name).collect())
        .unwrap_or_default();
        Some(Box::new(super::designer::Designer::new(arms, shipped)))
    }

    fn aiming(session: &BxSession, selection: &BxSelection) -> bool {
        session.human_turn().is_some() && selection.model.is_some()
    }

    fn carrying(
        session: &BxSession,
        selection: &BxSelection,
    ) -> Option<warband_table::components::ModelId> {
        let side = session.human_turn()?;
        super::input::chosen(session, selection, side).map(|v| v.id)
    }

    fn top_line(ui: &mut egui::Ui, session: &BxSession) {
        super::hud::top_line(ui, session);
    }

    fn panel(
        ui: &mut egui::Ui,
        session: &mut BxSession,
        sel: &mut BxSelection,
        _cursor: Option<Vec2>,
    ) {
        super::panel::show(ui, session, sel);
    }

    fn log_lines(session: &BxSession, filter: &LogFilter, entries: Range<usize>) -> Vec<LogLine> {
        let world = session.engine.world();
        let events = &session.engine.log().events;
        let upto = &events[..entries.end];
        worded_lines(world, upto, entries.start, filter, |i, e| {
            // A model's hit dice are told on its own line, after it.
            if e.die().is_some_and(hit_die) {
                return None;
            }
            let mut l = describe::line(world, e, i.checked_sub(1).and_then(|p| events[p].die()))?;
            if let LogEntry::Rules(LogEvent::HitPoints { hp, .. }) = e {
                l += &hit_dice(&events[..i], *hp);
            }
            Some(Self::readable(world, &l))
        })
    }

    fn screen_plugin(app: &mut App) {
        app.add_plugins((
            super::models::plugin,
            super::input::plugin,
            super::hud::plugin,
        ));
    }

    fn cues(new: &[warband_borderlands::log::Entry]) -> Vec<Cue> {
        use warband_borderlands::command::Command;
        use warband_borderlands::log::LogEvent;
        use warband_table::log::Entry;
        each_entry(new, |e, _| match e {
            Entry::Accepted {
                command: Command::Shoot { model, target },
                ..
            } => Some(Cue::Shot {
                shooter: *model,
                target: *target,
            }),
            Entry::Accepted {
                command:
                    Command::Melee { model, target }
                    | Command::Cast { model, target, .. }
                    | Command::FirstAid { model, target },
                ..
            } => Some(Cue::Acted {
                model: *model,
                target: Some(*target),
            }),
            Entry::Accepted {
                command:
                    Command::Move { model, .. }
                    | Command::Withdraw { model, .. }
                    | Command::Retreat { model, .. }
                    | Command::Hold { model },
                ..
            } => Some(Cue::Acted {
                model: *model,
                target: None,
            }),
            Entry::Rules(LogEvent::Moved {
                model, to, engaged, ..
            }) if !engaged.is_empty() => Some(Cue::Charge {
                model: *model,
                to: Vec2::from(*to),
            }),
            Entry::Rules(LogEvent::RoundStarted { .. }) => Some(Cue::RoundBegan),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests;

/// Whether an army is a party of heroes.
fn party(setup: &warband_borderlands::data::BattleSetup, army: &ArmyList) -> bool {
    warband_borderlands::data::is_party(army, |n| setup.combatant(n))
}
