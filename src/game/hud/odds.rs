//! Exact odds of what the pointer is on: a shot at the hovered enemy, or the charge the
//! movement ghost would make.

use crate::game::input::{Selection, ghost};
use crate::game::session::Session;
use bevy_egui::egui;
use warband_battle::battle::{ModelView, TerrainMap, in_play};
use warband_battle::geometry::{Crossed, in_contact};
use warband_battle::phases::{Phase, check_shot, contest_dice};
use warband_rules::marauders::melee_odds;
use warband_rules::marauders::odds::shot_odds_with;
use warband_rules::marauders::shooting::shot_modifier;

fn pct(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

pub fn show(ui: &mut egui::Ui, session: &Session, sel: &Selection) {
    let world = session.engine.world();
    let all = in_play(world);
    let get = |id: u32| all.iter().find(|m| m.id == id);
    let Some(me) = sel.model.and_then(get) else {
        return;
    };
    let hover = sel.hover.and_then(get);
    match session.engine.phase() {
        Phase::Shooting => {
            let Some(t) = hover.filter(|t| t.side != me.side) else {
                return;
            };
            ui.separator();
            ui.strong(format!("Shot at {} #{}", t.profile.name, t.id));
            let broken = session.engine.battle().side(me.side).broken;
            match check_shot(&all, &world.resource::<TerrainMap>().0, broken, me, t) {
                Err(why) => {
                    ui.colored_label(egui::Color32::from_rgb(240, 150, 100), why.0);
                }
                Ok(line) => {
                    let modifier = shot_modifier(me.conditions.moved);
                    let odds = shot_odds_with(t.effective_armour(), modifier, line.obstacles.len());
                    ui.label(format!(
                        "Range {:.1}\", damage roll {modifier:+} vs {}+",
                        line.range,
                        t.effective_armour().threshold()
                    ));
                    for (c, p) in line.obstacles.iter().zip(&odds.stopped_by) {
                        let what = match c.what {
                            Crossed::Base(id) => get(id)
                                .map_or(format!("#{id}"), |m| format!("{} #{id}", m.profile.name)),
                            Crossed::Terrain(i) => session
                                .setup
                                .scenario
                                .terrain
                                .get(i)
                                .map_or("terrain".into(), |t| t.name.clone()),
                        };
                        ui.label(format!("  stopped by {what}: {}", pct(*p)));
                    }
                    ui.label(format!("Reaches: {}", pct(odds.reaches)));
                    ui.strong(format!("Damages: {}", pct(odds.damages)));
                    if t.engaged_since.is_some() {
                        ui.label(
                            "The target is in melee: the shot hits a random model of the fight.",
                        );
                    }
                }
            }
        }
        Phase::Movement => {
            let Some(g) = sel.cursor.and_then(|c| ghost(session, me.id, c)) else {
                return;
            };
            if g.charged.is_empty() {
                ui.separator();
                ui.label(format!(
                    "Move {:.1}\" of {:.1}\"",
                    g.cost,
                    me.profile.armour.movement_allowance()
                ));
                return;
            }
            let mut moved = me.clone();
            moved.base.center = g.end;
            let them: Vec<&ModelView> = all
                .iter()
                .filter(|e| {
                    e.side != me.side
                        && (g.charged.contains(&e.id) || in_contact(&e.base, &moved.base))
                })
                .collect();
            let mut us: Vec<&ModelView> = all
                .iter()
                .filter(|f| {
                    f.side == me.side
                        && f.id != me.id
                        && them.iter().any(|t| in_contact(&f.base, &t.base))
                })
                .collect();
            us.push(&moved);
            melee_panel(ui, "Charge", &us, &them);
        }
        _ => {
            if let Some(t) = hover.filter(|t| t.side != me.side) {
                melee_panel(ui, "One on one", &[me], &[t]);
            }
        }
    }
}

/// Exact odds of a fight between two groups.
pub fn melee_panel(ui: &mut egui::Ui, title: &str, us: &[&ModelView], them: &[&ModelView]) {
    let (a, b) = (contest_dice(us, 0), contest_dice(them, 0));
    let o = melee_odds(a, b);
    ui.separator();
    ui.strong(format!("{title}: {a} dice against {b}"));
    ui.label(format!(
        "You win {} · they win {} · both strike {}",
        pct(o.a_wins),
        pct(o.b_wins),
        pct(o.both)
    ));
}
