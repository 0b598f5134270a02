//! The battle log every ruleset keeps: the events the table records for any ruleset —
//! each die with its clause, each command accepted or refused, the battle's end — and
//! the ruleset's own events between them, in the order they happened.

use crate::engine::{Dice, Outcome};
use crate::hash::Fnv;
use bevy_ecs::prelude::*;
use serde::Serialize;
use std::fmt::Debug;
use warband_rules::{DiceRoller, DieRoll, Side};

/// One entry of a battle's log: an event of the table, or ruleset `E`'s own.
///
/// The ruleset's events are written as themselves (the variant is untagged, and shown
/// without it), so a log reads — and digests — the same as when each ruleset's enum held
/// these variants.
#[derive(Clone, PartialEq, Serialize)]
pub enum Entry<C, E> {
    /// A die rolled, with the clause that rolled it.
    Die(DieRoll),
    Accepted {
        side: Side,
        command: C,
    },
    Refused {
        side: Side,
        command: C,
        reason: String,
    },
    BattleEnded {
        winner: Option<Side>,
        reason: String,
    },
    /// A model set down in deployment by hand, its centre at `at`.
    Placed {
        model: crate::components::ModelId,
        at: (f32, f32),
    },
    #[serde(untagged)]
    Rules(E),
}

impl<C: Debug, E: Debug> Debug for Entry<C, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Die(d) => f.debug_tuple("Die").field(d).finish(),
            Self::Accepted { side, command } => f
                .debug_struct("Accepted")
                .field("side", side)
                .field("command", command)
                .finish(),
            Self::Refused {
                side,
                command,
                reason,
            } => f
                .debug_struct("Refused")
                .field("side", side)
                .field("command", command)
                .field("reason", reason)
                .finish(),
            Self::BattleEnded { winner, reason } => f
                .debug_struct("BattleEnded")
                .field("winner", winner)
                .field("reason", reason)
                .finish(),
            Self::Placed { model, at } => f
                .debug_struct("Placed")
                .field("model", model)
                .field("at", at)
                .finish(),
            Self::Rules(e) => e.fmt(f),
        }
    }
}

impl<C, E> From<E> for Entry<C, E> {
    fn from(e: E) -> Self {
        Self::Rules(e)
    }
}

impl<C, E> Entry<C, E> {
    /// The record of how the battle ended.
    pub fn ended(o: &Outcome) -> Self {
        Self::BattleEnded {
            winner: o.winner,
            reason: o.reason.clone(),
        }
    }

    /// The die this entry records, if it records one.
    pub fn die(&self) -> Option<&DieRoll> {
        match self {
            Self::Die(d) => Some(d),
            _ => None,
        }
    }

    /// The ruleset's own event, if this is one.
    pub fn rules(&self) -> Option<&E> {
        match self {
            Self::Rules(e) => Some(e),
            _ => None,
        }
    }
}

/// The battle's log: every command accepted or refused, every die, everything that
/// happened, in order.
#[derive(Resource, Clone, Debug, Serialize)]
pub struct Log<C, E> {
    pub events: Vec<Entry<C, E>>,
}

impl<C, E> Default for Log<C, E> {
    fn default() -> Self {
        Self { events: Vec::new() }
    }
}

impl<C: Serialize, E: Serialize> Log<C, E> {
    /// Records an event: the ruleset's own, or an [`Entry`] of the table.
    pub fn push(&mut self, e: impl Into<Entry<C, E>>) {
        self.events.push(e.into());
    }

    /// Every die rolled, in order.
    pub fn dice(&self) -> impl Iterator<Item = &DieRoll> {
        self.events.iter().filter_map(Entry::die)
    }

    /// The ruleset's own events, in order.
    pub fn rules(&self) -> impl Iterator<Item = &E> {
        self.events.iter().filter_map(Entry::rules)
    }

    /// The log as it stood before the command now being judged (whose `Accepted` entry
    /// the engine writes first): what a ruleset's `apply` reads of the past.
    pub fn before_current(&self) -> &[Entry<C, E>] {
        match self.events.split_last() {
            Some((Entry::Accepted { .. }, rest)) => rest,
            _ => &self.events,
        }
    }

    /// A stable digest of the whole log, event for event (FNV-1a over each event's RON
    /// text): two battles with the same digest logged the same things in the same order.
    pub fn digest(&self) -> u64 {
        let mut h = Fnv::default();
        for e in &self.events {
            h.write_str(&ron::to_string(e).unwrap_or_default());
        }
        h.finish()
    }
}

/// What entry `i` of `events` went on to log: the entries after it, up to the next
/// command accepted (a command's dice, events and refusals).
pub fn logged_after<C, E>(events: &[Entry<C, E>], i: usize) -> &[Entry<C, E>] {
    let rest = &events[i + 1..];
    let end = rest
        .iter()
        .position(|e| matches!(e, Entry::Accepted { .. }))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// A command accepted, its side, and the entries logged after it.
pub type LastAccepted<'a, C, E> = (Side, &'a C, &'a [Entry<C, E>]);

/// The last command accepted in `events` (refusals after it passed over) and its side,
/// with everything logged after it: what "take back the last move" asks — was it a
/// plain move, and has anything (a die, a charge) happened since?
pub fn last_accepted<C, E>(events: &[Entry<C, E>]) -> Option<LastAccepted<'_, C, E>> {
    let kept = events
        .iter()
        .rposition(|e| !matches!(e, Entry::Refused { .. }))?;
    let at = events[..=kept]
        .iter()
        .rposition(|e| matches!(e, Entry::Accepted { .. }))?;
    let Entry::Accepted { side, command } = &events[at] else {
        return None;
    };
    Some((*side, command, &events[at + 1..=kept]))
}

/// Rolls with the battle's [`Dice`] and logs every die rolled, in order, in the battle's
/// `Log<C, E>`.
pub fn roll_logged<C, E, T>(world: &mut World, f: impl FnOnce(&mut DiceRoller) -> T) -> T
where
    C: Serialize + Send + Sync + 'static,
    E: Serialize + Send + Sync + 'static,
{
    let (out, records) = {
        let mut dice = world.resource_mut::<Dice>();
        let out = f(&mut dice.0);
        (out, dice.0.take_records())
    };
    let mut log = world.resource_mut::<Log<C, E>>();
    for r in records {
        log.push(Entry::Die(r));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use warband_rules::Die;

    /// What a ruleset's own event enum looks like.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Own {
        Moved { model: u32 },
    }

    /// The same log as one enum held it before the table kept its own entries.
    #[derive(Serialize)]
    enum Before {
        Die(DieRoll),
        Refused {
            side: Side,
            command: u8,
            reason: String,
        },
        BattleEnded {
            winner: Option<Side>,
            reason: String,
        },
        Moved {
            model: u32,
        },
    }

    fn die() -> DieRoll {
        let mut dice = DiceRoller::from_seed(3);
        dice.roll(Die::D6, "a test", &warband_rules::Clause::new("T §1"));
        dice.take_records().remove(0)
    }

    #[test]
    fn a_log_writes_and_shows_the_same_as_one_enum_of_every_event() {
        let mut log = Log::<u8, Own>::default();
        log.push(Entry::Die(die()));
        log.push(Entry::Refused {
            side: Side::A,
            command: 7,
            reason: "no".into(),
        });
        log.push(Own::Moved { model: 2 });
        log.push(Entry::ended(&Outcome {
            winner: Some(Side::B),
            reason: "rout".into(),
        }));
        let before = [
            Before::Die(die()),
            Before::Refused {
                side: Side::A,
                command: 7,
                reason: "no".into(),
            },
            Before::Moved { model: 2 },
            Before::BattleEnded {
                winner: Some(Side::B),
                reason: "rout".into(),
            },
        ];
        for (now, then) in log.events.iter().zip(&before) {
            assert_eq!(ron::to_string(now).unwrap(), ron::to_string(then).unwrap());
        }
        assert_eq!(format!("{:?}", log.events[2]), "Moved { model: 2 }");
        assert_eq!(log.dice().count(), 1);
        assert_eq!(log.rules().collect::<Vec<_>>(), [&Own::Moved { model: 2 }]);
    }
}
