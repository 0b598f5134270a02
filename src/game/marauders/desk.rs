//! Marauders' desk: its table, roster lines, result notes and catalogue, and its part
//! of the battle screen (top line, the phase's controls with the unit card and odds,
//! the log in words).

use super::hud;
use super::input::Selection;
use crate::game::catalogue::{Catalogue, Entry};
use crate::game::cues::each_entry;
use crate::game::desk::{Cue, Desk, LogLine};
use crate::game::hud::log::{LogFilter, SHOWN, newest_lines};
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy_egui::egui;
use std::ops::Range;
use warband_marauders::engine::Marauders;
use warband_rules::army::ArmyList;
use warband_rules::marauders::clauses;
use warband_rules::{DieRoll, Ruleset, Side};
use warband_table::components::ModelId;
use warband_table::files::load_ron;

/// The model a Marauders event took off the table, if it fled past the edge: for the
/// result notes and for the miniature that leaves the table.
pub(super) fn fled_off(e: &warband_marauders::log::LogEvent) -> Option<ModelId> {
    match e {
        warband_marauders::log::LogEvent::Removed { model, why }
            if why == warband_marauders::phases::FLED_OFF =>
        {
            Some(*model)
        }
        _ => None,
    }
}

impl Desk for Marauders {
    type Selection = Selection;

    fn victory(setup: &Self::Setup) -> String {
        format!(
            "A side with no model left on the table loses. After {}, the side that removed more HD wins; equal HD is a draw.",
            Self::length(setup)
        )
    }

    fn entry(setup: &Self::Setup, profile: &str) -> Option<(String, u32)> {
        let p = setup.profile(profile)?;
        let what = format!("HD {} · {} · morale {}", p.hd, p.armour, p.morale);
        Some((what, warband_rules::marauders::points::points(p)))
    }

    fn result_notes(world: &World, side: Side) -> Vec<String> {
        use crate::game::desk::{lost_marked, read_log};
        use warband_marauders::battle::{Battle, models};
        use warband_marauders::log::LogEvent;
        let mut out = Vec::new();
        if world.resource::<Battle>().side(side).broken {
            out.push("The side broke and fled.".to_string());
        }
        let events = &world.resource::<warband_marauders::log::BattleLog>().events;
        let all = models(world);
        let ours = |id: &ModelId| all.iter().any(|m| m.id == *id && m.side == side);
        let healed: u32 = read_log(events, |e| match e {
            LogEvent::Healed { model, hd } if ours(model) => Some(u32::from(*hd)),
            _ => None,
        })
        .sum();
        if healed > 0 {
            out.push(format!(
                "Healed {healed} HD: an HD healed and lost again counts twice in the losses"
            ));
        }
        // A model that fled the table is not dead: the log says which fled.
        out.extend(lost_marked(world, side, events, (fled_off, "fled:"), |e| {
            let id = world.get::<ModelId>(e)?;
            Some(
                warband_marauders::battle::model(world, *id)?
                    .profile
                    .name
                    .clone(),
            )
        }));
        out
    }

    fn catalogue() -> Result<Catalogue, String> {
        let path = warband_table::files::shipped_root().join("bestiary/marauders.ron");
        catalogue(&path).map_err(|e| e.to_string())
    }

    fn reference() -> &'static crate::game::hud::reference::Reference {
        &super::reference::REFERENCE
    }

    fn primer() -> &'static [&'static str] {
        &[
            "A round runs in seven phases: casters declare their spells, then initiative (each side rolls a d6; the higher chooses, phase by phase, who acts first), movement, shooting, attacking, spellcasting and morale.",
            "Movement: a model moves by its armour (unarmoured far, heavy least). Moving into contact with an enemy starts a melee; leaving one costs a blow from each enemy touching it.",
            "Hit dice are everything: a shot strikes with 1 HD at −1 (−1 more if the shooter moved); in melee each side of a fight rolls a d6 a HD, the highest die wins, and the winner rolls its HD again as damage against the loser's armour. At 0 HD a model is out of action.",
            "Morale: a side checks on 2d6 when it loses its first model, falls below half, or stands alone; rolling over its score breaks it, and a broken side flees until it rallies.",
            "Winning: a side with no model left in play loses (fled off the table or out of action); at the round limit, the side that removed more HD wins. Point at an enemy for the exact odds.",
        ]
    }

    fn shortcuts() -> &'static [(&'static str, &'static str)] {
        &[
            ("Click your model", "choose it"),
            (
                "Click the table",
                "move the chosen model there (the ghost shows the move)",
            ),
            (
                "Click an enemy",
                "charge it in movement; shoot it in shooting",
            ),
            (
                "Click a spell, then a target",
                "declare the spell (phase 1)",
            ),
            (
                "Who goes first (left panel)",
                "with priority, choose which side acts first in each phase (phase 2)",
            ),
            (
                "Fight (left panel)",
                "resolve a fight in the attacking phase; \"Split my damage dice…\" places your hits yourself",
            ),
            ("Space", "end your part of the phase"),
            ("Z", "take back a plain move"),
            ("R", "show or hide the enemies' threat rings"),
        ]
    }

    fn phase_rules(phase: warband_marauders::Phase) -> Option<&'static str> {
        use warband_marauders::Phase;
        Some(match phase {
            Phase::DeclareSpells => "Marauders §1 Declare spells",
            Phase::Initiative => "Marauders §2 Initiative",
            Phase::Movement => "Marauders §3 Movement",
            Phase::Shooting => "Marauders §4 Shooting",
            Phase::Attacking => "Marauders §5 Attacking",
            Phase::Spellcasting => "Marauders §6 Spellcasting",
            Phase::Morale => "Marauders §7 Morale",
            Phase::Deploy | Phase::Over => return None,
        })
    }

    fn model_name(world: &World, id: ModelId) -> String {
        hud::log::model_name(&|id| warband_marauders::battle::model(world, id), id)
    }

    fn readable(world: &World, text: &str) -> String {
        let model = |id| warband_marauders::battle::model(world, id);
        let name = |id: ModelId| hud::log::model_name(&model, id);
        let terrain = |i: usize| warband_table::components::terrain_name(world, i);
        hud::log::named(text, &name, &terrain)
    }

    /// An obstacle die "passes" when it stops the shot: bad for the shooter.
    fn die_for_roller(d: &DieRoll) -> Option<bool> {
        let passed = d.passed()?;
        Some(passed != (d.clause == clauses::SHOOT_OBSTACLE))
    }

    /// A morale check's 2d6 and a caster's Sleep HD (one caster's a round) add up; a
    /// contest's dice do not.
    fn dice_total(dice: &[&DieRoll]) -> Option<String> {
        let d = dice.first()?;
        let morale = [clauses::MORALE_CHECK, clauses::MORALE_RALLY].contains(&d.clause);
        let sleep = d.clause == clauses::SPELLCASTING && d.purpose.starts_with("Sleep cast by");
        let adds = (morale && dice.len() == 2) || (sleep && dice.len() > 1);
        adds.then(|| crate::game::desk::added_up(dice))
    }

    fn aiming(session: &GameSession<Self>, selection: &Selection) -> bool {
        session.human_turn().is_some() && selection.model.is_some()
    }

    fn carrying(session: &GameSession<Self>, selection: &Selection) -> Option<ModelId> {
        let side = session.human_turn()?;
        let world = session.engine.world();
        selection.model.filter(|id| {
            warband_marauders::battle::model(world, *id).is_some_and(|m| m.side == side)
        })
    }

    fn top_line(ui: &mut egui::Ui, session: &GameSession<Self>) {
        hud::top_bar::show(ui, session);
    }

    fn panel(
        ui: &mut egui::Ui,
        session: &mut GameSession<Self>,
        sel: &mut Selection,
        _cursor: Option<Vec2>,
    ) {
        hud::phase::show(ui, session, sel);
        ui.separator();
        hud::card::show(ui, session, sel);
        hud::odds::show(ui, session, sel);
    }

    fn log_lines(
        session: &GameSession<Self>,
        filter: &LogFilter,
        entries: Range<usize>,
    ) -> Vec<LogLine> {
        let world = session.engine.world();
        let model = |id| warband_marauders::battle::model(world, id);
        let terrain = |i: usize| warband_table::components::terrain_name(world, i);
        let events = &session.engine.log().events;
        let upto = &events[..entries.end];
        newest_lines(upto, entries.start, SHOWN, filter, |i, _| {
            hud::log::line(events, i, &model, &terrain)
        })
    }

    fn cues(new: &[warband_marauders::log::Entry]) -> Vec<Cue> {
        use warband_marauders::command::Command;
        use warband_marauders::log::LogEvent;
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
                    Command::Move { model, .. }
                    | Command::Disengage { model, .. }
                    | Command::ResolveMelee { model, .. },
                ..
            } => Some(Cue::Acted {
                model: *model,
                target: None,
            }),
            Entry::Accepted {
                command: Command::DeclareSpell { caster, aim, .. },
                ..
            } => Some(Cue::Acted {
                model: *caster,
                target: match aim {
                    warband_marauders::components::SpellAim::Model(t) => Some(*t),
                    warband_marauders::components::SpellAim::Point(..) => None,
                },
            }),
            Entry::Rules(LogEvent::Moved {
                model, to, charged, ..
            }) if !charged.is_empty() => Some(Cue::Charge {
                model: *model,
                to: Vec2::from(*to),
            }),
            Entry::Rules(LogEvent::RoundStarted { .. }) => Some(Cue::RoundBegan),
            _ => None,
        })
    }

    fn screen_plugin(app: &mut App) {
        app.add_plugins((
            super::models::plugin,
            super::input::plugin,
            super::overlay::plugin,
            hud::plugin,
        ));
    }
}

/// The bestiary as the army builder lists it, with Marauders' points.
fn catalogue(path: &std::path::Path) -> Result<Catalogue, warband_table::files::DataError> {
    use warband_rules::marauders::points::points;
    let bestiary: warband_marauders::data::Bestiary = load_ron(path)?;
    let entries = bestiary.profiles.iter().map(|p| Entry {
        name: p.name.clone(),
        cells: vec![
            p.hd.to_string(),
            // The armour and what a damage die needs, short: a narrow window's
            // bestiary shows the extras beside it.
            format!("{} {}+", p.armour.name(), p.armour.threshold()),
            p.morale.to_string(),
            extras(p),
        ],
        cost: points(p),
        why: "Marauders points from HD, armour, morale, missiles and spells".into(),
        leads: true,
        fills: true,
        group: 0,
        icon: crate::icon_table::icon(&p.name, p.icon()),
    });
    let entries = entries.collect();
    let profiles = bestiary.profiles;
    Ok(Catalogue {
        ruleset: Ruleset::Marauders,
        heading: "Bestiary",
        leader_hint: "The round button marks the leader: its morale is the side's while it stands.",
        headers: &["HD", "Armour, hit on", "Morale", "Extras"],
        entries,
        unit: "pts",
        party_unit: None,
        default_limit: 100,
        max_models: 40,
        problems: Box::new(move |a: &ArmyList| {
            warband_marauders::data::army_problems(a, &profiles)
        }),
    })
}

/// A profile's missile weapon and spells, for the catalogue's last column.
fn extras(p: &warband_rules::marauders::Profile) -> String {
    let mut extras = Vec::new();
    if let Some(r) = &p.ranged {
        extras.push(format!("{} {}\"", r.name, r.range));
    }
    if p.spell_slots > 0 {
        let names: Vec<&str> = p.spells.iter().map(|s| s.name()).collect();
        extras.push(format!("{}×: {}", p.spell_slots, names.join(", ")));
    }
    extras.join("; ")
}

#[cfg(test)]
mod tests;
