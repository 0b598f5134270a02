//! Marauders under the table's command fuzzer (`warband_table::fuzz`): its hostile
//! commands (unknown, zero and `u32::MAX` ids, NaN, infinite and huge coordinates, the
//! other side's models, the wrong phase, empty and over-full splits, spells nobody
//! knows) and its invariants. Used by `tests/fuzz.rs` and `examples/marauders_soak.rs`.

use crate::ai::AiKind;
use crate::battle::{Battle, models};
use crate::command::Allocation;
use crate::components::SpellAim;
use crate::engine::Marauders;
use crate::geometry::in_contact;
use crate::phases::Phase;
use crate::{Command, Engine, Side};
use warband_table::fuzz::{Fuzzed, Stream};

impl Fuzzed for Marauders {
    type Ledger = ();

    fn hostile(rng: &mut Stream, engine: &Engine, _: Side) -> Command {
        hostile(rng, engine)
    }

    fn ledger(_: &Engine) {}

    fn check(_: &(), engine: &Engine, _: &[crate::log::Entry]) -> Result<(), String> {
        invariants(engine)
    }

    fn fuzz_players() -> Vec<AiKind> {
        vec![AiKind::Random, AiKind::Normal, AiKind::Charge]
    }
}

/// What must hold after every accepted command: the table's bases apart and on it, HD
/// in 1..=initial for models in play, engagement exactly when touching an enemy.
pub fn invariants(engine: &Engine) -> Result<(), String> {
    let world = engine.world();
    warband_table::fuzz::bases_apart_on_table(world, world.resource::<Battle>().table)?;
    let all: Vec<_> = models(world).into_iter().filter(|m| m.in_play).collect();
    for m in &all {
        if m.hd.left == 0 || m.hd.left > m.hd.initial {
            return Err(format!(
                "model {} has {} of {} HD",
                m.id, m.hd.left, m.hd.initial
            ));
        }
        let touching = all
            .iter()
            .any(|o| o.side != m.side && in_contact(&m.base, &o.base));
        if touching != m.engaged_since.is_some() {
            return Err(format!(
                "model {} engaged {:?} but touching an enemy: {touching}",
                m.id, m.engaged_since
            ));
        }
    }
    Ok(())
}

/// A command chosen to be wrong in some way.
fn hostile(rng: &mut Stream, engine: &Engine) -> Command {
    let ids = rng.ids(models(engine.world()).len());
    let table = engine.battle().table;
    let coords = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        1e30,
        -3.0,
        rng.below(table.x as u64 + 1) as f32,
        rng.below(table.y as u64 + 1) as f32,
    ];
    let mut id = || rng.pick(&ids);
    let (m, t) = (id(), id());
    let to = (rng.pick(&coords), rng.pick(&coords));
    let alloc = |rng: &mut Stream| -> Vec<Allocation> {
        (0..rng.below(4))
            .map(|_| Allocation {
                attacker: rng.pick(&ids),
                target: rng.pick(&ids),
                dice: rng.pick(&[0, 1, 3, 255]),
            })
            .collect()
    };
    match rng.below(10) {
        0 => Command::Move { model: m, to },
        1 => Command::Disengage { model: m, to },
        2 => Command::UndoMove { model: m },
        3 => Command::Shoot {
            model: m,
            target: t,
        },
        4 => Command::ResolveMelee {
            model: m,
            allocation: Some(alloc(rng)).filter(|_| rng.below(2) == 0),
        },
        5 => Command::AllocateDamage {
            allocation: Some(alloc(rng)),
        },
        6 => Command::DeclareSpell {
            caster: m,
            spell: rng
                .pick(&["Magic Missile", "Sleep", "Bless", "Wish", ""])
                .into(),
            aim: if rng.below(2) == 0 {
                SpellAim::Model(t)
            } else {
                SpellAim::Point(to.0, to.1)
            },
        },
        7 => Command::ChooseOrder {
            first: vec![(
                rng.pick(&[Phase::Deploy, Phase::Movement, Phase::Over, Phase::Morale]),
                rng.pick(&Side::BOTH),
            )],
        },
        _ => Command::EndPhase,
    }
}
