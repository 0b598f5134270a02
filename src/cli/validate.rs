//! `warband validate FILE…`: checks scenarios, armies, bestiaries and spell lists.

use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use warband_marauders::data::{Bestiary, load_ron, validate_file};
use warband_rules::Ruleset;
use warband_rules::marauders::Profile;
use warband_table::files::opens_with;

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// RON files: scenarios, armies, bestiaries, spell lists.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// The bestiary an army file is checked against: the one beside its folder
/// (`../bestiary/marauders.ron`), else the game's own.
fn bestiary_for(file: &Path) -> Option<Vec<Profile>> {
    let beside = file
        .parent()
        .and_then(Path::parent)
        .map(|root| root.join("bestiary").join("marauders.ron"));
    let shipped = crate::game::saves::assets_dir()
        .join("bestiary")
        .join("marauders.ron");
    [beside, Some(shipped)]
        .into_iter()
        .flatten()
        .find(|p| p.is_file())
        .and_then(|p| load_ron::<Bestiary>(&p).ok())
        .map(|b| b.profiles)
}

/// Every problem of one file, checked by the ruleset it is for: a Toy Soldier scenario,
/// army or unit list by Toy Soldier; a Borderlands scenario, army or armoury by
/// Borderlands; the shared bestiary by both rulesets; the rest by
/// Marauders.
pub fn problems_of(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    // A file that does not parse is reported by the Marauders checks, which name the
    // same position.
    if opens_with(&text, "Units")
        || super::file_ruleset(file).is_ok_and(|r| r == Ruleset::ToySoldier)
    {
        return warband_toy_soldier::data::validate_file(file);
    }
    let borderlands = opens_with(&text, "Armoury")
        || super::file_ruleset(file).is_ok_and(|r| r == Ruleset::Borderlands);
    if borderlands {
        return warband_borderlands::data::validate_file(file);
    }
    let mut out = validate_file(file, bestiary_for(file).as_deref());
    if text.contains("bx:") {
        out.extend(warband_borderlands::data::validate_file(file));
    }
    out
}

pub fn validate(args: ValidateArgs) -> ExitCode {
    let mut bad = 0;
    for file in &args.files {
        let problems = problems_of(file);
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
