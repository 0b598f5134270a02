//! Dice, the seeded roller, and the record every roll leaves behind.

use crate::Clause;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

/// A die with `sides` faces numbered 1..=sides (d4, d6, d8, d10, d12, d20, or any dN
/// used to pick one of N things at random).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Die(pub u8);

impl Die {
    pub const D4: Die = Die(4);
    pub const D6: Die = Die(6);
    pub const D8: Die = Die(8);
    pub const D10: Die = Die(10);
    pub const D12: Die = Die(12);
    pub const D20: Die = Die(20);

    pub fn sides(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.0)
    }
}

/// What one die showed, what it was for, and which clause asked for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    pub die: Die,
    pub value: u8,
    pub purpose: String,
    pub clause: Clause,
    /// The face it needed to succeed, where one face decides (a damage die: 4+ …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub need: Option<u8>,
}

impl DieRoll {
    /// Whether the die succeeded, if it had a face to meet.
    pub fn passed(&self) -> Option<bool> {
        self.need.map(|n| self.value >= n)
    }
}

/// The battle's one seeded stream of dice. ChaCha8 is portable: the same seed gives the
/// same faces on every platform and every version of this crate, because the mapping
/// from the stream to a face is our own (rejection sampling, below) and not `rand`'s.
///
/// Every roll is appended to [`DiceRoller::records`], which the caller drains into its
/// log with [`DiceRoller::take_records`].
#[derive(Clone, Debug)]
pub struct DiceRoller {
    rng: ChaCha8Rng,
    records: Vec<DieRoll>,
    /// Set for a look-ahead's forks: faces found from what each die is for.
    keyed: Option<Keyed>,
}

/// Dice keyed by what they are for ([`DiceRoller::keyed`]): the `n`th roll of one
/// purpose, clause and die shows the face a hash of the seed, that key and `n` gives,
/// whatever was rolled before it.
#[derive(Clone, Debug)]
struct Keyed {
    seed: u64,
    seen: HashMap<u64, u32>,
}

impl Keyed {
    fn face(&mut self, die: Die, purpose: &str, clause: &Clause) -> u8 {
        let key = fnv(
            fnv(
                fnv(0xcbf2_9ce4_8422_2325, purpose.as_bytes()),
                clause.as_str().as_bytes(),
            ),
            &[die.0],
        );
        let n = self.seen.entry(key).or_insert(0);
        *n += 1;
        let mut state =
            self.seed ^ key.rotate_left(17) ^ u64::from(*n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        face_from(die, || (splitmix(&mut state) >> 32) as u32)
    }
}

/// A face of `die` from 32-bit draws, by rejection sampling: draws at or above the
/// largest multiple of its sides that fits in 2^32 are redrawn, so every face is exactly
/// equally likely. The one mapping from draws to faces, stream or keyed.
fn face_from(die: Die, mut draw: impl FnMut() -> u32) -> u8 {
    let sides = u32::from(die.0.max(1));
    let zone = (1u64 << 32) - ((1u64 << 32) % u64::from(sides));
    loop {
        let d = draw();
        if u64::from(d) < zone {
            return (d % sides) as u8 + 1;
        }
    }
}

/// FNV-1a over `bytes`, from `hash`.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// SplitMix64's next output.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl DiceRoller {
    pub fn from_seed(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            records: Vec::new(),
            keyed: None,
        }
    }

    /// Dice for a look-ahead's forks: each face found from `seed`, what the die is for
    /// (its purpose, clause and kind) and how many such dice came before it, not from
    /// one stream. Two forks with one seed then roll the same faces for the same
    /// events — the third attack of one model on another, the fifth round's initiative
    /// — however their play differed before, so playouts compare the moves tried, not
    /// their luck (common random numbers event by event). Every face is still uniform
    /// and independent of the others.
    pub fn keyed(seed: u64) -> Self {
        Self {
            keyed: Some(Keyed {
                seed,
                seen: HashMap::new(),
            }),
            ..Self::from_seed(seed)
        }
    }

    /// Goes on from a new seed, keeping the rolls not yet taken: a network battle's
    /// dice for each command come from the battle seed and the host's salt for it.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    /// Rolls one die, records it and returns its face.
    pub fn roll(&mut self, die: Die, purpose: impl Into<String>, clause: &Clause) -> u8 {
        self.roll_needing(die, None, purpose, clause)
    }

    /// Rolls one die that succeeds on `need` or more (recorded with the die).
    pub fn roll_needing(
        &mut self,
        die: Die,
        need: Option<u8>,
        purpose: impl Into<String>,
        clause: &Clause,
    ) -> u8 {
        let purpose = purpose.into();
        let value = match &mut self.keyed {
            Some(keyed) => keyed.face(die, &purpose, clause),
            None => self.face(die),
        };
        self.records.push(DieRoll {
            die,
            value,
            purpose,
            clause: clause.clone(),
            need,
        });
        value
    }

    /// Rolls `count` dice of one kind for one purpose; one record per die.
    pub fn roll_pool(&mut self, count: usize, die: Die, purpose: &str, clause: &Clause) -> Vec<u8> {
        (0..count)
            .map(|_| self.roll(die, purpose, clause))
            .collect()
    }

    /// Rolls 2d6 and returns their sum (both dice are recorded).
    pub fn roll_2d6(&mut self, purpose: &str, clause: &Clause) -> u8 {
        self.roll(Die::D6, purpose, clause) + self.roll(Die::D6, purpose, clause)
    }

    /// Picks one of `n` things (0-based) with a recorded dN. `n` must be at least 1.
    pub fn pick(&mut self, n: usize, purpose: &str, clause: &Clause) -> usize {
        let n = u8::try_from(n.clamp(1, 255)).unwrap_or(u8::MAX);
        usize::from(self.roll(Die(n), purpose, clause) - 1)
    }

    /// Rolls without a record, for sampling tests and simulations that keep no log.
    pub fn face(&mut self, die: Die) -> u8 {
        face_from(die, || self.rng.next_u32())
    }

    pub fn records(&self) -> &[DieRoll] {
        &self.records
    }

    pub fn take_records(&mut self) -> Vec<DieRoll> {
        std::mem::take(&mut self.records)
    }
}

/// A number of dice in words: "1 die", "3 dice".
pub fn dice_words(n: impl Into<u64>) -> String {
    match n.into() {
        1 => "1 die".into(),
        n => format!("{n} dice"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: Clause = Clause::new("test");

    #[test]
    fn same_seed_same_faces() {
        let mut a = DiceRoller::from_seed(7);
        let mut b = DiceRoller::from_seed(7);
        let fa: Vec<u8> = (0..100).map(|_| a.face(Die::D20)).collect();
        let fb: Vec<u8> = (0..100).map(|_| b.face(Die::D20)).collect();
        assert_eq!(fa, fb);
        let mut c = DiceRoller::from_seed(8);
        let fc: Vec<u8> = (0..100).map(|_| c.face(Die::D20)).collect();
        assert_ne!(fa, fc);
    }

    #[test]
    fn faces_cover_exactly_one_to_sides() {
        let mut r = DiceRoller::from_seed(1);
        for die in [Die::D4, Die::D6, Die::D8, Die::D10, Die::D12, Die::D20] {
            let mut seen = vec![0u32; usize::from(die.sides()) + 1];
            for _ in 0..20_000 {
                let f = r.face(die);
                assert!((1..=die.sides()).contains(&f), "{die} gave {f}");
                seen[usize::from(f)] += 1;
            }
            assert_eq!(seen[0], 0);
            assert!(seen[1..].iter().all(|&c| c > 0), "{die} missed a face");
        }
    }

    /// `n` faces of a d6 drawn by `face`: each face within four sigma of a sixth.
    fn assert_d6_uniform(n: u32, mut face: impl FnMut(u32) -> u8) {
        let mut counts = [0u32; 7];
        for i in 0..n {
            counts[usize::from(face(i))] += 1;
        }
        let p = 1.0 / 6.0;
        let sigma = (f64::from(n) * p * (1.0 - p)).sqrt();
        for c in &counts[1..] {
            assert!(
                (f64::from(*c) - f64::from(n) * p).abs() < 4.0 * sigma,
                "{counts:?}"
            );
        }
    }

    #[test]
    fn d6_is_uniform_within_four_sigma() {
        let mut r = DiceRoller::from_seed(2024);
        assert_d6_uniform(600_000, |_| r.face(Die::D6));
    }

    #[test]
    fn every_roll_is_recorded_with_its_clause() {
        let mut r = DiceRoller::from_seed(3);
        let v = r.roll(Die::D6, "initiative", &TEST);
        let pool = r.roll_pool(3, Die::D6, "melee", &TEST);
        let sum = r.roll_2d6("morale", &TEST);
        let records = r.take_records();
        assert_eq!(records.len(), 6);
        assert_eq!(records[0].value, v);
        assert_eq!(records[0].purpose, "initiative");
        assert_eq!(records[0].clause, TEST);
        assert_eq!(
            records[1..4].iter().map(|d| d.value).collect::<Vec<_>>(),
            pool
        );
        assert_eq!(records[4].value + records[5].value, sum);
        assert!(r.records().is_empty());
        let v = r.roll_needing(Die::D6, Some(4), "damage", &TEST);
        let rec = &r.take_records()[0];
        assert_eq!(rec.need, Some(4));
        assert_eq!(rec.passed(), Some(v >= 4));
        assert_eq!(records[0].passed(), None);
    }

    /// Keyed dice: the same event shows the same face whatever was rolled before it,
    /// repeats of one event are fresh dice, and another seed gives other faces.
    #[test]
    fn keyed_dice_follow_the_event_not_the_stream() {
        let attacks = |r: &mut DiceRoller| -> Vec<u8> {
            (0..40)
                .map(|_| r.roll(Die::D20, "Orc attacks Fighter", &TEST))
                .collect()
        };
        let mut a = DiceRoller::keyed(9);
        let mut b = DiceRoller::keyed(9);
        // `b` rolls other dice first, as a fork that played differently would.
        b.roll_pool(7, Die::D6, "Fighter attacks Orc", &TEST);
        b.roll_2d6("morale", &TEST);
        let seen = attacks(&mut a);
        assert_eq!(seen, attacks(&mut b));
        assert!(
            seen.windows(2).any(|w| w[0] != w[1]),
            "repeats are fresh dice"
        );
        assert_ne!(seen, attacks(&mut DiceRoller::keyed(10)));
        // Another clause or die is another event.
        let mut c = DiceRoller::keyed(9);
        let other: Vec<u8> = (0..40)
            .map(|_| c.roll(Die::D20, "Orc attacks Fighter", &Clause::new("other")))
            .collect();
        assert_ne!(seen, other);
        // Recorded as any roll is.
        assert_eq!(a.take_records().len(), 40);
    }

    /// Keyed faces are uniform: every purpose's dice, and the dice of many purposes.
    #[test]
    fn keyed_d6_is_uniform_within_four_sigma() {
        let mut r = DiceRoller::keyed(2024);
        assert_d6_uniform(120_000, |i| {
            r.roll(Die::D6, format!("shot {}", i % 600), &TEST)
        });
    }

    #[test]
    fn pick_stays_in_range() {
        let mut r = DiceRoller::from_seed(4);
        for n in 1..10 {
            for _ in 0..50 {
                assert!(r.pick(n, "pick", &TEST) < n);
            }
        }
        assert_eq!(r.records()[0].die, Die(1));
    }

    #[test]
    fn one_die_many_dice() {
        assert_eq!(dice_words(1u8), "1 die");
        assert_eq!(dice_words(0u8), "0 dice");
        assert_eq!(dice_words(4u64), "4 dice");
    }
}
