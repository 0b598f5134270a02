//! Where a model could go this movement phase: stay, charge each enemy in reach, head
//! for the nearest enemy, step in those of eight directions that do not lead away from
//! it, retreat straight away from it, or make for cover. In a crowd it tries fewer
//! steps and no retreat. Every candidate is a legal end found by the engine's own
//! geometry.

use super::snapshot::Snapshot;
use crate::battle::ModelView;
use crate::geometry::{MeetOrder, MoveCheck, furthest_legal_beyond, gap};
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

/// Which of the eight steps a model tries, and where it stops trying some.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Steps {
    /// The widest angle, in degrees, between the way to the nearest enemy and a step
    /// (180: all eight).
    pub arc: f64,
    /// More bases than this within a move and an inch make a crowd. There a model tries
    /// only the steps within [`CROWD_ARC`] of the way and no retreat: in a packed horde
    /// the others are mostly blocked by friends, seldom chosen, and the dearest part of
    /// its thinking (`usize::MAX`: never a crowd).
    pub crowd: usize,
}

/// The widest step tried in a crowd, in degrees.
pub const CROWD_ARC: f64 = 67.5;

impl Steps {
    /// All eight steps and the retreat, however crowded.
    pub const ALL: Steps = Steps {
        arc: 180.0,
        crowd: usize::MAX,
    };
}

/// `m`'s candidates; `nearest` is its nearest enemy (`Snapshot::nearest_enemy`, which its
/// judge has already looked for). Of the eight steps, those more than `steps.arc`
/// degrees off the way to the nearest enemy are no candidates; the retreat straight away
/// from it always is, but in a crowd (`Steps::crowd`).
pub fn candidates(
    snap: &Snapshot,
    m: &ModelView,
    nearest: Option<&ModelView>,
    steps: Steps,
) -> Vec<Candidate> {
    let start = m.base.center;
    let allowance = m.profile.armour.movement_allowance();
    // No move goes further than the allowance, so no base further off can stop, block
    // or be charged by any of these: sweeping only the near ones finds the same ends.
    let (mover, others) = snap.mover_within(m, allowance + 1.0);
    let order = MeetOrder::of(&m.base, &others);
    let crowd = others.len() > steps.crowd;
    let arc = if crowd {
        steps.arc.min(CROWD_ARC)
    } else {
        steps.arc
    };
    // Room for every kind of candidate at once, as a crowd gives them.
    let mut out = Vec::with_capacity(16);
    out.push(Candidate {
        kind: Kind::Stay,
        check: MoveCheck {
            end: start,
            cost: 0.0,
            charged: Vec::new(),
        },
    });
    let push = |kind: Kind, toward: Vec2, out: &mut Vec<Candidate>| {
        // A move of under 0.05" is no candidate: one the limits along its line already
        // stop that short (a hair less, for rounding) is passed over unchecked.
        let Some(check) = furthest_legal_beyond(
            &mover,
            toward,
            snap.table,
            &others,
            &order,
            &snap.terrain,
            0.049,
        ) else {
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
    // Enemies in charge reach, in id order: among the bases near enough to meet (in id
    // order too, and all within the allowance and more).
    for o in others.iter().filter(|o| o.enemy) {
        if gap(&m.base, &o.base) <= allowance + 0.05 {
            push(Kind::Charge, o.base.center, &mut out);
        }
    }
    if let Some(n) = nearest {
        push(Kind::Advance, n.base.center, &mut out);
        if !crowd {
            let away = (start - n.base.center).normalize_or(Vec2::Y);
            push(Kind::Retreat, start + away * allowance, &mut out);
        }
    }
    // A step is tried if its cosine with the way ahead is at least the arc's (a hair
    // less, for rounding).
    let ahead = nearest.map(|n| n.base.center - start);
    let least = (arc.to_radians().cos() - 1e-4) as f32;
    for i in 0..8 {
        let a = i as f32 * std::f32::consts::FRAC_PI_4;
        let step = Vec2::new(a.cos(), a.sin());
        if ahead.is_some_and(|d| step.dot(d) < least * d.length()) {
            continue;
        }
        push(Kind::Step, start + step * allowance, &mut out);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::battles::each_movement;
    use crate::ai::{AiKind, Weights};

    /// Over a whole battle: within an arc of 90° no step leads away from the nearest
    /// enemy, steps out to the arc's edge are tried, and the steps that all eight ways
    /// would add are many.
    #[test]
    fn steps_stay_within_the_arc() {
        let (mut steps, mut wide, mut left_out) = (0, 0, 0);
        each_movement("woods-and-walls", 3, AiKind::Normal, |snap| {
            for m in snap.mine().filter(|m| !m.conditions.moved) {
                let Some(n) = snap.nearest_enemy(m) else {
                    continue;
                };
                let ahead = n.base.center - m.base.center;
                let all = candidates(snap, m, Some(n), Steps::ALL);
                let within = candidates(snap, m, Some(n), Weights::NORMAL.steps);
                for c in within.iter().filter(|c| c.kind == Kind::Step) {
                    let way = c.check.end - m.base.center;
                    let cos = way.dot(ahead) / (way.length() * ahead.length());
                    assert!(cos >= -1e-3, "a step {cos} off the way");
                    steps += 1;
                    wide += usize::from(cos < 0.5);
                }
                let count = |cs: &[Candidate]| cs.iter().filter(|c| c.kind == Kind::Step).count();
                left_out += count(&all).saturating_sub(count(&within));
            }
        });
        // Steps more than 60° off the way are tried too (a narrower arc would drop them).
        assert!(
            steps > 300 && wide > 100 && left_out > 300,
            "{steps} steps, {wide} wide, {left_out} left out"
        );
    }

    /// In a packed crowd `normal` tries no retreat and no step more than 67.5° off the way
    /// to its nearest enemy; with a move's room nearly clear it tries what it always did.
    #[test]
    fn a_crowd_tries_fewer_steps_and_no_retreat() {
        let setup = crate::scale::open_table(&crate::ai::battles::scenario("open-field"), 60, true);
        let normal = Weights::NORMAL.steps;
        let before = Steps {
            crowd: usize::MAX,
            ..normal
        };
        let (mut crowded, mut thinned, mut clear) = (0, 0, 0);
        crate::ai::battles::each_movement_in(&setup, 5, AiKind::Charge, |snap| {
            for m in snap.mine().filter(|m| !m.conditions.moved) {
                let Some(n) = snap.nearest_enemy(m) else {
                    continue;
                };
                let allowance = m.profile.armour.movement_allowance();
                let near = snap.mover_within(m, allowance + 1.0).1.len();
                let now = candidates(snap, m, Some(n), normal);
                let then = candidates(snap, m, Some(n), before);
                if near <= normal.crowd {
                    clear += 1;
                    assert_eq!(now.len(), then.len(), "a clear room thinned");
                    continue;
                }
                crowded += 1;
                thinned += usize::from(now.len() < then.len());
                let ahead = n.base.center - m.base.center;
                for c in &now {
                    assert_ne!(c.kind, Kind::Retreat, "a retreat in a crowd");
                    let way = c.check.end - m.base.center;
                    let cos = way.dot(ahead) / (way.length() * ahead.length());
                    if c.kind == Kind::Step {
                        let least = CROWD_ARC.to_radians().cos() - 1e-3;
                        assert!(cos >= least as f32, "a step {cos} off the way in a crowd");
                    }
                    assert!(then.iter().any(|t| t.check.end == c.check.end), "a new end");
                }
            }
        });
        assert!(
            crowded > 5000 && thinned > 5000 && clear > 5000,
            "{crowded} crowded, {thinned} thinned, {clear} clear"
        );
    }
}
