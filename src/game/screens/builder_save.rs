//! The army builder's Save: the army over the file it came from, else under its name.

use super::{Builder, list_armies};
use crate::game::saves::{armies_dir, army_file_for};
use warband_table::files::save_ron_named;

/// Saves the army over the file it came from, else under its name.
pub(super) fn save(b: &mut Builder) {
    let dir = armies_dir();
    b.message = Some(match army_file_for(&dir, b.file.as_deref(), &b.army.name) {
        Ok(path) => match save_ron_named(&path, &b.army) {
            Ok(()) => saved(b, path),
            Err(e) => format!("Could not save: {e}"),
        },
        Err(e) => format!("Not saved: {e}"),
    });
    b.saved = list_armies(&dir);
}

/// The army now kept in `path`; a renamed army's old file goes, once the new one is
/// written. What to tell the player.
fn saved(b: &mut Builder, path: std::path::PathBuf) -> String {
    let moved = b.file.replace(path.clone()).filter(|old| *old != path);
    b.kept = b.army.clone();
    let name = &b.army.name;
    match moved.map(|old| (std::fs::remove_file(&old), old)) {
        Some((Err(e), old)) => {
            format!("Saved as {name}; its old file {} stays: {e}", old.display())
        }
        Some((Ok(()), _)) | None => format!("Saved as {name} (battle setup lists it)"),
    }
}
