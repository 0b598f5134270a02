//! Scoring with the exact odds of warband-rules: melee fights, shots, and how exposed a
//! place on the table is to the enemy's next shots and charges. Values are in expected
//! HD (removed from the enemy minus lost), the currency of Marauders' victory.

use super::snapshot::Snapshot;
use crate::battle::ModelView;
use crate::geometry::{LineOfFire, Placed, gap};
use crate::phases::{fight_dice, own_dice, shot_chances_each};
use smallvec::SmallVec;
use std::cell::OnceCell;
use warband_rules::marauders::damage::die_chance;
use warband_rules::marauders::melee_odds;
use warband_rules::marauders::shooting::shot_modifier;

/// Expected HD one side's damage dice remove from the other (never more than it has).
fn expected_damage(strikers: &[&ModelView], targets: &[&ModelView]) -> f64 {
    if targets.is_empty() {
        return 0.0;
    }
    let dice: u32 = strikers.iter().map(|m| u32::from(own_dice(m))).sum();
    let p: f64 = targets
        .iter()
        .map(|t| die_chance(t.effective_armour(), 0))
        .sum::<f64>()
        / targets.len() as f64;
    let hd: u32 = targets.iter().map(|t| u32::from(t.hd.left)).sum();
    (f64::from(dice) * p).min(f64::from(hd))
}

/// The expected HD exchange of a melee between `us` and `them`, from our side, with
/// the dice the engine would roll (Bless included).
pub fn melee_value(snap: &Snapshot, us: &[&ModelView], them: &[&ModelView]) -> f64 {
    let (a, b) = fight_dice(snap.blessings(), us, them, snap.round);
    let o = melee_odds(a, b);
    let give = expected_damage(us, them);
    let take = expected_damage(them, us);
    (o.a_wins + o.both) * give - (o.b_wins + o.both) * take
}

/// The value of one HD taken from `t`: a kill is worth more (it removes its dice and
/// pushes the enemy towards a morale check).
pub fn hd_worth(t: &ModelView) -> f64 {
    if t.hd.left <= 1 {
        1.0 + 0.5 * f64::from(t.hd.initial)
    } else {
        1.0
    }
}

/// What a blow at `t` gives back to its side when `t` is asleep: a hit wakes it
/// (RULINGS: asleep until hit), and the HD it keeps fight again. `any` is the chance that
/// something lands and `taken` the HD expected to (so `hd.left · any − taken`). A
/// sleeper is out of the fight until then, so a shot that wakes a big one (a
/// play-tester watched an Ogre put to sleep and shot awake in the same round) costs
/// more than it takes.
pub fn waking(t: &ModelView, taken: f64, any: f64) -> f64 {
    if t.conditions.asleep {
        (f64::from(t.hd.left) * any - taken).max(0.0)
    } else {
        0.0
    }
}

/// Expected value of `s` shooting at `t` from where they stand (0 if it cannot).
pub fn shot_value(snap: &Snapshot, s: &ModelView, t: &ModelView, moved: bool) -> f64 {
    match snap.shot_line(s, t) {
        Ok(line) => shot_value_along(snap, s, t, &line, moved),
        Err(_) => 0.0,
    }
}

/// [`shot_value`] along a line of fire already found.
pub fn shot_value_along(
    snap: &Snapshot,
    s: &ModelView,
    t: &ModelView,
    line: &LineOfFire,
    moved: bool,
) -> f64 {
    // Summed as `Iterator::sum` does (from −0.0, in order), with no list built.
    let mut value = -0.0;
    let group = snap.group_of(t.id);
    shot_chances_each(&snap.models, line, moved, t.id, group, |id, p| {
        if let Some(m) = snap.get(id) {
            // A friend's hit is a loss, waking it or not: so no shot is worth more
            // than the best hit on an enemy (`Snapshot::best_hit` bounds it).
            value += if m.side == s.side {
                -p * hd_worth(m)
            } else {
                p * hd_worth(m) - waking(m, p, p)
            };
        }
    });
    value
}

/// The best shot `s` could take from `at` next shooting phase.
pub fn best_shot_from(snap: &Snapshot, s: &ModelView, at: Placed, moved: bool) -> f64 {
    if s.profile.ranged.is_none() {
        return 0.0;
    }
    let mut s = s.clone();
    s.base = at;
    s.conditions.moved = moved;
    s.engaged_since = None;
    let mut best = 0.0;
    snap.targets_from(&s, &at, |t| {
        best = f64::max(best, shot_value(snap, &s, t, moved))
    });
    best
}

/// Expected HD `m` would lose standing at `at`: from enemy shooters that can see it, and
/// from enemies able to charge it next movement (as one group, with exact odds). Each
/// enemy's threat is shared among all of our models it could pick instead.
pub fn exposure(snap: &Snapshot, m: &ModelView, at: Placed) -> f64 {
    let (shots, melee) = exposure_parts(snap, m, at);
    (shots + melee).min(f64::from(m.hd.left))
}

/// [`exposure`] in two parts: (from shots, from charges).
pub fn exposure_parts(snap: &Snapshot, m: &ModelView, at: Placed) -> (f64, f64) {
    Threats::to(snap, m, m.base.center.distance(at.center)).exposure_parts(at)
}

/// The enemies that could shoot or charge `m` next round if it stood within `within`
/// inches of where it is, each with the number of targets it could pick among: the part
/// of [`exposure`] that does not depend on where `m` stands, worked out once for all of
/// a model's candidate places. (Enemies too far off to reach any of them are left out.)
pub struct Threats<'a> {
    snap: &'a Snapshot,
    me: ModelView,
    /// A few, held without allocating (a player weighs tens of thousands a batch).
    enemies: SmallVec<[Threat<'a>; 12]>,
}

struct Threat<'a> {
    enemy: &'a ModelView,
    /// How far it can charge (None: it is tied up in a fight).
    reach: Option<f32>,
    /// It and the models it could charge instead of `m`, plus one (counted when first
    /// needed: a count walks every model).
    charge_choices: OnceCell<f64>,
    /// As a shooter next round (whether or not it has shot this one): its range, and the
    /// models in its range, plus one (counted when first needed).
    shooter: Option<(f32, OnceCell<f64>)>,
}

impl<'a> Threats<'a> {
    pub fn to(snap: &'a Snapshot, m: &ModelView, within: f32) -> Self {
        Self::among(snap, m, within, snap.may_threaten(m, within))
    }

    /// [`Threats::to`], with the enemies that may threaten `m` from within `within`
    /// ([`Snapshot::may_threaten`]) already found.
    pub fn among(
        snap: &'a Snapshot,
        m: &ModelView,
        within: f32,
        threatening: super::snapshot::Near<'a>,
    ) -> Self {
        let mut me = m.clone();
        me.engaged_since = None;
        // Room for them all at once: in a crowd they outnumber the room held inline,
        // and a list grown threat by threat is copied at each step.
        let mut enemies = SmallVec::with_capacity(threatening.len());
        enemies.extend(
            threatening
                .into_iter()
                .filter(|e| e.side != m.side && !e.conditions.asleep)
                .filter(|e| {
                    let range = e.profile.ranged.as_ref().map_or(0.0, |w| w.range);
                    let reach = e.profile.armour.movement_allowance().max(range);
                    gap(&e.base, &m.base) <= reach + within + 0.5
                })
                .map(|e| {
                    let shooter = e
                        .profile
                        .ranged
                        .as_ref()
                        .filter(|_| !e.conditions.blinded && e.engaged_since.is_none())
                        .map(|weapon| (weapon.range, OnceCell::new()));
                    Threat {
                        enemy: e,
                        reach: e
                            .engaged_since
                            .is_none()
                            .then(|| e.profile.armour.movement_allowance()),
                        charge_choices: OnceCell::new(),
                        shooter,
                    }
                }),
        );
        Self { snap, me, enemies }
    }

    /// `e` and the models of ours other than `me` within `reach` of it, plus one.
    fn choices(&self, e: &ModelView, reach: f32) -> f64 {
        let within = |o: &ModelView| o.id != self.me.id && gap(&e.base, &o.base) <= reach;
        // Looked for a hair wider than `reach`, for rounding: the gap decides.
        self.snap
            .count_around(self.me.side, &e.base, reach + 1e-3, within) as f64
            + 1.0
    }

    /// Expected HD lost standing at `at`: (from shots, from charges).
    pub fn exposure_parts(&self, at: Placed) -> (f64, f64) {
        let snap = self.snap;
        let mut me = self.me.clone();
        me.base = at;
        let mut shots = 0.0;
        let mut chargers: Vec<&ModelView> = Vec::new();
        let mut share = 0.0;
        for t in &self.enemies {
            let e = t.enemy;
            if let Some(reach) = t.reach.filter(|reach| gap(&e.base, &at) <= *reach) {
                chargers.push(e);
                share += 1.0 / t.charge_choices.get_or_init(|| self.choices(e, reach));
            }
            if let Some((range, choices)) = &t.shooter
                && let Ok(obstacles) = snap.next_round_obstacles(e, &me)
            {
                shots += 0.5f64.powi(obstacles as i32)
                    * die_chance(me.effective_armour(), shot_modifier(false))
                    / choices.get_or_init(|| self.choices(e, *range));
            }
        }
        let melee = if chargers.is_empty() {
            0.0
        } else {
            let us = [&me];
            (-melee_value(snap, &us, &chargers)).max(0.0) * share / chargers.len() as f64
        };
        (shots, melee)
    }
}

/// Cover: whether a base standing at `at` touches cover terrain.
pub fn in_cover(snap: &Snapshot, at: &Placed) -> bool {
    snap.terrain.iter().any(|t| t.flags.cover && t.touches(at))
}
