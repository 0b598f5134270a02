//! Saves of Marauders battles: the table's `Save` for the Marauders rules.

pub use warband_table::save::FORMAT_VERSION;

/// A saved battle of Marauders.
pub type Save = warband_table::save::Save<crate::engine::Marauders>;
