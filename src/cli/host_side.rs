//! Who plays each side of a battle `warband host` hosts: a person at its window, whoever
//! joins, or one of its computer players.

use super::battle::Ai;
use clap::ValueEnum;

/// Who plays a side at the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostSide {
    /// A person at the host's window.
    Human,
    /// Whoever joins for this side.
    Remote,
    /// A computer player at the host.
    Ai(Ai),
}

impl ValueEnum for HostSide {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            HostSide::Human,
            HostSide::Remote,
            HostSide::Ai(Ai::Random),
            HostSide::Ai(Ai::Charge),
            HostSide::Ai(Ai::Easy),
            HostSide::Ai(Ai::Normal),
            HostSide::Ai(Ai::Hard),
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        use clap::builder::PossibleValue;
        match self {
            HostSide::Human => {
                Some(PossibleValue::new("human").help("A person at the host's window"))
            }
            HostSide::Remote => {
                Some(PossibleValue::new("remote").help("Whoever joins for this side"))
            }
            HostSide::Ai(ai) => ai.to_possible_value(),
        }
    }
}

impl HostSide {
    pub(super) fn ai(self) -> Option<Ai> {
        match self {
            HostSide::Ai(ai) => Some(ai),
            HostSide::Human | HostSide::Remote => None,
        }
    }

    /// The seat a window host gives this side.
    pub fn seat(self) -> crate::game::net::launch::HostSeat {
        use crate::game::net::launch::HostSeat;
        match self {
            HostSide::Human => HostSeat::Here,
            HostSide::Remote => HostSeat::Remote,
            HostSide::Ai(ai) => HostSeat::Computer(ai.kind()),
        }
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            HostSide::Human => "human",
            HostSide::Remote => "remote",
            HostSide::Ai(ai) => ai.name(),
        }
    }
}
