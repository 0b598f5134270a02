//! Damage expressions (`1d8`, `2d4`, `1d6+1`, `3`): parsed from data, rolled from the
//! battle's dice, and their exact distribution. B/X: a hit always does at least 1 point.

use crate::{Clause, DiceRoller, Die};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// `count`d`sides` + `bonus`; written `1d8`, `2d4+1`, `1d6-1` or a flat `3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DamageExpr {
    pub count: u8,
    pub sides: u8,
    pub bonus: i8,
}

/// The most dice and sides one expression may name: beyond any weapon or monster.
pub const MAX_COUNT: u8 = 20;
pub const MAX_SIDES: u8 = 100;
/// A run of decimal digits as a number, however long (a number past `u64` is
/// `u64::MAX`, for the bounds to refuse); None for anything else.
fn whole(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.parse().unwrap_or(u64::MAX))
}

/// A [`whole`] number after an optional `+` or `-`.
fn signed(s: &str) -> Option<i128> {
    let (negative, digits) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let n = i128::from(whole(digits)?);
    Some(if negative { -n } else { n })
}

impl DamageExpr {
    pub const fn new(count: u8, sides: u8, bonus: i8) -> Self {
        Self {
            count,
            sides,
            bonus,
        }
    }

    /// The same expression with `extra` added (a strength bonus). A flat damage stays at
    /// least 1, as it rolls: written out, it must read back (a save holds it).
    pub fn plus(self, extra: i8) -> Self {
        let bonus = self.bonus.saturating_add(extra);
        Self {
            bonus: if self.count == 0 { bonus.max(1) } else { bonus },
            ..self
        }
    }

    /// Rolls it (each die recorded); at least 1.
    pub fn roll(self, dice: &mut DiceRoller, purpose: &str, clause: &Clause) -> u16 {
        let faces: Vec<u8> = (0..self.count)
            .map(|_| dice.roll(Die(self.sides), purpose, clause))
            .collect();
        self.total(faces)
    }

    /// The damage its dice came to with these `faces`: their sum and its bonus, at
    /// least 1.
    pub fn total(self, faces: impl IntoIterator<Item = u8>) -> u16 {
        let sum: i32 = faces.into_iter().map(i32::from).sum();
        (sum + i32::from(self.bonus)).max(1) as u16
    }

    /// The largest value it can give.
    pub fn max(self) -> u16 {
        (i32::from(self.count) * i32::from(self.sides) + i32::from(self.bonus)).max(1) as u16
    }

    /// Exact distribution: `pmf[k]` = P(the damage is k); `pmf[0]` is always 0.
    pub fn distribution(self) -> Vec<f64> {
        let mut sums = vec![1.0];
        for _ in 0..self.count {
            let mut next = vec![0.0; sums.len() + usize::from(self.sides)];
            for (s, p) in sums.iter().enumerate() {
                for face in 1..=usize::from(self.sides) {
                    next[s + face] += p / f64::from(self.sides);
                }
            }
            sums = next;
        }
        let mut pmf = vec![0.0; usize::from(self.max()) + 1];
        for (s, p) in sums.iter().enumerate() {
            let dmg = (s as i32 + i32::from(self.bonus)).max(1) as usize;
            pmf[dmg] += p;
        }
        pmf
    }
}

impl fmt::Display for DamageExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.count, self.bonus) {
            (0, b) => write!(f, "{b}"),
            (c, 0) => write!(f, "{c}d{}", self.sides),
            (c, b) => write!(f, "{c}d{}{b:+}", self.sides),
        }
    }
}

impl FromStr for DamageExpr {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{s}` is not a damage expression like 1d8, 2d4 or 1d6+1");
        let t = s.trim();
        let Some((count, rest)) = t.split_once('d') else {
            return match signed(t).ok_or_else(bad)? {
                n if n < 1 => Err(bad()),
                n => i8::try_from(n)
                    .map(|flat| Self::new(0, 1, flat))
                    .map_err(|_| format!("`{s}`: a flat damage of 1 to {}, please", i8::MAX)),
            };
        };
        let count = if count.is_empty() {
            Some(1)
        } else {
            whole(count)
        };
        let (sides, bonus) = match rest.find(['+', '-']) {
            Some(i) => (&rest[..i], signed(&rest[i..])),
            None => (rest, Some(0)),
        };
        let (Some(count), Some(sides), Some(bonus)) = (count, whole(sides), bonus) else {
            return Err(bad());
        };
        let within = |n: u64, low: u8, high: u8| (u64::from(low)..=u64::from(high)).contains(&n);
        if !within(count, 1, MAX_COUNT) || !within(sides, 2, MAX_SIDES) {
            return Err(format!(
                "`{s}`: 1 to {MAX_COUNT} dice of 2 to {MAX_SIDES} sides, please"
            ));
        }
        let bonus = i8::try_from(bonus)
            .map_err(|_| format!("`{s}`: a bonus of {} to +{}, please", i8::MIN, i8::MAX))?;
        Ok(Self::new(count as u8, sides as u8, bonus))
    }
}

impl TryFrom<String> for DamageExpr {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

impl From<DamageExpr> for String {
    fn from(d: DamageExpr) -> String {
        d.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn parses_and_prints_the_usual_forms() {
        for text in ["1d8", "2d4", "1d6+1", "1d4-1", "3"] {
            let d: DamageExpr = text.parse().unwrap();
            assert_eq!(d.to_string(), text);
        }
        assert_eq!(
            "d6".parse::<DamageExpr>().unwrap(),
            DamageExpr::new(1, 6, 0)
        );
        for bad in [
            "", "d", "1d", "1d1", "0d6", "x", "1d6+", "0", "99d6", "1d6*2", "1d6+-1", "1d+6",
            "-1d6", "1d6 +1",
        ] {
            assert!(bad.parse::<DamageExpr>().is_err(), "{bad}");
        }
        assert_eq!("1d4-1".parse(), Ok(DamageExpr::new(1, 4, -1)));
        assert_eq!("2d6+127".parse(), Ok(DamageExpr::new(2, 6, 127)));
        assert_eq!("1d4-128".parse(), Ok(DamageExpr::new(1, 4, -128)));
        assert_eq!("+3".parse(), Ok(DamageExpr::new(0, 1, 3)));
    }

    /// A damage's total is its dice and its bonus, at least 1 (B/X: every hit deals
    /// at least 1), and a roll deals what its recorded dice total.
    #[test]
    fn a_damage_totals_its_dice_and_bonus_at_least_1() {
        assert_eq!(DamageExpr::new(2, 4, 0).total([3, 4]), 7);
        assert_eq!(DamageExpr::new(1, 6, 1).total([4]), 5);
        assert_eq!(DamageExpr::new(1, 4, -1).total([1]), 1);
        assert_eq!(DamageExpr::new(1, 4, -1).total([3]), 2);
        let expr = DamageExpr::new(2, 6, -3);
        let mut dice = DiceRoller::from_seed(7);
        for _ in 0..50 {
            let dealt = expr.roll(&mut dice, "blow", &Clause::new("test"));
            let faces: Vec<u8> = dice.take_records().iter().map(|d| d.value).collect();
            assert_eq!(faces.len(), 2);
            assert_eq!(dealt, expr.total(faces));
        }
    }

    /// Numbers past any die are refused with the bound they break, however many digits
    /// they have: never read as something else, never a hang.
    #[test]
    fn absurd_numbers_are_refused_with_their_bound() {
        for absurd in [
            "999999d999999",
            "0d6",
            "21d6",
            "1d101",
            "1d0",
            "99999999999999999999999999d6",
        ] {
            let e = absurd.parse::<DamageExpr>().unwrap_err();
            assert!(
                e.contains("1 to 20 dice of 2 to 100 sides"),
                "{absurd}: {e}"
            );
        }
        for absurd in ["1d6+128", "1d6-129", "1d6+99999999999999999999"] {
            let e = absurd.parse::<DamageExpr>().unwrap_err();
            assert!(e.contains("a bonus of -128 to +127"), "{absurd}: {e}");
        }
        let e = "999999".parse::<DamageExpr>().unwrap_err();
        assert!(e.contains("a flat damage of 1 to 127"), "{e}");
    }

    /// Whatever a strength bonus adds, the expression written out reads back the same.
    #[test]
    fn every_expression_with_a_bonus_reads_back() {
        for base in ["1d6", "1d4-1", "2d6+127", "1d4-128", "1", "3", "127"] {
            let d: DamageExpr = base.parse().unwrap();
            for extra in [-128, -3, 0, 3, 127] {
                let with = d.plus(extra);
                assert_eq!(with.to_string().parse(), Ok(with), "{base} {extra:+}");
            }
        }
    }

    #[test]
    fn distributions_by_hand() {
        let d8 = DamageExpr::new(1, 8, 0).distribution();
        assert_eq!(d8.len(), 9);
        assert!(close(d8[0], 0.0) && close(d8[1], 0.125) && close(d8[8], 0.125));
        let two_d4 = DamageExpr::new(2, 4, 0).distribution();
        assert!(close(two_d4[2], 1.0 / 16.0) && close(two_d4[5], 4.0 / 16.0));
        // 1d6+1: 2..=7 evenly.
        let mm = DamageExpr::new(1, 6, 1).distribution();
        assert!(close(mm[1], 0.0) && close(mm[2], 1.0 / 6.0) && close(mm[7], 1.0 / 6.0));
        // 1d4-1: a 1 or a 2 both do the B/X minimum of 1.
        let weak = DamageExpr::new(1, 4, -1).distribution();
        assert!(close(weak[1], 0.5) && close(weak[2], 0.25) && close(weak[3], 0.25));
        for pmf in [d8, two_d4, mm, weak] {
            assert!(close(pmf.iter().sum(), 1.0));
        }
    }

    #[test]
    fn rolls_stay_within_the_distribution() {
        let mut dice = DiceRoller::from_seed(3);
        let e = DamageExpr::new(1, 4, -1);
        for _ in 0..200 {
            let v = e.roll(&mut dice, "test", &Clause::new("t"));
            assert!((1..=3).contains(&v));
        }
        assert_eq!(dice.take_records().len(), 200);
    }
}
