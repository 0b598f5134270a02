//! The battle log, newest last, filterable by side.

use crate::game::palette;
use crate::game::session::Session;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_battle::Side;
use warband_battle::battle::{ModelView, models};
use warband_battle::command::Command;
use warband_battle::log::LogEvent;

#[derive(Resource)]
pub struct LogFilter {
    pub show: [bool; 2],
    pub dice: bool,
}

impl Default for LogFilter {
    fn default() -> Self {
        Self {
            show: [true, true],
            dice: false,
        }
    }
}

pub fn show(ui: &mut egui::Ui, session: &Session, filter: &mut LogFilter) {
    ui.horizontal(|ui| {
        ui.strong("Battle log");
        for side in Side::BOTH {
            ui.checkbox(
                &mut filter.show[side.index()],
                egui::RichText::new(side.lowercase().to_uppercase())
                    .color(palette::side_egui(side)),
            );
        }
        ui.checkbox(&mut filter.dice, "dice");
    });
    ui.separator();
    let all = models(session.engine.world());
    let name = |id: u32| {
        all.get(id as usize - 1)
            .map_or(format!("#{id}"), |m: &ModelView| {
                format!("{} #{id}", m.profile.name)
            })
    };
    let side_of = |id: u32| all.get(id as usize - 1).map(|m| m.side);
    let events = &session.engine.log().events;
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // The last 400 lines are plenty on screen; the whole log is in the save.
            let from = events.len().saturating_sub(2000);
            let mut shown = 0;
            for e in &events[from..] {
                let (side, text) = match line(e, &name, &side_of) {
                    Some(l) => l,
                    None => continue,
                };
                if matches!(e, LogEvent::Die(_)) && !filter.dice {
                    continue;
                }
                if let Some(s) = side
                    && !filter.show[s.index()]
                {
                    continue;
                }
                shown += 1;
                if shown > 400 {
                    break;
                }
                let colour = side.map_or(egui::Color32::LIGHT_GRAY, palette::side_egui);
                ui.label(egui::RichText::new(text).color(colour).size(12.5));
            }
        });
}

/// One readable line for an event, and the side it concerns (None: both or neither).
fn line(
    e: &LogEvent,
    name: &dyn Fn(u32) -> String,
    side_of: &dyn Fn(u32) -> Option<Side>,
) -> Option<(Option<Side>, String)> {
    Some(match e {
        LogEvent::RoundStarted { round } => (None, format!("——— Round {round} ———")),
        LogEvent::PhaseStarted { phase } => (
            None,
            format!("— {} —", crate::game::hud::top_bar::phase_name(*phase)),
        ),
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
        LogEvent::Die(d) => (
            None,
            format!("  🎲 {} = {} ({})", d.die, d.value, d.purpose),
        ),
        LogEvent::Accepted { .. } => return None,
        LogEvent::Refused {
            side,
            command,
            reason,
        } => (
            Some(*side),
            format!("✗ {}: {reason}", describe(command, name)),
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
        LogEvent::BattleEnded { winner, reason } => (
            *winner,
            format!(
                "Battle over: {} ({reason})",
                winner.map_or("a draw".to_string(), |w| format!("{w} wins"))
            ),
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
        Command::EndPhase => "ending the phase".into(),
    }
}
