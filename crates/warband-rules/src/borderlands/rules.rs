//! The Borderlands clauses that are decisions rather than tables: initiative order,
//! hit points, death saves and bleeding, first aid, the 4-to-1 limit, morale with "two
//! passes: to the end", and whom Sleep takes.

use super::profile::HpRoll;
use crate::{Clause, DiceRoller, Die};
use serde::{Deserialize, Serialize};

/// Who acts first this round (seed: highest d6 first; a tie acts together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    AFirst,
    BFirst,
    Together,
}

pub fn initiative(a: u8, b: u8) -> Order {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => Order::AFirst,
        std::cmp::Ordering::Less => Order::BFirst,
        std::cmp::Ordering::Equal => Order::Together,
    }
}

/// Rolls hit points: a monster 1d8 per HD (+ its modifier; ½ HD 1d4), a hero its class
/// die per level + CON modifier (each die at least 1). At least 1 in all.
pub fn roll_hp(hp: HpRoll, dice: &mut DiceRoller, purpose: &str, clause: &Clause) -> i32 {
    match hp {
        HpRoll::Monster(hd) if hd.half => i32::from(dice.roll(Die::D4, purpose, clause)),
        HpRoll::Monster(hd) => {
            let sum: i32 = (0..hd.dice)
                .map(|_| i32::from(dice.roll(Die::D8, purpose, clause)))
                .sum();
            (sum + i32::from(hd.modifier)).max(1)
        }
        HpRoll::Hero {
            level,
            die,
            con_bonus,
        } => (0..level)
            .map(|_| {
                (i32::from(dice.roll(Die(die), purpose, clause)) + i32::from(con_bonus)).max(1)
            })
            .sum(),
    }
}

/// A save succeeds on a d20 at or above its target.
pub fn saves(target: u8, roll: u8) -> bool {
    roll >= target
}

/// A dying hero dies outright at −CON hit points.
pub fn bled_out(hp: i32, con: u8) -> bool {
    hp <= -i32::from(con)
}

/// B/X Sleep: a sleeping model struck by an edged weapon is killed by that single
/// blow, whatever its hit points. Held and dying models are only hit without a roll.
pub fn slain_in_its_sleep(asleep: bool, edged: bool) -> bool {
    asleep && edged
}

/// First aid stabilises on a d20 at or under the aider's WIS.
pub fn first_aid_works(wis: u8, roll: u8) -> bool {
    roll <= wis
}

/// The lowest face of first aid's d20 that fails (WIS + 1), recorded as its die's
/// need: the die "passes" when it fails, as a Marauders obstacle die passes when it
/// stops the shot, and the tray reads it the other way round ("needs 1–10").
pub fn first_aid_fails_from(wis: u8) -> u8 {
    wis.saturating_add(1)
}

/// Chance first aid works.
pub fn first_aid_chance(wis: u8) -> f64 {
    f64::from(wis.min(20)) / 20.0
}

/// Whether one more attacker may join a melee on a target already held by `attackers`.
pub fn room_to_attack(attackers: usize, limit: usize) -> bool {
    attackers < limit
}

/// The 4-to-1 limit counted per round (RULINGS): `attacker` may make melee attacks on a
/// target that `so_far` (the different enemy models that attacked it this round) have
/// attacked, if it is one of them or they are fewer than the limit.
pub fn may_attack_this_round<Id: PartialEq>(so_far: &[Id], attacker: Id, limit: usize) -> bool {
    so_far.contains(&attacker) || room_to_attack(so_far.len(), limit)
}

/// Whether the target's melee attackers give it cover from a shot: only when 4 or more
/// enemies of it are in melee with it (RULINGS); with fewer the shot is taken normally.
pub fn melee_attackers_give_cover(attackers: usize) -> bool {
    attackers >= 4
}

/// Whether a hero at `hp` saves vs death at the end of this round: it is at 0 HP or
/// below and fell this round (`fell`: not yet saved) or was hit this round (RULINGS: for
/// the first time or again, stabilised or not).
pub fn death_save_due(hp: i32, fell: bool, hurt_this_round: bool) -> bool {
    hp <= 0 && (fell || hurt_this_round)
}

/// Whether a caster loses its spell: it was damaged earlier in the round before acting,
/// except in a simultaneous step, where nothing the other side does interrupts it.
pub fn spell_lost(hurt_this_round: bool, simultaneous: bool) -> bool {
    hurt_this_round && !simultaneous
}

/// A monster side's morale through the battle: checks passed, and whether it fled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleState {
    pub passes: u8,
    pub fled: bool,
}

impl MoraleState {
    /// A side that passed two checks fights to the end (B/X): it checks no more.
    pub fn checks(self) -> bool {
        !self.fled && self.passes < 2
    }

    /// The state after a check with this 2d6 total against `score`.
    pub fn after(self, score: u8, two_d6: u8) -> Self {
        if crate::morale::breaks(score, two_d6) {
            Self { fled: true, ..self }
        } else {
            Self {
                passes: self.passes + 1,
                ..self
            }
        }
    }
}

/// Whom Sleep takes from a 2d8 `budget` of HD: candidates (index, HD) lowest first, each
/// taken whole while the budget lasts (less than 1 HD counts 1; more than 4+1 HD is
/// never affected). Returns the indices taken.
pub fn sleep_victims(budget: u8, candidates: &[(usize, f32)]) -> Vec<usize> {
    let mut sorted: Vec<(usize, f32)> = candidates
        .iter()
        .copied()
        .filter(|(_, hd)| *hd <= 4.25)
        .collect();
    sorted.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    let mut left = f32::from(budget);
    let mut out = Vec::new();
    for (i, hd) in sorted {
        let cost = hd.max(1.0).floor();
        if cost > left {
            break;
        }
        left -= cost;
        out.push(i);
    }
    out
}

/// The chance that Sleep takes candidate `index`: the 2d8 budgets, each 1/64, whose
/// [`sleep_victims`] include it (exact).
pub fn sleep_chance(candidates: &[(usize, f32)], index: usize) -> f64 {
    let mut taken = 0;
    for a in 1..=8u8 {
        for b in 1..=8u8 {
            taken += u32::from(sleep_victims(a + b, candidates).contains(&index));
        }
    }
    f64::from(taken) / 64.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// By hand: a lone 1 HD model always sleeps (2d8 ≥ 2); a 4 HD one behind it needs
    /// 1 + 4 = 5 or more, missed by 2, 3, 4 (1 + 2 + 3 of 64); a 4+1 HD one alone needs 4
    /// (missed by 2 and 3: 3 of 64); a 5 HD one never.
    #[test]
    fn sleep_chance_is_counted_over_every_2d8() {
        assert_eq!(sleep_chance(&[(0, 1.0)], 0), 1.0);
        assert_eq!(sleep_chance(&[(0, 1.0), (1, 4.0)], 1), 58.0 / 64.0);
        assert_eq!(sleep_chance(&[(3, 4.25)], 3), 61.0 / 64.0);
        assert_eq!(sleep_chance(&[(0, 5.0)], 0), 0.0);
        assert_eq!(sleep_chance(&[(0, 1.0)], 7), 0.0, "not in the area");
    }
    use crate::borderlands::MonsterHd;

    #[test]
    fn the_four_to_one_limit_counts_attackers_per_round() {
        assert!(may_attack_this_round(&[1, 2, 3], 4, 4));
        assert!(!may_attack_this_round(&[1, 2, 3, 4], 5, 4));
        // One of the four attacks again.
        assert!(may_attack_this_round(&[1, 2, 3, 4], 2, 4));
        // Large: eight.
        assert!(may_attack_this_round(&[1, 2, 3, 4, 5, 6, 7], 9, 8));
        assert!(melee_attackers_give_cover(4) && !melee_attackers_give_cover(3));
    }

    #[test]
    fn death_saves_and_lost_spells() {
        assert!(death_save_due(0, false, true) && death_save_due(-7, false, true));
        assert!(death_save_due(-1, true, false));
        assert!(!death_save_due(-3, false, false) && !death_save_due(2, true, true));
        assert!(spell_lost(true, false));
        assert!(!spell_lost(true, true) && !spell_lost(false, false));
    }

    #[test]
    fn initiative_orders_and_ties() {
        assert_eq!(initiative(5, 2), Order::AFirst);
        assert_eq!(initiative(1, 6), Order::BFirst);
        assert_eq!(initiative(3, 3), Order::Together);
    }

    #[test]
    fn hit_points_are_rolled_per_die() {
        let mut dice = DiceRoller::from_seed(1);
        let c = Clause::new("t");
        for _ in 0..100 {
            let hd: MonsterHd = "1/2".parse().unwrap();
            assert!((1..=4).contains(&roll_hp(HpRoll::Monster(hd), &mut dice, "hp", &c)));
            let hd: MonsterHd = "3+1".parse().unwrap();
            assert!((4..=25).contains(&roll_hp(HpRoll::Monster(hd), &mut dice, "hp", &c)));
            let hd: MonsterHd = "1-1".parse().unwrap();
            assert!((1..=7).contains(&roll_hp(HpRoll::Monster(hd), &mut dice, "hp", &c)));
            let hero = HpRoll::Hero {
                level: 2,
                die: 4,
                con_bonus: -2,
            };
            assert!((2..=4).contains(&roll_hp(hero, &mut dice, "hp", &c)));
        }
    }

    #[test]
    fn death_bleeding_and_first_aid() {
        assert!(saves(14, 14) && !saves(14, 13));
        assert!(bled_out(-12, 12) && !bled_out(-11, 12));
        assert!(first_aid_works(10, 10) && !first_aid_works(10, 11));
        assert_eq!(first_aid_chance(13), 0.65);
    }

    #[test]
    fn four_to_one() {
        assert!(room_to_attack(3, 4) && !room_to_attack(4, 4) && room_to_attack(7, 8));
    }

    #[test]
    fn two_passes_fight_to_the_end() {
        let s = MoraleState::default().after(8, 7);
        assert!(s.checks() && s.passes == 1);
        let s = s.after(8, 8);
        assert!(!s.checks() && !s.fled);
        let fled = MoraleState::default().after(8, 9);
        assert!(fled.fled && !fled.checks());
    }

    #[test]
    fn sleep_takes_the_weakest_whole() {
        // 5 HD of sleep: two ½-HD kobolds (1 each), a 2 HD gnoll; not the 3+1 bugbear.
        let c = [(0, 3.25), (1, 0.5), (2, 2.0), (3, 0.5), (4, 6.0)];
        assert_eq!(sleep_victims(5, &c), vec![1, 3, 2]);
        assert_eq!(sleep_victims(1, &c), vec![1]);
        assert_eq!(sleep_victims(16, &c), vec![1, 3, 2, 0]);
    }
}
