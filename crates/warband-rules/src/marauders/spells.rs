//! Spells as data (RULINGS): Magic Missile, Sleep, Light, Cure Light Wounds, Bless.
//! The list lives in `assets/spells.ron`; the effects are played by the engine.

use serde::{Deserialize, Serialize};

/// A Marauders spell, by the name its files give it ("Magic Missile"). A name that is no
/// spell is an error where a bestiary or spell list is read (with its line and column).
/// It is written and shown as that name, and its `Debug` is the quoted name a `String`
/// had, so saves, log digests and state hashes read as before.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Spell {
    MagicMissile,
    Sleep,
    Light,
    CureLightWounds,
    Bless,
}

impl Spell {
    pub const ALL: [Spell; 5] = [
        Spell::MagicMissile,
        Spell::Sleep,
        Spell::Light,
        Spell::CureLightWounds,
        Spell::Bless,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Spell::MagicMissile => "Magic Missile",
            Spell::Sleep => "Sleep",
            Spell::Light => "Light",
            Spell::CureLightWounds => "Cure Light Wounds",
            Spell::Bless => "Bless",
        }
    }
}

impl std::fmt::Display for Spell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::fmt::Debug for Spell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.name())
    }
}

impl std::str::FromStr for Spell {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Spell::ALL
            .into_iter()
            .find(|x| x.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Spell::ALL.iter().map(|x| x.name()).collect();
                format!("unknown spell `{s}`: expected one of {}", names.join(", "))
            })
    }
}

impl TryFrom<String> for Spell {
    type Error = String;

    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

impl From<Spell> for String {
    fn from(s: Spell) -> Self {
        s.name().to_string()
    }
}

impl PartialEq<str> for Spell {
    fn eq(&self, other: &str) -> bool {
        self.name() == other
    }
}

/// What a spell is cast at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpellTarget {
    Enemy,
    Friend,
    /// A point on the table (Sleep).
    Point,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SpellEffect {
    /// Damage dice at a strength, with a modifier (Magic Missile: 2 HD, no −1).
    Damage { dice: u8, modifier: i8 },
    /// Roll `count` d`die` HD; enemy models of at most `max_hd` within `radius` of the
    /// point fall asleep, lowest HD first, while the total lasts.
    Sleep {
        count: u8,
        die: u8,
        radius: f32,
        max_hd: u8,
    },
    /// The target is blinded for the rest of the battle.
    Blind,
    /// Restores HD, up to the model's initial HD.
    Heal { hd: u8 },
    /// Extra melee dice for the caster's side in the target's melee group this round.
    Bless { dice: u8 },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpellDef {
    pub name: Spell,
    /// Range in inches from the caster's base edge; 0 means touch (base contact).
    pub range: f32,
    pub target: SpellTarget,
    pub effect: SpellEffect,
}

/// The candidates a Sleep roll of `total` HD puts to sleep. Candidates are (id, full
/// initial HD), in any order (sorted here): lowest HD first, then id, each costing its
/// HD (at least 1) from the total, stopping at the first it cannot cover.
pub fn sleep_victims<Id: Copy + Ord>(total: u32, candidates: &[(Id, u8)]) -> Vec<Id> {
    let mut sorted = candidates.to_vec();
    sorted.sort_by_key(|(id, hd)| (*hd, *id));
    let mut left = total;
    let mut out = Vec::new();
    for (id, hd) in sorted {
        let hd = u32::from(hd.max(1));
        if hd > left {
            break;
        }
        left -= hd;
        out.push(id);
    }
    out
}

/// The chance that Sleep's roll of `count` d`die` totals at least `hd`: the chance its
/// first (lowest-HD) victim falls asleep.
pub fn sleep_reaches(count: u8, die: u8, hd: u32) -> f64 {
    let mut dist = vec![1.0f64];
    for _ in 0..count {
        let mut next = vec![0.0; dist.len() + usize::from(die)];
        for (total, p) in dist.iter().enumerate() {
            for face in 1..=usize::from(die) {
                next[total + face] += p / f64::from(die);
            }
        }
        dist = next;
    }
    dist.iter().skip(hd as usize).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spell_reads_and_shows_as_its_name_and_a_stranger_is_named() {
        for s in Spell::ALL {
            assert_eq!(s.name().parse::<Spell>(), Ok(s));
            assert_eq!(ron::to_string(&s).unwrap(), format!("{:?}", s.name()));
            assert_eq!(format!("{s:?}"), format!("{:?}", s.name().to_string()));
        }
        let e = ron::from_str::<Spell>("\"Wish\"").unwrap_err().to_string();
        assert!(e.contains("unknown spell `Wish`"), "{e}");
    }

    #[test]
    fn sleeps_chance_is_the_roll_reaching_the_lowest_hd() {
        // 2d8 is at least 2 always, at least 16 once in 64.
        assert!((sleep_reaches(2, 8, 2) - 1.0).abs() < 1e-12);
        assert!((sleep_reaches(2, 8, 16) - 1.0 / 64.0).abs() < 1e-12);
        assert!(sleep_reaches(2, 8, 17).abs() < 1e-12);
        // At least 9 on 2d8: 36 of 64 (totals 9..16 come 8+7+…+1 ways).
        assert!((sleep_reaches(2, 8, 9) - 36.0 / 64.0).abs() < 1e-12);
    }

    /// Sampled: the closed form matches 200,000 rolls of 2d8 within 0.5%.
    #[test]
    fn sleeps_chance_matches_sampling() {
        let mut dice = crate::DiceRoller::from_seed(11);
        let n = 200_000;
        let hits = (0..n)
            .filter(|_| {
                u32::from(dice.face(crate::Die(8))) + u32::from(dice.face(crate::Die(8))) >= 11
            })
            .count();
        let sampled = hits as f64 / f64::from(n);
        assert!(
            (sampled - sleep_reaches(2, 8, 11)).abs() < 0.005,
            "{sampled}"
        );
    }

    #[test]
    fn sleep_takes_lowest_hd_first_while_the_total_lasts() {
        let c = [(1, 3), (2, 1), (3, 1), (4, 2)];
        assert_eq!(sleep_victims(4, &c), vec![2, 3, 4]);
        assert_eq!(sleep_victims(1, &c), vec![2]);
        assert_eq!(sleep_victims(0, &c), Vec::<u32>::new());
        // Stops at the first model it cannot cover, as in B/X.
        assert_eq!(sleep_victims(3, &[(1, 2), (2, 2)]), vec![1]);
    }
}
