//! The Borderlands overlay: the shared frame (top bar, dice tray, log in words) around
//! the panel (see `panel`), and each model's HP (on the ring under it) and condition drawn in
//! screen space over its base so they read at any zoom.

use super::BxSession;
use super::describe;
use super::input::BxSelection;
use crate::game::camera::TableCamera;
use crate::game::hud::health;
use crate::game::palette;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use warband_borderlands::battle::{Battle, View, in_play};
use warband_borderlands::components::{Down, Leader};
use warband_rules::Side;
use warband_rules::borderlands::rules::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        markers
            .before(crate::game::hud::PanelFrame)
            .run_if(crate::game::desk::on_table::<
                warband_borderlands::Borderlands,
            >()),
    );
}

pub(super) fn top_line(ui: &mut egui::Ui, session: &BxSession) {
    let b = session.engine.world().resource::<Battle>();
    ui.label(format!(
        "{} · Round {} of {}",
        session.setup.scenario.name,
        b.round.min(b.round_limit),
        b.round_limit
    ));
    ui.separator();
    // Once the battle is over no one has the initiative: the status says who won; and
    // none is said before it is rolled (the armies deploying, or a network battle
    // waiting for its players, showed one that the first roll then contradicted).
    let rolled = session
        .engine
        .log()
        .rules()
        .any(|e| matches!(e, warband_borderlands::log::LogEvent::Initiative { .. }));
    if session.engine.outcome().is_none() && session.engine.deploying().is_none() && rolled {
        initiative(ui, session, b);
        ui.separator();
        for side in Side::BOTH.into_iter().filter(|s| b.side(*s).morale.fled) {
            let army = &session.setup.armies.get(side).name;
            ui.colored_label(FLEEING, format!("● {army} flees"))
                .on_hover_text("Its morale failed: every model runs for the table's edge");
            ui.separator();
        }
    }
    // Space twice only while models are still to act (a play-tester read it with none).
    let world = session.engine.world();
    let left = session
        .engine
        .awaiting()
        .map_or(0, |side| super::panel::still_to_act(world, side));
    let yours = if left > 0 {
        // Short: the top bar cut the longer words off at 1600 × 900 (a play-tester read
        // "…Space twice end…" there); the panel says which models are still to act.
        "your step (Space twice ends it)"
    } else {
        "your step (Space ends it)"
    };
    crate::game::hud::turn_status(ui, session, yours);
}

/// Who has the initiative this round, in the side's colour (a tie says what it means).
fn initiative(ui: &mut egui::Ui, session: &BxSession, b: &Battle) {
    let (text, colour) = match b.order {
        Order::AFirst => (
            format!("{} has the initiative", session.setup.armies.a.name),
            palette::side_egui(Side::A),
        ),
        Order::BFirst => (
            format!("{} has the initiative", session.setup.armies.b.name),
            palette::side_egui(Side::B),
        ),
        Order::Together => (
            "Tied initiative: one step for both, its blows land together".to_string(),
            egui::Color32::from_rgb(240, 200, 90),
        ),
    };
    let line = ui.colored_label(colour, text);
    if b.order == Order::Together {
        line.on_hover_text(
            "Each side gives its orders in turn; every blow, shot and spell of the step lands \
             when it ends, so a model slain in it still acts.",
        );
    }
}

/// The colour of a side that failed its morale and flees: its word in the top bar, a
/// dot on each of its models.
const FLEEING: egui::Color32 = egui::Color32::from_rgb(240, 160, 60);

/// What a model's card says of a model whose blows taken already kill it when this
/// step's blows land (they land together when it ends: RULINGS), if they do.
pub(super) fn doomed(m: &View) -> Option<String> {
    let con = i32::from(m.stats.con);
    match (m.doomed(), m.stats.hero) {
        (false, _) => None,
        (true, false) => Some(format!(
            "At {} HP: slain when this step's blows land",
            m.hp.now
        )),
        (true, true) => Some(format!(
            "At {} HP, past −{con} (minus its CON): dead when this step's blows land",
            m.hp.now
        )),
    }
}

/// What a model's card says of its state: every condition on it, each with what it
/// does in play, and the enemies it is in melee with (whether or not it has acted).
fn states(world: &World, m: &View, fled: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let foes = warband_borderlands::actions::foes_in_contact(world, m);
    if !foes.is_empty() {
        let names: Vec<String> = foes.iter().map(|f| describe::name(world, f.id)).collect();
        lines.push(format!("In melee with {}", names.join(", ")));
    }
    let con = i32::from(m.stats.con);
    if let Some(words) = doomed(m) {
        lines.push(words);
    } else if m.cond.down.is_some() {
        lines.push(format!(
            "Down, dying: dead at −{con} HP (minus its CON); first aid or a cure saves it"
        ));
    }
    if m.cond.asleep {
        lines.push("Asleep: cannot act; hit without a roll, killed by an edged blow".into());
    }
    if m.cond.held {
        lines.push("Held: cannot act; hit without a roll; saves each step".into());
    }
    if m.cond.blinded {
        lines.push("Blinded: −4 to hit, cannot shoot or cast; saves each step".into());
    }
    if fled {
        lines.push("Fleeing: its side failed its morale".into());
    }
    lines
}

/// HP on the ring and condition marks by every model; the card of the model under
/// the pointer.
fn markers(
    mut contexts: EguiContexts,
    session: NonSend<BxSession>,
    bx: Res<BxSelection>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    drawn: crate::game::minis::DrawnAt,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (cam, at) = *camera;
    let painter = crate::game::hud::table_painter(ctx, "bx markers");
    let screen = |p: Vec2| crate::game::hud::screen_point(ctx, cam, at, p);
    let world = session.engine.world();
    let models = in_play(world);
    let battle = world.resource::<Battle>();
    // By the miniature as it is drawn, mid-glide too.
    let places = drawn.places();
    let mut marks = health::Marks::default();
    for m in &models {
        let center = places.base(m.id, &m.base).center;
        let (Some(c), Some(edge)) = (
            screen(center),
            screen(center + Vec2::X * m.base.shape.reach()),
        ) else {
            continue;
        };
        let r = (edge.x - c.x).max(6.0);
        marks.health(&painter, c, r, (m.hp.now, m.hp.max));
        if world.get::<Leader>(m.entity).is_some() {
            health::leader_star(&painter, c, r);
        }
        let mark = match m.cond.down {
            Some(Down::Fallen | Down::Bleeding) => {
                // A ring as well as the word: in a crowded melee a play-tester's dying
                // magic-user showed only a small "✚" among four bases.
                let red = egui::Color32::from_rgb(230, 60, 50);
                painter.circle_stroke(c, r + 4.0, egui::Stroke::new(3.0, red));
                Some(("✚ dying", red))
            }
            Some(Down::Stable) => Some(("stable", egui::Color32::from_rgb(120, 170, 240))),
            None if m.cond.asleep => Some(health::ASLEEP),
            None if m.cond.held => Some(("held", egui::Color32::from_rgb(230, 200, 90))),
            None if m.cond.blinded => Some(health::BLIND),
            None => None,
        };
        if let Some(mark) = mark {
            marks.mark(c, r, mark);
        } else if battle.side(m.side).morale.fled {
            // Its side failed its morale and runs for the table's edge: said once in
            // the top bar, a dot on each model (a play-tester saw thirty "fleeing"
            // words piled over the kobolds).
            marks.orb(c, r, FLEEING);
        }
    }
    marks.paint(&painter);
    if let Some(m) = bx.hover.and_then(|id| models.iter().find(|m| m.id == id)) {
        let world = session.engine.world();
        crate::game::hud::hover_card(ctx, "bx hover", |ui| {
            ui.colored_label(palette::side_egui(m.side), describe::name(world, m.id));
            let s = &m.stats;
            ui.small(format!(
                "HP {}/{} · AC {} · THAC0 {} · move {:.0}\" · morale {}",
                m.hp.now, m.hp.max, s.ac, s.thac0, s.move_inches, s.morale
            ));
            // What it fights with, so an enemy is known before it strikes (a
            // play-tester learnt the owlbear's three attacks from their wounds).
            for line in super::panel::arms(s) {
                ui.small(line);
            }
            for line in states(world, m, battle.side(m.side).morale.fled) {
                ui.small(line);
            }
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_borderlands::components::Hp;

    /// A monster at 0 HP or below, or a hero past −CON, is doomed when the step's blows
    /// land: its card and an attack on it say so; a monster with HP left is not.
    #[test]
    fn a_model_whose_blows_kill_it_is_doomed() {
        let engine = crate::game::test_app::new_battle::<warband_borderlands::Borderlands>(
            "cave-mouth.ron",
            7,
        );
        let models = in_play(engine.world());
        let mut monster = models.iter().find(|m| !m.stats.hero).unwrap().clone();
        assert_eq!(doomed(&monster), None);
        monster.hp = Hp {
            now: -5,
            ..monster.hp
        };
        assert_eq!(
            doomed(&monster).as_deref(),
            Some("At -5 HP: slain when this step's blows land")
        );
    }

    /// A model's card says what it fights with: its melee routine, blow by blow, and
    /// its missile weapon's range, for an enemy as for a hero.
    #[test]
    fn a_card_says_what_a_model_fights_with() {
        let engine = crate::game::test_app::new_battle::<warband_borderlands::Borderlands>(
            "cave-mouth.ron",
            7,
        );
        let models = in_play(engine.world());
        let slinger = models
            .iter()
            .find(|m| !m.stats.hero && m.stats.missile.is_some())
            .expect("a monster that shoots");
        let lines = super::super::panel::arms(&slinger.stats);
        let blows = slinger.stats.melee.len();
        assert_eq!(lines[0].matches(", ").count() + 1, blows, "{lines:?}");
        assert!(lines[0].starts_with("Melee: "), "{lines:?}");
        let missile = slinger.stats.missile.as_ref().unwrap();
        assert!(
            lines[1].starts_with(&format!("Missile: {} {}", missile.name, missile.damage))
                && lines[1].ends_with("\")"),
            "{lines:?}"
        );
    }

    /// A model's card names every condition on it, and a hero past −CON in a step
    /// both sides take together is said to die when the step's blows land.
    #[test]
    fn a_card_says_every_state_of_its_model() {
        let engine = crate::game::test_app::new_battle::<warband_borderlands::Borderlands>(
            "cave-mouth.ron",
            7,
        );
        let models = in_play(engine.world());
        let hero = models.iter().find(|m| m.stats.hero).unwrap();
        let mut asleep = hero.clone();
        asleep.cond.asleep = true;
        asleep.cond.blinded = true;
        let world = engine.world();
        let said = states(world, &asleep, true).join(" | ");
        assert!(
            said.contains("Asleep") && said.contains("Blinded"),
            "{said}"
        );
        assert!(said.contains("Fleeing"), "{said}");
        let mut dying = hero.clone();
        dying.cond.down = Some(Down::Bleeding);
        dying.hp = Hp {
            now: -i32::from(hero.stats.con) - 4,
            ..hero.hp
        };
        let said = states(world, &dying, false).join(" | ");
        assert!(said.contains("dead when this step's blows land"), "{said}");
        dying.hp.now = -1;
        let said = states(world, &dying, false).join(" | ");
        assert!(said.starts_with("Down, dying: dead at −"), "{said}");
        // An enemy touching it is named, acted or not.
        let foe = models.iter().find(|m| m.side != hero.side).unwrap();
        let mut touching = hero.clone();
        touching.base = hero
            .base
            .at(foe.base.center + Vec2::X * (foe.base.shape.reach() + hero.base.shape.reach()));
        touching.cond.acted = true;
        let said = states(world, &touching, false).join(" | ");
        assert!(said.starts_with("In melee with "), "{said}");
        assert!(
            states(world, hero, false).is_empty(),
            "{:?}",
            states(world, hero, false)
        );
    }
}
