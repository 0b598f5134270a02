//! Network play for every Warband ruleset, Wesnoth's way: the network carries
//! commands, not state. A host ([`host::Host`]) owns the battle log and orders the
//! commands; peers ([`client::Client`]) propose theirs, apply what the host commits and
//! check their state hash against the host's after each command.
//!
//! - No player chooses or foresees the dice: the seed is drawn by commit-reveal
//!   ([`seed`]) and each command's dice are salted by the host after it is committed.
//!   With a fixed seed there are neither, and the battle is `warband battle --seed N`.
//! - Frames are a length and JSON ([`frame`]), bounded in size and in time, over any
//!   [`transport::Transport`] (TCP today), on background threads talking to the battle
//!   through channels.
//! - Peers are not trusted: every frame is checked, a peer proposes only for its own
//!   seat, and a malformed, hostile or out-of-sync peer is dropped with a logged reason
//!   while the battle goes on.

pub mod client;
pub mod frame;
pub mod host;
pub mod msg;
pub mod seed;
pub mod transport;
