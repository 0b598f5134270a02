//! When a person's part of the battle began, so that a key which ends a part (Space)
//! is not heeded in its first moments: a press meant for the part before, or repeated
//! while the computer played, must not end this one before it was seen.

use std::time::{Duration, Instant};
use warband_rules::Side;

/// How long a person's part must have stood before a key may end it: longer than a
/// quick double press, shorter than anyone reads a new phase.
pub const GRACE: Duration = Duration::from_millis(600);

/// The part awaited of a person — whose, in which phase and round — and since when.
#[derive(Clone, Copy, Debug)]
pub struct Part<P> {
    key: Option<(Side, P, u32)>,
    since: Option<Instant>,
}

impl<P> Default for Part<P> {
    fn default() -> Self {
        Self {
            key: None,
            since: None,
        }
    }
}

impl<P: Copy + PartialEq> Part<P> {
    /// What is awaited now: a new part (another side, phase or round, or the
    /// computer's turn) starts the clock again.
    pub fn note(&mut self, key: Option<(Side, P, u32)>, now: Instant) {
        if key != self.key {
            self.key = key;
            self.since = Some(now);
        }
    }

    /// A key that ends a part, pressed `now`: heeded once the part has stood [`GRACE`],
    /// and then the part that follows starts now, whatever it is.
    pub fn heed(&mut self, now: Instant) -> bool {
        let settled = self
            .since
            .is_none_or(|t| now.saturating_duration_since(t) >= GRACE);
        if settled {
            self.since = Some(now);
        }
        settled
    }
}

/// The part in which a first Space asked before ending it (something was left to do).
pub type Asked<K> = Option<K>;

/// Whether Space ends the part `part` now. A second press while the ask of the first
/// still shows, in the same part, ends it at once (a quick double press too); the
/// caller forgets the ask once it no longer shows (see [`super::GameSession::ask`]). Else a
/// heeded press (past the part's first moment) ends it when nothing is `left` to do,
/// and with something left only asks (a stray Space cost a play-tester four heroes'
/// actions, another a whole movement phase).
pub fn space_ends<K: PartialEq>(
    asked: &mut Asked<K>,
    part: K,
    (left, heeded): (bool, bool),
) -> bool {
    let again = asked.take().is_some_and(|of| of == part);
    if again || (heeded && !left) {
        return true;
    }
    if heeded {
        *asked = Some(part);
    }
    false
}

/// Whether entry `e`, logged after a notice of the moment, ends it: a die; for an ask,
/// anything played (a refused command changes nothing, and the ask stands).
fn ends_notice<C, E>(e: &warband_table::log::Entry<C, E>, ask: bool) -> bool {
    use warband_table::log::Entry;
    match e {
        Entry::Die(_) => true,
        Entry::Refused { .. } => false,
        _ => ask,
    }
}

/// What the table said that is not about a command, when, and — for a notice of the
/// moment — how long the log was then (a die logged after that ends it; for an ask,
/// anything logged after it).
#[derive(Clone, Debug)]
pub struct Notice {
    pub words: String,
    pub since: Instant,
    logged: Option<usize>,
    ask: bool,
}

impl<R: warband_table::sim::Contest> super::GameSession<R> {
    /// Notes, each frame, which part of the battle is awaited of a person (in a
    /// network battle, of your seat, while the host's answer to your last command is
    /// on its way too: that wait does not start the part again).
    pub fn note_part(&mut self, now: Instant) {
        let key = self
            .person_awaited()
            .map(|s| (s, self.engine.phase(), R::round(self.engine.world())));
        self.part.note(key, now);
    }

    /// Gives a notice that stands its whole time, whatever is played meanwhile ("Saved
    /// as …").
    pub fn tell(&mut self, words: impl Into<String>, now: Instant) {
        self.notice = Some(Notice {
            words: words.into(),
            since: now,
            logged: None,
            ask: false,
        });
    }

    /// A notice about the play of the moment ("No fights this round …") as it stood when
    /// the log held `logged` entries: it goes with the first die logged after those, so
    /// it never stands over a roll that came after it (a play-tester saw it over the
    /// morale roll that followed; a phase passed straight into a morale roll is told
    /// of as it stood before the pass).
    pub fn tell_after(&mut self, words: impl Into<String>, now: Instant, logged: usize) {
        self.notice = Some(Notice {
            words: words.into(),
            since: now,
            logged: Some(logged),
            ask: false,
        });
    }

    /// Asks a person to press Space again ("No model has moved: Space again …"): the
    /// ask stands, however long the person thinks, until anything is played (a
    /// play-tester's second press nine seconds later only asked again).
    pub fn ask(&mut self, words: impl Into<String>, now: Instant) {
        self.notice = Some(Notice {
            words: words.into(),
            since: now,
            logged: Some(self.engine.log().events.len()),
            ask: true,
        });
    }

    /// The notice standing, and how long it still stands; none once its time is up
    /// (or, for a notice of the moment, once a die has been rolled since; an ask stands
    /// until anything is logged).
    pub fn notice_left(&self) -> Option<(&str, Duration)> {
        let n = self.notice.as_ref()?;
        let notice = crate::game::hud::dice_tray::NOTICE;
        let left = if n.ask {
            notice
        } else {
            notice.saturating_sub(n.since.elapsed())
        };
        // Only the entries since are read, not the whole log each frame.
        let events = &self.engine.log().events;
        let ended = n
            .logged
            .and_then(|at| events.get(at..))
            .is_some_and(|since| since.iter().any(|e| ends_notice(e, n.ask)));
        (!left.is_zero() && !ended).then_some((n.words.as_str(), left))
    }

    /// Whether the notice standing is the ask `ask` of a first Space (its words end so).
    pub fn ask_shown(&self, ask: &str) -> bool {
        self.ask_standing(ask).is_some()
    }

    /// The words of the ask of a first Space that end with `again`, while it stands: a
    /// panel shows them under the button that ends the same part.
    pub fn ask_standing(&self, again: &str) -> Option<&str> {
        self.notice_left()
            .map(|(words, _)| words)
            .filter(|words| words.ends_with(again))
    }

    /// A Space that ends the person's `part` (a phase, a step, an activation), pressed
    /// `heeded` or not ([`Self::heed_end_key`]): where something is still to do, `ask`
    /// holds the words that say so, ending with `again`, and the first heeded press
    /// only asks them; a second ends the part ([`space_ends`]). An ask no longer shown
    /// (another notice took its place, or something was played since) is asked again,
    /// never answered unseen by a later press. Whether this press ends the part.
    pub fn space_ends_part<K: PartialEq>(
        &mut self,
        (asked, part): (&mut Asked<K>, K),
        (ask, again): (Option<String>, &str),
        heeded: bool,
    ) -> bool {
        if !self.ask_shown(again) {
            *asked = None;
        }
        if space_ends(asked, part, (ask.is_some(), heeded)) {
            return true;
        }
        if let Some(words) = ask.filter(|_| heeded) {
            self.ask(words, Instant::now());
        }
        false
    }

    /// Whether a key that ends the person's part (Space) is heeded now: not in the
    /// part's first [`GRACE`], so a press repeated while the computer played, or meant
    /// for the part before, does not end this one unseen; and never while a question
    /// stands over the table.
    pub fn heed_end_key(&mut self) -> bool {
        !self.asking && self.part.heed(Instant::now())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A second press hard on the first, or a press as a new part comes to the player,
    /// is not heeded; one after the part has stood its grace is, once.
    #[test]
    fn a_part_is_ended_only_after_it_has_stood_a_moment() {
        let t0 = Instant::now();
        let mut part = Part::<u8>::default();
        assert!(part.heed(t0), "nothing noted yet: a press is heeded");
        assert!(!part.heed(t0 + GRACE / 2), "a double press");
        assert!(part.heed(t0 + GRACE), "a press after the grace");
        part.note(Some((Side::A, 1, 1)), t0 + GRACE * 2);
        assert!(!part.heed(t0 + GRACE * 2 + GRACE / 3), "the part just came");
        part.note(Some((Side::A, 1, 1)), t0 + GRACE * 3);
        assert!(part.heed(t0 + GRACE * 3), "the same part: its clock ran on");
        part.note(Some((Side::A, 2, 1)), t0 + GRACE * 5);
        assert!(!part.heed(t0 + GRACE * 5), "a new phase starts it again");
        part.note(None, t0 + GRACE * 6);
        part.note(Some((Side::A, 2, 1)), t0 + GRACE * 7);
        assert!(
            !part.heed(t0 + GRACE * 7),
            "the computer played in between: the same phase is a new part"
        );
    }
}
