//! Where the game keeps its files: the assets it ships, and the player's saved battles
//! and armies in the OS data folder. Writes go to a temporary file and are renamed.

mod battle;

use crate::game::controller::Controller;
use std::path::{Path, PathBuf};
use warband_table::scenario::Setup;
use warband_table::sim::Contest;

/// The shipped data: `$WARBAND_ASSETS`, else `assets/` beside the working folder, else
/// beside the executable.
pub fn assets_dir() -> PathBuf {
    warband_table::files::shipped_root()
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

/// Scenarios the player made with the scenario editor.
pub fn scenarios_dir() -> PathBuf {
    data_dir().join("scenarios")
}

/// What the lab exports: CSV and JSON of its batches.
pub fn lab_dir() -> PathBuf {
    data_dir().join("lab")
}

pub use battle::{SavedBattle, read_save};

pub struct SaveEntry {
    pub title: String,
    /// Its ruleset and when it was saved (UTC), for the line under the title.
    pub when: String,
    pub path: PathBuf,
    pub save: Result<Box<dyn SavedBattle>, String>,
}

/// When a file was saved, to the minute: "2026-12-01 15:56 UTC".
pub fn saved_at(t: std::time::SystemTime) -> String {
    let stamp = humantime::format_rfc3339_seconds(t).to_string();
    // "2026-12-01T15:56:07Z" → "2026-12-01 15:56 UTC"
    format!("{} {} UTC", &stamp[..10], &stamp[11..16])
}

/// Saved battles of every ruleset in a folder, newest first. A damaged file is listed
/// with its problem.
pub fn list_saves_in(dir: &Path) -> Vec<SaveEntry> {
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = ron_files(dir)
        .into_iter()
        .map(|p| {
            (
                p.metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH),
                p,
            )
        })
        .collect();
    files.sort_by_key(|f| std::cmp::Reverse(f.0));
    files
        .into_iter()
        .map(|(modified, path)| {
            let save = read_save(&path);
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let (title, about) = match &save {
                Ok(s) => (
                    s.summary(),
                    format!(
                        "{} · {}{}{}",
                        s.ruleset().title(),
                        s.progress(),
                        s.players()
                            .map_or(String::new(), |p| format!(" · {}", Controller::versus(p))),
                        if s.online() { " · online" } else { "" }
                    ),
                ),
                Err(_) => (name.clone(), "a damaged save".to_string()),
            };
            // The file's name too: the name saving said, and what tells apart two
            // saves of one battle in one minute.
            let when = format!("{about} · saved {} as {name}", saved_at(modified));
            SaveEntry {
                title,
                when,
                path,
                save,
            }
        })
        .collect()
}

/// Writes a save under a new name in the saves folder; a folder that cannot be made or
/// written gives the message the game shows.
/// What saving a battle says: its file's name and where to find it again, not the
/// whole path of the data folder.
pub fn saved_words(result: Result<PathBuf, String>) -> String {
    match result {
        Ok(p) => format!(
            "Saved as {} (Load battle lists it)",
            p.file_stem().map_or_else(
                || p.display().to_string(),
                |s| s.to_string_lossy().into_owned()
            )
        ),
        Err(e) => format!("Could not save: {e}"),
    }
}

pub fn write_save<R: Contest>(save: &warband_table::save::Save<R>) -> Result<PathBuf, String> {
    write_save_in(&saves_dir(), save)
}

fn write_save_in<R: Contest>(
    dir: &Path,
    save: &warband_table::save::Save<R>,
) -> Result<PathBuf, String> {
    let path = saved_this_round(dir, save).unwrap_or_else(|| {
        fresh_name(
            dir,
            &save.setup.scenario().name,
            std::time::SystemTime::now(),
        )
    });
    save.write(&path).map_err(|e| e.to_string())?;
    Ok(path)
}

/// A save in `dir` of this same battle made earlier in the round it stands at: its
/// setup and seed, its first commands all of the earlier save's. Saving again in a
/// round goes over it (a play-tester found two saves a minute apart listed twice); a
/// save of another round stays, to go back to. Nothing is lost: the new save holds
/// every command the old one did.
fn saved_this_round<R: Contest>(
    dir: &Path,
    save: &warband_table::save::Save<R>,
) -> Option<PathBuf> {
    // A battle over is saved beside the rounds it could be played on from.
    let round = save.stood.filter(|s| !s.over)?.round;
    let salts = save.salts();
    // Only the files named for its scenario are read.
    let named = slug(&save.setup.scenario().name);
    let ours = |p: &PathBuf| {
        p.file_stem()
            .is_some_and(|s| s.to_string_lossy().starts_with(&named))
    };
    ron_files(dir).into_iter().filter(ours).find(|p| {
        warband_table::save::Save::<R>::read(p).is_ok_and(|old| {
            old.stood.is_some_and(|s| s.round == round && !s.over)
                && old.ruleset == save.ruleset
                && old.seed == save.seed
                && old.setup == save.setup
                && !old.commands.is_empty()
                && save.commands.starts_with(&old.commands)
                && {
                    let theirs = old.salts();
                    (0..old.commands.len()).all(|i| theirs.get(i) == salts.get(i))
                }
        })
    })
}

/// A save's file: the scenario and the minute it was saved (UTC), with "-2", "-3" … when
/// that minute already has one: "woods-and-walls-2026-12-05-10h32.ron" (the "h" so that
/// a time of 20:26 is not read as the year again).
fn fresh_name(dir: &Path, scenario: &str, now: std::time::SystemTime) -> PathBuf {
    let stamp = humantime::format_rfc3339_seconds(now).to_string();
    // "2026-12-01T15:56:07Z" → "2026-12-01-15h56"
    let minute = format!("{}-{}h{}", &stamp[..10], &stamp[11..13], &stamp[14..16]);
    let base = format!("{}-{minute}", slug(scenario));
    (1..)
        .map(|n| match n {
            1 => dir.join(format!("{base}.ron")),
            n => dir.join(format!("{base}-{n}.ron")),
        })
        .find(|p| !p.exists())
        .expect("some number is free")
}

/// The `.ron` files in a folder, sorted by name (none if it cannot be read).
pub fn ron_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "ron"));
    files.sort();
    files
}

/// A name made safe for a file: lower case letters and digits, dashes for the rest.
pub fn slug(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    // Kept as it was (dashes at the ends too): a scenario names an army by its file's
    // stem, and a new slug would move the player's army files from under them.
    if s.trim_matches('-').is_empty() {
        "army".into()
    } else {
        s
    }
}

/// The file an army named `name` is saved to in `dir`: the name's own file, so a
/// renamed army moves to its new name's file. None other may be written over: a new
/// army, or one renamed, whose name's file already holds another army is refused
/// rather than saved over it.
pub fn army_file_for(
    dir: &std::path::Path,
    current: Option<&std::path::Path>,
    name: &str,
) -> Result<PathBuf, String> {
    let wanted = dir.join(format!("{}.ron", slug(name)));
    // The file it came from, named by hand in other letters ("Orcs.ron" for
    // "orcs.ron"), is its own file: on a disk that does not tell the cases apart,
    // moving it would delete what was just written.
    let same = |c: &std::path::Path| {
        c.parent() == wanted.parent()
            && c.file_name().zip(wanted.file_name()).is_some_and(|(a, b)| {
                a.to_string_lossy()
                    .eq_ignore_ascii_case(&b.to_string_lossy())
            })
    };
    if let Some(c) = current.filter(|c| same(c)) {
        return Ok(c.to_path_buf());
    }
    if !wanted.exists() {
        return Ok(wanted);
    }
    let file = wanted.file_name().unwrap_or_default().to_string_lossy();
    Err(format!(
        "another saved army is kept in {file}: give this one another name, or delete that one first"
    ))
}

/// An army file in the player's folder, or why it could not be read.
pub struct ArmyFile {
    pub path: PathBuf,
    pub army: Result<warband_rules::army::ArmyList, String>,
}

/// The army files in a folder, by name; damaged ones are listed with their problem.
pub fn list_armies(dir: &std::path::Path) -> Vec<ArmyFile> {
    let files = ron_files(dir);
    files
        .into_iter()
        .map(|path| {
            let army = warband_table::files::load_ron(&path).map_err(|e| e.to_string());
            ArmyFile { path, army }
        })
        .collect()
}

/// A list of the player's own designs (heroes, units) from the data folder, or None if
/// there is no file yet; a damaged file is its problem.
pub fn load_own<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Option<T>, String> {
    if !path.is_file() {
        return Ok(None);
    }
    warband_table::files::load_ron(path)
        .map(Some)
        .map_err(|e| e.to_string())
}

/// Writes a list of the player's own things (heroes, units) to the data folder,
/// atomically, making the folder if need be.
pub fn keep<T: serde::Serialize>(path: &Path, list: &T) -> Result<(), String> {
    warband_table::files::save_ron(path, list).map_err(|e| e.to_string())
}

/// What is wrong with a design's name where a shipped profile has it: an army naming it
/// fields the shipped one, so the design could never be played.
pub fn name_taken(name: &str, shipped: &[String], what: &str) -> Option<String> {
    shipped.iter().any(|s| s == name.trim()).then(|| {
        format!(
            "the game has a {what} called {}: give yours another name",
            name.trim()
        )
    })
}

/// The footer of a designer: the rules' problems with the design, its Save button (only
/// when there are none) and what saving said; true when it saved.
pub fn designer_footer(
    ui: &mut bevy_egui::egui::Ui,
    problems: &[String],
    label: &str,
    message: &mut Option<String>,
    save: impl FnOnce() -> Result<String, String>,
) -> bool {
    use bevy_egui::egui;
    for p in problems {
        ui.colored_label(egui::Color32::from_rgb(240, 150, 100), format!("⚠ {p}"));
    }
    let mut saved = false;
    if ui
        .add_enabled(problems.is_empty(), egui::Button::new(label))
        .clicked()
    {
        *message = Some(match save() {
            Ok(m) => {
                saved = true;
                m
            }
            Err(e) => format!("Could not save: {e}"),
        });
    }
    if let Some(m) = message {
        ui.small(m.as_str());
    }
    saved
}

#[cfg(test)]
mod tests;
