//! Warband: a miniatures table on screen that plays the rules for you.
//!
//! `warband` opens the game window; subcommands run headless (see `warband --help`).

mod cli;
mod game;
mod icon_table;
mod rulesets;

use clap::Parser;
use std::process::ExitCode;

/// mimalloc: battles allocate and free model views at a high rate (see Cargo.toml).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = cli::Cli::parse();
    match cli.command {
        None => cli::menu(),
        Some(command) => cli::run(command),
    }
}

/// A reader that stops early (`warband battle --log | head`) closes the pipe, and
/// `println!` turns the failed write into a panic. Leave quietly instead, as Unix tools
/// do; every other panic is reported as before.
fn quiet_on_closed_pipe() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info.payload_as_str().unwrap_or_default();
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        report(info);
    }));
}
