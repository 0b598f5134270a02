//! Rolling to attack (seed "Rolling to Attack", "Ranged Attacks"; RULINGS B/X): d20 +
//! bonuses against THAC0 − AC; a natural 1 misses, a natural 20 hits. Cover is −4, and a
//! roll that would have hit without the −4 hits the cover instead.

use super::damage::DamageExpr;
use serde::{Deserialize, Serialize};

/// The cover penalty to hit.
pub const COVER_PENALTY: i32 = 4;

/// The d20 roll (with bonuses) an attack needs: THAC0 − AC.
pub fn needed(thac0: i8, ac: i8) -> i32 {
    i32::from(thac0) - i32::from(ac)
}

/// The d20 faces of an attack needing `need` with `bonus` at a target in cover: the
/// face from which it hits (4 more than in the open, never past 20), and the faces
/// below that which strike the cover (none where only a natural 20 hits at all).
pub fn cover_faces(need: i32, bonus: i32) -> (u8, Option<(u8, u8)>) {
    let hits = (need + COVER_PENALTY - bonus).clamp(2, 20);
    let low = (need - bonus).clamp(2, 20);
    let cover = (hits > low).then_some((low as u8, (hits - 1) as u8));
    (hits as u8, cover)
}

/// What one attack roll did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Swing {
    Hit,
    /// Would have hit but for the cover's −4: the cover takes it.
    HitCover,
    Miss,
}

/// Judges a natural d20 `roll` with `bonus` against the number `need`, in cover or not.
pub fn judge(roll: u8, bonus: i32, need: i32, cover: bool) -> Swing {
    match roll {
        1 => Swing::Miss,
        20 => Swing::Hit,
        r => {
            let total = i32::from(r) + bonus;
            let penalty = if cover { COVER_PENALTY } else { 0 };
            if total - penalty >= need {
                Swing::Hit
            } else if total >= need {
                Swing::HitCover
            } else {
                Swing::Miss
            }
        }
    }
}

/// Exact chances of one attack: the target hit, the cover hit, a miss.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwingOdds {
    pub hit: f64,
    pub cover: f64,
    pub miss: f64,
}

pub fn swing_odds(thac0: i8, ac: i8, bonus: i32, cover: bool) -> SwingOdds {
    let need = needed(thac0, ac);
    let mut faces = [0u32; 3];
    for roll in 1..=20u8 {
        faces[match judge(roll, bonus, need, cover) {
            Swing::Hit => 0,
            Swing::HitCover => 1,
            Swing::Miss => 2,
        }] += 1;
    }
    // Counted faces over 20: exact to the last digit (no running sum of 0.05s).
    let p = |n: u32| f64::from(n) / 20.0;
    SwingOdds {
        hit: p(faces[0]),
        cover: p(faces[1]),
        miss: p(faces[2]),
    }
}

/// The odds of an attack with its damage: to hit, to hit the cover, to miss, the damage
/// a hit does, and (given the target's HP) the chance it takes the target to 0 or below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttackOdds {
    pub hit: f64,
    pub cover: f64,
    pub miss: f64,
    pub damage: Vec<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kills: Option<f64>,
}

pub fn attack_odds(
    thac0: i8,
    ac: i8,
    bonus: i32,
    cover: bool,
    damage: DamageExpr,
    hp: Option<u16>,
) -> AttackOdds {
    let s = swing_odds(thac0, ac, bonus, cover);
    let pmf = damage.distribution();
    let kills = hp.map(|hp| s.hit * at_least(&pmf, hp));
    AttackOdds {
        hit: s.hit,
        cover: s.cover,
        miss: s.miss,
        damage: pmf,
        kills,
    }
}

/// P(a value of the distribution is at least `n`).
pub fn at_least(pmf: &[f64], n: u16) -> f64 {
    pmf.iter().skip(usize::from(n)).sum()
}

/// The chance a routine of attacks (each its own swing and damage) deals at least `hp`
/// in all: the distribution of the total, convolved attack by attack.
pub fn routine_total(swings: &[(f64, DamageExpr)]) -> Vec<f64> {
    let mut total = vec![1.0];
    for (hit, dmg) in swings {
        let pmf = dmg.distribution();
        let mut next = vec![0.0; total.len() + pmf.len()];
        for (t, p) in total.iter().enumerate() {
            next[t] += p * (1.0 - hit);
            for (d, q) in pmf.iter().enumerate() {
                next[t + d] += p * hit * q;
            }
        }
        total = next;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// By hand: 12 to hit in the open needs 16 in cover, 12–15 strike the cover; a +2
    /// lowers both by 2; past 20 only a natural 20 hits, and where even the open needs a
    /// 20 nothing strikes the cover.
    #[test]
    fn the_faces_in_cover_by_hand() {
        assert_eq!(cover_faces(12, 0), (16, Some((12, 15))));
        assert_eq!(cover_faces(12, 2), (14, Some((10, 13))));
        assert_eq!(cover_faces(18, 0), (20, Some((18, 19))));
        assert_eq!(cover_faces(21, 0), (20, None));
        assert_eq!(cover_faces(2, 3), (3, Some((2, 2))));
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn thac0_19_against_ac_5_needs_14() {
        assert_eq!(needed(19, 5), 14);
        let s = swing_odds(19, 5, 0, false);
        // 14..=20: seven faces.
        assert!(close(s.hit, 0.35) && close(s.cover, 0.0) && close(s.miss, 0.65));
    }

    #[test]
    fn natural_one_and_twenty() {
        // Needs 25: only the natural 20 hits.
        let s = swing_odds(19, -6, 0, false);
        assert!(close(s.hit, 0.05));
        // Needs 10 with +9: every face but the natural 1.
        let s = swing_odds(19, 9, 9, false);
        assert!(close(s.hit, 0.95) && close(s.miss, 0.05));
        assert_eq!(judge(20, -10, 30, true), Swing::Hit);
        assert_eq!(judge(1, 30, 2, false), Swing::Miss);
    }

    #[test]
    fn cover_takes_the_near_misses() {
        // THAC0 19 v AC 7 needs 12; in cover 16+ hits, 12–15 hit the cover.
        let s = swing_odds(19, 7, 0, true);
        assert!(close(s.hit, 0.25) && close(s.cover, 0.20) && close(s.miss, 0.55));
        assert_eq!(judge(15, 0, 12, true), Swing::HitCover);
        assert_eq!(judge(16, 0, 12, true), Swing::Hit);
    }

    #[test]
    fn negative_bonus_and_kills() {
        let o = attack_odds(19, 5, -1, false, DamageExpr::new(1, 8, 0), Some(6));
        // Needs 14 on d20−1: 15..=20 = 6 faces.
        assert!(close(o.hit, 0.30));
        // Then 6, 7 or 8 on the d8.
        assert!(close(o.kills.unwrap(), 0.30 * 3.0 / 8.0));
        assert!(close(o.hit + o.cover + o.miss, 1.0));
    }

    #[test]
    fn a_routine_sums_its_attacks() {
        let d = DamageExpr::new(1, 2, 0);
        let t = routine_total(&[(0.5, d), (0.5, d)]);
        // Each attack: 0 (½), 1 (¼), 2 (¼).
        assert!(close(t[0], 0.25) && close(t[1], 0.25) && close(t[4], 1.0 / 16.0));
        assert!(close(t.iter().sum(), 1.0));
    }
}
