//! A seat's token, kept in the data folder (`net/`), so that a player started again
//! after a crash — in the window or headless — takes their seat back.
use std::path::PathBuf;
use warband_rules::Side;

fn path(addr: &str, side: Side) -> PathBuf {
    let name: String = addr
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    crate::game::saves::data_dir()
        .join("net")
        .join(format!("{name}-{}.token", side.lowercase()))
}

pub fn read(addr: &str, side: Side) -> Option<String> {
    let text = std::fs::read_to_string(path(addr, side)).ok()?;
    Some(text.trim().to_string()).filter(|t| !t.is_empty())
}

pub fn write(addr: &str, side: Side, token: &str) {
    if let Err(e) = warband_table::files::write_atomic(&path(addr, side), token) {
        eprintln!("warning: cannot keep the seat's token: {e}");
    }
}
