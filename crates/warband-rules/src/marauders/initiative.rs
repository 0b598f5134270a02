//! §2 Initiative: "A d6 is rolled for each side. The player who rolled highest can choose
//! which side goes first for each and every phase. Ties go to whoever did not have
//! priority last round. Reroll ties in the first round."

use crate::Side;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Initiative {
    /// This side has priority for the round.
    Priority(Side),
    /// A tie in the first round: roll both dice again.
    Reroll,
}

/// Resolves one pair of initiative dice. `last_priority` is the side that had priority
/// in the previous round (`None` in round 1).
pub fn initiative(a_roll: u8, b_roll: u8, last_priority: Option<Side>) -> Initiative {
    match a_roll.cmp(&b_roll) {
        std::cmp::Ordering::Greater => Initiative::Priority(Side::A),
        std::cmp::Ordering::Less => Initiative::Priority(Side::B),
        std::cmp::Ordering::Equal => match last_priority {
            None => Initiative::Reroll,
            Some(side) => Initiative::Priority(side.other()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highest_roll_takes_priority() {
        assert_eq!(initiative(5, 2, None), Initiative::Priority(Side::A));
        assert_eq!(
            initiative(1, 6, Some(Side::B)),
            Initiative::Priority(Side::B)
        );
    }

    #[test]
    fn first_round_ties_are_rerolled() {
        assert_eq!(initiative(4, 4, None), Initiative::Reroll);
    }

    #[test]
    fn later_ties_go_to_the_side_without_priority_last_round() {
        assert_eq!(
            initiative(3, 3, Some(Side::A)),
            Initiative::Priority(Side::B)
        );
        assert_eq!(
            initiative(6, 6, Some(Side::B)),
            Initiative::Priority(Side::A)
        );
    }
}
