//! §5 Attacking: "total up the full initial HD of each side, rolling that amount of d6s
//! per side. The side with the highest d6 wins. If both sides are tied, the side with the
//! most dice of the highest roll wins. If both sides are still tied, both sides damage
//! each other." Modifiers: "Blinded: −1 Hit Die when attacking."

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeleeOutcome {
    AWins,
    BWins,
    /// Still tied after the count of highest dice: both sides damage each other.
    Both,
}

/// Dice one side of a melee group rolls: the sum of its models' full initial HD, one
/// fewer per blinded model, plus any bonus dice (Bless). Never below zero.
pub fn melee_dice(initial_hd_total: u32, blinded_models: u32, bonus_dice: u32) -> usize {
    (initial_hd_total + bonus_dice).saturating_sub(blinded_models) as usize
}

/// The highest face and how many dice show it; (0, 0) for no dice.
pub fn highest_and_count(faces: &[u8]) -> (u8, usize) {
    let top = faces.iter().copied().max().unwrap_or(0);
    let count = faces.iter().filter(|f| **f == top && top > 0).count();
    (top, count)
}

/// Decides the melee contest from both sides' faces.
pub fn melee_contest(a: &[u8], b: &[u8]) -> MeleeOutcome {
    let (a_top, a_count) = highest_and_count(a);
    let (b_top, b_count) = highest_and_count(b);
    match (a_top, a_count).cmp(&(b_top, b_count)) {
        std::cmp::Ordering::Greater => MeleeOutcome::AWins,
        std::cmp::Ordering::Less => MeleeOutcome::BWins,
        std::cmp::Ordering::Equal => MeleeOutcome::Both,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highest_die_wins() {
        assert_eq!(melee_contest(&[6, 1, 1], &[5, 5, 5]), MeleeOutcome::AWins);
        assert_eq!(melee_contest(&[2], &[3, 1]), MeleeOutcome::BWins);
    }

    #[test]
    fn tie_on_highest_goes_to_more_of_it() {
        assert_eq!(melee_contest(&[5, 5, 1], &[5, 4, 4]), MeleeOutcome::AWins);
        assert_eq!(melee_contest(&[6], &[6, 6]), MeleeOutcome::BWins);
    }

    #[test]
    fn still_tied_both_damage() {
        assert_eq!(melee_contest(&[4, 4, 1], &[4, 4, 3]), MeleeOutcome::Both);
        assert_eq!(melee_contest(&[], &[]), MeleeOutcome::Both);
    }

    #[test]
    fn no_dice_loses_to_any_dice() {
        assert_eq!(melee_contest(&[], &[1]), MeleeOutcome::BWins);
    }

    #[test]
    fn dice_are_full_initial_hd_less_blinded() {
        // A 4 HD troll hurt to 2 HD still attacks with 4 dice.
        assert_eq!(melee_dice(4, 0, 0), 4);
        assert_eq!(melee_dice(4 + 1, 1, 0), 4);
        assert_eq!(melee_dice(1, 2, 0), 0);
        assert_eq!(melee_dice(3, 0, 1), 4);
    }
}
