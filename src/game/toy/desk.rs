//! Toy Soldier's desk: its table, roster lines, result notes, catalogue and unit
//! designer, the player's own units, and its part of the battle screen (top line, the
//! activation panel, the log in words).

use super::input::ToySelection;
use super::{ToySession, describe};
use crate::game::catalogue::{Catalogue, Entry};
use crate::game::cues::each_entry;
use crate::game::desk::{Cue, Desk, LogLine, ProfileDesigner, lost_marked};
use crate::game::hud::log::{LogFilter, worded_lines};
use bevy::prelude::*;
use bevy_egui::egui;
use std::ops::Range;
use std::path::PathBuf;
use warband_rules::army::ArmyList;
use warband_rules::toy_soldier::UnitProfile;
use warband_rules::{Ruleset, Side};
use warband_toy_soldier::ToySoldier;

impl Desk for ToySoldier {
    type Selection = ToySelection;

    fn load_own(path: &std::path::Path) -> Result<Self::Setup, warband_table::files::DataError> {
        let own = load_units().unwrap_or_default();
        warband_toy_soldier::data::BattleSetup::load_adopting(path, own)
    }

    fn reference() -> &'static crate::game::hud::reference::Reference {
        &super::reference::REFERENCE
    }

    fn primer() -> &'static [&'static str] {
        &[
            "Tokens: each side has two tokens for every unit it began with. Sides take turns activating one unit each. A unit's first activation in a turn costs 1 token, its next 1, then 2, 4, 8 … (the roster shows each unit's price). When one side is out of tokens the other spends what it has left; then the turn ends and the tokens come back.",
            "Action points: an activated unit rolls its activation die (militia d4, regulars d6, veterans d8, elite d10; +1 for the Command unit and any unit within 6\" of it) for AP, and spends them: 1 AP moves 2\" ahead or 1\" sideways or back (cavalry double, artillery half, rough ground half), turns up to 90°, or removes one danger.",
            "Danger (⚠): shots and lost fights put danger on a unit. It must remove its danger (R, 1 AP each) before it moves, shoots or fights, and any left when its activation ends becomes damage (✚), with a morale check that may remove it. A unit with at least as much danger as its best roll gives AP is pinned (a padlock on its danger): out of the fight until its side must activate it.",
            "Fighting: a volley puts 1 danger for each AP spent on it on an enemy in the front 90° and in range (cover or shields halve it). Touching an enemy fights at once: both roll their die, the attacker +1, each less its own danger and damage, the attacker's roll doubled into a flank or tripled into the rear (artillery halves its roll); the higher deals the difference as danger, and the attacker's activation ends.",
            "Winning: a side with no units left loses; after the last turn, the side that removed more points of enemy units wins. Point at an enemy for the exact odds of a shot, charge or fight.",
        ]
    }

    fn shortcuts() -> &'static [(&'static str, &'static str)] {
        &[
            ("Click your unit", "activate it (pays its tokens)"),
            (
                "Click ahead",
                "move the active unit, to the end of a whole AP's move (Shift: as pointed)",
            ),
            (
                "Click an enemy",
                "fight it if touching, charge it, or shoot it (Shift: a shooter charges)",
            ),
            ("Q / E", "pivot 45° left / right (with Shift 90°)"),
            (
                "Right-click",
                "turn to face the pointer (1 AP each 90°, two turns for one behind)",
            ),
            ("R", "defend: remove a danger marker (D pans the view)"),
            (
                "Space",
                "pass: end the activation, giving up the AP left (its danger becomes damage): with AP or danger left, press twice",
            ),
            ("Enter", "end the turn once the other side is out of tokens"),
            ("Z", "take back the last plain move or turn"),
        ]
    }

    fn phase_rules(phase: warband_toy_soldier::turn::Phase) -> Option<&'static str> {
        use warband_toy_soldier::turn::Phase;
        match phase {
            Phase::TurnStart => Some("Toy Soldier Turn"),
            Phase::Activations => Some("Toy Soldier Activation"),
            Phase::Deploy | Phase::Over => None,
        }
    }

    fn model_name(world: &World, id: warband_table::components::ModelId) -> String {
        describe::name(world, id)
    }

    /// The engine's "unit 3" as "Knight commander #3".
    fn readable(world: &World, text: &str) -> String {
        describe::readable(world, text)
    }

    fn own_data_problem() -> Option<String> {
        // The units the unit list's checks refuse are left out (`Units::adopt`): say so.
        let units = match load_units() {
            Ok(units) => units,
            Err(e) => return Some(e),
        };
        let problems = warband_toy_soldier::data::UnitList { units }.problems();
        (!problems.is_empty()).then(|| problems.join("; "))
    }

    fn victory(setup: &Self::Setup) -> String {
        format!(
            "A side with no units left loses. After {}, the side that removed more points of enemy units wins; equal points are a draw.",
            Self::length(setup)
        )
    }

    fn entry(setup: &Self::Setup, profile: &str) -> Option<(String, u32)> {
        let u = setup.units.find(profile)?;
        let mut what = format!(
            "{:?} {} · {:?} · morale d{}",
            u.quality,
            u.activation_die(),
            u.kind,
            u.morale
        );
        for tag in upgrades(u) {
            what.push_str(" · ");
            what.push_str(tag);
        }
        Some((what, u.points()))
    }

    fn result_notes(world: &World, side: Side) -> Vec<String> {
        use warband_toy_soldier::log::LogEvent;
        // A unit that retreated from the battle is not destroyed: the log says which.
        let events = &world
            .resource::<warband_toy_soldier::log::BattleLog>()
            .events;
        let retreated = |e: &LogEvent| match e {
            LogEvent::Retreated { unit } => Some(*unit),
            _ => None,
        };
        lost_marked(world, side, events, (retreated, "retreated:"), |e| {
            let unit = world.get::<warband_toy_soldier::components::Unit>(e)?;
            Some(unit.0.name.clone())
        })
    }

    fn catalogue() -> Result<Catalogue, String> {
        let path = warband_table::files::shipped_root().join("bestiary/toy-soldier.ron");
        catalogue(&path).map_err(|e| e.to_string())
    }

    fn designer() -> Option<Box<dyn ProfileDesigner>> {
        let file = warband_table::files::shipped_root().join("bestiary/toy-soldier.ron");
        let shipped = warband_toy_soldier::data::Units::load(&file)
            .map(|u| u.units.into_iter().map(|u| u.name).collect())
            .unwrap_or_default();
        Some(Box::new(super::designer::Designer {
            shipped,
            ..Default::default()
        }))
    }

    fn carrying(
        session: &ToySession,
        _: &ToySelection,
    ) -> Option<warband_table::components::ModelId> {
        let side = session.human_turn()?;
        let world = session.engine.world();
        warband_toy_soldier::actions::active(world, side)
            .ok()
            .map(|(v, _)| v.id)
    }

    fn aiming(session: &ToySession, _: &ToySelection) -> bool {
        session.human_turn().is_some_and(|side| {
            warband_toy_soldier::actions::active(session.engine.world(), side).is_ok()
        })
    }

    fn top_line(ui: &mut egui::Ui, session: &ToySession) {
        super::hud::top_line(ui, session);
    }

    fn panel(
        ui: &mut egui::Ui,
        session: &mut ToySession,
        sel: &mut ToySelection,
        cursor: Option<Vec2>,
    ) {
        super::panel::show(ui, session, sel, cursor);
    }

    fn log_lines(session: &ToySession, filter: &LogFilter, entries: Range<usize>) -> Vec<LogLine> {
        let world = session.engine.world();
        let events = &session.engine.log().events;
        let upto = &events[..entries.end];
        worded_lines(world, upto, entries.start, filter, |i, _| {
            describe::line(world, events, i)
        })
    }

    fn screen_plugin(app: &mut App) {
        app.add_plugins((
            super::models::plugin,
            super::input::plugin,
            super::overlay::plugin,
            super::hud::plugin,
        ));
    }

    /// A shot is its volley; a move is a charge when the engine has the unit fight at
    /// once, the same command (a move that touches an enemy fights it).
    fn cues(new: &[warband_toy_soldier::log::Entry]) -> Vec<Cue> {
        use warband_table::log::Entry;
        use warband_toy_soldier::log::LogEvent;
        each_entry(new, |e, rest| {
            match e {
            Entry::Rules(LogEvent::Shot {
                shooter, target, ..
            }) => Some(Cue::Shot {
                shooter: *shooter,
                target: *target,
            }),
            Entry::Rules(LogEvent::Moved { unit, to, .. })
                if rest.iter().any(|e| {
                    matches!(e, Entry::Rules(LogEvent::Melee { attacker, .. }) if attacker == unit)
                }) =>
            {
                Some(Cue::Charge {
                    model: *unit,
                    to: Vec2::from(*to),
                })
            }
            Entry::Rules(LogEvent::TurnStarted { .. }) => Some(Cue::RoundBegan),
            _ => None,
        }
        })
    }
}

/// The Toy Soldier units the player made with the unit designer.
pub fn units_file() -> PathBuf {
    crate::game::saves::data_dir().join("units.ron")
}

/// The player's own Toy Soldier units (none if there is no file yet).
pub fn load_units() -> Result<Vec<UnitProfile>, String> {
    let list = crate::game::saves::load_own::<warband_toy_soldier::data::UnitList>(&units_file());
    Ok(list?.map_or_else(Vec::new, |l| l.units))
}

/// The upgrades a unit has, by name.
fn upgrades(u: &UnitProfile) -> Vec<&'static str> {
    [
        (u.shields, "shields"),
        (u.ranged, "ranged"),
        (u.magical, "magical"),
        (u.command, "Command"),
    ]
    .into_iter()
    .filter_map(|(has, tag)| has.then_some(tag))
    .collect()
}

/// The seed's formula, written out: "d8 + d6 = 14; +7 shields; +7 ranged = 28".
pub fn toy_points(u: &UnitProfile) -> String {
    let die = u.activation_die().sides();
    let mut why = format!("d{die} + d{} = {}", u.morale, u.base_points());
    let upgrades = u.upgrades();
    if upgrades.is_empty() {
        return why;
    }
    for (what, price) in upgrades {
        why.push_str(&format!("; +{price} {what}"));
    }
    format!("{why} = {}", u.points())
}

/// The shipped units and the player's own, as the army builder lists them.
fn catalogue(path: &std::path::Path) -> Result<Catalogue, warband_table::files::DataError> {
    let mut units = warband_toy_soldier::data::Units::load(path)?;
    // The player's own units from the unit designer, after the shipped ones.
    units.adopt(load_units().unwrap_or_default());
    let entries = units.units.iter().map(|u| Entry {
        name: u.name.clone(),
        cells: vec![
            u.race.clone(),
            format!("{:?} {}", u.quality, u.activation_die()),
            format!("d{}", u.morale),
            format!("{:?}", u.kind),
            upgrades(u).join(", "),
        ],
        cost: u.points(),
        why: toy_points(u),
        leads: u.command,
        fills: !u.command,
        group: 0,
        icon: crate::icon_table::icon(&u.name, u.icon()),
    });
    let entries = entries.collect();
    Ok(Catalogue {
        ruleset: Ruleset::ToySoldier,
        heading: "Units",
        leader_hint: "The round button marks the leader: the force's one Command unit.",
        headers: &["Race", "Activation", "Morale", "Kind", "Upgrades"],
        entries,
        unit: "pts",
        party_unit: None,
        default_limit: warband_toy_soldier::data::STANDARD_POINTS,
        max_models: 20,
        problems: Box::new(move |a: &ArmyList| warband_toy_soldier::data::army_problems(a, &units)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit that retreated from the battle is listed as retreated on the result,
    /// never as destroyed.
    #[test]
    fn the_retreated_are_not_counted_destroyed() {
        use warband_toy_soldier::log::LogEvent;
        let mut seen = 0;
        for (file, e) in crate::game::test_app::recorded_battles::<ToySoldier>("toy-soldier") {
            for ev in &e.log().events {
                let warband_table::log::Entry::Rules(LogEvent::Retreated { unit }) = ev else {
                    continue;
                };
                let world = e.world();
                let at = world
                    .resource::<warband_table::engine::ModelIndex>()
                    .entity(*unit)
                    .unwrap();
                let side = world.get::<warband_table::components::Team>(at).unwrap().0;
                let name = &world
                    .get::<warband_toy_soldier::components::Unit>(at)
                    .unwrap()
                    .0
                    .name;
                let notes = ToySoldier::result_notes(world, side);
                let said = format!("retreated: {name} #{}", unit.0);
                assert!(notes.contains(&said), "{file}: {notes:?}");
                assert!(!notes.contains(&format!("✝ {name} #{}", unit.0)));
                seen += 1;
            }
        }
        assert!(seen > 0, "some recorded unit retreated");
    }
}
