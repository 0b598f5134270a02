//! The log's words: the engines' side letters and model ids put as names, and the side
//! each entry concerns (which colours its line).

use bevy::prelude::*;
use warband_rules::Side;
use warband_table::components::ModelId;
use warband_table::components::Team;
use warband_table::engine::ModelIndex;
use warband_table::log::Entry;

/// Why a battle ended, with each side's bare letter ("A has no model able to fight",
/// "A removed 10 HD, B removed 2 HD", "B's player did not come back") said as "side A",
/// which [`sides_named`] then names. An engine's reason uses the letters for nothing
/// else.
pub fn sided(reason: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for word in reason.split(' ') {
        let letter = word.trim_end_matches([',', ':', ';', '.']);
        let letter = letter.strip_suffix("'s").unwrap_or(letter);
        let after_side = out.last().is_some_and(|w| w.eq_ignore_ascii_case("side"));
        if matches!(letter, "A" | "B") && !after_side {
            out.push(format!("side {word}"));
        } else {
            out.push(word.to_string());
        }
    }
    out.join(" ")
}

/// `text` with the engines' "Side A" and "side B" put as the sides' army names, and a
/// side's letter that ends it ("initiative A") too.
pub fn sides_named(text: &str, names: [&str; 2]) -> String {
    let mut out = text.to_string();
    for (letter, name) in ["A", "B"].into_iter().zip(names) {
        for side in ["Side ", "side "] {
            out = out.replace(&format!("{side}{letter}"), name);
        }
        if let Some(head) = out.strip_suffix(&format!(" {letter}")) {
            out = format!("{head} {name}");
        }
    }
    out
}

/// `text` with every "`word` N" (an engine's "unit 3") put as `name(N)`.
pub fn ids_named(text: &str, word: &str, name: &dyn Fn(ModelId) -> String) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let after = &rest[at + word.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        out.push_str(&rest[..at]);
        match after[..digits].parse() {
            Ok(id) => out.push_str(&name(id)),
            Err(_) => out.push_str(word),
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// The side of model `id` on the table, if there is such a model.
pub(super) fn model_side(world: &World, id: ModelId) -> Option<Side> {
    let e = world.resource::<ModelIndex>().entity(id)?;
    world.get::<Team>(e).map(|t| t.0)
}

/// The fields that say whom a ruleset's event concerns, its first of them deciding: a
/// `side`, or a model (`model`, `unit`, `attacker`, `shooter`, `caster`, `aider`).
const CONCERNS: [&str; 7] = [
    "side:",
    "model:",
    "unit:",
    "attacker:",
    "shooter:",
    "caster:",
    "aider:",
];

/// The side a ruleset's event concerns, read from its fields as it is recorded (so an
/// event added later is coloured without a line here); None when it names neither.
pub fn event_side<E: serde::Serialize>(
    e: &E,
    side_of: &dyn Fn(ModelId) -> Option<Side>,
) -> Option<Side> {
    let text = ron::to_string(e).ok()?;
    let (at, key) = CONCERNS
        .iter()
        .filter_map(|k| {
            let open = text.find(&format!("({k}"));
            let next = text.find(&format!(",{k}"));
            open.into_iter().chain(next).min().map(|i| (i, *k))
        })
        .min()?;
    let value = &text[at + 1 + key.len()..];
    if key == "side:" {
        return match value.as_bytes().first() {
            Some(b'A') => Some(Side::A),
            Some(b'B') => Some(Side::B),
            _ => None,
        };
    }
    let digits = value.bytes().take_while(u8::is_ascii_digit).count();
    side_of(ModelId(value[..digits].parse().ok()?))
}

/// The side a table entry concerns: who sent the command, who won.
pub fn entry_side<C, E>(e: &Entry<C, E>) -> Option<Side> {
    match e {
        Entry::Accepted { side, .. } | Entry::Refused { side, .. } => Some(*side),
        Entry::BattleEnded { winner, .. } => *winner,
        Entry::Die(_) | Entry::Placed { .. } | Entry::Rules(_) => None,
    }
}
