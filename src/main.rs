//! Warband: a miniatures table on screen that plays the rules for you.
//!
//! `warband` opens the game window; subcommands run headless (see `warband --help`).

mod cli;
mod game;

use clap::Parser;
use std::process::ExitCode;

/// mimalloc: battles allocate and free model views at a high rate (see Cargo.toml).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match cli.command {
        None => cli::menu(),
        Some(command) => cli::run(command),
    }
}
