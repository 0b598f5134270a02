//! The Borderlands log in words, one line an event, naming models as the table shows
//! them.

use bevy::ecs::world::World;
use warband_borderlands::command::Command;
use warband_borderlands::components::Stats;
use warband_borderlands::log::{Entry, LogEvent};
use warband_rules::borderlands::Swing;
use warband_rules::borderlands::rules::Order;
use warband_table::engine::ModelIndex;

/// A model's name and number, e.g. "Kobold #9".
pub fn name(world: &World, id: u32) -> String {
    world
        .resource::<ModelIndex>()
        .0
        .get(id as usize - 1)
        .and_then(|e| world.get::<Stats>(*e))
        .map_or(format!("#{id}"), |s| format!("{} #{id}", s.0.name))
}

fn command(world: &World, c: &Command) -> String {
    let n = |id: &u32| name(world, *id);
    match c {
        Command::Move { model, .. } => format!("{} moves", n(model)),
        Command::Withdraw { model, .. } => format!("{} withdraws fighting", n(model)),
        Command::Retreat { model, .. } => format!("{} retreats", n(model)),
        Command::Melee { model, target } => format!("{} attacks {}", n(model), n(target)),
        Command::Shoot { model, target } => format!("{} shoots at {}", n(model), n(target)),
        Command::Cast {
            model,
            spell,
            target,
        } => {
            format!("{} casts {} at {}", n(model), spell.name(), n(target))
        }
        Command::FirstAid { model, target } => format!("{} tends {}", n(model), n(target)),
        Command::Hold { model } => format!("{} holds", n(model)),
        Command::EndStep => "ends its step".into(),
        Command::UndoMove => "takes back its move".into(),
    }
}

/// A log entry in words; `None` where the line before already says it.
pub fn line(world: &World, e: &Entry) -> Option<String> {
    crate::game::hud::entry_line(e, |c| command(world, c), |ev| event_line(world, ev))
}

/// A Borderlands event in words.
fn event_line(world: &World, e: &LogEvent) -> Option<String> {
    let n = |id: &u32| name(world, *id);
    Some(match e {
        LogEvent::HitPoints { model, hp } => format!("{} has {hp} HP", n(model)),
        LogEvent::RoundStarted { round } => format!("— Round {round} —"),
        LogEvent::Initiative { a, b, order } => format!(
            "Initiative A {a}, B {b}: {}",
            match order {
                Order::AFirst => "side A first",
                Order::BFirst => "side B first",
                Order::Together => "both act together",
            }
        ),
        LogEvent::StepStarted { .. } | LogEvent::Moved { .. } => return None,
        LogEvent::MoveTakenBack { model, .. } => format!("{} is back where it was", n(model)),
        LogEvent::Attack { need, swing, .. } => format!(
            "  needs {need}+: {}",
            match swing {
                Swing::Hit => "hit",
                Swing::HitCover => "hits the cover",
                Swing::Miss => "miss",
            }
        ),
        LogEvent::Damage { model, amount, hp } => format!("{} takes {amount} ({hp} HP)", n(model)),
        LogEvent::CoverTook { .. } => return None,
        LogEvent::Slain { model } => format!("✝ {} is slain", n(model)),
        LogEvent::Fell { model } => format!("{} falls, dying", n(model)),
        LogEvent::DeathSave { model, saved } => {
            format!(
                "{} {} the save vs death",
                n(model),
                if *saved { "makes" } else { "fails" }
            )
        }
        LogEvent::Bled { model, hp } => format!("{} bleeds ({hp} HP)", n(model)),
        LogEvent::Stabilised { model } => format!("{} is stabilised", n(model)),
        LogEvent::Cast { .. } => return None,
        LogEvent::SpellLost { model, spell } => format!("{} loses {}", n(model), spell.name()),
        LogEvent::Resisted { model, spell } => format!("{} resists {}", n(model), spell.name()),
        LogEvent::Asleep { model } => format!("{} falls asleep", n(model)),
        LogEvent::Held { model } => format!("{} is held", n(model)),
        LogEvent::Blinded { model } => format!("{} is blinded", n(model)),
        LogEvent::Recovered { model } => format!("{} recovers", n(model)),
        LogEvent::Images { model, images } => {
            format!("{} is surrounded by {images} mirror images", n(model))
        }
        LogEvent::ImageStruck { model, left } => {
            format!("the blow strikes an image of {} ({left} left)", n(model))
        }
        LogEvent::Healed { model, amount, hp } => format!("{} healed {amount} ({hp} HP)", n(model)),
        LogEvent::Morale {
            side,
            score,
            roll,
            holds,
        } => format!(
            "{side} morale {score}: {}{}",
            roll.map_or(String::new(), |r| format!("2d6 = {r}, ")),
            if *holds { "holds" } else { "flees!" }
        ),
        LogEvent::FledTable { model } => format!("{} flees the table", n(model)),
    })
}
