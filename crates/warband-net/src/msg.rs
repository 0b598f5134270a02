//! The protocol's messages, as JSON in frames. A peer speaks [`ToHost`]; the host
//! answers with [`ToPeer`]. Both name their kind in a `type` field.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use warband_rules::{Ruleset, Side};
use warband_table::engine::Outcome;

/// The game's version and the protocol's: two games talk only if it is the same. The
/// protocol's number goes up whenever a message's shape changes, so two builds of one
/// release that speak differently say so rather than fail on a message they cannot
/// read (2: a resumed battle's seeding lost its `salted` flag; 3: `Seated` names who took a
/// seat).
pub const GAME_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+protocol.3");

/// How the host's refusal of a connection over its limit begins.
pub const FULL: &str = "the host has all its connections";

/// What the host tells a seated connection whose seat another connection took with the
/// seat's token: the player started again elsewhere, or a second window shares the same
/// data folder (and so the token). It does not come back on its own.
pub const SEAT_RETAKEN: &str = "your seat was taken by a new connection with its token \
     (another window or copy of Warband using the same data folder?); this one stops here";

/// A peer's first message: who it is and what it wants.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    pub game: String,
    pub rules: String,
    /// The side it takes, or none to watch.
    pub seat: Option<Side>,
    /// The token of the seat it held before it dropped, to take it back.
    pub token: Option<String>,
    /// How many committed commands it already has (it gets the rest).
    pub from_seq: u64,
    pub name: String,
    /// The battle it comes back to (its welcome's `battle`), if it comes back: a host
    /// that now plays another battle refuses it rather than seat it in a stranger's.
    #[serde(default)]
    pub battle: Option<String>,
}

impl Hello {
    pub fn new(seat: Option<Side>, name: &str) -> Self {
        Self {
            game: GAME_VERSION.into(),
            rules: warband_rules::RULES_VERSION.into(),
            seat,
            token: None,
            from_seq: 0,
            name: name.into(),
            battle: None,
        }
    }
}

/// What differs between two games' versions, in words; None if they can play.
pub fn version_mismatch(game: &str, rules: &str) -> Option<String> {
    if game != GAME_VERSION {
        return Some(format!("game version {game} against {GAME_VERSION}"));
    }
    if rules != warband_rules::RULES_VERSION {
        let ours = warband_rules::RULES_VERSION;
        return Some(format!("rules version {rules} against {ours}"));
    }
    None
}

/// From a peer to the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    bound = "C: Serialize + DeserializeOwned"
)]
pub enum ToHost<C> {
    Hello(Hello),
    /// The hash of this seat's nonce for the battle seed.
    Commit {
        commitment: String,
    },
    /// The nonce itself, once every commitment is in.
    Reveal {
        nonce: String,
    },
    /// A command for the peer's own side, proposed as command number `seq`.
    Propose {
        seq: u64,
        command: C,
    },
    /// The peer's state hash after command `seq`.
    Synced {
        seq: u64,
        hash: String,
    },
    Chat {
        text: String,
    },
    Concede,
    OfferDraw,
    AnswerDraw {
        accept: bool,
    },
}

/// How the battle's seed is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seeding {
    /// Given on the host's command line: the battle is `warband battle --seed N`, with
    /// no salts.
    Fixed(u64),
    /// Drawn by commit-reveal among the host and the seated peers, and every command's
    /// dice salted by the host after it is committed.
    Drawn,
    /// Played on from a save: its seed, and how many commands it holds: they come
    /// first, as committed (each with its own salt, if it had one), and a peer shows them
    /// at once rather than at the watch pace. Every command from there on is salted by
    /// the host, whether or not the saved ones were: the save's seed is known to every
    /// player, so its dice alone could be foreseen.
    Resumed { seed: u64, saved: u64 },
}

impl Seeding {
    /// The battle's seed where it is known before the battle starts: given, or a save's.
    pub fn known_seed(self) -> Option<u64> {
        match self {
            Seeding::Fixed(seed) | Seeding::Resumed { seed, .. } => Some(seed),
            Seeding::Drawn => None,
        }
    }

    /// How many commands come from a save played on (none for a new battle).
    pub fn saved(self) -> u64 {
        match self {
            Seeding::Resumed { saved, .. } => saved,
            Seeding::Fixed(_) | Seeding::Drawn => 0,
        }
    }

    /// Whether the host salts each command's dice after committing it.
    pub fn salted(self) -> bool {
        match self {
            Seeding::Fixed(_) => false,
            Seeding::Drawn | Seeding::Resumed { .. } => true,
        }
    }
}

/// The host's answer to a hello: the whole setup, so a joiner needs none of the host's
/// files.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "S: Serialize + DeserializeOwned")]
pub struct Welcome<S> {
    pub ruleset: Ruleset,
    pub game: String,
    pub rules: String,
    pub seat: Option<Side>,
    /// The seat's token: only it takes the seat back after a drop.
    pub token: Option<String>,
    pub setup: S,
    /// Who plays each side, in words ("remote", "normal", …).
    pub players: [String; 2],
    pub seeding: Seeding,
    /// This hosted battle's own name, drawn when the host starts listening.
    #[serde(default)]
    pub battle: String,
    /// Who plays each side, where the host says: a computer player by kind, `None` for
    /// a person (here or joined). A peer's saves say so, for Play on to offer again.
    #[serde(default)]
    pub played_by: Option<[Option<warband_table::player::PlayerKind>; 2]>,
}

/// One committed command, as every peer applies it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "C: Serialize + DeserializeOwned")]
pub struct Committed<C> {
    pub seq: u64,
    pub side: Side,
    pub command: C,
    /// The dice salt drawn after the command was committed (none with a fixed seed).
    pub salt: Option<u64>,
    /// The host's state hash after it, as 16 hex digits.
    pub hash: String,
}

/// How many lines of table talk the host keeps for a peer that joins or comes back.
pub const TALK_KEPT: usize = 50;

/// From the host to a peer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    bound = "S: Serialize + DeserializeOwned, C: Serialize + DeserializeOwned"
)]
pub enum ToPeer<S, C> {
    Welcome(Box<Welcome<S>>),
    /// The hello was refused (the connection closes after it).
    Refused {
        reason: String,
    },
    /// Send the commitment of a fresh nonce.
    CommitPlease,
    /// Every commitment is in (the host's among them): send the nonce.
    RevealPlease {
        commitments: Vec<(Seat, String)>,
    },
    /// The battle starts from `seed`; with a drawn seed, `nonces` lets each peer check it.
    Start {
        seed: u64,
        nonces: Vec<(Seat, String)>,
    },
    Committed(Committed<C>),
    /// The commands committed before the peer joined (or since it dropped), at once.
    Log {
        entries: Vec<Committed<C>>,
    },
    /// The peer's proposal for command `seq` was not played, and why.
    Rejected {
        seq: u64,
        reason: String,
    },
    /// A side's player dropped (`present` false) or took its seat again (true), at any
    /// point of the battle: a window says so at once, whoever's move it is.
    Present {
        side: Side,
        present: bool,
    },
    /// A side's seat taken for the first time, by the player of this name (a person's,
    /// or a computer's that joined, "name (hard)"): each window names who plays it.
    Seated {
        side: Side,
        name: String,
    },
    /// The host left the battle before its end: nothing more will come.
    Closed {
        reason: String,
    },
    /// The side's player has dropped; the host waits this much longer for it.
    Waiting {
        side: Side,
        seconds_left: u32,
    },
    Chat {
        from: String,
        text: String,
    },
    /// The table talk so far (its last [`TALK_KEPT`] lines, each who said it and what),
    /// sent to a peer as it joins or comes back: it shows them in place of its own.
    Talk {
        lines: Vec<(String, String)>,
    },
    DrawOffered {
        by: Side,
    },
    DrawDeclined {
        by: Side,
    },
    /// The battle is over; `agreed` when a concession or a draw ended it.
    Ended {
        outcome: Outcome,
        agreed: bool,
    },
}

/// Who adds a nonce to the seed: the host, or a side's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    Host,
    Side(Side),
}

/// A message as a frame's bytes.
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    serde_json::to_vec(message).expect("protocol messages always encode")
}

/// A frame's bytes as a message, or what is wrong with them.
pub fn decode<T: DeserializeOwned>(frame: &[u8]) -> Result<T, String> {
    serde_json::from_slice(frame).map_err(|e| format!("not a message of the protocol: {e}"))
}

/// A state hash as the protocol writes it.
pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_and_name_their_kind() {
        let m: ToHost<u32> = ToHost::Propose { seq: 3, command: 7 };
        let bytes = encode(&m);
        assert!(String::from_utf8_lossy(&bytes).contains("\"type\":\"propose\""));
        assert_eq!(decode::<ToHost<u32>>(&bytes).unwrap(), m);
        let hello = ToHost::<u32>::Hello(Hello::new(Some(Side::B), "me"));
        assert_eq!(decode::<ToHost<u32>>(&encode(&hello)).unwrap(), hello);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for junk in [&b"\xff\xfe"[..], b"{}", b"{\"type\":\"propose\"}", b"[1,2]"] {
            assert!(decode::<ToHost<u32>>(junk).is_err());
        }
    }

    #[test]
    fn versions_that_differ_are_named() {
        assert_eq!(
            version_mismatch(GAME_VERSION, warband_rules::RULES_VERSION),
            None
        );
        let e = version_mismatch("0.0.1", warband_rules::RULES_VERSION).unwrap();
        assert!(e.contains("game version 0.0.1"), "{e}");
        // A build of this release that spoke the protocol before it changed.
        let older = env!("CARGO_PKG_VERSION");
        let e = version_mismatch(older, warband_rules::RULES_VERSION).unwrap();
        assert!(e.ends_with(GAME_VERSION), "{e}");
        let e = version_mismatch(GAME_VERSION, "1999.1").unwrap();
        assert!(e.contains("rules version 1999.1"), "{e}");
    }
}
