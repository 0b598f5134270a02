//! Running the real `warband` binary from the integration tests.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `warband` with these arguments in the project folder.
pub fn warband(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_warband"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the warband binary runs")
}
