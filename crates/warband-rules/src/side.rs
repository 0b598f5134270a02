//! The two sides of a battle.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two sides at the table. `A` deploys first and is listed first everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B: an index into per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn lowercase(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Side::A => f.write_str("Side A"),
            Side::B => f.write_str("Side B"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_swaps_and_index_orders() {
        assert_eq!(Side::A.other(), Side::B);
        assert_eq!(Side::B.other(), Side::A);
        assert_eq!(Side::A.index(), 0);
        assert_eq!(Side::B.index(), 1);
    }
}
