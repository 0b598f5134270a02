//! A seat's token, kept in the data folder (`net/`), so that a player started again
//! after a crash — in the window or headless — takes their seat back.
use std::path::PathBuf;
use warband_rules::Side;

/// The data folder's `net/`, where seats' tokens and the last host joined are kept.
fn net_dir() -> PathBuf {
    crate::game::saves::data_dir().join("net")
}

fn path(addr: &str, side: Side) -> PathBuf {
    let name: String = addr
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    net_dir().join(format!("{name}-{}.token", side.lowercase()))
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

/// The file that keeps the last host joined and the seat taken there.
fn last_path() -> PathBuf {
    net_dir().join("last-join.txt")
}

/// Keeps the host just joined and the seat taken ("watch" for none), offered first the
/// next time the join form opens, in this run of the game or the next.
pub fn remember(addr: &str, seat: Option<Side>) {
    let seat = seat.map_or("watch", Side::lowercase);
    if let Err(e) = warband_table::files::write_atomic(&last_path(), &format!("{addr}\n{seat}\n")) {
        eprintln!("warning: cannot keep the address joined: {e}");
    }
}

/// The last host joined and the seat taken there, if any was kept.
pub fn last() -> Option<(String, Option<Side>)> {
    parse_last(&std::fs::read_to_string(last_path()).ok()?)
}

fn parse_last(text: &str) -> Option<(String, Option<Side>)> {
    let mut lines = text.lines().map(str::trim);
    let addr = lines.next().filter(|a| !a.is_empty())?.to_string();
    let seat = lines
        .next()
        .and_then(|l| Side::BOTH.into_iter().find(|s| s.lowercase() == l));
    Some((addr, seat))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `remember` writes reads back; a damaged file offers nothing or no seat.
    #[test]
    fn the_last_host_joined_reads_back() {
        assert_eq!(
            parse_last("10.0.0.2:4741\nb\n"),
            Some(("10.0.0.2:4741".into(), Some(Side::B)))
        );
        assert_eq!(
            parse_last("10.0.0.2:4741\nwatch\n"),
            Some(("10.0.0.2:4741".into(), None))
        );
        assert_eq!(parse_last("\n"), None);
    }
}
