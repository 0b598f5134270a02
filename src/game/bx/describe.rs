//! The Borderlands log in words, one line an event, naming models as the table shows
//! them.

use bevy::ecs::world::World;
use warband_borderlands::command::Command;
use warband_borderlands::components::Stats;
use warband_borderlands::log::{Entry, LogEvent};
use warband_rules::borderlands::Swing;
use warband_rules::borderlands::damage::DamageExpr;
use warband_rules::borderlands::rules::Order;
use warband_rules::{Die, DieRoll};
use warband_table::components::ModelId;
use warband_table::engine::ModelIndex;

/// A model's name and number, e.g. "Kobold #9".
pub fn name(world: &World, id: ModelId) -> String {
    world
        .resource::<ModelIndex>()
        .entity(id)
        .and_then(|e| world.get::<Stats>(e))
        .map_or(format!("#{id}"), |s| format!("{} #{id}", s.0.name))
}

fn command(world: &World, c: &Command) -> String {
    let n = |id: &ModelId| name(world, *id);
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
        Command::Deploy(p) => crate::game::hud::placing_words(p, n),
    }
}

/// A log entry in words; `None` where the line before already says it. An attack is
/// told with the die rolled just before it, if there is one.
pub fn line(world: &World, e: &Entry, die_before: Option<&DieRoll>) -> Option<String> {
    crate::game::hud::entry_line(
        e,
        |c| command(world, c),
        |ev| match ev {
            LogEvent::Attack { need, swing, .. } => Some(attack_line(*need, *swing, die_before)),
            LogEvent::Damage { model, amount, hp } => Some(damage_line(
                &name(world, *model),
                (*amount, *hp),
                die_before,
            )),
            _ => event_line(world, ev),
        },
    )
}

/// The damage a die was rolled for, named by the last bracket of its purpose: "Orc chief
/// damage (2d4)", "Cure Light Wounds healing (1d6+1)".
pub(super) fn damage_of(d: &DieRoll) -> Option<DamageExpr> {
    let (_, expr) = d.purpose.strip_suffix(')')?.rsplit_once(" (")?;
    expr.parse().ok()
}

/// Damage taken, with how the dice rolled just before made it where a bonus or more
/// dice came in ("takes 4 + 2 = 6 damage": a play-tester read the die's 4 above
/// "takes 6 damage" and could not tell why), and the HP left.
fn damage_line(model: &str, (amount, hp): (u16, i32), die_before: Option<&DieRoll>) -> String {
    let left = if hp < 0 {
        format!("now at −{} HP", hp.unsigned_abs())
    } else {
        format!("{hp} HP left")
    };
    let rolled = die_before.and_then(|d| {
        let expr = damage_of(d)?;
        match (expr.count, expr.bonus) {
            (1, 0) | (0, _) => None,
            (1, b) => {
                let sign = if b > 0 { '+' } else { '−' };
                // B/X: a hit does at least 1 damage, whatever its penalty.
                let floor = if i32::from(d.value) + i32::from(b) < i32::from(amount) {
                    " (at least 1)"
                } else {
                    ""
                };
                Some(format!("{} {sign} {}{floor} = ", d.value, b.unsigned_abs()))
            }
            _ => Some(format!("{expr} = ")),
        }
    });
    let rolled = rolled.unwrap_or_default();
    format!("{model} takes {rolled}{amount} damage ({left})")
}

/// The roll an attack makes, as the attack card and the log both say it: the d20 and
/// its bonus against the number to reach ("d20 + 2 vs 12").
pub fn versus(bonus: i32, need: i32) -> String {
    match bonus {
        0 => format!("d20 vs {need}"),
        b if b > 0 => format!("d20 + {b} vs {need}"),
        b => format!("d20 − {} vs {need}", -b),
    }
}

/// Where an attack's numbers come from, as the attack card says them: the number to
/// reach from THAC0 and AC, then each part of the bonus ("THAC0 19 − AC 6; +2 for DEX"):
/// a play-tester saw "d20 + 2" and found the 2 explained nowhere.
pub fn worked(
    thac0: impl std::fmt::Display,
    ac: impl std::fmt::Display,
    parts: &[(i32, &str)],
) -> String {
    let mut words = format!("THAC0 {thac0} − AC {ac}");
    for (i, (b, what)) in parts.iter().enumerate() {
        let sep = if i == 0 { "; " } else { ", " };
        let sign = if *b > 0 { "+" } else { "−" };
        words += &format!("{sep}{sign}{} for {what}", b.abs());
    }
    words
}

/// "d20 + 2 vs 12: 15 + 2, hit". The bonus is read from the face the die needed
/// (`need − bonus`, and 4 more at a target in cover, unless clamped to 2–20); the
/// cover's −4 is taken off in the sum ("d20 + 2 − 4 for the cover vs 12: 18 + 2 − 4 =
/// 16, hit": a play-tester read the −4 nowhere in "18 + 2"). A helpless target is hit
/// with no roll.
fn attack_line(need: i32, swing: Swing, die: Option<&DieRoll>) -> String {
    let what = match swing {
        Swing::Hit => "hit",
        Swing::HitCover => "it would have hit but for the cover, and strikes the cover",
        Swing::Miss => "miss",
    };
    let Some(d) = die.filter(|d| d.die == Die::D20 && d.purpose.contains(" attacks ")) else {
        // No die, so no number to reach: "vs 13" read as a roll with its bonus left out.
        return format!("  {what}, with no roll: the target is helpless");
    };
    let face = d.need.map(i32::from);
    let cover = if d.purpose.contains(warband_borderlands::actions::IN_COVER) {
        warband_rules::borderlands::attack::COVER_PENALTY
    } else {
        0
    };
    // A face of 2 or 20 may be clamped: the bonus is then unknown and left out.
    let bonus = face
        .filter(|f| (3..20).contains(f))
        .map(|f| need - (f - cover));
    let value = i32::from(d.value);
    match bonus {
        Some(b) => format!(
            "  {}: {}, {what}",
            covered(&versus(b, need), cover),
            sum(value, b, cover)
        ),
        // The cover named, or "a 20+: 17, a hit but for the cover" reads as a mistake
        // (a play-tester's).
        None if cover != 0 => format!(
            "  a {}+ on the d20, with the cover's −{cover}: {value}, {what}",
            face.unwrap_or(20)
        ),
        None => format!("  a {}+ on the d20: {value}, {what}", face.unwrap_or(20)),
    }
}

/// "d20 + 2 vs 12" with the cover's −`cover` before the number to reach.
fn covered(versus: &str, cover: i32) -> String {
    match cover {
        0 => versus.to_string(),
        c => versus.replacen(" vs ", &format!(" − {c} for the cover vs "), 1),
    }
}

/// The die's `value` with its bonus and the cover taken off: "15 + 2", "18 + 2 − 4 = 16".
fn sum(value: i32, bonus: i32, cover: i32) -> String {
    let with_bonus = match bonus {
        0 => value.to_string(),
        b if b > 0 => format!("{value} + {b}"),
        b => format!("{value} − {}", -b),
    };
    match cover {
        0 => with_bonus,
        c => format!("{with_bonus} − {c} = {}", value + bonus - c),
    }
}

/// A Borderlands event in words.
fn event_line(world: &World, e: &LogEvent) -> Option<String> {
    let n = |id: &ModelId| name(world, *id);
    Some(match e {
        LogEvent::HitPoints { model, hp } => format!("{} has {hp} HP", n(model)),
        LogEvent::RoundStarted { round } => format!("— Round {round} —"),
        LogEvent::Initiative { a, b, order } => format!(
            "Initiative Side A {a}, Side B {b}: {}",
            match order {
                Order::AFirst => "side A first",
                Order::BFirst => "side B first",
                Order::Together => "both act together",
            }
        ),
        LogEvent::StepStarted { .. } | LogEvent::Moved { .. } => return None,
        LogEvent::MoveTakenBack { model, .. } => format!("{} is back where it was", n(model)),
        LogEvent::Attack { .. } => return None,
        LogEvent::Damage { model, amount, hp } => damage_line(&n(model), (*amount, *hp), None),
        LogEvent::CoverTook { cover, .. } => match cover {
            Some(model) => format!("the shot strikes {}, in the way", n(model)),
            None => "the shot strikes the terrain in the way".into(),
        },
        LogEvent::Slain { model } => format!("✝ {} is slain", n(model)),
        LogEvent::SleeperSlain { attacker, model } => format!(
            "{} strikes {} in its sleep: a single blow of an edged weapon kills it",
            n(attacker),
            n(model)
        ),
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
        LogEvent::FirstAidFailed { model } => {
            format!("the first aid fails: {} is still dying", n(model))
        }
        LogEvent::Cast { .. } => return None,
        LogEvent::SpellLost { model, spell } => format!("{} loses {}", n(model), spell.name()),
        LogEvent::Resisted { model, spell } => format!("{} resists {}", n(model), spell.name()),
        LogEvent::Asleep { model } => format!("{} falls asleep", n(model)),
        LogEvent::Held { model } => format!("{} is held", n(model)),
        LogEvent::Blinded { model } => format!("{} is blinded", n(model)),
        LogEvent::Recovered { model } => format!("{} recovers", n(model)),
        LogEvent::Images { model, images } => {
            let images = match images {
                1 => "1 mirror image".to_string(),
                k => format!("{k} mirror images"),
            };
            format!("{} is surrounded by {images}", n(model))
        }
        LogEvent::ImageStruck { model, left } => {
            format!("the blow strikes an image of {} ({left} left)", n(model))
        }
        // The roll, and the HP after (no more than its most: a roll may restore less).
        LogEvent::Healed { model, amount, hp } => {
            format!("{} is cured: {amount} rolled, {hp} HP now", n(model))
        }
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

#[cfg(test)]
mod tests;
