//! Optional fields of data files written as their plain value (`ac: 7`, not
//! `ac: Some(7)`), as a person writes them.

use serde::Deserialize;

/// Reads an optional field written as its plain value; with `#[serde(default)]` a
/// missing field is `None`.
pub fn plain_some<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}
