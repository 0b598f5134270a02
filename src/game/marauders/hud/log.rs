//! The Marauders battle log in words, each line with the side it concerns.

use crate::game::desk::LogLine;
use warband_marauders::Side;
use warband_marauders::battle::{ModelView, find};
use warband_marauders::command::Command;
use warband_marauders::log::{Entry, LogEvent};

/// One log entry in words, with the side it concerns. Ids that name no model (a
/// hand-edited save) read as `#id`.
pub fn line(e: &Entry, all: &[ModelView]) -> Option<LogLine> {
    let get = |id: u32| find(all, id);
    let name = |id: u32| get(id).map_or(format!("#{id}"), |m| format!("{} #{id}", m.profile.name));
    let side_of = |id: u32| get(id).map(|m| m.side);
    let (side, text) = words(e, &name, &side_of)?;
    Some(LogLine {
        side,
        text,
        die: e.die().is_some(),
    })
}

/// One readable line for a log entry, and the side it concerns (None: both or neither).
fn words(
    e: &Entry,
    name: &dyn Fn(u32) -> String,
    side_of: &dyn Fn(u32) -> Option<Side>,
) -> Option<(Option<Side>, String)> {
    Some(match e {
        Entry::Die(d) => (
            None,
            format!("  🎲 {} = {} ({})", d.die, d.value, d.purpose),
        ),
        // A shot is told as it is made, so one that misses is in the log too; what
        // stops or damages it follows on its own lines.
        Entry::Accepted {
            side,
            command: Command::Shoot { model, target },
        } => (
            Some(*side),
            format!("{} shoots at {}", name(*model), name(*target)),
        ),
        Entry::Accepted { .. } => return None,
        Entry::Refused {
            side,
            command,
            reason,
        } => (
            Some(*side),
            format!("✗ {}: {reason}", describe(command, name)),
        ),
        Entry::BattleEnded { winner, reason } => (
            *winner,
            format!(
                "Battle over: {} ({reason})",
                winner.map_or("a draw".to_string(), |w| format!("{w} wins"))
            ),
        ),
        Entry::Rules(e) => event_line(e, name, side_of)?,
    })
}

/// A Marauders event in words, and the side it concerns.
fn event_line(
    e: &LogEvent,
    name: &dyn Fn(u32) -> String,
    side_of: &dyn Fn(u32) -> Option<Side>,
) -> Option<(Option<Side>, String)> {
    Some(match e {
        LogEvent::RoundStarted { round } => (None, format!("——— Round {round} ———")),
        LogEvent::PhaseStarted { phase } => {
            (None, format!("— {} —", super::top_bar::phase_name(*phase)))
        }
        LogEvent::Priority { side } => (Some(*side), format!("{side} takes priority")),
        LogEvent::Order { first } => (
            None,
            format!(
                "First to act: {}",
                first
                    .iter()
                    .map(|(p, s)| format!("{p:?} {}", s.lowercase().to_uppercase()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        LogEvent::Moved { model, charged, .. } if charged.is_empty() => {
            (side_of(*model), format!("{} moves", name(*model)))
        }
        LogEvent::Moved { model, charged, .. } => (
            side_of(*model),
            format!(
                "{} charges {}",
                name(*model),
                charged
                    .iter()
                    .map(|c| name(*c))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        LogEvent::Disengaged { model } => (side_of(*model), format!("{} disengages", name(*model))),
        LogEvent::MoveUndone { model } => (
            side_of(*model),
            format!("{} takes its move back", name(*model)),
        ),
        LogEvent::SpellDeclared { model, spell } => (
            side_of(*model),
            format!("{} declares {spell}", name(*model)),
        ),
        LogEvent::SpellLost { model, spell, why } => (
            side_of(*model),
            format!("{} loses {spell}: {why}", name(*model)),
        ),
        LogEvent::SpellCast { model, spell } => {
            (side_of(*model), format!("{} casts {spell}", name(*model)))
        }
        LogEvent::ShotStopped { shooter, by } => (
            side_of(*shooter),
            format!("{}'s shot is stopped by {by}", name(*shooter)),
        ),
        LogEvent::MeleeResolved { models, winner } => (
            *winner,
            format!(
                "Melee {}: {}",
                models
                    .iter()
                    .map(|m| name(*m))
                    .collect::<Vec<_>>()
                    .join(", "),
                winner.map_or("both strike".to_string(), |w| format!("{w} wins"))
            ),
        ),
        LogEvent::Damaged {
            model, hd, left, ..
        } => (
            side_of(*model),
            format!("{} loses {hd} HD ({left} left)", name(*model)),
        ),
        LogEvent::Blinded { model } => (side_of(*model), format!("{} is blinded", name(*model))),
        LogEvent::FellAsleep { model } => {
            (side_of(*model), format!("{} falls asleep", name(*model)))
        }
        LogEvent::Woke { model } => (side_of(*model), format!("{} wakes", name(*model))),
        LogEvent::Healed { model, hd } => {
            (side_of(*model), format!("{} heals {hd} HD", name(*model)))
        }
        LogEvent::Removed { model, why } => (
            side_of(*model),
            format!("✝ {} is out of action ({why})", name(*model)),
        ),
        LogEvent::MoraleCheck {
            side,
            trigger,
            score,
            roll,
            broken,
        } => (
            Some(*side),
            format!(
                "{side} morale ({trigger}): {} vs {score} — {}",
                roll.map_or("no roll".into(), |r| r.to_string()),
                if *broken { "BREAKS" } else { "holds" }
            ),
        ),
        LogEvent::Rallied { side, roll } => (Some(*side), format!("{side} rallies on {roll}")),
        LogEvent::FleeHeld { model, why } => (
            side_of(*model),
            format!("{} cannot flee: {why}", name(*model)),
        ),
        LogEvent::BlessingFaded { model } => (
            side_of(*model),
            format!("{}'s Bless fades unused", name(*model)),
        ),
    })
}

fn describe(c: &Command, name: &dyn Fn(u32) -> String) -> String {
    match c {
        Command::DeclareSpell { caster, spell, .. } => {
            format!("{} declaring {spell}", name(*caster))
        }
        Command::ChooseOrder { .. } => "choosing the order".into(),
        Command::Move { model, .. } => format!("moving {}", name(*model)),
        Command::Disengage { model, .. } => format!("disengaging {}", name(*model)),
        Command::UndoMove { model } => format!("taking back {}'s move", name(*model)),
        Command::Shoot { model, target } => format!("{} shooting {}", name(*model), name(*target)),
        Command::ResolveMelee { model, .. } => format!("fighting with {}", name(*model)),
        Command::AllocateDamage { .. } => "splitting damage dice".into(),
        Command::EndPhase => "ending the phase".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(r: u32) -> Entry {
        LogEvent::RoundStarted { round: r }.into()
    }

    fn lines(events: &[Entry]) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| line(e, &[]))
            .map(|l| l.text)
            .collect()
    }

    #[test]
    fn a_round_is_told_and_concerns_neither_side() {
        let l = line(&round(3), &[]).unwrap();
        assert!(l.text.contains("Round 3"), "{l:?}");
        assert_eq!(l.side, None);
    }

    #[test]
    fn every_shot_is_in_the_log_hit_or_miss() {
        let shot = |model, target| Entry::Accepted {
            side: Side::A,
            command: Command::Shoot { model, target },
        };
        let events = vec![
            shot(1, 2),
            shot(1, 3),
            LogEvent::ShotStopped {
                shooter: 1,
                by: "Low wall".into(),
            }
            .into(),
        ];
        assert_eq!(
            lines(&events),
            [
                "#1 shoots at #2",
                "#1 shoots at #3",
                "#1's shot is stopped by Low wall"
            ]
        );
    }

    #[test]
    fn ids_of_no_model_read_as_numbers() {
        let events: Vec<Entry> = vec![
            LogEvent::Woke { model: 0 }.into(),
            LogEvent::Woke { model: u32::MAX }.into(),
        ];
        let lines = lines(&events);
        assert_eq!(lines[0], "#0 wakes");
        assert_eq!(lines[1], format!("#{} wakes", u32::MAX));
    }
}
