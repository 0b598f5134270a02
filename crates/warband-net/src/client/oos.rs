//! The out-of-sync report: when a peer's state leaves the host's, both logs go to a
//! file in the data folder, so the two can be compared command by command.

use super::Client;
use crate::msg::Committed;
use serde::Serialize;
use std::path::PathBuf;
use warband_rules::Ruleset;
use warband_table::engine::Rules;

#[derive(Serialize)]
#[serde(bound = "")]
struct Report<'a, R: Rules> {
    ruleset: Ruleset,
    game: &'a str,
    rules: &'a str,
    seed: u64,
    /// The first command after which the states differ.
    seq: u64,
    our_hash: &'a str,
    host_hash: &'a str,
    /// Why this peer's engine refused the command the host had played, if it did.
    refused: Option<String>,
    /// The host's log: every command it committed, with its salt and hash.
    host_log: &'a [Committed<R::Command>],
    /// This peer's own log, entry by entry.
    our_log: Vec<String>,
}

impl<R: Rules> Client<R> {
    /// Writes the report and gives its path (or where it would have gone, if the disk
    /// refused it: the error says so on standard error).
    pub(super) fn write_report(
        &self,
        seq: u64,
        ours: &str,
        theirs: &str,
        refused: Option<String>,
    ) -> PathBuf {
        let our_log = self.engine.as_ref().map_or_else(Vec::new, |e| {
            e.log().events.iter().map(|ev| format!("{ev:?}")).collect()
        });
        let report = Report::<R> {
            ruleset: R::RULESET,
            game: crate::msg::GAME_VERSION,
            rules: warband_rules::RULES_VERSION,
            seed: self.seed,
            seq,
            our_hash: ours,
            host_hash: theirs,
            refused,
            host_log: &self.entries,
            our_log,
        };
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let path = self
            .report_dir
            .join("out-of-sync")
            .join(format!("{}-{stamp}-after-{seq}.ron", R::RULESET.id()));
        if let Err(e) = warband_table::files::save_ron(&path, &report) {
            eprintln!("error: {e}");
        }
        path
    }
}
