//! Shooting, melee, magic and morale, with their exact odds.

use super::unit::{Kind, UnitProfile};
use crate::Aspect;
use serde::{Deserialize, Serialize};

/// What protects the target of a shot: cover halves its danger, shields halve it, both
/// divide it by 3.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShotCover {
    pub cover: bool,
    pub shields: bool,
}

impl ShotCover {
    pub fn divisor(self) -> u32 {
        1 + u32::from(self.cover) + u32::from(self.shields)
    }
}

/// How far a unit shoots: its activation die's maximum in inches, double for artillery.
pub fn shot_range(u: &UnitProfile) -> f32 {
    let die = f32::from(u.activation_die().sides());
    if u.kind == Kind::Artillery {
        2.0 * die
    } else {
        die
    }
}

/// How far a magical unit's heal or curse reaches: its activation die's maximum in
/// inches.
pub fn magic_range(u: &UnitProfile) -> f32 {
    f32::from(u.activation_die().sides())
}

/// What a charger's roll is multiplied by for the face it strikes: ×1 front, ×2 side,
/// ×3 rear.
pub fn zone_multiplier(aspect: Aspect) -> u32 {
    match aspect {
        Aspect::Front => 1,
        Aspect::Side => 2,
        Aspect::Rear => 3,
    }
}

/// The danger of a volley after cover and shields: the whole part that lands for sure,
/// and the d6 face a remainder needs (e.g. 2 danger ÷ 3: none sure, a point on 3+).
pub fn landed(danger: u32, protection: ShotCover) -> (u32, Option<u8>) {
    let d = protection.divisor();
    let (whole, rem) = (danger / d, danger % d);
    // A remainder of r/d lands with chance r/d: on a d6, faces 7 - 6r/d and up.
    let need = (rem > 0).then(|| (7 - 6 * rem / d) as u8);
    (whole, need)
}

/// The exact distribution of the danger a volley of `danger` puts on its target.
pub fn landed_distribution(danger: u32, protection: ShotCover) -> Vec<f64> {
    let (whole, need) = landed(danger, protection);
    let mut out = vec![0.0; whole as usize + 2];
    match need {
        None => out[whole as usize] = 1.0,
        Some(n) => {
            let p = f64::from(7 - n) / 6.0;
            out[whole as usize] = 1.0 - p;
            out[whole as usize + 1] = p;
        }
    }
    while out.len() > 1 && out.last() == Some(&0.0) {
        out.pop();
    }
    out
}

/// One side's melee score: its activation die's roll, +1 for the unit that began the
/// fight, minus its own danger and damage (not below 0), then ×2 for a charger striking
/// a side or ×3 the rear, then halved (rounded down) for artillery.
pub fn melee_score(
    roll: u8,
    initiator: bool,
    penalty: u32,
    aspect: Aspect,
    artillery: bool,
) -> u32 {
    let raw = (u32::from(roll) + u32::from(initiator)).saturating_sub(penalty);
    let multiplied = raw * zone_multiplier(aspect);
    if artillery {
        multiplied / 2
    } else {
        multiplied
    }
}

/// One fighter in a melee, as the odds need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fighter {
    /// Its activation die's faces.
    pub die: u8,
    /// Its danger + damage.
    pub penalty: u32,
    pub artillery: bool,
}

/// The exact odds of a melee: the danger each side receives (index 0 includes ties and
/// winning) and the chance of a tie.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeleeOdds {
    pub to_defender: Vec<f64>,
    pub to_attacker: Vec<f64>,
    pub tie: f64,
}

/// The odds of a melee begun by `attacker` (+1) striking `defender` on `aspect`.
pub fn melee_odds(attacker: Fighter, defender: Fighter, aspect: Aspect) -> MeleeOdds {
    let mut odds = MeleeOdds {
        to_defender: vec![0.0],
        to_attacker: vec![0.0],
        tie: 0.0,
    };
    let each = 1.0 / (f64::from(attacker.die) * f64::from(defender.die));
    for a in 1..=attacker.die {
        let sa = melee_score(a, true, attacker.penalty, aspect, attacker.artillery);
        for d in 1..=defender.die {
            let sd = melee_score(
                d,
                false,
                defender.penalty,
                Aspect::Front,
                defender.artillery,
            );
            let (loser, margin) = if sa > sd {
                (&mut odds.to_defender, sa - sd)
            } else {
                (&mut odds.to_attacker, sd - sa)
            };
            if sa == sd {
                odds.tie += each;
            }
            add(loser, margin as usize, each);
            let winner = if sa > sd {
                &mut odds.to_attacker
            } else {
                &mut odds.to_defender
            };
            add(winner, 0, each);
        }
    }
    odds
}

fn add(pmf: &mut Vec<f64>, k: usize, p: f64) {
    if pmf.len() <= k {
        pmf.resize(k + 1, 0.0);
    }
    pmf[k] += p;
}

/// A magical unit's spell: heal 1 damage on a friend, or deal 1 damage to an enemy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spell {
    Heal,
    Curse,
}

/// A rolled spell's d6: 4+ works, a 1 deals 1 damage to the caster.
pub fn magic_roll(face: u8) -> (bool, bool) {
    (face >= 4, face == 1)
}

/// The AP a spell costs: 2 to work for sure, 1 to roll for it.
pub fn magic_cost(sure: bool) -> u32 {
    if sure { 2 } else { 1 }
}

/// The chances of a rolled spell (1 AP): (works, hurts the caster). A sure spell (2 AP)
/// always works.
pub fn magic_chances() -> (f64, f64) {
    let faces = 1..=6u8;
    let works = faces.clone().filter(|f| magic_roll(*f).0).count();
    let hurts = faces.filter(|f| magic_roll(*f).1).count();
    (works as f64 / 6.0, hurts as f64 / 6.0)
}

/// Morale: the morale die, +1 with the commander near, at or above the damage taken so
/// far keeps the unit in play.
pub fn morale_holds(roll: u8, commander_near: bool, damage: u32) -> bool {
    u32::from(roll) + u32::from(commander_near) >= damage
}

/// The chance a unit with a `die`-faced morale die holds with `damage` so far.
pub fn morale_chance(die: u8, commander_near: bool, damage: u32) -> f64 {
    let holds = (1..=die)
        .filter(|r| morale_holds(*r, commander_near, damage))
        .count();
    holds as f64 / f64::from(die)
}

/// The chance a unit is removed by its own next activation if it does nothing but
/// defend: it rolls `die` for AP (+1 with the commander near) and defends one danger per
/// AP; each danger left becomes damage when the AP run out, and any damage calls for a
/// morale check (its `morale` die, +1 near) against all the damage it then carries.
pub fn removal_if_activated(
    die: u8,
    morale: u8,
    commander_near: bool,
    danger: u32,
    damage: u32,
) -> f64 {
    let faces = f64::from(die.max(1));
    (1..=die)
        .map(|face| {
            let ap = super::turn::activation_ap(face, commander_near);
            let left = danger.saturating_sub(ap);
            if left == 0 {
                0.0
            } else {
                1.0 - morale_chance(morale, commander_near, damage + left)
            }
        })
        .sum::<f64>()
        / faces
}

#[cfg(test)]
mod tests {
    use super::*;

    /// d6 AP, d6 morale, no commander, 5 danger, no damage: AP 5 or 6 clears it; AP 4
    /// leaves 1 damage (morale fails on nothing: 0/6), AP 3 leaves 2 (fails on a 1),
    /// AP 2 leaves 3 (1–2), AP 1 leaves 4 (1–3): (0 + 1 + 2 + 3) / 36 = 1/6.
    #[test]
    fn a_pinned_unit_risks_removal_by_what_it_cannot_defend() {
        assert!(close(removal_if_activated(6, 6, false, 5, 0), 6.0 / 36.0));
        assert!(close(removal_if_activated(6, 6, false, 0, 3), 0.0));
        // 20 danger on a d6 unit: at least 14 damage against a d6 morale: certain.
        assert!(close(removal_if_activated(6, 6, false, 20, 0), 1.0));
        // With the commander near: AP +1 and morale +1 — 5 danger: AP 5+ (faces 4–6)
        // clears; face 3 leaves 1 (holds), face 2 leaves 2 (holds: roll + 1 ≥ 2), face
        // 1 leaves 3 (fails on a 1): 1/36.
        assert!(close(removal_if_activated(6, 6, true, 5, 0), 1.0 / 36.0));
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn cover_and_shields_divide_and_the_remainder_is_rolled() {
        let open = ShotCover::default();
        let cover = ShotCover {
            cover: true,
            shields: false,
        };
        let both = ShotCover {
            cover: true,
            shields: true,
        };
        assert_eq!(landed(5, open), (5, None));
        assert_eq!(landed(5, cover), (2, Some(4)));
        // Seed: "if 2 Danger is divided by 3, a single point of Danger is caused on a D6
        // roll of 3+".
        assert_eq!(landed(2, both), (0, Some(3)));
        assert_eq!(landed(1, both), (0, Some(5)));
        assert_eq!(landed(6, both), (2, None));
        let d = landed_distribution(2, both);
        assert!(close(d[0], 1.0 / 3.0) && close(d[1], 2.0 / 3.0), "{d:?}");
        assert_eq!(landed_distribution(4, open), vec![0.0, 0.0, 0.0, 0.0, 1.0]);
        assert!(close(
            crate::prob::mean(&landed_distribution(5, both)),
            5.0 / 3.0
        ));
    }

    #[test]
    fn range_is_the_die_and_artillery_doubles_it() {
        let mut u = super::super::unit::tests::unit(super::super::Quality::Regular, 6);
        assert_eq!(shot_range(&u), 6.0);
        u.kind = Kind::Artillery;
        assert_eq!(shot_range(&u), 12.0);
    }

    #[test]
    fn melee_scores_by_the_ruling_order() {
        assert_eq!(melee_score(4, true, 0, Aspect::Front, false), 5);
        assert_eq!(melee_score(4, true, 2, Aspect::Side, false), 6);
        assert_eq!(melee_score(4, true, 0, Aspect::Rear, false), 15);
        assert_eq!(melee_score(2, false, 5, Aspect::Front, false), 0);
        assert_eq!(melee_score(5, false, 0, Aspect::Front, true), 2);
    }

    #[test]
    fn melee_odds_of_d6_against_d6_by_hand() {
        let f = Fighter {
            die: 6,
            penalty: 0,
            artillery: false,
        };
        let o = melee_odds(f, f, Aspect::Front);
        // Attacker a+1 vs d: ties when d = a+1: 5 of 36.
        assert!(close(o.tie, 5.0 / 36.0));
        // The defender takes k when a+1-d = k: 6-k+1 ways for k ≤ 6 with a ≤ 6, d ≥ 1.
        assert!(close(o.to_defender[1], 6.0 / 36.0));
        assert!(close(o.to_defender[6], 1.0 / 36.0));
        // The attacker takes 1 when d = a+2: a in 1..=4, 4 ways.
        assert!(close(o.to_attacker[1], 4.0 / 36.0));
        assert_eq!(o.to_attacker.len(), 5);
        for pmf in [&o.to_defender, &o.to_attacker] {
            assert!(close(pmf.iter().sum::<f64>(), 1.0));
        }
        // A defender's danger is never both taken and dealt: index 0 of each adds up.
        let p_def_hurt: f64 = o.to_defender[1..].iter().sum();
        let p_att_hurt: f64 = o.to_attacker[1..].iter().sum();
        assert!(close(p_def_hurt + p_att_hurt + o.tie, 1.0));
    }

    #[test]
    fn rear_charges_triple() {
        let a = Fighter {
            die: 4,
            penalty: 0,
            artillery: false,
        };
        let d = Fighter {
            die: 10,
            penalty: 0,
            artillery: false,
        };
        let rear = melee_odds(a, d, Aspect::Rear);
        let front = melee_odds(a, d, Aspect::Front);
        let hurt = |o: &MeleeOdds| o.to_defender[1..].iter().sum::<f64>();
        // By hand: the defender is hurt when 3(a + 1) > d, 33 of 40 rolls; from the
        // front when a + 1 > d, 10 of 40.
        assert!(close(hurt(&rear), 33.0 / 40.0), "{}", hurt(&rear));
        assert!(close(hurt(&front), 10.0 / 40.0), "{}", hurt(&front));
        assert_eq!(rear.to_defender.len(), 15, "at most 3 × (4 + 1) - 1 = 14");
    }

    #[test]
    fn magic_works_on_four_and_bites_on_one() {
        assert_eq!(magic_roll(4), (true, false));
        assert_eq!(magic_roll(3), (false, false));
        assert_eq!(magic_roll(1), (false, true));
        let (works, hurts) = magic_chances();
        assert!(close(works, 0.5) && close(hurts, 1.0 / 6.0));
    }

    #[test]
    fn morale_by_hand() {
        assert!(morale_holds(3, false, 3));
        assert!(!morale_holds(2, false, 3));
        assert!(morale_holds(2, true, 3));
        assert!(close(morale_chance(6, false, 3), 4.0 / 6.0));
        assert!(close(morale_chance(6, true, 3), 5.0 / 6.0));
        assert!(close(morale_chance(4, false, 5), 0.0));
        assert!(close(morale_chance(8, false, 1), 1.0));
    }
}
