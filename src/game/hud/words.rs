//! The hud's words shared by every ruleset: what the side awaited is doing, a log
//! entry, a chance, a distance beyond a move.

use super::log;
use bevy_egui::egui;
use warband_table::log::Entry;

/// What the side awaited is doing, as the top bar says it: `yours` when a person must
/// act, "thinking…" while a computer does ("paused" while the watch is); in deployment
/// by hand, "set up a model" or "setting up…".
pub fn awaited_words<'a, R: warband_table::sim::Contest>(
    session: &crate::game::session::GameSession<R>,
    yours: &'a str,
) -> &'a str {
    if let Some(words) = connection_words(session) {
        return words;
    }
    match (
        session.engine.deploying().is_some(),
        session.human_turn().is_some(),
    ) {
        (true, true) => "set up a model",
        (true, false) => "setting up…",
        (false, true) => yours,
        (false, false) if session.net.as_ref().is_some_and(|n| n.pending()) => "sending…",
        (false, false) if session.remote_awaited() => "their move…",
        // Computers do not think while the watch is paused.
        (false, false) if session.pace.paused && !session.pace.step => "paused",
        (false, false) => "thinking…",
    }
}

/// What this window's connection holds play up by, where it does: said for the table,
/// not for the army awaited (None: nothing, or no network).
fn connection_words<R: warband_table::sim::Contest>(
    session: &crate::game::session::GameSession<R>,
) -> Option<&'static str> {
    let net = session.net.as_ref()?;
    if session.net_waiting() {
        Some("waiting for players…")
    } else if net.offline() {
        // A network battle that can no longer go on awaits no one.
        Some("offline")
    } else if net.state == crate::game::net::NetState::Reconnecting {
        Some("reconnecting…")
    } else {
        None
    }
}

/// What the top bar says of a replay: "Replay", or "Replay · paused".
pub fn replay_words<R: warband_table::sim::Contest>(
    session: &crate::game::session::GameSession<R>,
) -> &'static str {
    if session.pace.paused {
        "Replay · paused"
    } else {
        "Replay"
    }
}

/// Whose turn it is, for the top bar: `yours` when a person must act, the side's colour
/// while a computer thinks (or sets up), and the end.
pub fn turn_status<R: warband_table::sim::Contest>(
    ui: &mut egui::Ui,
    session: &crate::game::session::GameSession<R>,
    yours: &str,
) {
    if session.replay.is_some() {
        ui.strong(replay_words(session));
        return;
    }
    let words = awaited_words(session, yours);
    let words = if session.engine.deploying().is_some() {
        format!("Deployment: {words}")
    } else {
        words.to_string()
    };
    // Named by its army: "their move…" alone does not say whose (a spectator's bar).
    let armies = warband_table::scenario::Setup::armies(&session.setup);
    let named = |side: warband_rules::Side| match connection_words(session) {
        Some(_) => words.clone(),
        None => format!("{} — {words}", armies.get(side).name),
    };
    match (session.engine.awaiting(), session.human_turn()) {
        (Some(side), Some(_)) => ui.strong(named(side)),
        (Some(side), None) => ui.colored_label(crate::game::palette::side_egui(side), named(side)),
        (None, _) if session.engine.outcome().is_some() => ui.strong("Battle over"),
        _ => ui.label(""),
    };
}

/// A die as a log line shows it: its face after a colon, not an equals sign, which
/// read as the total of its purpose's "(1d8+1)" (a play-tester).
pub fn die_line(d: &warband_rules::DieRoll) -> String {
    format!("  🎲 {} {}: {} ({})", d.die, d.purpose, d.value, d.clause)
}

/// A log entry in words: the table's own entries written here, a command as the ruleset
/// says it, and the ruleset's events by `rules` (`None`: nothing worth a line).
pub fn entry_line<C, E>(
    e: &Entry<C, E>,
    command: impl Fn(&C) -> String,
    rules: impl Fn(&E) -> Option<String>,
) -> Option<String> {
    Some(match e {
        Entry::Die(d) => die_line(d),
        Entry::Accepted { side, command: c } => said_by(*side, &command(c)),
        Entry::Refused {
            side,
            command: c,
            reason,
        } => format!("✖ Refused: {} — {reason}", said_by(*side, &command(c))),
        Entry::BattleEnded { reason, .. } => format!("Battle over: {}", log::sided(reason)),
        // The placement's command already says it.
        Entry::Placed { .. } => return None,
        Entry::Rules(e) => return rules(e),
    })
}

/// How far an enemy beyond a move is, in figures that never read as within it: more
/// decimals where one would show the two alike, "just beyond" where two still would.
pub fn how_far(gap: f32, move_inches: f32) -> String {
    for places in [1, 2] {
        if format!("{gap:.places$}") != format!("{move_inches:.places$}") {
            return format!("{gap:.places$}\" away; its move is {move_inches:.places$}\"");
        }
    }
    format!("just beyond its move of {move_inches:.1}\"")
}

/// A file check's words as a player reads them: its `backticks` as quotation marks
/// ("army `Orcs`" → "army “Orcs”").
pub fn quoted(words: &str) -> String {
    let mut open = false;
    words
        .chars()
        .map(|c| match c {
            '`' => {
                open = !open;
                if open { '“' } else { '”' }
            }
            c => c,
        })
        .collect()
}

/// Words with their first letter in capitals ("turn" → "Turn").
pub fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// A name's possessive: "Orc lair's", "Keep adventurers'" (not "adventurers's").
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// A chance as a player reads it, to the whole per cent, never "-0%".
pub fn pct(p: f64) -> String {
    pct_to(p, 0)
}

/// A chance to `places` decimal places ("16.7%"), never "-0%" or past 0–100%.
pub fn pct_to(p: f64, places: usize) -> String {
    // Adding +0.0 turns a -0.0 into 0.0, which prints without its sign.
    format!("{:.places$}%", 100.0 * (p.clamp(0.0, 1.0) + 0.0))
}

/// A command's words as the log says them: one that names its model first stands alone
/// ("Orc #3 shoots at Elf #1", coloured by its side); one that does not is said by its
/// side ("Side A ends its step", the side then named by its army).
pub fn said_by(side: warband_rules::Side, words: &str) -> String {
    if words.starts_with(char::is_lowercase) {
        format!("{side} {words}")
    } else {
        words.to_string()
    }
}

/// A placement of deployment by hand in words, its model named by `name`.
pub fn placing_words(
    p: &warband_table::deployment::Placing,
    name: impl Fn(&warband_table::components::ModelId) -> String,
) -> String {
    use warband_table::deployment::Placing;
    match p {
        Placing::Model { model, .. } => format!("sets up {}", name(model)),
        Placing::Rest => "has the rest of its army set up".into(),
    }
}
