//! Where a model could go this movement phase: stay, charge each enemy in reach, head
//! for the nearest enemy, step in eight directions, or make for cover. Every candidate is
//! a legal end found by the engine's own geometry.

use super::snapshot::Snapshot;
use crate::battle::ModelView;
use crate::geometry::{MoveCheck, furthest_legal_beyond, gap};
use bevy_math::Vec2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Stay,
    Charge,
    Advance,
    Step,
    Cover,
    Retreat,
}

#[derive(Clone, Debug)]
pub struct Candidate {
    pub kind: Kind,
    pub check: MoveCheck,
}

/// `m`'s candidates; `nearest` is its nearest enemy (`Snapshot::nearest_enemy`, which its
/// judge has already looked for).
pub fn candidates(snap: &Snapshot, m: &ModelView, nearest: Option<&ModelView>) -> Vec<Candidate> {
    let start = m.base.center;
    let allowance = m.profile.armour.movement_allowance();
    // No move goes further than the allowance, so no base further off can stop, block
    // or be charged by any of these: sweeping only the near ones finds the same ends.
    let around = Vec2::splat(allowance + 1.0 + m.base.shape.reach());
    let (mover, mut others) = snap.mover_near(m, start - around, start + around);
    others.retain(|o| gap(&m.base, &o.base) <= allowance + 1.0);
    let mut out = vec![Candidate {
        kind: Kind::Stay,
        check: MoveCheck {
            end: start,
            cost: 0.0,
            charged: Vec::new(),
        },
    }];
    let push = |kind: Kind, toward: Vec2, out: &mut Vec<Candidate>| {
        // A move of under 0.05" is no candidate: one the limits along its line already
        // stop that short (a hair less, for rounding) is passed over unchecked.
        let Some(check) =
            furthest_legal_beyond(&mover, toward, snap.table, &others, &snap.terrain, 0.049)
        else {
            return;
        };
        if check.end.distance(start) < 0.05 {
            return;
        }
        if out
            .iter()
            .any(|c| c.check.end.distance(check.end) < 0.05 && c.check.charged == check.charged)
        {
            return;
        }
        let kind = if check.charged.is_empty() || kind == Kind::Charge {
            kind
        } else {
            Kind::Charge
        };
        out.push(Candidate { kind, check });
    };
    // Enemies in charge reach, in id order (looked for about the model, with a margin
    // for rounding, not among every model).
    for e in snap.around(&[m.side.other()], &m.base, allowance + 0.1) {
        if gap(&m.base, &e.base) <= allowance + 0.05 {
            push(Kind::Charge, e.base.center, &mut out);
        }
    }
    if let Some(n) = nearest {
        push(Kind::Advance, n.base.center, &mut out);
        let away = (start - n.base.center).normalize_or(Vec2::Y);
        push(Kind::Retreat, start + away * allowance, &mut out);
    }
    for i in 0..8 {
        let a = i as f32 * std::f32::consts::FRAC_PI_4;
        push(
            Kind::Step,
            start + Vec2::new(a.cos(), a.sin()) * allowance,
            &mut out,
        );
    }
    for t in snap
        .terrain
        .iter()
        .filter(|t| t.flags.cover && !t.flags.blocks_movement)
    {
        let c = t.points().iter().copied().sum::<Vec2>() / t.points().len() as f32;
        if c.distance(start) <= 2.0 * allowance + 4.0 {
            push(Kind::Cover, c, &mut out);
        }
    }
    out
}
