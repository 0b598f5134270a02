//! The ruleset registry: the one place in `src/` that names the rulesets. It turns a
//! ruleset read from a file into its engine type (`with_rules!`), and checks a data
//! file by the ruleset it is for. The command line and the desktop game both read it;
//! neither owns it, and it knows nothing of either.

use std::path::Path;
use warband_rules::Ruleset;
use warband_table::files::{DataError, opens_as, opens_with};

/// Runs `$body` with `$R` standing for the engine of `$ruleset`: a ruleset's id becomes
/// its type here and nowhere else. A fourth ruleset is one more arm.
macro_rules! with_rules {
    ($ruleset:expr, $R:ident => $body:expr) => {
        match $ruleset {
            warband_rules::Ruleset::Marauders => {
                type $R = warband_marauders::engine::Marauders;
                $body
            }
            warband_rules::Ruleset::Borderlands => {
                type $R = warband_borderlands::Borderlands;
                $body
            }
            warband_rules::Ruleset::ToySoldier => {
                type $R = warband_toy_soldier::ToySoldier;
                $body
            }
        }
    };
}
pub(crate) use with_rules;

/// The ruleset a scenario, army or save file is for (a save of format 1, which names
/// none, is Marauders).
pub fn file_ruleset(file: &Path) -> Result<Ruleset, DataError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| DataError::new(file, format!("cannot read: {e}")))?;
    let value: ron::Value = warband_table::files::parse_ron(file, &text).map_err(|e| {
        // A scenario that does not parse is told as `validate` tells it: read as a
        // scenario, not as any RON value (whose parser words the same fault otherwise).
        if opens_with(&text, "Scenario") {
            let typed = warband_table::files::parse_ron::<warband_table::scenario::Scenario>;
            typed(file, &text).err().unwrap_or(e)
        } else {
            e
        }
    })?;
    let named = match &value {
        ron::Value::Map(m) => m.get(&ron::Value::String("ruleset".into())).cloned(),
        _ => None,
    };
    match named {
        None => Ok(Ruleset::Marauders),
        Some(ron::Value::String(id)) => id.parse().map_err(|e: String| DataError {
            position: position_of_ruleset(&text, &id),
            ..DataError::new(file, e)
        }),
        Some(other) => Err(DataError::new(
            file,
            format!("`ruleset` should be a ruleset id, not {other:?}"),
        )),
    }
}

/// Where `ruleset: "id"` names its id in `text`, 1-based line and column of its quote,
/// as a parse error's position reads.
fn position_of_ruleset(text: &str, id: &str) -> Option<(usize, usize)> {
    let key = text.find("ruleset")?;
    let at = key + text[key..].find(&format!("\"{id}\""))?;
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
    Some((line, col))
}

/// The open table a ruleset calibrates its points on unless told otherwise: a shipped
/// scenario's file name.
pub fn calibration_ground(ruleset: Ruleset) -> &'static str {
    match ruleset {
        Ruleset::Marauders => "open-field.ron",
        Ruleset::ToySoldier => "open-meadow.ron",
        Ruleset::Borderlands => "open-ground.ron",
    }
}

/// Every problem of one data file, checked by the ruleset it is for: a Toy Soldier
/// scenario, army, unit list or the player's own units (`units.ron`) by Toy Soldier; a
/// Borderlands scenario, army, armoury or the player's own heroes (`heroes.ron`) by
/// Borderlands; the shared bestiary by both; the rest by Marauders (which also names
/// the position in a file that does not parse).
pub fn problems_of_file(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let named = file_ruleset(file).ok();
    let own_units = opens_as(&text, "UnitList", "units");
    // The player's own designs count as the shipped profiles do (a file of them is
    // checked as it stands).
    if opens_with(&text, "Units") || own_units || named == Some(Ruleset::ToySoldier) {
        let own = crate::game::own_units().unwrap_or_default();
        let problems = warband_toy_soldier::data::validate_file_adopting(file, own);
        return with_icons(problems, file, &text);
    }
    let own_heroes = opens_as(&text, "HeroList", "heroes");
    if opens_with(&text, "Armoury") || own_heroes || named == Some(Ruleset::Borderlands) {
        let own = crate::game::own_heroes().unwrap_or_default();
        return warband_borderlands::data::validate_file_adopting(file, own);
    }
    let mut out = warband_marauders::data::validate_file(file, bestiary_for(file).as_deref());
    if text.contains("bx:") {
        out.extend(warband_borderlands::data::validate_file(file));
    }
    with_icons(out, file, &text)
}

/// A file's problems, and what is wrong with the icons it names where nothing else is
/// (a file that does not parse is told once).
fn with_icons(mut problems: Vec<String>, file: &Path, text: &str) -> Vec<String> {
    if problems.is_empty() {
        problems.extend(crate::icon_table::problem(file, text));
    }
    problems
}

/// The Marauders bestiary an army file is checked against: the one beside its folder
/// (`../bestiary/marauders.ron`), else the game's own.
fn bestiary_for(file: &Path) -> Option<Vec<warband_rules::marauders::Profile>> {
    let beside = file
        .parent()
        .and_then(Path::parent)
        .map(|root| root.join("bestiary").join("marauders.ron"));
    let shipped = warband_table::files::shipped_root()
        .join("bestiary")
        .join("marauders.ron");
    [beside, Some(shipped)]
        .into_iter()
        .flatten()
        .find(|p| p.is_file())
        .and_then(|p| warband_table::files::load_ron::<warband_marauders::data::Bestiary>(&p).ok())
        .map(|b| b.profiles)
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_table::engine::Rules;
    use warband_table::sim::Contest;

    /// A scenario that does not parse is told the same by every command: `battle` and
    /// `replay` (which first read its ruleset) as `validate` does.
    #[test]
    fn a_broken_scenario_is_told_alike_by_every_command() {
        let file = std::env::temp_dir().join(format!("warband-broken-{}.ron", std::process::id()));
        // A deployment zone's closing bracket left out: as any RON value this read
        // "19:2: Expected comma", as a scenario "19:1: … missing field named `b` …".
        let shipped =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/woods-and-walls.ron");
        let text = std::fs::read_to_string(shipped).unwrap();
        let broken = text.replacen("max: (42.0, 8.0)),", "max: (42.0, 8.0),", 1);
        assert_ne!(broken, text);
        std::fs::write(&file, broken).unwrap();
        let said = file_ruleset(&file).unwrap_err().to_string();
        let validated = problems_of_file(&file);
        std::fs::remove_file(&file).unwrap();
        assert!(said.contains("missing field named `b`"), "{said}");
        assert_eq!(validated.first(), Some(&said), "validate: {validated:?}");
    }

    /// An unknown ruleset is told where it stands in the file, as `validate` tells it.
    #[test]
    fn an_unknown_ruleset_is_told_with_its_line_and_column() {
        let file = std::env::temp_dir().join(format!("warband-ruleset-{}.ron", std::process::id()));
        std::fs::write(
            &file,
            "Scenario(\n    name: \"x\",\n    ruleset: \"chess\",\n)",
        )
        .unwrap();
        let said = file_ruleset(&file).unwrap_err().to_string();
        std::fs::remove_file(&file).unwrap();
        assert!(said.contains(".ron:3:14: "), "{said}");
        assert!(said.contains("chess"), "{said}");
    }

    /// Every shipped scenario names its ruleset, and the registry's engine for that
    /// ruleset is the one that says it is that ruleset.
    #[test]
    fn each_scenario_opens_with_the_engine_of_its_ruleset() {
        let dir = warband_table::files::shipped_root().join("scenarios");
        let mut seen = std::collections::BTreeSet::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let ruleset = file_ruleset(&path).unwrap();
            let said = with_rules!(ruleset, R => {
                R::load(&path).unwrap();
                R::RULESET
            });
            assert_eq!(said, ruleset, "{}", path.display());
            seen.insert(ruleset.id());
        }
        assert_eq!(seen.len(), Ruleset::ALL.len(), "{seen:?}");
    }

    #[test]
    fn a_file_naming_no_known_ruleset_is_an_error_with_its_name() {
        let file = std::env::temp_dir().join(format!("warband-odd-{}.ron", std::process::id()));
        std::fs::write(&file, "(ruleset: \"chess\")").unwrap();
        let e = file_ruleset(&file).unwrap_err().to_string();
        std::fs::remove_file(&file).unwrap();
        assert!(e.contains("warband-odd-") && e.contains("chess"), "{e}");
    }
}
