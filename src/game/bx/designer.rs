//! The Borderlands hero designer: class, level, ability scores and kit (armour, shield,
//! weapons, spells), with what they make — AC, THAC0, hit dice, attacks, spells a day —
//! worked out by the rules as you choose, and the hero saved to the data folder, where
//! the builder and battle setup find it.

use super::roster::{heroes_file, load_heroes};
use crate::game::desk::ProfileDesigner;
use bevy_egui::egui;
use warband_borderlands::data::{Armoury, HeroList};
use warband_rules::borderlands::Class;
use warband_rules::borderlands::MAX_HERO_LEVEL;
use warband_rules::borderlands::profile::{
    Combatant, Hero, armour_refused, castable_at, class_spells, hero_problems, shield_refused,
    weapon_refused,
};

pub struct Designer {
    pub hero: Hero,
    pub message: Option<String>,
    /// The shipped weapons and armour a hero is made with.
    arms: Armoury,
    /// The names of the shipped heroes and monsters, which a design may not take.
    shipped: Vec<String>,
}

impl ProfileDesigner for Designer {
    fn title(&self) -> &'static str {
        "Design a hero: class, level and kit make its AC, THAC0 and damage"
    }

    fn show(&mut self, ui: &mut egui::Ui) -> bool {
        show(ui, self)
    }
}

impl Designer {
    /// A designer making heroes with this armoury.
    pub fn new(arms: Armoury, shipped: Vec<String>) -> Self {
        Self {
            arms,
            shipped,
            hero: Hero {
                name: "New hero".into(),
                class: Class::Fighter,
                level: 1,
                str: 13,
                dex: 12,
                con: 12,
                wis: 10,
                armour: Some("chain mail".into()),
                shield: true,
                weapons: vec!["sword".into()],
                spells: Vec::new(),
            },
            message: None,
        }
    }
}

/// The designer; true when a hero was saved (the catalogue should be read again).
fn show(ui: &mut egui::Ui, d: &mut Designer) -> bool {
    let (h, arms) = (&mut d.hero, &d.arms);
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut h.name);
    });
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("hero class")
            .selected_text(h.class.name())
            .show_ui(ui, |ui| {
                for c in Class::HEROES {
                    ui.selectable_value(&mut h.class, c, c.name());
                }
            });
        ui.add(egui::Slider::new(&mut h.level, 1..=MAX_HERO_LEVEL).text("level"));
    });
    ui.horizontal(|ui| {
        for (label, v) in [
            ("STR", &mut h.str),
            ("DEX", &mut h.dex),
            ("CON", &mut h.con),
            ("WIS", &mut h.wis),
        ] {
            ui.label(label);
            ui.add(egui::DragValue::new(v).range(3..=18));
        }
    });
    kit(ui, h, arms);
    let dropped = fit_kit(h, arms);
    if !dropped.is_empty() {
        d.message = Some(format!("Taken off: {}", dropped.join("; ")));
    }
    ui.separator();
    let made = Combatant::hero(h, &arms.weapons, &arms.armour);
    let mut problems = hero_problems(h);
    problems.extend(crate::game::saves::name_taken(
        &h.name,
        &d.shipped,
        "hero or monster",
    ));
    match &made {
        Ok(c) => summary(ui, c),
        Err(e) => problems.push(e.clone()),
    }
    crate::game::saves::designer_footer(ui, &problems, "💾 Save hero", &mut d.message, || {
        save(h)?;
        Ok(format!("Saved {} to {}", h.name, heroes_file().display()))
    })
}

/// Drops what the hero's class may not carry (B/X) or cast, as a class is changed (a
/// play-tester's cleric kept the fighter's sword), and says why each piece of kit went,
/// for the designer to tell (a hero made under older rules is told as it is opened).
fn fit_kit(h: &mut Hero, arms: &Armoury) -> Vec<String> {
    let class = h.class;
    let mut dropped = Vec::new();
    h.spells.retain(|s| class_spells(class).contains(s));
    h.weapons.retain(|n| {
        let why = arms.weapons.iter().find(|w| &w.name == n);
        let why = why.and_then(|w| weapon_refused(class, w));
        dropped.extend(why.clone());
        why.is_none()
    });
    let body = |name: &String| arms.armour.iter().find(|a| &a.name == name).map(|a| a.ac);
    if let Some(why) = h
        .armour
        .as_ref()
        .and_then(body)
        .and_then(|ac| armour_refused(class, ac))
    {
        h.armour = None;
        dropped.push(why);
    }
    if h.shield
        && let Some(why) = shield_refused(class)
    {
        h.shield = false;
        dropped.push(why);
    }
    dropped
}

/// Armour, shield, weapons and (for casters) spells; what the class may not carry is
/// greyed, with why.
fn kit(ui: &mut egui::Ui, h: &mut Hero, arms: &Armoury) {
    let class = h.class;
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("hero armour")
            .selected_text(h.armour.clone().unwrap_or_else(|| "no armour".into()))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut h.armour, None, "no armour");
                for a in &arms.armour {
                    let why = armour_refused(class, a.ac);
                    let label = format!("{} (AC {})", a.name, a.ac);
                    let item = egui::Button::selectable(h.armour.as_ref() == Some(&a.name), label);
                    let r = ui.add_enabled(why.is_none(), item);
                    if r.on_disabled_hover_text(why.unwrap_or_default()).clicked() {
                        h.armour = Some(a.name.clone());
                    }
                }
            });
        let why = shield_refused(class);
        ui.add_enabled(why.is_none(), egui::Checkbox::new(&mut h.shield, "shield"))
            .on_disabled_hover_text(why.unwrap_or_default());
    });
    ui.horizontal_wrapped(|ui| {
        for w in &arms.weapons {
            let mut on = h.weapons.contains(&w.name);
            let why = weapon_refused(class, w);
            let label = format!("{} {}", w.name, w.damage);
            if ui
                .add_enabled(why.is_none(), egui::Checkbox::new(&mut on, label))
                .on_disabled_hover_text(why.unwrap_or_default())
                .changed()
            {
                h.weapons.retain(|n| n != &w.name);
                if on {
                    h.weapons.push(w.name.clone());
                }
            }
        }
    });
    let learnable = class_spells(h.class);
    if !learnable.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Spells");
            for spell in learnable {
                let mut on = h.spells.contains(spell);
                let castable = castable_at(h.class, h.level, *spell);
                let label = format!("{} (level {})", spell.name(), spell.level());
                let box_ = ui.add_enabled(castable || on, egui::Checkbox::new(&mut on, label));
                let box_ = box_.on_disabled_hover_text(format!(
                    "a {} of level {} has no level-{} slot",
                    h.class.name(),
                    h.level,
                    spell.level()
                ));
                if box_.changed() {
                    h.spells.retain(|s| s != spell);
                    if on {
                        h.spells.push(*spell);
                    }
                }
            }
        });
    }
}

/// What the choices make, by the rules.
fn summary(ui: &mut egui::Ui, c: &Combatant) {
    ui.label(format!(
        "AC {} · THAC0 {} · move {:.0}\"",
        c.ac, c.thac0, c.move_inches
    ));
    let melee: Vec<String> = c
        .melee
        .iter()
        .map(|a| format!("{} {}", a.name, a.damage))
        .collect();
    let missile = c.missile.as_ref().map_or(String::new(), |m| {
        format!(" · {} {} ({:.0}\")", m.name, m.damage, m.range_inches())
    });
    ui.label(format!("Melee {}{missile}", melee.join(", ")));
    if c.slots.iter().any(|n| *n > 0) {
        ui.label(format!(
            "Spells a day: {}",
            crate::game::bx::panel::slots_text(c.slots)
        ));
    }
}

/// Adds the hero to the player's heroes (replacing one of the same name), atomically.
fn save(h: &Hero) -> Result<(), String> {
    let mut list = HeroList {
        heroes: load_heroes()?,
    };
    list.heroes.retain(|o| o.name != h.name);
    list.heroes.push(h.clone());
    crate::game::saves::keep(&heroes_file(), &list)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fighter's kit made a magic-user's keeps only what a magic-user may carry; made
    /// a cleric's, only the blunt weapons. The heroes made are then the engine's to use.
    #[test]
    fn a_class_change_drops_what_the_class_may_not_carry() {
        let path = std::path::Path::new("assets/bestiary/borderlands.ron");
        let arms: Armoury = warband_table::files::load_ron(path).unwrap();
        let mut d = Designer::new(arms.clone(), Vec::new());
        d.hero.weapons = vec!["sword".into(), "dagger".into(), "mace".into()];
        let mut cleric = d.hero.clone();
        cleric.class = Class::Cleric;
        let dropped = fit_kit(&mut cleric, &arms);
        assert_eq!(cleric.weapons, ["mace"]);
        assert_eq!(dropped.len(), 2, "{dropped:?}");
        assert!(dropped[0].contains("blunt"), "{dropped:?}");
        assert_eq!(
            (cleric.armour.as_deref(), cleric.shield),
            (Some("chain mail"), true)
        );
        d.hero.class = Class::MagicUser;
        fit_kit(&mut d.hero, &arms);
        assert_eq!(d.hero.weapons, ["dagger"]);
        assert_eq!((d.hero.armour.as_deref(), d.hero.shield), (None, false));
        for h in [&cleric, &d.hero] {
            assert!(Combatant::hero(h, &arms.weapons, &arms.armour).is_ok());
        }
    }
}
