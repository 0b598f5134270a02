//! Borderlands under the table's command fuzzer (`warband_table::fuzz`): hostile
//! commands — melee out of contact, shooting while in melee, first aid on the healthy,
//! spells with no slot left or at the table's edge, attacks on the dead and the fled,
//! withdrawing when free, ids that name nothing, NaN and absurd places — and its
//! invariants: hit points change only by the damage, bleeding and healing the log
//! records and never pass the maximum, a slain or fled model never acts or is acted on
//! again, no more than four attackers on one target in a round, slots only fall (one
//! for each spell cast or lost), and every base is on the table, apart from the others.

use crate::ai::AiKind;
use crate::battle::Battle;
use crate::command::Command;
use crate::components::{Hp, ModelId, OutOfAction, Slots, Team};
use crate::engine::{Borderlands, Engine};
use crate::log::{Entry, LogEvent};
use std::collections::{BTreeMap, BTreeSet};
use warband_rules::Side;
use warband_rules::borderlands::profile::Spell;
use warband_table::deployment::Placing;
use warband_table::fuzz::{Fuzzed, Stream, bases_apart_on_table};

/// What the invariants compare across one command, for every model (in play or not).
#[derive(Clone, Debug, PartialEq)]
pub struct Ledger {
    hp: BTreeMap<ModelId, Hp>,
    slots: BTreeMap<ModelId, [u8; 2]>,
    gone: BTreeSet<ModelId>,
    sides: BTreeMap<ModelId, Side>,
}

impl Fuzzed for Borderlands {
    type Ledger = Ledger;

    fn hostile(rng: &mut Stream, engine: &Engine, side: Side) -> Command {
        hostile(rng, engine, side)
    }

    fn ledger(engine: &Engine) -> Ledger {
        let world = engine.world();
        let mut l = Ledger {
            hp: BTreeMap::new(),
            slots: BTreeMap::new(),
            gone: BTreeSet::new(),
            sides: BTreeMap::new(),
        };
        for e in &world.resource::<crate::battle::ModelIndex>().0 {
            let e = world.entity(*e);
            let Some(id) = e.get::<ModelId>().copied() else {
                continue;
            };
            l.hp.extend(e.get::<Hp>().map(|h| (id, *h)));
            l.slots.extend(e.get::<Slots>().map(|s| (id, s.0)));
            l.sides.extend(e.get::<Team>().map(|t| (id, t.0)));
            if e.contains::<OutOfAction>() {
                l.gone.insert(id);
            }
        }
        l
    }

    fn check(before: &Ledger, engine: &Engine, added: &[Entry]) -> Result<(), String> {
        let world = engine.world();
        let battle = world.resource::<Battle>();
        bases_apart_on_table(world, battle.table)?;
        if let Some(Entry::Accepted { command, .. }) = added.first() {
            acts_on_the_living(before, command)?;
        }
        let expected = replay_ledger(before, added)?;
        let now = Self::ledger(engine);
        if let Some((id, hp)) = now.hp.iter().find(|(id, h)| expected.hp.get(id) != Some(h)) {
            return Err(format!(
                "model {id} has {hp:?}, but the log accounts for {:?}",
                expected.hp.get(id)
            ));
        }
        if let Some((id, hp)) = now.hp.iter().find(|(_, h)| h.now > h.max) {
            return Err(format!("model {id} has {hp:?}, over its maximum"));
        }
        if now.gone != expected.gone {
            return Err(format!(
                "out of action {:?}, but the log slew or saw flee {:?}",
                now.gone, expected.gone
            ));
        }
        slots_only_fall(before, &now, added)?;
        four_to_one(world, battle)
    }

    fn fuzz_players() -> Vec<AiKind> {
        vec![AiKind::Random, AiKind::Charge, AiKind::Easy, AiKind::Normal]
    }
}

/// The ledger `before` carried through the entries one command added.
fn replay_ledger(before: &Ledger, added: &[Entry]) -> Result<Ledger, String> {
    let mut l = before.clone();
    for entry in added {
        let Entry::Rules(e) = entry else { continue };
        match *e {
            LogEvent::Damage { model, amount, hp } => {
                set_hp(&mut l, model, hp, |was| was.now - i32::from(amount))?;
            }
            LogEvent::Bled { model, hp } => set_hp(&mut l, model, hp, |was| was.now - 1)?,
            LogEvent::Healed { model, amount, hp } => {
                set_hp(&mut l, model, hp, |was| {
                    (was.now + i32::from(amount)).min(was.max)
                })?;
            }
            // The guard records the departure; a second one is the error.
            LogEvent::Slain { model } | LogEvent::FledTable { model } if !l.gone.insert(model) => {
                return Err(format!("model {model} left the battle twice"));
            }
            _ => {}
        }
    }
    Ok(l)
}

/// Sets a model's HP to what the log says, checking it is what the event implies.
fn set_hp(
    l: &mut Ledger,
    model: ModelId,
    logged: i32,
    implied: impl Fn(Hp) -> i32,
) -> Result<(), String> {
    let hp =
        l.hp.get_mut(&model)
            .ok_or_else(|| format!("the log names model {model}, not in the battle"))?;
    let want = implied(*hp);
    if logged != want {
        return Err(format!(
            "model {model} at {} HP logged {logged}, not {want}",
            hp.now
        ));
    }
    hp.now = logged;
    Ok(())
}

/// An accepted command names no slain or fled model, as actor or target.
fn acts_on_the_living(before: &Ledger, command: &Command) -> Result<(), String> {
    let named = match *command {
        Command::Move { model, .. }
        | Command::Withdraw { model, .. }
        | Command::Retreat { model, .. }
        | Command::Hold { model } => vec![model],
        Command::Melee { model, target }
        | Command::Shoot { model, target }
        | Command::FirstAid { model, target }
        | Command::Cast { model, target, .. } => vec![model, target],
        Command::Deploy(_) | Command::EndStep | Command::UndoMove => Vec::new(),
    };
    match named.iter().find(|m| before.gone.contains(m)) {
        Some(m) => Err(format!(
            "model {m} is out of the battle but {command:?} was played"
        )),
        None => Ok(()),
    }
}

/// Slots never rise, and each spell cast (or lost, its caster hurt first) takes exactly
/// one.
fn slots_only_fall(before: &Ledger, now: &Ledger, added: &[Entry]) -> Result<(), String> {
    for (id, after) in &now.slots {
        let was = before.slots.get(id).copied().unwrap_or(*after);
        if after[0] > was[0] || after[1] > was[1] {
            return Err(format!("model {id}'s slots rose from {was:?} to {after:?}"));
        }
        let cast = added
            .iter()
            .filter(|e| {
                matches!(e, Entry::Rules(LogEvent::Cast { model, .. }
                    | LogEvent::SpellLost { model, .. }) if model == id)
            })
            .count();
        let spent = usize::from(was[0] - after[0]) + usize::from(was[1] - after[1]);
        if spent != cast {
            return Err(format!(
                "model {id} cast {cast} spells and spent {spent} slots"
            ));
        }
    }
    Ok(())
}

/// No target has more different melee attackers this round than its size allows (four
/// for a man-sized one: the 4-to-1 limit).
fn four_to_one(world: &bevy_ecs::world::World, battle: &Battle) -> Result<(), String> {
    let targets: BTreeSet<ModelId> = battle.melee_attackers.iter().map(|(t, _)| *t).collect();
    for t in targets {
        let limit =
            crate::battle::find(world, t).map_or(usize::MAX, |v| v.stats.size.attacker_limit());
        let attackers = battle.attackers_of(t);
        if attackers.len() > limit {
            return Err(format!(
                "model {t} was attacked by {attackers:?} this round, over its limit of {limit}"
            ));
        }
    }
    Ok(())
}

/// A command chosen to be wrong in some way: ids that name nothing, the dead, the
/// other side's models; places that are no number or off the table.
fn hostile(rng: &mut Stream, engine: &Engine, side: Side) -> Command {
    let l = Borderlands::ledger(engine);
    let table = engine.world().resource::<Battle>().table;
    let mut real: Vec<ModelId> = l.sides.keys().copied().collect();
    real.extend(rng.ids(l.sides.len()));
    let own: Vec<ModelId> = l
        .sides
        .iter()
        .filter(|(_, s)| **s == side)
        .map(|(m, _)| *m)
        .collect();
    let model = if own.is_empty() || rng.one_in(3) {
        rng.pick(&real)
    } else {
        rng.pick(&own)
    };
    let target = rng.pick(&real);
    let edge = (rng.pick(&[0.0, table.x]), rng.pick(&[0.0, table.y]));
    let to = if rng.one_in(2) {
        edge
    } else {
        (rng.number(table.x), rng.number(table.y))
    };
    match rng.below(11) {
        0 => Command::Move { model, to },
        1 => Command::Withdraw { model, to },
        2 => Command::Retreat { model, to },
        3 => Command::Melee { model, target },
        4 => Command::Shoot { model, target },
        5 => Command::Cast {
            model,
            spell: rng.pick(&Spell::ALL),
            target,
        },
        6 => Command::FirstAid { model, target },
        7 => Command::Hold { model },
        8 => Command::UndoMove,
        9 => Command::Deploy(Placing::Model { model, at: to }),
        _ => Command::EndStep,
    }
}
