//! The army builder: browse the bestiary, add and count models, pick a leader, see the
//! points against the limit and every problem as you go; save, load, duplicate and
//! delete lists in the data folder (written atomically), or roll a random legal army.
//! Saved armies appear in battle setup.

use super::Screen;
use crate::game::hud::root_ui;
use crate::game::saves::{ArmyFile, armies_dir, assets_dir, list_armies, slug};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use warband_marauders::data::{Bestiary, army_problems, load_ron, save_ron};
use warband_rules::army::{ArmyEntry, ArmyList};
use warband_rules::marauders::Profile;
use warband_rules::marauders::points::points;
use warband_rules::{DiceRoller, Die};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Builder), open).add_systems(
        EguiPrimaryContextPass,
        builder.run_if(in_state(Screen::Builder)),
    );
}

#[derive(Resource)]
struct Builder {
    bestiary: Vec<Profile>,
    army: ArmyList,
    saved: Vec<ArmyFile>,
    filter: String,
    message: Option<String>,
    rng: DiceRoller,
}

fn blank() -> ArmyList {
    ArmyList {
        name: "New army".into(),
        ruleset: warband_rules::Ruleset::Marauders,
        points_limit: Some(100),
        leader: String::new(),
        entries: Vec::new(),
    }
}

fn open(mut commands: Commands) {
    let path = assets_dir().join("bestiary").join("marauders.ron");
    let (bestiary, message) = match load_ron::<Bestiary>(&path) {
        Ok(b) => (b.profiles, None),
        Err(e) => (Vec::new(), Some(e.to_string())),
    };
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(7, |d| d.as_nanos() as u64);
    commands.insert_resource(Builder {
        bestiary,
        army: blank(),
        saved: list_armies(&armies_dir()),
        filter: String::new(),
        message,
        rng: DiceRoller::from_seed(seed),
    });
}

/// A random legal army for a limit: a leader, then random profiles while they fit.
pub fn random_army(bestiary: &[Profile], limit: u32, rng: &mut DiceRoller) -> Option<ArmyList> {
    let pick = |rng: &mut DiceRoller, from: &[&Profile]| {
        from[usize::from(rng.face(Die(from.len().min(255) as u8))) - 1].clone()
    };
    let leaders: Vec<&Profile> = bestiary.iter().filter(|p| points(p) <= limit).collect();
    if leaders.is_empty() {
        return None;
    }
    let leader = pick(rng, &leaders);
    let mut army = ArmyList {
        name: format!("Random {limit}"),
        ruleset: warband_rules::Ruleset::Marauders,
        points_limit: Some(limit),
        leader: leader.name.clone(),
        entries: vec![ArmyEntry {
            profile: leader.name.clone(),
            count: 1,
        }],
    };
    let mut total = points(&leader);
    for _ in 0..40 {
        let fits: Vec<&Profile> = bestiary
            .iter()
            .filter(|p| total + points(p) <= limit)
            .collect();
        if fits.is_empty() {
            break;
        }
        let p = pick(rng, &fits);
        total += points(&p);
        add(&mut army, &p.name);
    }
    Some(army)
}

fn add(army: &mut ArmyList, name: &str) {
    match army.entries.iter_mut().find(|e| e.profile == name) {
        Some(e) => e.count = e.count.saturating_add(1),
        None => army.entries.push(ArmyEntry {
            profile: name.to_string(),
            count: 1,
        }),
    }
    if army.leader.is_empty() {
        army.leader = name.to_string();
    }
}

fn builder(
    mut contexts: EguiContexts,
    b: Option<ResMut<Builder>>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let Some(mut b) = b else { return Ok(()) };
    let b = &mut *b;
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let cost =
        |bestiary: &[Profile], name: &str| bestiary.iter().find(|p| p.name == name).map(points);
    egui::Panel::right("saved")
        .exact_size(300.0)
        .show(&mut root, |ui| {
            ui.heading("Saved armies");
            ui.small(armies_dir().display().to_string());
            ui.separator();
            let mut action = None;
            egui::ScrollArea::vertical()
                .max_height(ui.available_height() - 40.0)
                .show(ui, |ui| {
                    for (i, f) in b.saved.iter().enumerate() {
                        ui.horizontal(|ui| match &f.army {
                            Ok(a) => {
                                ui.label(&a.name);
                                if ui.small_button("Load").clicked() {
                                    action = Some(("load", i));
                                }
                                if ui.small_button("Duplicate").clicked() {
                                    action = Some(("dup", i));
                                }
                                if ui.small_button("Delete").clicked() {
                                    action = Some(("del", i));
                                }
                            }
                            Err(e) => {
                                ui.colored_label(egui::Color32::from_rgb(240, 120, 100), e)
                                    .on_hover_text(
                                        "This file is damaged; fix it by hand or delete it.",
                                    );
                                if ui.small_button("Delete").clicked() {
                                    action = Some(("del", i));
                                }
                            }
                        });
                    }
                });
            if let Some((what, i)) = action {
                let f = &b.saved[i];
                match (what, &f.army) {
                    ("load", Ok(a)) => b.army = a.clone(),
                    ("dup", Ok(a)) => {
                        b.army = a.clone();
                        b.army.name = format!("{} (copy)", a.name);
                    }
                    ("del", _) => {
                        b.message = Some(match std::fs::remove_file(&f.path) {
                            Ok(()) => format!("Deleted {}", f.path.display()),
                            Err(e) => format!("Could not delete: {e}"),
                        });
                        b.saved = list_armies(&armies_dir());
                    }
                    _ => {}
                }
            }
        });
    egui::Panel::left("bestiary")
        .exact_size(560.0)
        .show(&mut root, |ui| {
            ui.heading("Bestiary");
            ui.horizontal(|ui| {
                ui.label("Find");
                ui.text_edit_singleline(&mut b.filter);
            });
            let filter = b.filter.to_lowercase();
            let mut added = None;
            egui::ScrollArea::both().show(ui, |ui| {
                egui::Grid::new("bestiary_grid")
                    .striped(true)
                    .num_columns(7)
                    .show(ui, |ui| {
                        for h in ["", "Name", "HD", "Armour", "Morale", "Pts", "Extras"] {
                            ui.strong(h);
                        }
                        ui.end_row();
                        for p in b
                            .bestiary
                            .iter()
                            .filter(|p| p.name.to_lowercase().contains(&filter))
                        {
                            if ui
                                .small_button("+")
                                .on_hover_text("Add to the army")
                                .clicked()
                            {
                                added = Some(p.name.clone());
                            }
                            ui.label(&p.name);
                            ui.label(p.hd.to_string());
                            ui.label(match p.ac {
                                Some(ac) => format!("{} (AC {ac})", p.armour),
                                None => p.armour.name().to_string(),
                            });
                            ui.label(p.morale.to_string());
                            ui.label(points(p).to_string());
                            let mut extras = Vec::new();
                            if let Some(r) = &p.ranged {
                                extras.push(format!("{} {}\"", r.name, r.range));
                            }
                            if p.spell_slots > 0 {
                                extras.push(format!("{}×: {}", p.spell_slots, p.spells.join(", ")));
                            }
                            ui.small(extras.join("; "));
                            ui.end_row();
                        }
                    });
            });
            if let Some(name) = added {
                add(&mut b.army, &name);
            }
        });
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.heading("Army builder");
            if ui.button("◀ Menu").clicked() {
                next.set(Screen::MainMenu);
            }
        });
        ui.separator();
        let army = &mut b.army;
        ui.horizontal(|ui| {
            ui.label("Name");
            ui.text_edit_singleline(&mut army.name);
        });
        ui.horizontal(|ui| {
            ui.label("Ruleset: Marauders");
            let mut limited = army.points_limit.is_some();
            ui.checkbox(&mut limited, "Points limit");
            let mut limit = army.points_limit.unwrap_or(100);
            if limited {
                ui.add(egui::DragValue::new(&mut limit).range(10..=2000));
            }
            army.points_limit = limited.then_some(limit);
        });
        let total = army.total_points(|n| cost(&b.bestiary, n));
        let colour = match army.points_limit {
            Some(l) if total > l => egui::Color32::from_rgb(240, 110, 90),
            _ => egui::Color32::from_rgb(140, 220, 140),
        };
        ui.colored_label(
            colour,
            egui::RichText::new(match army.points_limit {
                Some(l) => format!("{total} / {l} points"),
                None => format!("{total} points"),
            })
            .size(20.0),
        );
        ui.separator();
        let mut remove = None;
        egui::Grid::new("entries").num_columns(5).show(ui, |ui| {
            for (i, e) in army.entries.iter_mut().enumerate() {
                let each = cost(&b.bestiary, &e.profile).unwrap_or(0);
                ui.radio_value(&mut army.leader, e.profile.clone(), "")
                    .on_hover_text("Leader");
                ui.label(&e.profile);
                ui.horizontal(|ui| {
                    if ui.small_button("−").clicked() {
                        if e.count <= 1 {
                            remove = Some(i);
                        } else {
                            e.count -= 1;
                        }
                    }
                    ui.label(e.count.to_string());
                    if ui.small_button("+").clicked() {
                        e.count = e.count.saturating_add(1);
                    }
                });
                ui.label(format!("{} pts", each * u32::from(e.count)));
                if ui.small_button("✖").clicked() {
                    remove = Some(i);
                }
                ui.end_row();
            }
        });
        if let Some(i) = remove {
            let gone = army.entries.remove(i);
            if army.leader == gone.profile {
                army.leader = army
                    .entries
                    .first()
                    .map(|e| e.profile.clone())
                    .unwrap_or_default();
            }
        }
        ui.small("The round button marks the leader: its morale is the side's while it stands.");
        ui.separator();
        let problems = army_problems(army, &b.bestiary);
        for p in &problems {
            ui.colored_label(egui::Color32::from_rgb(240, 150, 100), format!("⚠ {p}"));
        }
        if problems.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(140, 220, 140), "✔ A legal army");
        }
        ui.horizontal(|ui| {
            if ui.button("New").clicked() {
                *army = blank();
            }
            if ui
                .add_enabled(problems.is_empty(), egui::Button::new("💾 Save"))
                .clicked()
            {
                let dir = armies_dir();
                let path = dir.join(format!("{}.ron", slug(&army.name)));
                b.message = Some(
                    match std::fs::create_dir_all(&dir)
                        .map_err(|e| e.to_string())
                        .and_then(|_| save_ron(&path, army).map_err(|e| e.to_string()))
                    {
                        Ok(()) => format!("Saved to {}", path.display()),
                        Err(e) => format!("Could not save: {e}"),
                    },
                );
                b.saved = list_armies(&dir);
            }
            let limit = army.points_limit.unwrap_or(100);
            if ui
                .button(format!("🎲 Random legal army ({limit} pts)"))
                .clicked()
                && let Some(random) = random_army(&b.bestiary, limit, &mut b.rng)
            {
                *army = random;
            }
        });
        if let Some(m) = &b.message {
            ui.label(m);
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_marauders::data::Bestiary;

    fn shipped() -> Vec<Profile> {
        load_ron::<Bestiary>(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/bestiary/marauders.ron"),
        )
        .unwrap()
        .profiles
    }

    #[test]
    fn random_armies_are_legal_and_fill_the_limit() {
        let bestiary = shipped();
        let mut rng = DiceRoller::from_seed(5);
        for limit in [30, 75, 100, 150, 300] {
            for _ in 0..20 {
                let army = random_army(&bestiary, limit, &mut rng).expect("something fits");
                assert!(army_problems(&army, &bestiary).is_empty(), "{army:?}");
                let total =
                    army.total_points(|n| bestiary.iter().find(|p| p.name == n).map(points));
                let cheapest = bestiary.iter().map(points).min().unwrap();
                assert!(
                    total + cheapest > limit || army.models().count() >= 40,
                    "{total} of {limit}"
                );
            }
        }
    }
}
