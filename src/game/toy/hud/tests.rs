use super::*;

/// By hand: a d6 unit with morale d6 and 5 danger, far from its commander, rolls 1–6
/// AP; 4, 3, 2 or 1 danger is left on 1–4, and a d6 morale then fails on a roll
/// under it (3, 2, 1 and 0 faces of 6): (3 + 2 + 1) / 36 = 1/6.
#[test]
fn a_pinned_unit_says_what_its_danger_does() {
    let engine = crate::game::test_app::new_battle::<warband_toy_soldier::ToySoldier>(
        "village-fight.ron",
        5,
    );
    let units = warband_toy_soldier::battle::in_play(engine.world());
    let mut u = units.iter().find(|u| !u.command).unwrap().clone();
    let mut regular = (*u.unit).clone();
    regular.quality = warband_rules::toy_soldier::Quality::Regular;
    regular.morale = 6;
    u.unit = std::sync::Arc::new(regular);
    assert_eq!(u.unit.activation_die().sides(), 6);
    u.base = u.base.at(u.base.center + Vec2::splat(500.0));
    u.marks.danger = 5;
    let said = pinned_words(engine.world(), &u);
    assert!(said.ends_with("it would be removed 17%."), "{said}");
}

/// The command star stays off the unit's rank — its figures and the pale front bar
/// that shows its facing — whichever way the unit faces and however far the camera
/// is zoomed.
#[test]
fn the_command_star_lies_clear_of_the_rank() {
    let (width, depth) = (4.0, 1.5);
    let (left, right) = super::super::models::rank(width, depth);
    for facing in [0.0_f32, 35.0, 90.0, 200.0, 300.0] {
        for px in [6.0_f32, 20.0, 60.0] {
            let base = Placed {
                shape: BaseShape::Rect { width, depth },
                center: Vec2::new(10.0, 8.0),
                facing,
            };
            let screen = |p: Vec2| Some(egui::pos2(p.x * px, -p.y * px));
            let place = BasePlace::of(&base, &screen).unwrap();
            let size = (place.depth_px * 0.6).clamp(9.0, 18.0);
            let at = star_at(&place, size);
            // Back in the unit's own frame, in inches along its long edge.
            let centre = screen(base.center).unwrap();
            let x = (at - centre).dot(place.along) / px;
            let reach = size / 2.0 / px;
            // Off the rank, yet partly over its own base's left end: it marks this
            // unit, not the space beside it.
            assert!(
                x + reach <= left && x + reach > -width / 2.0,
                "facing {facing}, {px} px an inch: star at {x:.2}\" ± {reach:.2}, rank {left:.2}..{right:.2}"
            );
        }
    }
}

/// The hover card of the active unit says it is active and its AP left, not the
/// cost of a next activation nor what activating it now would do (a play-tester
/// read "If it activated now…" over the unit already active).
#[test]
fn the_active_units_card_says_it_is_active() {
    use crate::game::session::{Controller, GameSession};
    use warband_toy_soldier::{Command, ToySoldier};
    let setup = crate::game::test_app::shipped::<ToySoldier>("village-fight.ron");
    let mut s: super::super::ToySession =
        GameSession::new(setup, 3, [Controller::Human; 2]).unwrap();
    let side = s.human_turn().unwrap();
    let world = s.engine.world();
    let u = warband_toy_soldier::battle::in_play(world)
        .into_iter()
        .find(|u| u.side == side)
        .unwrap();
    let card = |s: &super::super::ToySession| {
        let world = s.engine.world();
        let u = warband_toy_soldier::battle::find(world, u.id).unwrap();
        crate::game::test_app::egui_words(|ui| unit_card(ui, world, &u)).join(" ")
    };
    assert!(card(&s).contains("next activation 1 token"), "{}", card(&s));
    s.submit(side, Command::Activate { unit: u.id }).unwrap();
    let words = card(&s);
    assert!(
        words.contains("active now,") && words.contains("AP left"),
        "{words}"
    );
    assert!(!words.contains("next activation"), "{words}");
}
