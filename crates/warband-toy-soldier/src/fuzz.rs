//! Toy Soldier under the table's command fuzzer (`warband_table::fuzz`): hostile
//! commands — activating what cannot be afforded or is the other side's, defending
//! without danger, pivots of 1e9°, moves of −1" and NaN, volleys of 0 or 255 AP, healing
//! a foe, cursing a friend, ending the turn early, ids that name nothing — and its
//! invariants, as conservation over the log: a side's tokens are its allowance less the
//! costs its activations logged, the active unit's AP its roll less what it spent,
//! danger and damage change only by the amounts the log records, and every base is on
//! the table, apart from the others, its facing finite.

use crate::ai::AiKind;
use crate::battle::{Battle, in_play};
use crate::command::Command;
use crate::components::{Marks, ModelId};
use crate::engine::{Engine, ToySoldier};
use crate::log::{Entry, LogEvent};
use std::collections::BTreeMap;
use warband_rules::Side;
use warband_rules::toy_soldier::{PIVOT_AP, Spell, Step, activation_cost};
use warband_table::deployment::Placing;
use warband_table::fuzz::{Fuzzed, Stream, bases_apart_on_table};

/// What the invariants compare across one command.
#[derive(Clone, Debug, PartialEq)]
pub struct Ledger {
    tokens: [u32; 2],
    /// The active unit and its AP.
    active: Option<(ModelId, u32)>,
    /// Every unit in play: its side, marks and tokens spent this turn.
    units: BTreeMap<ModelId, (Side, Marks, u32)>,
}

impl Fuzzed for ToySoldier {
    type Ledger = Ledger;

    fn hostile(rng: &mut Stream, engine: &Engine, _: Side) -> Command {
        hostile(rng, engine)
    }

    fn ledger(engine: &Engine) -> Ledger {
        let world = engine.world();
        let b = world.resource::<Battle>();
        Ledger {
            tokens: [b.sides[0].tokens, b.sides[1].tokens],
            active: b.activation.as_ref().map(|a| (a.unit, a.ap)),
            units: in_play(world)
                .into_iter()
                .map(|v| (v.id, (v.side, v.marks, v.spent)))
                .collect(),
        }
    }

    fn check(before: &Ledger, engine: &Engine, added: &[Entry]) -> Result<(), String> {
        let world = engine.world();
        bases_apart_on_table(world, world.resource::<Battle>().table)?;
        let expected = replay_ledger(before, added)?;
        let now = Self::ledger(engine);
        if now.tokens != expected.tokens {
            return Err(format!(
                "tokens {:?}, but the log accounts for {:?}",
                now.tokens, expected.tokens
            ));
        }
        if now.active != expected.active {
            return Err(format!(
                "the active unit and its AP are {:?}, but the log accounts for {:?}",
                now.active, expected.active
            ));
        }
        if now.units != expected.units {
            let (id, was) = expected
                .units
                .iter()
                .find(|(id, u)| now.units.get(id) != Some(u))
                .or_else(|| {
                    now.units
                        .iter()
                        .find(|(id, _)| !expected.units.contains_key(id))
                })
                .expect("the maps differ");
            return Err(format!(
                "unit {id}: {:?} in play, but the log accounts for {was:?}",
                now.units.get(id)
            ));
        }
        Ok(())
    }

    fn fuzz_players() -> Vec<AiKind> {
        vec![AiKind::Random, AiKind::Charge, AiKind::Easy, AiKind::Normal]
    }
}

/// The ledger `before` carried through the log entries one command added: what the
/// battle must now hold.
fn replay_ledger(before: &Ledger, added: &[Entry]) -> Result<Ledger, String> {
    let mut l = before.clone();
    let command = match added.first() {
        Some(Entry::Accepted { command, .. }) => command.clone(),
        other => return Err(format!("the log begins with {other:?}, not the command")),
    };
    for (i, entry) in added.iter().enumerate() {
        if let Entry::Rules(e) = entry {
            apply_event(&mut l, e, &command, &added[..i])?;
        }
    }
    Ok(l)
}

/// Spends `ap` of the active unit's AP; more than it has is a broken invariant.
fn spend(l: &mut Ledger, ap: u32) -> Result<(), String> {
    let (unit, left) = l.active.ok_or("AP spent with no unit active")?;
    let rest = left
        .checked_sub(ap)
        .ok_or_else(|| format!("unit {unit} spent {ap} AP of {left}"))?;
    l.active = Some((unit, rest));
    Ok(())
}

/// AP given back to the active unit (a move or turn taken back).
fn refund(l: &mut Ledger, ap: u32) -> Result<(), String> {
    l.active
        .as_mut()
        .ok_or("AP given back with no unit active")?
        .1 += ap;
    Ok(())
}

fn marks(l: &mut Ledger, unit: ModelId) -> Result<&mut Marks, String> {
    l.units
        .get_mut(&unit)
        .map(|u| &mut u.1)
        .ok_or_else(|| format!("the log names unit {unit}, not in play"))
}

fn apply_event(
    l: &mut Ledger,
    e: &LogEvent,
    command: &Command,
    earlier: &[Entry],
) -> Result<(), String> {
    match *e {
        LogEvent::TurnStarted { tokens, .. } => {
            l.tokens = tokens;
            l.units.values_mut().for_each(|u| u.2 = 0);
        }
        LogEvent::Activated { unit, cost, ap, .. } => {
            let (side, _, spent) = *l.units.get(&unit).ok_or("an unknown unit activated")?;
            if cost != activation_cost(spent) {
                return Err(format!(
                    "unit {unit} paid {cost}, its cost being {}",
                    activation_cost(spent)
                ));
            }
            let t = &mut l.tokens[side.index()];
            *t = t
                .checked_sub(cost)
                .ok_or_else(|| format!("{side} paid {cost} of {t} tokens"))?;
            l.units.get_mut(&unit).expect("found").2 = spent + cost;
            l.active = Some((unit, ap));
        }
        LogEvent::SideDone { side } => l.tokens[side.index()] = 0,
        LogEvent::Defended { unit, danger } => {
            spend(l, 1)?;
            tally(unit, "danger", &mut marks(l, unit)?.danger, -1, danger)?;
        }
        LogEvent::Moved { ap, .. } | LogEvent::Shot { ap, .. } => spend(l, ap)?,
        LogEvent::Pivoted { .. } => spend(l, PIVOT_AP)?,
        LogEvent::MoveTakenBack { ap, .. } => refund(l, ap)?,
        LogEvent::TurnTakenBack { .. } => refund(l, PIVOT_AP)?,
        LogEvent::Magic { .. } => {
            let sure = matches!(command, Command::Magic { sure: true, .. });
            spend(l, warband_rules::toy_soldier::magic_cost(sure))?;
        }
        LogEvent::Melee { .. } if matches!(command, Command::Fight { .. }) => spend(l, 1)?,
        LogEvent::DangerPlaced {
            unit,
            amount,
            danger,
        } => tally(
            unit,
            "danger",
            &mut marks(l, unit)?.danger,
            amount.into(),
            danger,
        )?,
        LogEvent::Damaged {
            unit,
            amount,
            damage,
        } => tally(
            unit,
            "damage",
            &mut marks(l, unit)?.damage,
            amount.into(),
            damage,
        )?,
        LogEvent::Healed { unit, damage } => {
            tally(unit, "damage", &mut marks(l, unit)?.damage, -1, damage)?;
        }
        LogEvent::ActivationEnded { unit, .. } => end_activation(l, unit, earlier)?,
        LogEvent::Retreated { unit } => {
            l.units.remove(&unit);
            if l.active.is_some_and(|a| a.0 == unit) {
                l.active = None;
            }
        }
        LogEvent::FirstActivation { .. } | LogEvent::Morale { .. } | LogEvent::Melee { .. } => {}
    }
    Ok(())
}

/// Marks of `what` on `unit` changed by `change` (−1 for one defended or healed), which
/// the log says came to `logged`.
fn tally(unit: ModelId, what: &str, now: &mut u32, change: i64, logged: u32) -> Result<(), String> {
    if i64::from(*now) + change != i64::from(logged) {
        return Err(format!(
            "unit {unit}: {now} {what} {change:+} logged as {logged}"
        ));
    }
    *now = logged;
    Ok(())
}

/// An activation's end: its danger left undefended must have become that much damage.
fn end_activation(l: &mut Ledger, unit: ModelId, earlier: &[Entry]) -> Result<(), String> {
    if let Some(u) = l.units.get_mut(&unit) {
        let danger = u.1.danger;
        let converted = earlier.iter().rev().any(|e| {
            matches!(e, Entry::Rules(LogEvent::Damaged { unit: u, amount, .. })
                if *u == unit && *amount == danger)
        });
        if danger > 0 && !converted {
            return Err(format!(
                "unit {unit}'s {danger} danger vanished at its activation's end"
            ));
        }
        u.1.danger = 0;
    }
    l.active = None;
    Ok(())
}

/// A command chosen to be wrong in some way.
fn hostile(rng: &mut Stream, engine: &Engine) -> Command {
    let world = engine.world();
    let ids = rng.ids(world.resource::<crate::battle::ModelIndex>().0.len());
    let unit = rng.pick(&ids);
    let inches = rng.number(world.resource::<Battle>().table.x);
    match rng.below(12) {
        0 => Command::Activate { unit },
        1 => Command::Defend,
        2 => Command::Move {
            step: rng.pick(&Step::ALL),
            inches,
        },
        3 => Command::Pivot {
            degrees: rng.pick(&[1e9, f32::NAN, -720.0, 91.0, 45.0]),
        },
        4 => Command::Shoot {
            target: unit,
            ap: rng.pick(&[0, 1, 255, u32::MAX]),
        },
        5 => Command::Fight { target: unit },
        6 => Command::Magic {
            target: unit,
            spell: rng.pick(&[Spell::Heal, Spell::Curse]),
            sure: rng.one_in(2),
        },
        7 => Command::UndoMove,
        8 => Command::Done,
        9 => Command::Deploy(Placing::Model {
            model: unit,
            at: (inches, inches),
        }),
        10 => Command::Pass,
        _ => Command::Activate {
            unit: affordable_or_not(rng, engine),
        },
    }
}

/// A unit of either side, most often one that has already activated this turn (so its
/// cost has grown past what may be left).
fn affordable_or_not(rng: &mut Stream, engine: &Engine) -> ModelId {
    let units = in_play(engine.world());
    let spent: Vec<ModelId> = units.iter().filter(|v| v.spent > 0).map(|v| v.id).collect();
    let all: Vec<ModelId> = units.iter().map(|v| v.id).collect();
    if !spent.is_empty() && rng.below(3) > 0 {
        rng.pick(&spent)
    } else if all.is_empty() {
        ModelId(1)
    } else {
        rng.pick(&all)
    }
}
