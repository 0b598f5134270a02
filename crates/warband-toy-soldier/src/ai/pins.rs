//! What danger is worth, as `normal` reckons it. Danger on a unit that will activate
//! costs it an AP apiece (it must defend each before it moves, shoots or fights) until
//! it has more than it can defend; beyond that the unit is pinned — out of the fight —
//! and more danger pays only as damage, when the unit must activate after all (its
//! side has no unpinned units left to spend its tokens on) and the danger it cannot
//! defend turns to damage and morale removes it. So a shot into a pinned unit is
//! nearly wasted while its side can soak its tokens elsewhere, and worth a great deal
//! once it cannot.

use crate::battle::{Battle, View, commander_near};
use bevy_ecs::world::World;
use std::rc::Rc;
use warband_rules::Side;
use warband_rules::toy_soldier::{activation_cost, removal_if_activated};
use warband_table::components::ModelId;

/// Every unit in play (in id order), whether each stands by its Command unit and
/// whether each is pinned, found once a decision: the worth of danger asks it of every
/// unit again and again (each `forced` asks it of a whole side), and each answer is a
/// gap between bases.
pub struct Units {
    all: Rc<Vec<View>>,
    near: Vec<bool>,
    pinned: Vec<bool>,
}

impl Units {
    pub fn new(all: Rc<Vec<View>>) -> Self {
        let near: Vec<bool> = all.iter().map(|v| commander_near(&all, v)).collect();
        let pinned = all
            .iter()
            .zip(&near)
            .map(|(v, n)| pinned_with(v, *n))
            .collect();
        Self { all, near, pinned }
    }

    pub fn all(&self) -> &[View] {
        &self.all
    }

    /// Where `v` stands in [`Units::all`], if it is that reading of the unit.
    pub fn place_of(&self, v: &View) -> Option<usize> {
        let i = self.all.binary_search_by_key(&v.id, |u| u.id).ok()?;
        (self.all[i].base == v.base && self.all[i].side == v.side && self.all[i].marks == v.marks)
            .then_some(i)
    }

    /// Whether `v` is its side's Command unit or within 6" of it (a unit of another
    /// reading is measured afresh).
    pub fn near(&self, v: &View) -> bool {
        match self.place_of(v) {
            Some(i) => self.near[i],
            None => commander_near(&self.all, v),
        }
    }

    /// The mean AP of the unit's next activation (its die, +1 with its commander near).
    pub fn mean_ap(&self, v: &View) -> f64 {
        mean_ap_with(v, self.near(v))
    }

    /// Pinned as `normal` reckons it: on a middling roll it could do nothing but defend
    /// (the table's padlock, [`crate::battle::pinned`], is the certain form: on its best
    /// roll).
    pub fn pinned(&self, v: &View) -> bool {
        match self.place_of(v) {
            Some(i) => self.pinned[i],
            None => pinned_with(v, self.near(v)),
        }
    }

    /// The chance the unit's next activation removes it, with `extra` more danger on it.
    pub fn removal(&self, v: &View, extra: u32) -> f64 {
        removal_with(v, self.near(v), extra)
    }

    /// Whether `side`, with `tokens` left, must activate a pinned unit this turn: its
    /// unpinned units (less `also`, counted pinned), each activated while the side can
    /// pay (1, 1, 2, 4 … tokens), cannot soak them, and a pinned unit it can afford is
    /// left over.
    pub fn forced(&self, side: Side, tokens: u32, also: Option<ModelId>) -> bool {
        let mut tokens = tokens;
        let (free, stuck): (Vec<_>, Vec<_>) = self
            .all
            .iter()
            .enumerate()
            .filter(|(_, u)| u.side == side)
            .partition(|(i, u)| !self.pinned[*i] && Some(u.id) != also);
        let mut spent: Vec<u32> = free.iter().map(|(_, u)| u.spent).collect();
        loop {
            let cheapest = spent
                .iter_mut()
                .min_by_key(|s| activation_cost(**s))
                .filter(|s| activation_cost(**s) <= tokens);
            let Some(s) = cheapest else { break };
            let cost = activation_cost(*s);
            tokens -= cost;
            *s += cost;
        }
        // A cost is at least 1, so an affordable one means tokens are left.
        stuck
            .iter()
            .any(|(_, u)| activation_cost(u.spent) <= tokens)
    }

    /// What `amount` more danger on `t` is worth, in AP denied: in full while `t` could
    /// still defend it, and beyond that the rise in its chance of removal (times its
    /// points, a removal being what the battle is counted in) — all of it if its side
    /// must activate it, a little if not.
    pub fn danger_worth(&self, t: &View, amount: f64, must_activate: bool) -> f64 {
        let have = f64::from(t.marks.danger);
        let full = (self.mean_ap(t) - have).clamp(0.0, amount);
        let extra = amount.round().max(0.0) as u32;
        let rise = self.removal(t, extra) - self.removal(t, 0);
        let likely = if must_activate { 1.0 } else { 0.15 };
        full + likely * rise * f64::from(t.unit.points())
    }

    /// What pinning the unpinned `t` would unlock: if it leaves its side (with `tokens`)
    /// forced to activate a pinned unit, the least that side can lose by it (its least
    /// costly pinned unit's points times that unit's chance of removal); else nothing.
    pub fn unlocks(&self, t: &View, tokens: u32) -> f64 {
        if self.pinned(t) || self.forced(t.side, tokens, None) {
            return 0.0;
        }
        if !self.forced(t.side, tokens, Some(t.id)) {
            return 0.0;
        }
        self.all
            .iter()
            .enumerate()
            .filter(|(i, u)| u.side == t.side && (u.id == t.id || self.pinned[*i]))
            .map(|(i, u)| removal_with(u, self.near[i], 0) * f64::from(u.unit.points()))
            .min_by(|x, y| x.total_cmp(y))
            .unwrap_or(0.0)
    }
}

/// Whether `v` is pinned, `near` its Command unit or not: on a middling roll it could
/// do nothing but defend.
fn pinned_with(v: &View, near: bool) -> bool {
    f64::from(v.marks.danger) >= mean_ap_with(v, near)
}

/// The mean AP of `v`'s next activation, `near` its Command unit or not.
fn mean_ap_with(v: &View, near: bool) -> f64 {
    let sides = f64::from(v.unit.activation_die().sides());
    (sides + 1.0) / 2.0 + f64::from(u8::from(near))
}

/// The chance `v`'s next activation removes it with `extra` more danger on it, `near`
/// its Command unit or not.
fn removal_with(v: &View, near: bool, extra: u32) -> f64 {
    removal_if_activated(
        v.unit.activation_die().sides(),
        v.unit.morale_die().sides(),
        near,
        v.marks.danger + extra,
        v.marks.damage,
    )
}

/// The tokens `side` has left this turn.
pub fn tokens(world: &World, side: Side) -> u32 {
    world.resource::<Battle>().side(side).tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::in_play_shared;

    /// The flags found once a decision serve only the reading they were found for: the
    /// same unit with more danger on it (a reading of what a shot would leave) is
    /// judged afresh, pinned, and the one in play still is not.
    #[test]
    fn another_reading_of_a_unit_is_judged_afresh() {
        let engine = crate::shipped("village-fight.ron", 1);
        let units = Units::new(in_play_shared(engine.world()));
        let v = units.all()[0].clone();
        assert!(!units.pinned(&v), "no danger on anyone at the start");
        let mut under_fire = v.clone();
        under_fire.marks.danger = 40;
        assert_eq!(units.place_of(&under_fire), None);
        assert!(units.pinned(&under_fire));
        assert!(units.removal(&under_fire, 0) > units.removal(&v, 0));
        assert_eq!(units.place_of(&v), Some(0));
        assert!(!units.pinned(&v));
    }
}
