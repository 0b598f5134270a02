//! The icons the shipped bestiaries name for their profiles (`icon: Bow` beside each
//! profile's name), read beside the rules' own reading of those files so that a
//! picture never enters a battle's state. A profile the files name no icon for gets its
//! own guess (`Profile::icon` and the like).

use serde::Deserialize;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;
use warband_rules::icon::Icon;
use warband_rules::plain::plain_some;
use warband_table::files::{DataError, opens_with, parse_ron};

/// Every profile's icon by name, across the shipped bestiaries.
#[derive(Debug, Default)]
pub struct Icons(HashMap<String, Icon>);

macro_rules! named_icon {
    ($ty:ident, $ron:literal) => {
        /// A profile as far as its picture goes.
        #[derive(Deserialize)]
        #[serde(rename = $ron)]
        struct $ty {
            name: String,
            #[serde(default, deserialize_with = "plain_some")]
            icon: Option<Icon>,
        }
    };
}
named_icon!(ProfileIcon, "Profile");
named_icon!(UnitIcon, "UnitProfile");

#[derive(Deserialize)]
#[serde(rename = "Bestiary")]
struct BestiaryIcons {
    profiles: Vec<ProfileIcon>,
}

#[derive(Deserialize)]
#[serde(rename = "Units")]
struct UnitIcons {
    units: Vec<UnitIcon>,
}

/// The icons a bestiary (`Bestiary`) or unit list (`Units`) names, by profile name;
/// another file names none.
fn named(file: &Path, text: &str) -> Result<Vec<(String, Option<Icon>)>, DataError> {
    if opens_with(text, "Bestiary") {
        let b: BestiaryIcons = parse_ron(file, text)?;
        Ok(b.profiles.into_iter().map(|p| (p.name, p.icon)).collect())
    } else if opens_with(text, "Units") {
        let u: UnitIcons = parse_ron(file, text)?;
        Ok(u.units.into_iter().map(|p| (p.name, p.icon)).collect())
    } else {
        Ok(Vec::new())
    }
}

/// What is wrong with the icons a data file names (`icon: Lava`), with its place; the
/// rules' own reading of the file passes over them.
pub fn problem(file: &Path, text: &str) -> Option<String> {
    named(file, text).err().map(|e| e.to_string())
}

impl Icons {
    /// The icons named in the bestiaries under `assets` (a file that cannot be read
    /// names none: `warband validate` says what is wrong with it).
    pub fn read(assets: &Path) -> Icons {
        let mut named: Vec<(String, Option<Icon>)> = Vec::new();
        for f in ["marauders.ron", "toy-soldier.ron"] {
            let file = assets.join("bestiary").join(f);
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            named.extend(self::named(&file, &text).unwrap_or_default());
        }
        Icons(
            named
                .into_iter()
                .filter_map(|(name, icon)| Some((name, icon?)))
                .collect(),
        )
    }

    /// The icon the data names for profile `name`, else `guess`.
    pub fn of(&self, name: &str, guess: Icon) -> Icon {
        self.0.get(name).copied().unwrap_or(guess)
    }
}

/// The icon for profile `name`: the shipped data's, else `guess` (read once, on first use).
pub fn icon(name: &str, guess: Icon) -> Icon {
    static ICONS: OnceLock<Icons> = OnceLock::new();
    ICONS
        .get_or_init(|| Icons::read(&warband_table::files::shipped_root()))
        .of(name, guess)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shipped profile names its icon, and the names are the data's, not guesses.
    #[test]
    fn an_icon_the_game_has_not_is_told_with_its_place() {
        let file = Path::new("bestiary/marauders.ron");
        let text = "Bestiary(profiles: [\n    Profile(name: \"Orc\", icon: Lava, hd: 1),\n])";
        let told = problem(file, text).expect("told");
        assert!(told.starts_with("bestiary/marauders.ron:2:"), "{told}");
        assert!(told.contains("Lava") && told.contains("Sword"), "{told}");
        assert_eq!(
            problem(file, "Scenario(name: \"x\")"),
            None,
            "not a bestiary"
        );
    }

    #[test]
    fn the_shipped_bestiaries_name_every_profiles_icon() {
        let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let icons = Icons::read(&assets);
        assert!(icons.0.len() >= 60, "only {} named", icons.0.len());
        assert_eq!(icons.of("Goblin", Icon::Sword), Icon::Spear);
        assert_eq!(icons.of("Giant rat", Icon::Giant), Icon::Beast);
        assert_eq!(icons.of("Goblin wolf riders", Icon::Horse), Icon::Wolf);
        assert_eq!(
            icons.of("Nobody", Icon::Club),
            Icon::Club,
            "unnamed: the guess"
        );
        for file in ["marauders.ron", "toy-soldier.ron"] {
            let text = std::fs::read_to_string(assets.join("bestiary").join(file)).unwrap();
            let profiles = text.matches("Profile(name:").count();
            let named = text.matches(", icon: ").count();
            assert_eq!(profiles, named, "{file}: every profile names its icon");
        }
    }
}
