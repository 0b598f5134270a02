use super::*;
use crate::game::bx::BxSession;
use crate::game::session::Controller;

/// Concede asks once more, naming the side that would win; the battle goes on until
/// that is answered.
#[test]
fn concede_is_asked_once_more_before_the_battle_is_given_up() {
    let setup =
        crate::game::test_app::shipped::<warband_borderlands::Borderlands>("cave-mouth.ron");
    let computer = Controller::Ai(warband_table::player::PlayerKind::Charge);
    let mut s = BxSession::new(setup, 7, [Controller::Human, computer]).unwrap();
    let side = s
        .concedable()
        .expect("a person playing the computer may concede");
    let winner = s.setup.armies().get(side.other()).name.clone();
    let mut next = NextState::<Screen>::default();
    let words = crate::game::test_app::egui_words(|ui| {
        ui.data_mut(|d| d.insert_temp(egui::Id::new(CONCEDING), true));
        leave_choices(ui, &mut s, &mut next);
    });
    assert!(
        words.iter().any(|w| w == "Concede the battle?"),
        "{words:?}"
    );
    assert!(
        words
            .iter()
            .any(|w| w.starts_with(&format!("{winner} wins")))
    );
    assert!(!words.iter().any(|w| w == "Save and leave"));
    assert!(s.engine.outcome().is_none(), "asked, not yet given up");
}

/// Leaving a battle saved as it stands offers one way out, the save kept; one with
/// moves since offers to save first or leave without.
#[test]
fn a_battle_saved_as_it_stands_is_left_with_one_leave() {
    let setup =
        crate::game::test_app::shipped::<warband_borderlands::Borderlands>("cave-mouth.ron");
    let mut s = BxSession::new(setup, 7, [Controller::Human, Controller::Human]).unwrap();
    let mut next = NextState::<Screen>::default();
    let mut asked = |s: &mut BxSession| {
        crate::game::test_app::egui_words(|ui| {
            leave_choices(ui, s, &mut next);
        })
    };
    let words = asked(&mut s);
    assert!(words.iter().any(|w| w == "Save and leave"), "{words:?}");
    assert!(words.iter().any(|w| w == "Leave without saving"));
    s.saved_at = Some(s.commands.len());
    let words = asked(&mut s);
    assert!(words.iter().any(|w| w == "Leave"), "{words:?}");
    assert!(
        !words
            .iter()
            .any(|w| w.contains("saving") || w == "Save and leave")
    );
}
