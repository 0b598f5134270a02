//! A Toy Soldier log event in words.

use super::{name, tokens};
use warband_rules::Aspect;
use warband_rules::toy_soldier::ShotCover;
use warband_table::components::ModelId;
use warband_toy_soldier::log::LogEvent;

/// A Toy Soldier event in words.
pub(super) fn event_line(world: &bevy::ecs::world::World, e: &LogEvent) -> Option<String> {
    let n = |id: &ModelId| name(world, *id);
    Some(match e {
        LogEvent::TurnStarted { turn, tokens } => {
            format!(
                "— Turn {turn}: tokens Side A {}, Side B {} —",
                tokens[0], tokens[1]
            )
        }
        LogEvent::FirstActivation { side } => format!("{side} wins the roll-off"),
        LogEvent::Activated {
            unit,
            cost,
            ap,
            commander,
        } => {
            let plus = if *commander { " (+1 commander)" } else { "" };
            format!("{} for {}: {ap} AP{plus}", n(unit), tokens(*cost))
        }
        LogEvent::Defended { unit, danger } => format!("{} defends: {danger} danger left", n(unit)),
        LogEvent::Moved { ap, .. } => format!("  ({ap} AP)"),
        // Its cost said as a move's is (a play-tester could not see what a turn cost).
        LogEvent::Pivoted { .. } => format!("  ({} AP)", warband_rules::toy_soldier::PIVOT_AP),
        LogEvent::MoveTakenBack { ap, .. } => format!("  ({ap} AP back)"),
        LogEvent::TurnTakenBack { .. } => "  (turned back: 1 AP back)".into(),
        LogEvent::Shot {
            protection, danger, ..
        } => shot_line(*protection, *danger),
        LogEvent::Melee {
            attacker,
            defender,
            aspect,
            scores,
        } => {
            let guns = [attacker, defender].map(|id| artillery(world, *id));
            melee_line(&n(attacker), &n(defender), *aspect, *scores, guns)
        }
        LogEvent::DangerPlaced {
            unit,
            amount,
            danger,
        } => {
            format!("{} takes {amount} danger ({danger} now)", n(unit))
        }
        LogEvent::Magic { works, .. } => (if *works {
            "  the spell works"
        } else {
            "  the spell fails"
        })
        .into(),
        LogEvent::Healed { unit, damage } => {
            format!("{} is healed: {damage} damage left", n(unit))
        }
        LogEvent::Damaged {
            unit,
            amount,
            damage,
        } => {
            format!("{} takes {amount} damage ({damage} so far)", n(unit))
        }
        LogEvent::Morale {
            unit,
            roll,
            commander,
            damage,
            holds,
        } => morale_line(&n(unit), *roll, *commander, *damage, *holds),
        LogEvent::Retreated { unit } => format!("✝ {} retreats from the battle", n(unit)),
        LogEvent::ActivationEnded { unit, unspent } if *unspent > 0 => {
            format!("{}'s activation ends: {unspent} AP unspent, lost", n(unit))
        }
        LogEvent::ActivationEnded { .. } => return None,
        // Only `Done` ends a side's turn, and its command's line already says so.
        LogEvent::SideDone { .. } => return None,
    })
}

/// A shot's danger, and what halved it.
fn shot_line(protection: ShotCover, danger: u32) -> String {
    let under = match (protection.cover, protection.shields) {
        (false, false) => "",
        (true, false) => " (halved for cover)",
        (false, true) => " (halved for shields)",
        (true, true) => " (a third, for cover and shields)",
    };
    format!("  {danger} danger lands{under}")
}

/// A melee's two scores, and that equal scores do nothing, with how a score is made
/// (a play-tester read dice of 1 and 2 above "scores 2, … 0" and could not tell why).
fn melee_line(
    attacker: &str,
    defender: &str,
    aspect: Aspect,
    scores: (u32, u32),
    artillery: [bool; 2],
) -> String {
    let equal = if scores.0 == scores.1 {
        ": equal, so nothing"
    } else {
        ""
    };
    let times = match aspect {
        Aspect::Front => "",
        Aspect::Side => "; the striker's ×2 into the side",
        Aspect::Rear => "; the striker's ×3 into the rear",
    };
    let halved = if artillery.contains(&true) {
        "; artillery's halved"
    } else {
        ""
    };
    format!(
        "Melee into the {aspect}: {attacker} scores {}, {defender} {}{equal} (each its die, \
         +1 to the striker, less its own danger and damage{times}{halved})",
        scores.0, scores.1
    )
}

/// Whether a unit is artillery (its melee score is halved).
fn artillery(world: &bevy::ecs::world::World, id: ModelId) -> bool {
    world
        .resource::<warband_table::engine::ModelIndex>()
        .entity(id)
        .and_then(|e| world.get::<warband_toy_soldier::components::Unit>(e))
        .is_some_and(|u| u.0.kind == warband_rules::toy_soldier::Kind::Artillery)
}

/// A morale check: the die (and the commander's +1) against the damage so far.
fn morale_line(unit: &str, roll: u8, commander: bool, damage: u32, holds: bool) -> String {
    let near = if commander { " +1 (commander)" } else { "" };
    let (against, verdict) = if holds {
        ("≥", "holds")
    } else {
        ("<", "breaks")
    };
    format!("{unit} morale {roll}{near} {against} {damage} damage: {verdict}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A melee's line says how its scores were made, the multiplier and artillery's
    /// halving only where they apply.
    #[test]
    fn a_melee_says_how_a_score_is_made() {
        let front = melee_line(
            "Orc warboss #7",
            "Dwarf thane #1",
            Aspect::Front,
            (2, 0),
            [false; 2],
        );
        assert_eq!(
            front,
            "Melee into the front: Orc warboss #7 scores 2, Dwarf thane #1 0 (each its die, +1 \
             to the striker, less its own danger and damage)"
        );
        let rear = melee_line("A", "B", Aspect::Rear, (3, 3), [false, true]);
        assert!(rear.contains(": equal, so nothing"), "{rear}");
        assert!(
            rear.contains("×3 into the rear; artillery's halved)"),
            "{rear}"
        );
    }
}
