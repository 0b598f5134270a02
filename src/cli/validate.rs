//! `warband validate FILE…`: checks scenarios, armies, bestiaries and spell lists.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// RON files: scenarios, armies, bestiaries, spell lists.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn validate(args: ValidateArgs) -> ExitCode {
    let mut bad = 0;
    for file in &args.files {
        let problems = crate::rulesets::problems_of_file(file);
        if problems.is_empty() {
            println!("ok {}", file.display());
        } else {
            bad += 1;
            for p in problems {
                println!("{p}");
            }
        }
    }
    if bad > 0 {
        eprintln!("{bad} of {} file(s) have problems", args.files.len());
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
