//! Data files: RON read with errors that name the file, line and column and what was
//! expected; written whole or not at all.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::path::{Path, PathBuf};

/// A problem with a data file: where, and what was expected.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub struct DataError {
    pub file: PathBuf,
    /// 1-based line and column, when the problem has a position.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => {
                write!(f, "{}:{line}:{col}: {}", self.file.display(), self.message)
            }
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl DataError {
    pub fn new(file: &Path, message: impl Into<String>) -> Self {
        Self {
            file: file.to_path_buf(),
            position: None,
            message: message.into(),
        }
    }
}

/// Parses RON text that came from `file`.
pub fn parse_ron<T: DeserializeOwned>(file: &Path, text: &str) -> Result<T, DataError> {
    ron::from_str(text).map_err(|e| DataError {
        file: file.to_path_buf(),
        position: Some((e.span.start.line, e.span.start.col)),
        message: e.code.to_string(),
    })
}

/// Reads and parses a RON file.
pub fn load_ron<T: DeserializeOwned>(file: &Path) -> Result<T, DataError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| DataError::new(file, format!("cannot read: {e}")))?;
    parse_ron(file, &text)
}

/// Whether a RON text's top-level structure is `name` (`Scenario`, `ArmyList`, …),
/// read past `//` comments.
pub fn opens_with(text: &str, name: &str) -> bool {
    uncommented(text).trim_start().starts_with(name)
}

/// Whether a RON text is a `name` structure, written with its name or, as the game
/// writes the player's own lists (`units.ron`, `heroes.ron`), without it: `(field: …`.
pub fn opens_as(text: &str, name: &str, field: &str) -> bool {
    let body = uncommented(text);
    let body = body.trim_start();
    body.starts_with(name)
        || body
            .strip_prefix('(')
            .is_some_and(|rest| rest.trim_start().starts_with(field))
}

/// The text without its `//` comments.
fn uncommented(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A problem for each name given to more than one profile (an army could not say
/// which it means).
pub fn duplicate_names<'a>(names: impl Iterator<Item = &'a str>) -> Vec<String> {
    warband_rules::plain::named_twice("profiles", names)
}

/// Writes a file whole or not at all: to a temporary file beside it, flushed to disk,
/// then renamed over the target. Its folder is made if need be.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), DataError> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let io = |e: std::io::Error| DataError::new(path, format!("cannot write: {e}"));
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut f = std::fs::File::create(&tmp).map_err(io)?;
    f.write_all(text.as_bytes()).map_err(io)?;
    f.sync_all().map_err(io)?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io(e)
    })
}

/// Writes any data as pretty RON, atomically.
pub fn save_ron<T: Serialize>(path: &Path, value: &T) -> Result<(), DataError> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| DataError::new(path, format!("cannot encode: {e}")))?;
    write_atomic(path, &text)
}

/// Writes data as pretty RON with its type's name before it (`ArmyList(…)`,
/// `Scenario(…)`), as the shipped files and `warband validate` have them, atomically.
pub fn save_ron_named<T: Serialize>(path: &Path, value: &T) -> Result<(), DataError> {
    let config = ron::ser::PrettyConfig::default().struct_names(true);
    let text = ron::ser::to_string_pretty(value, config)
        .map_err(|e| DataError::new(path, format!("cannot encode: {e}")))?;
    write_atomic(path, &text)
}

/// The assets folder of a scenario file (`…/scenarios/x.ron` → `…`).
pub fn root_of(scenario_file: &Path) -> PathBuf {
    scenario_file
        .parent()
        .and_then(Path::parent)
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// The game's shipped data: `$WARBAND_ASSETS`, else the first of [`shipped_places`]
/// that holds the scenarios; else `assets` in the working folder, for errors to name.
pub fn shipped_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("WARBAND_ASSETS") {
        return PathBuf::from(dir);
    }
    shipped_places()
        .into_iter()
        .find(|d| d.join("scenarios").is_dir())
        .unwrap_or_else(|| PathBuf::from("assets"))
}

/// Where the shipped data may be, in the order looked: `assets/` in the working folder
/// (`cargo run`), beside the executable or a folder or two above it (an install's
/// `bin/`, or `target/release/` of a checkout), and the checkout it was built from.
pub fn shipped_places() -> Vec<PathBuf> {
    let mut places = vec![PathBuf::from("assets")];
    if let Ok(exe) = std::env::current_exe() {
        places.extend(exe.ancestors().skip(1).take(3).map(|d| d.join("assets")));
    }
    places.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets"));
    places
}

/// Why the shipped data was not found, naming where it was looked for; `None` when it
/// was.
pub fn shipped_missing() -> Option<String> {
    let root = shipped_root();
    if root.join("scenarios").is_dir() {
        return None;
    }
    if let Some(dir) = std::env::var_os("WARBAND_ASSETS") {
        return Some(format!(
            "WARBAND_ASSETS is {}, which holds no scenarios/ folder",
            Path::new(&dir).display()
        ));
    }
    let looked: Vec<String> = shipped_places()
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    Some(format!(
        "the game's data (its assets folder, with scenarios/, armies/ and bestiary/) was not found; looked in {}. Run it from its own folder, or set WARBAND_ASSETS to that folder",
        looked.join(", ")
    ))
}

/// A data file a scenario reads, `rel` from its data root (`armies/x.ron`,
/// `bestiary/y.ron`): the one beside the scenario's own folder, else the shipped one. A
/// scenario the player made, in their data folder, so reads their armies and the game's
/// bestiaries. When neither exists, the scenario's own place, for the error to name.
pub fn data_file(scenario_file: &Path, rel: &str) -> PathBuf {
    let own = root_of(scenario_file).join(rel);
    if own.is_file() {
        return own;
    }
    let shipped = shipped_root().join(rel);
    if shipped.is_file() { shipped } else { own }
}

/// The two armies a scenario names, from the `armies/` folder beside its own (else the
/// shipped one). A name is a file's name in that folder, never a path out of it
/// (`../x`, `/etc/x`, `.x`), refused before any file is opened.
pub fn load_armies(
    scenario_file: &Path,
    names: &crate::table::PerSide<String>,
) -> Result<crate::table::PerSide<warband_rules::army::ArmyList>, DataError> {
    let army = |name: &str| {
        if name.is_empty() || name.starts_with('.') || name.contains(['/', '\\', ':']) {
            return Err(DataError::new(
                scenario_file,
                format!("army `{name}` must be the name of a file in armies/, not a path"),
            ));
        }
        load_ron(&data_file(scenario_file, &format!("armies/{name}.ron")))
    };
    Ok(crate::table::PerSide {
        a: army(&names.a)?,
        b: army(&names.b)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Run from another folder (a test runs in its crate's), the game still finds its
    /// data: the checkout it was built from, or above its executable.
    #[test]
    fn the_shipped_data_is_found_from_another_folder() {
        assert!(
            !Path::new("assets/scenarios").is_dir(),
            "run from the crate's folder"
        );
        if std::env::var_os("WARBAND_ASSETS").is_none() {
            assert!(shipped_root().join("scenarios/open-field.ron").is_file());
            assert_eq!(shipped_missing(), None);
        }
        let places = shipped_places();
        assert_eq!(places[0], Path::new("assets"), "the working folder first");
    }
}
