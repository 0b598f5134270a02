//! The Marauders battle log in words, each line with the side it concerns.

use crate::game::desk::LogLine;
use bevy::math::Vec2;
use warband_marauders::Side;
use warband_marauders::battle::ModelView;
use warband_marauders::command::Command;
use warband_marauders::components::SpellAim;
use warband_marauders::log::{Entry, LogEvent};
use warband_table::components::ModelId;

mod order;
use order::order_words;

/// The model with an id, if there is one: how the log finds the models an entry names,
/// one at a time (never every model of the battle for a line).
pub type Lookup<'a> = &'a dyn Fn(ModelId) -> Option<ModelView>;

/// The log's entry `i` in words, with the side it concerns; what was logged around it
/// says more (a shot is told with its outcome, a tied initiative as one). Ids that name
/// no model (a hand-edited save) read as `#id`; `terrain` names a piece by its index.
pub fn line(
    events: &[Entry],
    i: usize,
    model: Lookup,
    terrain: &dyn Fn(usize) -> String,
) -> Option<LogLine> {
    let (e, after) = (&events[i], &events[i + 1..]);
    let name = |id: ModelId| model_name(model, id);
    let side_of = |id: ModelId| model(id).map(|m| m.side);
    let text = |t: &str| named(t, &name, terrain);
    let (side, mut text) = words(e, &name, &side_of, &text)?;
    if let Entry::Accepted {
        command: Command::Shoot { .. },
        ..
    } = e
    {
        text.push_str(&shot_outcome(after, &|t| named(t, &name, terrain), &name));
    }
    if let Entry::Rules(LogEvent::MeleeResolved { .. }) = e {
        text.push_str(melee_outcome(after));
    }
    if let Entry::Rules(LogEvent::Disengaged { .. }) = e {
        text.push_str(&parting_blows(after));
    }
    text.push_str(tie(&events[..i], e, after));
    Some(LogLine {
        side,
        text,
        die: e.die().is_some(),
        clause: None,
        detail: None,
    })
}

/// A model as the log names it: "Orc #3", or "#3" for an id that names none.
pub fn model_name(model: Lookup, id: ModelId) -> String {
    model(id).map_or(format!("#{id}"), |m| format!("{} #{id}", m.profile.name))
}

/// An engine's text (a die's purpose, what stopped a shot) with its ids put as names:
/// "model 3" → "Orc #3", "models [1, 2]" and "[1, 2]" → "Orc #1, Orc #2", "terrain 2"
/// → the piece's name.
pub fn named(
    text: &str,
    name: &dyn Fn(ModelId) -> String,
    terrain: &dyn Fn(usize) -> String,
) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some((words, used)) = id_words(rest, name, terrain) {
            out.push_str(&words);
            rest = &rest[used..];
        } else {
            let c = rest.chars().next().expect("not empty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The names for an id phrase at the start of `s`, and the bytes it took.
fn id_words(
    s: &str,
    name: &dyn Fn(ModelId) -> String,
    terrain: &dyn Fn(usize) -> String,
) -> Option<(String, usize)> {
    for (prefix, list) in [("models [", true), ("model ", false), ("[", true)] {
        let Some(after) = s.strip_prefix(prefix) else {
            continue;
        };
        if list {
            let close = after.find(']')?;
            let ids: Option<Vec<ModelId>> = after[..close]
                .split(", ")
                .map(|n| n.trim().parse().ok())
                .collect();
            let names: Vec<String> = ids?.into_iter().map(name).collect();
            return Some((names.join(", "), prefix.len() + close + 1));
        }
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let id = after[..digits].parse().ok()?;
        return Some((name(id), prefix.len() + digits));
    }
    let after = s.strip_prefix("terrain ")?;
    let digits = after.bytes().take_while(u8::is_ascii_digit).count();
    let index = after[..digits].parse().ok()?;
    Some((terrain(index), "terrain ".len() + digits))
}

/// One readable line for a log entry, and the side it concerns (None: both or neither).
fn words(
    e: &Entry,
    name: &dyn Fn(ModelId) -> String,
    side_of: &dyn Fn(ModelId) -> Option<Side>,
    text: &dyn Fn(&str) -> String,
) -> Option<(Option<Side>, String)> {
    Some(match e {
        Entry::Die(d) => (
            None,
            format!("  🎲 {}: {} ({})", d.die, d.value, text(&d.purpose)),
        ),
        // A shot is told as it is made, with its outcome (see `shot_outcome`), so one
        // that misses is in the log too; the HD it takes follow on their own line.
        Entry::Accepted {
            side,
            command: Command::Shoot { model, target },
        } => (
            Some(*side),
            format!("{} shoots at {}", name(*model), name(*target)),
        ),
        // A declared spell is told with its aim (the event that follows says no more).
        Entry::Accepted {
            side,
            command: Command::DeclareSpell { caster, spell, aim },
        } => (
            Some(*side),
            format!("{} declares {spell} {}", name(*caster), aimed_at(aim, name)),
        ),
        Entry::Accepted {
            side,
            command: c @ Command::Deploy(_),
        } => (
            Some(*side),
            crate::game::hud::said_by(*side, &describe(c, name)),
        ),
        Entry::Accepted { .. } | Entry::Placed { .. } => return None,
        Entry::Refused {
            side,
            command,
            reason,
        } => (
            Some(*side),
            format!("✖ {}: {}", describe(command, name), text(reason)),
        ),
        Entry::BattleEnded { winner, reason } => (
            *winner,
            format!(
                "Battle over: {} ({})",
                winner.map_or("a draw".to_string(), |w| format!("victory to {w}")),
                crate::game::hud::log::sided(reason)
            ),
        ),
        Entry::Rules(e) => event_line(e, name, side_of)?,
    })
}

/// What a tied initiative roll means, said after side B's die when both dice tied and
/// they are rolled again (the first round), and after the priority it passed on (later
/// rounds: it goes to the side that did not have it).
fn tie(before: &[Entry], e: &Entry, after: &[Entry]) -> &'static str {
    let initiative = |e: Option<&Entry>, side: &str| match e {
        Some(Entry::Die(d)) if d.purpose == format!("initiative, side {side}") => Some(d.value),
        _ => None,
    };
    let tied = |b: Option<&Entry>, a: Option<&Entry>| {
        initiative(b, "B").is_some_and(|b| initiative(a, "A") == Some(b))
    };
    let mut back = before.iter().rev();
    match e {
        Entry::Die(_) if tied(Some(e), back.next()) && initiative(after.first(), "A").is_some() => {
            " — a tie: both roll again"
        }
        Entry::Rules(LogEvent::Priority { .. }) if tied(back.next(), back.next()) => {
            " (a tie: priority passes to the side without it)"
        }
        _ => "",
    }
}

/// How a shot ended, from what was logged after it until the next command: ": stopped
/// by Copse", ": hits" (the HD lost follow on their own line) or ": no damage".
fn shot_outcome(
    after: &[Entry],
    text: &dyn Fn(&str) -> String,
    name: &dyn Fn(ModelId) -> String,
) -> String {
    let until_next = until_next_command(after);
    // A shot into a melee that struck another model of the fight says so first.
    let mut struck = String::new();
    for e in until_next {
        match e {
            Entry::Rules(LogEvent::ShotStopped { by, .. }) => {
                return format!(": stopped by {}", text(by));
            }
            Entry::Rules(LogEvent::ShotStruck { struck: m, .. }) => {
                struck = format!(" but strikes {} in the melee", name(*m));
            }
            Entry::Rules(LogEvent::Damaged { .. }) => return format!("{struck}: hits"),
            _ => {}
        }
    }
    // A shot's dice are logged by the command that takes it, so a worded shot always
    // has its outcome after it (the panel words each command's entries together); only
    // a log cut short (a hand-edited save) ends on the shot itself.
    if after.is_empty() {
        String::new()
    } else {
        format!("{struck}: no damage")
    }
}

/// What was logged after an entry up to the next command, accepted or refused: what
/// that entry's command went on to do.
fn until_next_command(after: &[Entry]) -> impl Iterator<Item = &Entry> {
    after
        .iter()
        .take_while(|e| !matches!(e, Entry::Accepted { .. } | Entry::Refused { .. }))
}

/// How a melee's blows ended, from what was logged after it until the next command or
/// melee: ": no damage" where its damage dice took no HD (HD lost follow on their own
/// lines); nothing while a winner's split of its blows is still to come.
fn melee_outcome(after: &[Entry]) -> &'static str {
    let mut struck = false;
    let until_next = until_next_command(after)
        .take_while(|e| !matches!(e, Entry::Rules(LogEvent::MeleeResolved { .. })));
    for e in until_next {
        match e {
            Entry::Die(d) if d.clause == warband_rules::marauders::clauses::MELEE_DAMAGE => {
                struck = true;
            }
            Entry::Rules(LogEvent::Damaged { .. }) => return "",
            _ => {}
        }
    }
    if struck { ": no damage" } else { "" }
}

/// The blows a model takes as it leaves a fight, from what was logged after its
/// disengaging: ", struck at by 2 dice: no damage" (HD lost follow on their own lines),
/// or nothing where no enemy could strike. A play-test found them only in the dice tray.
fn parting_blows(after: &[Entry]) -> String {
    let mut dice = 0;
    for e in until_next_command(after) {
        match e {
            Entry::Die(d) if d.clause == warband_rules::marauders::clauses::DISENGAGE => {
                dice += 1;
            }
            Entry::Rules(LogEvent::Damaged { .. }) => return struck_by(dice),
            Entry::Rules(LogEvent::Moved { .. }) => break,
            _ => {}
        }
    }
    match dice {
        0 => String::new(),
        n => format!("{}: no damage", struck_by(n)),
    }
}

fn struck_by(dice: usize) -> String {
    let dice = warband_rules::dice::dice_words(dice as u64);
    format!(", struck at as it leaves by {dice}")
}

/// A Marauders event in words, and the side it concerns.
fn event_line(
    e: &LogEvent,
    name: &dyn Fn(ModelId) -> String,
    side_of: &dyn Fn(ModelId) -> Option<Side>,
) -> Option<(Option<Side>, String)> {
    if let Some((model, text)) = model_line(e, name) {
        return Some((side_of(model), text));
    }
    Some(match e {
        LogEvent::RoundStarted { round } => (None, format!("——— Round {round} ———")),
        LogEvent::PhaseStarted { phase } => {
            (None, format!("— {} —", super::top_bar::phase_name(*phase)))
        }
        // A play-tester read "Goblin raiders takes priority", then "First to act:
        // movement Adventuring party, …" as a contradiction: priority is the choice.
        LogEvent::Priority { side } => (
            Some(*side),
            format!("Priority to {side}, who choose who acts first in each phase"),
        ),
        LogEvent::Order { first } => (None, order_words(first)),
        LogEvent::MeleeResolved { models, winner } => {
            let models: Vec<String> = models.iter().map(|m| name(*m)).collect();
            let result = winner.map_or("both strike".to_string(), |w| format!("won by {w}"));
            (*winner, format!("Melee {}: {result}", models.join(", ")))
        }
        LogEvent::MoraleCheck {
            side,
            trigger,
            score,
            roll,
            broken,
        } => (
            Some(*side),
            format!(
                "{side} morale ({trigger}): {} against its morale of {score} — {}",
                roll.map_or("no roll".into(), |r| format!("{r} on 2d6")),
                if *broken { "BREAKS" } else { "holds" }
            ),
        ),
        LogEvent::Rallied { side, roll } => (Some(*side), format!("{side} rallies on {roll}")),
        LogEvent::RallyFailed { side, score, roll } => (
            Some(*side),
            format!(
                "{side} fails to rally: {roll} on 2d6, over its morale of {score}; it stays broken"
            ),
        ),
        // Every other event is of one model, told by `model_line`.
        _ => return None,
    })
}

/// An event of one model in words, and the model (whose side the line takes).
fn model_line(e: &LogEvent, name: &dyn Fn(ModelId) -> String) -> Option<(ModelId, String)> {
    let (model, what) = match e {
        LogEvent::Moved {
            model,
            from,
            to,
            charged,
        } if charged.is_empty() => {
            let far = Vec2::from(*from).distance(Vec2::from(*to));
            (model, format!("moves {far:.1}\""))
        }
        LogEvent::Moved { model, charged, .. } => {
            let charged: Vec<String> = charged.iter().map(|c| name(*c)).collect();
            (model, format!("charges {}", charged.join(", ")))
        }
        LogEvent::Disengaged { model } => (model, "disengages".into()),
        LogEvent::MoveUndone { model } => (model, "takes its move back".into()),
        // Told on the declaring command's line, with its aim.
        LogEvent::SpellDeclared { .. } => return None,
        LogEvent::SpellLost { model, spell, why } => (model, format!("loses {spell}: {why}")),
        LogEvent::SpellCast { model, spell } => (model, format!("casts {spell}")),
        // Told on the shot's own line.
        LogEvent::ShotStopped { .. } | LogEvent::ShotStruck { .. } => return None,
        LogEvent::Damaged {
            model, hd, left, ..
        } => (model, format!("loses {hd} HD ({left} left)")),
        LogEvent::Blinded { model } => (model, "is blinded".into()),
        LogEvent::FellAsleep { model } => (model, "falls asleep".into()),
        LogEvent::SleptNone { caster, rolled } => (
            caster,
            format!("'s Sleep ({rolled} HD) takes no one near its point"),
        ),
        LogEvent::Woke { model } => (model, "wakes".into()),
        LogEvent::Healed { model, hd } => (model, format!("heals {hd} HD")),
        LogEvent::Removed { model, why } => {
            return Some((
                *model,
                format!("✝ {} is out of action ({why})", name(*model)),
            ));
        }
        LogEvent::FleeHeld { model, why } => (model, format!("cannot flee: {why}")),
        LogEvent::BlessingFaded { model } => (model, "'s Bless fades unused".into()),
        _ => return None,
    };
    // "'s Bless…" joins the name; every other verb follows it after a space.
    let gap = if what.starts_with('\'') { "" } else { " " };
    Some((*model, format!("{}{gap}{what}", name(*model))))
}

/// Where a spell is aimed, in words: "at Goblin #4", or "at a point (21.0\", 20.0\")".
fn aimed_at(aim: &SpellAim, name: &dyn Fn(ModelId) -> String) -> String {
    match aim {
        SpellAim::Model(t) => format!("at {}", name(*t)),
        SpellAim::Point(x, y) => format!("at a point ({x:.1}\", {y:.1}\")"),
    }
}

fn describe(c: &Command, name: &dyn Fn(ModelId) -> String) -> String {
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
        Command::Deploy(p) => crate::game::hud::placing_words(p, |m| name(*m)),
    }
}

#[cfg(test)]
mod tests;
