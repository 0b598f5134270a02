//! Data files as a person writes them: optional fields written as their plain value
//! (`ac: 7`, not `ac: Some(7)`), and names given twice.

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

/// Writes an optional field as its plain value, to be read back by [`plain_some`]; with
/// `skip_serializing_if = "Option::is_none"` a `None` is not written at all.
pub fn plain<S, T>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error>
where
    S: serde::Serializer,
    T: serde::Serialize,
{
    match v {
        Some(v) => v.serialize(s),
        None => s.serialize_none(),
    }
}

/// A problem for each name given to more than one of `what` (`profiles`, `weapons`): a
/// file naming it could not say which it means. Sorted, not compared pair by pair, so a
/// list of a million names is checked at once.
pub fn named_twice<'a>(what: &str, names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut names: Vec<&str> = names.collect();
    names.sort_unstable();
    let mut out: Vec<String> = names
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| format!("two {what} are named `{}`", w[0]))
        .collect();
    out.dedup();
    out
}
