//! Which spell to declare, if any: each known spell is valued in expected HD at its best
//! target, discounted by the chance the caster is hurt before phase 6.

use super::eval::{exposure, hd_worth, waking};
use super::snapshot::Snapshot;
use crate::battle::ModelView;
use crate::command::Command;
use crate::components::SpellAim;
use crate::geometry::{Placed, gap};
use warband_rules::marauders::damage::die_chance;
use warband_rules::marauders::spells::{SpellDef, SpellEffect, SpellTarget};
use warband_table::components::ModelId;

/// Worth declaring only above this many expected HD.
const THRESHOLD: f64 = 0.3;

pub fn best_declaration(snap: &Snapshot, done: &[ModelId]) -> Option<Command> {
    let mut best: Option<(f64, Command)> = None;
    for c in snap.mine().filter(|m| {
        m.slots > 0 && m.declared.is_none() && !m.conditions.asleep && !done.contains(&m.id)
    }) {
        let keep = 1.0 - exposure(snap, c, c.base).min(1.0);
        for def in c
            .profile
            .spells
            .iter()
            .filter_map(|s| snap.spells.get(s.name()))
        {
            if let Some((v, aim)) = value(snap, c, def) {
                let v = v * keep;
                if v > THRESHOLD && best.as_ref().is_none_or(|(b, _)| v > *b) {
                    best = Some((
                        v,
                        Command::DeclareSpell {
                            caster: c.id,
                            spell: def.name.to_string(),
                            aim,
                        },
                    ));
                }
            }
        }
    }
    best.map(|(_, c)| c)
}

fn in_range(c: &ModelView, t: &ModelView, def: &SpellDef) -> bool {
    c.id == t.id || gap(&c.base, &t.base) <= def.range.max(crate::geometry::CONTACT_GAP)
}

fn value(snap: &Snapshot, c: &ModelView, def: &SpellDef) -> Option<(f64, SpellAim)> {
    let targets: Vec<&ModelView> = match def.target {
        SpellTarget::Enemy => snap.enemies().filter(|t| in_range(c, t, def)).collect(),
        SpellTarget::Friend => snap.mine().filter(|t| in_range(c, t, def)).collect(),
        SpellTarget::Point => Vec::new(),
    };
    let best_of = |f: &dyn Fn(&ModelView) -> f64| {
        targets
            .iter()
            .map(|t| (f(t), SpellAim::Model(t.id)))
            .max_by(|a, b| a.0.total_cmp(&b.0))
    };
    match &def.effect {
        SpellEffect::Damage { dice, modifier } => best_of(&|t| {
            let chance = die_chance(t.effective_armour(), *modifier);
            let taken = (f64::from(*dice) * chance).min(f64::from(t.hd.left));
            let any = 1.0 - (1.0 - chance).powi(i32::from(*dice));
            taken * hd_worth(t) - waking(t, taken, any)
        }),
        SpellEffect::Blind => best_of(&|t| {
            let shooter = if t.profile.ranged.is_some() { 0.6 } else { 0.0 };
            shooter + 0.15 * f64::from(t.hd.initial.min(6))
        }),
        SpellEffect::Heal { hd } => best_of(&|t| f64::from((*hd).min(t.hd.initial - t.hd.left))),
        SpellEffect::Bless { dice } => best_of(&|t| {
            if t.engaged_since.is_some() {
                0.25 * f64::from(*dice)
            } else {
                0.0
            }
        }),
        SpellEffect::Sleep { .. } => sleep_point(snap, c, def),
    }
}

/// The best point for caster `c`'s Sleep (`def`) among the enemies' centres in `snap`,
/// with the HD it is expected to put to sleep there.
pub(super) fn sleep_point(
    snap: &Snapshot,
    c: &ModelView,
    def: &SpellDef,
) -> Option<(f64, SpellAim)> {
    snap.enemies()
        .filter(|e| e.base.center.distance(c.base.center) - c.base.shape.reach() <= def.range)
        .map(|e| {
            let point = e.base.center;
            (
                sleep_value(snap, point, def),
                SpellAim::Point(point.x, point.y),
            )
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
}

/// The HD a Sleep (`def`) at `point` is expected to put to sleep among the awake
/// enemies of `snap` (0 for any other spell).
pub(super) fn sleep_value(snap: &Snapshot, point: bevy_math::Vec2, def: &SpellDef) -> f64 {
    let SpellEffect::Sleep {
        count,
        die,
        radius,
        max_hd,
    } = &def.effect
    else {
        return 0.0;
    };
    let dot = Placed::round(point, 0.0);
    let mut hds: Vec<u32> = snap
        .enemies()
        .filter(|v| {
            v.hd.initial <= *max_hd && !v.conditions.asleep && gap(&dot, &v.base) <= *radius
        })
        .map(|v| u32::from(v.hd.initial))
        .collect();
    hds.sort_unstable();
    expected_slept(&hds, *count, *die)
}

/// Expected HD put to sleep by `count`d`die` against HD sorted lowest first.
fn expected_slept(hds: &[u32], count: u8, die: u8) -> f64 {
    // Distribution of the total by convolution.
    let mut dist = vec![1.0f64];
    for _ in 0..count {
        let mut next = vec![0.0; dist.len() + usize::from(die)];
        for (s, p) in dist.iter().enumerate() {
            for f in 1..=usize::from(die) {
                next[s + f] += p / f64::from(die);
            }
        }
        dist = next;
    }
    let mut total = 0.0;
    let mut cumulative = 0u32;
    for hd in hds {
        cumulative += hd;
        let p: f64 = dist.iter().skip(cumulative as usize).sum();
        total += p * f64::from(*hd);
    }
    total
}

#[cfg(test)]
mod tests {
    #[test]
    fn expected_slept_by_hand() {
        // 1d2 against one 1 HD model: always; against a 2 HD model: half the time.
        assert!((super::expected_slept(&[1], 1, 2) - 1.0).abs() < 1e-12);
        assert!((super::expected_slept(&[2], 1, 2) - 1.0).abs() < 1e-12);
        assert!((super::expected_slept(&[1, 1], 1, 2) - 1.5).abs() < 1e-12);
    }
}
