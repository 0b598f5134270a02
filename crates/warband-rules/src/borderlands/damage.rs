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

impl DamageExpr {
    pub const fn new(count: u8, sides: u8, bonus: i8) -> Self {
        Self {
            count,
            sides,
            bonus,
        }
    }

    /// The same expression with `extra` added (a strength bonus).
    pub fn plus(self, extra: i8) -> Self {
        Self {
            bonus: self.bonus.saturating_add(extra),
            ..self
        }
    }

    /// Rolls it (each die recorded); at least 1.
    pub fn roll(self, dice: &mut DiceRoller, purpose: &str, clause: &Clause) -> u16 {
        let faces: i32 = (0..self.count)
            .map(|_| i32::from(dice.roll(Die(self.sides), purpose, clause)))
            .sum();
        (faces + i32::from(self.bonus)).max(1) as u16
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
            let flat: i8 = t.parse().map_err(|_| bad())?;
            return if flat >= 1 {
                Ok(Self::new(0, 1, flat))
            } else {
                Err(bad())
            };
        };
        let count: u8 = if count.is_empty() {
            1
        } else {
            count.parse().map_err(|_| bad())?
        };
        let (sides, bonus) = match rest.find(['+', '-']) {
            Some(i) => (
                &rest[..i],
                rest[i..]
                    .trim_start_matches('+')
                    .parse::<i8>()
                    .map_err(|_| bad())?,
            ),
            None => (rest, 0),
        };
        let sides: u8 = sides.parse().map_err(|_| bad())?;
        if !(1..=MAX_COUNT).contains(&count) || !(2..=MAX_SIDES).contains(&sides) {
            return Err(format!(
                "`{s}`: 1 to {MAX_COUNT} dice of 2 to {MAX_SIDES} sides, please"
            ));
        }
        Ok(Self::new(count, sides, bonus))
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
            "", "d", "1d", "1d1", "0d6", "x", "1d6+", "0", "99d6", "1d6*2",
        ] {
            assert!(bad.parse::<DamageExpr>().is_err(), "{bad}");
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
