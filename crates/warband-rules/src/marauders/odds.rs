//! Exact odds for Marauders, by closed form (no sampling): the melee contest, a damage
//! roll, and a shot through obstacles. The AI scores actions with these and the odds
//! panel shows them before a player commits.

use super::Armour;
use super::damage::die_chance;
use super::shooting::shot_modifier;
use crate::prob::{binomial, mean};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Chance of each melee outcome.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeleeOdds {
    pub a_wins: f64,
    pub b_wins: f64,
    pub both: f64,
}

/// Exact melee odds for `a` dice against `b` dice (see `melee_odds_summed`). Counts below
/// [`TABLED`] are read from a table of those same sums, worked out once a process: a
/// player weighs the same few contests thousands of times a battle.
pub fn melee_odds(a: usize, b: usize) -> MeleeOdds {
    static TABLE: OnceLock<[MeleeOdds; TABLED * TABLED]> = OnceLock::new();
    if a < TABLED && b < TABLED {
        let table = TABLE
            .get_or_init(|| std::array::from_fn(|i| melee_odds_summed(i / TABLED, i % TABLED)));
        return table[a * TABLED + b];
    }
    melee_odds_summed(a, b)
}

/// Dice counts below this are tabled by [`melee_odds`] (16 × 16 contests, 6 kB).
pub const TABLED: usize = 16;

/// Exact melee odds for `a` dice against `b` dice, summed.
///
/// For one side with n dice and a face m, let t(k) be P(every die shows at most m and
/// exactly k show m): t(k) = C(n,k) (1/6)^k ((m−1)/6)^(n−k), so t(0) = P(highest < m).
/// A wins with highest m when its count k ≥ 1 beats B's count j < k (j = 0 meaning B's
/// highest is below m): Σ_m Σ_k tA(k) Σ_{j<k} tB(j). Both damage when the counts match:
/// Σ_m Σ_{k≥1} tA(k) tB(k). O(6·max(a, b)) with no allocation: the five faces m = 2..6
/// advance together by the ratio t(k)/t(k−1) = (n−k+1)/(k (m−1)), so the inner loop
/// has no division and no dependency between faces; m = 1 (every die a 1) is closed form.
fn melee_odds_summed(a: usize, b: usize) -> MeleeOdds {
    if a == 0 && b == 0 {
        return MeleeOdds {
            a_wins: 0.0,
            b_wins: 0.0,
            both: 1.0,
        };
    }
    // 1/(m−1) for m = 2..=6.
    const INV_M1: [f64; 5] = [1.0, 1.0 / 2.0, 1.0 / 3.0, 1.0 / 4.0, 1.0 / 5.0];
    let (mut ta, mut tb) = ([0.0f64; 5], [0.0f64; 5]);
    for i in 0..5 {
        let below = (i + 1) as f64 / 6.0; // (m−1)/6
        ta[i] = below.powi(a as i32);
        tb[i] = below.powi(b as i32);
    }
    let (mut cum_a, mut cum_b) = (ta, tb);
    let (mut a_wins, mut b_wins, mut both) = ([0.0f64; 5], [0.0f64; 5], [0.0f64; 5]);
    for k in 1..=a.max(b) {
        let ratio = |n: usize| {
            if k <= n {
                (n - k + 1) as f64 / k as f64
            } else {
                0.0
            }
        };
        let (ra, rb) = (ratio(a), ratio(b));
        for i in 0..5 {
            ta[i] *= ra * INV_M1[i];
            tb[i] *= rb * INV_M1[i];
            a_wins[i] += ta[i] * cum_b[i];
            b_wins[i] += tb[i] * cum_a[i];
            both[i] += ta[i] * tb[i];
            cum_a[i] += ta[i];
            cum_b[i] += tb[i];
        }
    }
    // m = 1: all of a side's dice show 1, probability 6^−n; below 1 means no dice.
    let all_ones = |n: usize| (1.0f64 / 6.0).powi(n as i32);
    let ones = all_ones(a) * all_ones(b);
    let (a1, b1, both1) = match (a.cmp(&b), a.min(b)) {
        (_, 0) if a > 0 => (ones, 0.0, 0.0),
        (_, 0) => (0.0, ones, 0.0),
        (std::cmp::Ordering::Greater, _) => (ones, 0.0, 0.0),
        (std::cmp::Ordering::Less, _) => (0.0, ones, 0.0),
        (std::cmp::Ordering::Equal, _) => (0.0, 0.0, ones),
    };
    MeleeOdds {
        a_wins: a1 + a_wins.iter().sum::<f64>(),
        b_wins: b1 + b_wins.iter().sum::<f64>(),
        both: both1 + both.iter().sum::<f64>(),
    }
}

/// Damage distribution of `dice` damage dice against `armour` with a modifier, and its
/// mean: `distribution[k]` = P(exactly k HD removed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DamageOdds {
    pub distribution: Vec<f64>,
    pub mean: f64,
}

impl DamageOdds {
    /// The HD a model with `left` HD loses on average: damage past its last HD is lost
    /// with it (Magic Missile's 2 dice take at most 1 HD from a 1-HD orc).
    pub fn removed_mean(&self, left: u8) -> f64 {
        let left = usize::from(left);
        self.distribution
            .iter()
            .enumerate()
            .map(|(d, p)| d.min(left) as f64 * p)
            .sum()
    }
}

pub fn damage_distribution(dice: usize, armour: Armour, modifier: i8) -> DamageOdds {
    let distribution = binomial(dice, die_chance(armour, modifier));
    let mean = mean(&distribution);
    DamageOdds { distribution, mean }
}

/// Odds of one shot (1 HD strength) through `obstacles` obstacles in its line of fire:
/// the chance it reaches the target, the chance each obstacle in turn stops it, and the
/// chance it damages the target (reaches × one die passing at −1, or −2 if the shooter
/// moved).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShotOdds {
    pub reaches: f64,
    pub stopped_by: Vec<f64>,
    pub damages: f64,
}

pub fn shot_odds(armour: Armour, moved: bool, obstacles: usize) -> ShotOdds {
    shot_odds_with(armour, shot_modifier(moved), obstacles)
}

/// A shot with an explicit damage modifier (Magic Missile ignores the −1).
pub fn shot_odds_with(armour: Armour, modifier: i8, obstacles: usize) -> ShotOdds {
    let stopped_by: Vec<f64> = (0..obstacles).map(stop_chance).collect();
    let reaches = 0.5f64.powi(obstacles as i32);
    ShotOdds {
        reaches,
        damages: reaches * die_chance(armour, modifier),
        stopped_by,
    }
}

/// Which model a chance of [`shot_damage_each`] is for: the i-th obstacle or victim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotPart {
    InWay(usize),
    Struck(usize),
}

/// The exact chance each model is damaged by one shot (§4: obstacles in order, 4–6
/// stops the shot and a model so hit is damaged; a shot into melee damages a random
/// model of the group). `obstacles` are along the line from the shooter, `Some(armour)`
/// for a model in the way and `None` for terrain; `victims` are the models the shot
/// strikes if it gets through, each 1/N (the target alone, or its whole melee group).
/// Each chance is handed to `each`, the obstacles' then the victims', in the order
/// given, building no list (a player weighs thousands of shots a battle).
pub fn shot_damage_each(
    obstacles: impl ExactSizeIterator<Item = Option<Armour>>,
    victims: impl ExactSizeIterator<Item = Armour>,
    modifier: i8,
    mut each: impl FnMut(ShotPart, f64),
) {
    // Each obstacle stops the shot on 4–6: one half.
    let reaches = 0.5f64.powi(obstacles.len() as i32);
    for (i, o) in obstacles.enumerate() {
        if let Some(a) = o {
            each(ShotPart::InWay(i), stop_chance(i) * die_chance(a, modifier));
        } else {
            each(ShotPart::InWay(i), 0.0);
        }
    }
    let share = reaches / victims.len().max(1) as f64;
    for (j, a) in victims.enumerate() {
        each(ShotPart::Struck(j), share * die_chance(a, modifier));
    }
}

/// The chance the obstacle at index `i` (from 0, along the line) stops the shot: the
/// shot reaches it and it rolls 4–6.
fn stop_chance(i: usize) -> f64 {
    0.5f64.powi(i as i32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// Two dice that each pass half the time take 1 HD on average, but at most the HD a
    /// model has: 0.75 from a 1-HD model (1 − ¼), all of the mean from a 3-HD one.
    #[test]
    fn damage_past_the_last_hd_is_not_counted() {
        let two = DamageOdds {
            distribution: binomial(2, 0.5),
            mean: 1.0,
        };
        assert!(close(two.removed_mean(1), 0.75));
        assert!(close(two.removed_mean(2), 1.0));
        assert!(close(two.removed_mean(3), 1.0));
        assert!(close(two.removed_mean(0), 0.0));
    }

    /// The table holds the sum itself, bit for bit, each contest in its place, and the
    /// counts past it are summed as before.
    #[test]
    fn tabled_odds_are_the_summed_odds() {
        let bits = |o: MeleeOdds| [o.a_wins, o.b_wins, o.both].map(f64::to_bits);
        for a in 0..TABLED + 4 {
            for b in 0..TABLED + 4 {
                assert_eq!(
                    bits(melee_odds(a, b)),
                    bits(melee_odds_summed(a, b)),
                    "{a} v {b}"
                );
            }
        }
    }

    #[test]
    fn one_die_each_is_five_twelfths_five_twelfths_one_sixth() {
        let o = melee_odds(1, 1);
        assert!(close(o.a_wins, 5.0 / 12.0), "{o:?}");
        assert!(close(o.b_wins, 5.0 / 12.0));
        assert!(close(o.both, 1.0 / 6.0));
    }

    /// Every outcome of 2 dice against 1, counted by hand: 216 equally likely rolls.
    #[test]
    fn two_against_one_by_enumeration() {
        let (mut a, mut b, mut both) = (0u32, 0u32, 0u32);
        for x in 1..=6u8 {
            for y in 1..=6u8 {
                for z in 1..=6u8 {
                    match super::super::melee_contest(&[x, y], &[z]) {
                        super::super::MeleeOutcome::AWins => a += 1,
                        super::super::MeleeOutcome::BWins => b += 1,
                        super::super::MeleeOutcome::Both => both += 1,
                    }
                }
            }
        }
        let o = melee_odds(2, 1);
        assert!(close(o.a_wins, f64::from(a) / 216.0), "{o:?} vs {a}");
        assert!(close(o.b_wins, f64::from(b) / 216.0));
        assert!(close(o.both, f64::from(both) / 216.0));
        // By hand: B wins only when z beats both of A's dice: Σ_z ((z−1)/6)²/6 = 55/216.
        assert_eq!(b, 55);
    }

    #[test]
    fn odds_sum_to_one_up_to_sixty_a_side() {
        for a in 0..=60 {
            for b in [0, 1, 2, 7, 30, 60] {
                let o = melee_odds(a, b);
                assert!((o.a_wins + o.b_wins + o.both - 1.0).abs() < 1e-9, "{a}v{b}");
                let r = melee_odds(b, a);
                assert!(close(o.a_wins, r.b_wins) && close(o.both, r.both));
            }
        }
    }

    #[test]
    fn no_dice_always_loses() {
        let o = melee_odds(0, 3);
        assert!(close(o.b_wins, 1.0));
        assert!(close(melee_odds(0, 0).both, 1.0));
    }

    #[test]
    fn damage_distribution_hand_values() {
        // Two dice vs medium (4+): 1/4, 1/2, 1/4; mean 1.
        let d = damage_distribution(2, Armour::Medium, 0);
        assert!(close(d.distribution[0], 0.25) && close(d.distribution[1], 0.5));
        assert!(close(d.distribution[2], 0.25) && close(d.mean, 1.0));
        // One die vs heavy at −2: never.
        let d = damage_distribution(1, Armour::Heavy, -2);
        assert_eq!(d.distribution, vec![1.0, 0.0]);
    }

    /// [`shot_damage_each`]'s chances as lists: the obstacles', then the victims'.
    fn shot_damage_chances(
        obstacles: &[Option<Armour>],
        victims: &[Armour],
        modifier: i8,
    ) -> (Vec<f64>, Vec<f64>) {
        let (mut in_way, mut struck) = (Vec::new(), Vec::new());
        shot_damage_each(
            obstacles.iter().copied(),
            victims.iter().copied(),
            modifier,
            |part, p| match part {
                ShotPart::InWay(i) => in_way.insert(i, p),
                ShotPart::Struck(j) => struck.insert(j, p),
            },
        );
        (in_way, struck)
    }

    #[test]
    fn a_shot_into_melee_strikes_each_member_one_time_in_n() {
        // No obstacle, a melee of an unarmoured enemy and a heavy friend, −1:
        // each is picked 1/2; unarmoured 2+ at −1 needs a 3 (4/6), heavy a 6 (1/6).
        let (way, struck) = shot_damage_chances(&[], &[Armour::Unarmoured, Armour::Heavy], -1);
        assert!(way.is_empty());
        assert!(close(struck[0], 0.5 * 4.0 / 6.0) && close(struck[1], 0.5 / 6.0));
        // A wood then a light model in the way, one target of medium armour, −2:
        // the model stops it 1/4 and is then damaged on 5+ (2/6); the target is reached
        // 1/4 and damaged on a 6 (1/6).
        let (way, struck) =
            shot_damage_chances(&[None, Some(Armour::Light)], &[Armour::Medium], -2);
        assert!(close(way[0], 0.0) && close(way[1], 0.25 * 2.0 / 6.0));
        assert!(close(struck[0], 0.25 / 6.0));
    }

    #[test]
    fn shot_hand_values() {
        let s = shot_odds(Armour::Unarmoured, false, 0);
        assert!(close(s.reaches, 1.0) && s.stopped_by.is_empty());
        assert!(close(s.damages, 4.0 / 6.0));
        let s = shot_odds(Armour::Light, true, 2);
        assert_eq!(s.stopped_by, vec![0.5, 0.25]);
        assert!(close(s.reaches, 0.25));
        // Light 3+ at −2 needs a natural 5+: 2/6.
        assert!(close(s.damages, 0.25 * 2.0 / 6.0));
    }
}
