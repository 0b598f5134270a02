//! What the current phase asks of you: the order of play after initiative, the fights
//! to resolve, and a button to end your part.

use super::odds::melee_panel;
use crate::game::input::Selection;
use crate::game::session::Session;
use bevy_egui::egui;
use warband_battle::battle::{ModelView, in_play};
use warband_battle::geometry::melee_groups;
use warband_battle::phases::Phase;
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
    let mut chosen = None;
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
                if ui.button("Fight").clicked() {
                    chosen = Some(g[0]);
                }
                if ui.small_button("select").clicked() {
                    sel.model = us.first().map(|m| m.id);
                }
            });
        });
    }
    if let Some(model) = chosen {
        let _ = session.submit(
            side,
            Command::ResolveMelee {
                model,
                allocation: None,
            },
        );
    }
}
