//! What the current phase asks of you: the order of play after initiative, the fights
//! to resolve, and a button to end your part.

use super::odds::melee_panel;
use crate::game::input::Selection;
use crate::game::session::Session;
use bevy_egui::egui;
use warband_battle::battle::{ModelView, in_play};
use warband_battle::command::Allocation;
use warband_battle::geometry::{in_contact, melee_groups};
use warband_battle::phases::Phase;
use warband_battle::phases::{auto_allocation, own_dice};
use warband_battle::{Command, Side};

pub fn show(ui: &mut egui::Ui, session: &mut Session, sel: &mut Selection) {
    let Some(side) = session.human_turn() else {
        if !session.watching() {
            ui.weak("The computer is playing its part of the phase…");
        }
        return;
    };
    let phase = session.engine.phase();
    ui.strong(match phase {
        Phase::DeclareSpells => "Declare spells: select a caster, pick a spell, click its target.",
        Phase::Initiative => "You have priority: choose who acts first in each phase.",
        Phase::Movement => {
            "Move: select a model, click where it goes. Moving into an enemy charges it."
        }
        Phase::Shooting => "Shoot: select a shooter, click an enemy. Hover to see the odds.",
        Phase::Attacking => "Attack: click a fight (or press Fight) to resolve it.",
        _ => "",
    });
    match phase {
        Phase::Initiative => order_dialog(ui, session, side),
        Phase::Attacking => fights(ui, session, side, sel),
        _ => {}
    }
    if ui.button("End my part of the phase (Space)").clicked() {
        let _ = session.submit(side, Command::EndPhase);
    }
}

fn order_dialog(ui: &mut egui::Ui, session: &mut Session, side: Side) {
    let id = egui::Id::new("order");
    let mut order: Vec<bool> = ui
        .data_mut(|d| d.get_temp::<Vec<bool>>(id))
        .unwrap_or_else(|| {
            Phase::ORDERED
                .iter()
                .map(|p| *p != Phase::Movement)
                .collect()
        });
    egui::Grid::new("order_grid").show(ui, |ui| {
        for (i, p) in Phase::ORDERED.iter().enumerate() {
            ui.label(format!("{p:?}"));
            ui.radio_value(&mut order[i], true, "me first");
            ui.radio_value(&mut order[i], false, "them first");
            ui.end_row();
        }
    });
    ui.data_mut(|d| d.insert_temp(id, order.clone()));
    if ui.button("Confirm order").clicked() {
        let first = Phase::ORDERED
            .iter()
            .zip(&order)
            .map(|(p, mine)| (*p, if *mine { side } else { side.other() }))
            .collect();
        let _ = session.submit(side, Command::ChooseOrder { first });
    }
}

fn fights(ui: &mut egui::Ui, session: &mut Session, side: Side, sel: &mut Selection) {
    let all = in_play(session.engine.world());
    let fought = session
        .engine
        .world()
        .resource::<warband_battle::phases::Fought>()
        .0
        .clone();
    let groups = melee_groups(&all.iter().map(ModelView::grouped).collect::<Vec<_>>());
    let mut chosen: Option<(u32, Option<Vec<Allocation>>)> = None;
    for g in groups
        .iter()
        .filter(|g| !g.iter().any(|id| fought.contains(id)))
    {
        let members = |mine: bool| -> Vec<&ModelView> {
            all.iter()
                .filter(|m| g.contains(&m.id) && (m.side == side) == mine)
                .collect()
        };
        let (us, them) = (members(true), members(false));
        let names = |v: &[&ModelView]| {
            v.iter()
                .map(|m| format!("{} #{}", m.profile.name, m.id))
                .collect::<Vec<_>>()
                .join(", ")
        };
        ui.group(|ui| {
            ui.label(format!("{}  vs  {}", names(&us), names(&them)));
            melee_panel(ui, "Fight", &us, &them);
            ui.horizontal(|ui| {
                if ui
                    .button("Fight")
                    .on_hover_text("Damage dice split automatically")
                    .clicked()
                {
                    chosen = Some((g[0], None));
                }
                if ui.small_button("select").clicked() {
                    sel.model = us.first().map(|m| m.id);
                }
            });
            if let Some(alloc) = allocation_editor(ui, g[0], &us, &them) {
                chosen = Some((g[0], Some(alloc)));
            }
        });
    }
    if let Some((model, allocation)) = chosen {
        let _ = session.submit(side, Command::ResolveMelee { model, allocation });
    }
}

/// "Split my dice…": how many damage dice each of your models puts on each enemy it
/// touches, used if your side wins. Starts from the auto-allocator's split; returns the
/// allocation when the player fights with it.
fn allocation_editor(
    ui: &mut egui::Ui,
    group: u32,
    us: &[&ModelView],
    them: &[&ModelView],
) -> Option<Vec<Allocation>> {
    let mut fight = None;
    egui::CollapsingHeader::new("Split my damage dice…")
        .id_salt(("alloc", group))
        .show(ui, |ui| {
            let id = egui::Id::new(("allocation", group));
            let members: Vec<ModelView> = us.iter().chain(them).map(|m| (*m).clone()).collect();
            let side = us.first().map(|m| m.side)?;
            let mut alloc: Vec<Allocation> = ui
                .data_mut(|d| d.get_temp::<Vec<Allocation>>(id))
                .unwrap_or_else(|| auto_allocation(&members, side));
            let mut ok = true;
            for att in us {
                let dice = own_dice(att);
                let touching: Vec<&&ModelView> = them
                    .iter()
                    .filter(|t| in_contact(&att.base, &t.base))
                    .collect();
                let given: u8 = alloc
                    .iter()
                    .filter(|a| a.attacker == att.id)
                    .map(|a| a.dice)
                    .sum();
                ui.label(format!(
                    "{} #{}: {given} of {dice} dice",
                    att.profile.name, att.id
                ));
                for t in touching {
                    let n = match alloc
                        .iter_mut()
                        .find(|a| a.attacker == att.id && a.target == t.id)
                    {
                        Some(a) => &mut a.dice,
                        None => {
                            alloc.push(Allocation {
                                attacker: att.id,
                                target: t.id,
                                dice: 0,
                            });
                            &mut alloc.last_mut().expect("just pushed").dice
                        }
                    };
                    ui.horizontal(|ui| {
                        ui.label(format!(
                            "   → {} #{} (hit on {}+)",
                            t.profile.name,
                            t.id,
                            t.effective_armour().threshold()
                        ));
                        ui.add(egui::DragValue::new(n).range(0..=dice));
                    });
                }
                let given: u8 = alloc
                    .iter()
                    .filter(|a| a.attacker == att.id)
                    .map(|a| a.dice)
                    .sum();
                if given != dice && given != 0 {
                    ok = false;
                }
            }
            ui.data_mut(|d| d.insert_temp(id, alloc.clone()));
            if !ok {
                ui.colored_label(
                    egui::Color32::from_rgb(240, 150, 100),
                    "Each model must place all of its dice (or none).",
                );
            }
            if ui
                .add_enabled(ok, egui::Button::new("Fight with this split"))
                .clicked()
            {
                alloc.retain(|a| a.dice > 0);
                fight = Some(alloc);
            }
            Some(())
        });
    fight
}
