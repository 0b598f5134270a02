//! Where the game keeps its files: the assets it ships, and the player's saved battles
//! and armies in the OS data folder. Writes go to a temporary file and are renamed.

use std::path::PathBuf;
use warband_battle::save::Save;

/// The shipped data: `$WARBAND_ASSETS`, else `assets/` beside the working folder, else
/// beside the executable.
pub fn assets_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("WARBAND_ASSETS") {
        return PathBuf::from(dir);
    }
    let here = PathBuf::from("assets");
    if here.is_dir() {
        return here;
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|d| d.join("assets")))
        .filter(|d| d.is_dir())
        .unwrap_or(here)
}

/// The player's data folder: `$WARBAND_DATA`, else the OS's (XDG on Linux, AppData on
/// Windows, Application Support on macOS).
pub fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("WARBAND_DATA") {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    if cfg!(windows) {
        if let Some(app) = std::env::var_os("APPDATA") {
            return PathBuf::from(app).join("Warband");
        }
    } else if cfg!(target_os = "macos") {
        if let Some(h) = &home {
            return h.join("Library/Application Support/Warband");
        }
    } else if let Some(x) = std::env::var_os("XDG_DATA_HOME") {
        return PathBuf::from(x).join("warband");
    }
    home.map_or_else(
        || PathBuf::from(".warband"),
        |h| h.join(".local/share/warband"),
    )
}

pub fn saves_dir() -> PathBuf {
    data_dir().join("saves")
}

pub fn armies_dir() -> PathBuf {
    data_dir().join("armies")
}

pub struct SaveEntry {
    pub title: String,
    pub path: PathBuf,
    pub save: Result<Save, String>,
}

/// Saved battles, newest first. A damaged file is listed with its problem.
pub fn list_saves() -> Vec<SaveEntry> {
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(saves_dir())
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .map(|p| {
                    (
                        p.metadata()
                            .and_then(|m| m.modified())
                            .unwrap_or(std::time::UNIX_EPOCH),
                        p,
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort_by_key(|f| std::cmp::Reverse(f.0));
    files
        .into_iter()
        .map(|(_, path)| {
            let save = Save::read(&path).map_err(|e| e.to_string());
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let title = match &save {
                Ok(s) => format!(
                    "{name}: {} — {} v {}, seed {}, {} commands",
                    s.setup.scenario.name,
                    s.setup.armies.a.name,
                    s.setup.armies.b.name,
                    s.seed,
                    s.commands.len()
                ),
                Err(_) => name,
            };
            SaveEntry { title, path, save }
        })
        .collect()
}

/// Writes a save under a new name in the saves folder.
pub fn write_save(save: &Save) -> Result<PathBuf, String> {
    let dir = saves_dir();
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let slug: String = save
        .setup
        .scenario
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let path = dir.join(format!("{slug}-{stamp}.ron"));
    save.write(&path).map_err(|e| e.to_string())?;
    Ok(path)
}
