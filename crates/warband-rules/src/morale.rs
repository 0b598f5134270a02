//! B/X morale, shared by Marauders ("follow morale as per RPG ruleset") and Borderlands:
//! 2d6 against the morale score; a roll above the score breaks. A score of 12 never
//! checks, a score of 2 always breaks.

use crate::prob::two_d6_at_most;
use serde::{Deserialize, Serialize};

/// What a morale check asks of the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoraleNeed {
    /// Score 12 or more: fearless, no roll.
    NeverChecks,
    /// Score 2 or less: breaks without a roll.
    AlwaysBreaks,
    /// Roll 2d6; above the score breaks.
    Roll { score: u8 },
}

pub fn morale_need(score: u8) -> MoraleNeed {
    match score {
        12.. => MoraleNeed::NeverChecks,
        0..=2 => MoraleNeed::AlwaysBreaks,
        score => MoraleNeed::Roll { score },
    }
}

/// Whether a 2d6 total breaks a side of that score (only meaningful for `Roll`).
pub fn breaks(score: u8, two_d6: u8) -> bool {
    match morale_need(score) {
        MoraleNeed::NeverChecks => false,
        MoraleNeed::AlwaysBreaks => true,
        MoraleNeed::Roll { score } => two_d6 > score,
    }
}

/// Whether a broken side rallies: 2d6 at or under its score.
pub fn rallies(score: u8, two_d6: u8) -> bool {
    two_d6 <= score
}

/// Exact chance a morale check of this score holds.
pub fn pass_chance(score: u8) -> f64 {
    match morale_need(score) {
        MoraleNeed::NeverChecks => 1.0,
        MoraleNeed::AlwaysBreaks => 0.0,
        MoraleNeed::Roll { score } => two_d6_at_most(i32::from(score)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_above_score_breaks() {
        assert!(!breaks(7, 7));
        assert!(breaks(7, 8));
        assert!(!breaks(9, 2));
    }

    #[test]
    fn twelve_never_checks_and_two_always_breaks() {
        assert_eq!(morale_need(12), MoraleNeed::NeverChecks);
        assert!(!breaks(12, 12));
        assert_eq!(morale_need(2), MoraleNeed::AlwaysBreaks);
        assert!(breaks(2, 2));
        assert_eq!(morale_need(8), MoraleNeed::Roll { score: 8 });
    }

    #[test]
    fn pass_chance_hand_values() {
        assert_eq!(pass_chance(12), 1.0);
        assert_eq!(pass_chance(2), 0.0);
        assert!((pass_chance(7) - 21.0 / 36.0).abs() < 1e-12);
        assert!((pass_chance(8) - 26.0 / 36.0).abs() < 1e-12);
        assert!((pass_chance(11) - 35.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn rally_at_or_under_score() {
        assert!(rallies(7, 7));
        assert!(!rallies(7, 8));
    }
}
