//! The phase panel's words: fights to come, a broken side, the ask of an unmoved
//! movement.

use super::*;
use crate::game::session::Controller;

/// The computer acting first in the attacking phase resolves every fight, a
/// person's too: its panel shows each one still to come with the person's odds.
#[test]
fn the_fights_the_enemy_resolves_are_shown_with_their_odds() {
    let mut s = crate::game::test_app::normal_v_charge("open-field.ron", 3);
    let players = s.controllers;
    let enemy_fights = |s: &Session| {
        s.engine.phase() == Phase::Attacking
            && s.engine.awaiting() == Some(Side::B)
            && strike_waiting(s.engine.world()).is_none()
            && !open_groups(s.engine.world()).is_empty()
    };
    for _ in 0..5_000 {
        if enemy_fights(&s) || !s.computer_step() {
            break;
        }
    }
    assert!(enemy_fights(&s), "side B resolves a fight in some round");
    let mut sel = Selection::default();
    let shown = |s: &mut Session, sel: &mut Selection| {
        crate::game::test_app::egui_words(|ui| show(ui, s, sel)).join("\n")
    };
    s.controllers[0] = Controller::Human;
    let words = shown(&mut s, &mut sel);
    assert!(words.contains("The enemy resolves these fights"), "{words}");
    assert!(words.contains("You win"), "{words}");
    s.controllers = players;
    let words = shown(&mut s, &mut sel);
    assert!(
        !words.contains("You win"),
        "a spectator is shown no side's odds: {words}"
    );
}

/// A person whose side has broken is told why the rounds play themselves; a
/// spectator, or a person whose side holds, is not.
#[test]
fn a_broken_side_is_told_it_is_broken() {
    let mut s = crate::game::test_app::normal_v_charge("open-field.ron", 3);
    let broken = |s: &Session| {
        Side::BOTH
            .into_iter()
            .find(|&x| s.engine.battle().side(x).broken)
    };
    for _ in 0..20_000 {
        if broken(&s).is_some() || !s.computer_step() {
            break;
        }
    }
    let side = broken(&s).expect("a side breaks");
    assert!(s.engine.outcome().is_none(), "and the battle goes on");
    let computers = s.controllers;
    assert_eq!(broken_note(&s), None, "a spectator");
    s.controllers[side.other().index()] = Controller::Human;
    assert_eq!(broken_note(&s), None, "its side holds");
    s.controllers = computers;
    s.controllers[side.index()] = Controller::Human;
    assert_eq!(broken_note(&s), Some(BROKEN));
    let mut sel = Selection::default();
    let words = crate::game::test_app::egui_words(|ui| show(ui, &mut s, &mut sel));
    assert!(
        words.join("\n").contains("Your side is broken"),
        "{words:?}"
    );
}

/// The first Space of a movement phase with no model moved asks again by the
/// phase's own button, where the player looks; another notice is left to the tray.
#[test]
fn the_ask_of_an_unmoved_movement_is_said_by_its_button() {
    let mut s = crate::game::test_app::normal_v_charge("open-field.ron", 3);
    let moving =
        |s: &Session| s.engine.phase() == Phase::Movement && s.engine.awaiting() == Some(Side::A);
    for _ in 0..5_000 {
        if moving(&s) || !s.computer_step() {
            break;
        }
    }
    assert!(moving(&s), "side A moves");
    s.controllers[0] = Controller::Human;
    let mut sel = Selection::default();
    let mut shown =
        |s: &mut Session| crate::game::test_app::egui_words(|ui| show(ui, s, &mut sel)).join("\n");
    let now = std::time::Instant::now();
    s.tell("Saved as open-field", now);
    assert!(!shown(&mut s).contains(NO_MODEL_MOVED));
    s.ask(NO_MODEL_MOVED, now);
    assert!(shown(&mut s).contains(NO_MODEL_MOVED));
}

/// A split's draft belongs to its fight: the same first model's fight in another round,
/// or in another battle, even of the same seed, starts from a fresh split.
#[test]
fn a_split_draft_belongs_to_one_fight_of_one_battle() {
    let s = crate::game::test_app::normal_v_charge("open-field.ron", 3);
    let t = crate::game::test_app::normal_v_charge("open-field.ron", 3);
    let group = [ModelId(1), ModelId(12)];
    let key = |s: &Session| fight_of(s, &group, Side::A);
    assert_eq!(key(&s), key(&s), "the same fight");
    assert_ne!(key(&s), key(&t), "another battle of the same seed");
    let mut later = s;
    let before = key(&later);
    let round = later.engine.battle().round;
    while later.engine.battle().round == round && later.computer_step() {}
    assert_ne!(before, key(&later), "another round");
}

/// A play-tester read "You won the fight" above a fight the log called a tie ("both
/// strike", a 6 against a 6): a tie says so, and a phase that is ending says the fights
/// left follow at once.
#[test]
fn a_tied_fight_is_told_as_both_striking() {
    let strike = |winners: Vec<Side>, then_all: bool, rest: usize| Strike {
        group: vec![],
        winners,
        chosen: vec![],
        waiting: vec![Side::A],
        then_all,
        rest: vec![vec![]; rest],
    };
    let words = |s: &Strike| strike_words(s, "Sergeant #1", "Orc chief #9");
    assert_eq!(
        words(&strike(vec![Side::A], false, 0)),
        "You won the fight Sergeant #1 vs Orc chief #9."
    );
    let tied = words(&strike(vec![Side::B, Side::A], true, 2));
    assert!(tied.starts_with("Tied to the last die: Sergeant #1 and Orc chief #9 both strike."));
    assert!(
        tied.ends_with("the 2 fights left are fought next."),
        "{tied}"
    );
    assert!(words(&strike(vec![Side::A], true, 1)).ends_with("the one fight left is fought next."));
}

/// The phase's line says what is left to do: a fight fought with your dice still to
/// place is not "no fights" (a play-tester read that over a Strike button), and a
/// shooting phase with no shooter left does not ask for one.
#[test]
fn the_phase_line_says_what_is_left_to_do() {
    let strike = headline(Phase::Attacking, true, true);
    assert!(strike.contains("Place your damage dice"), "{strike}");
    assert!(headline(Phase::Attacking, false, true).contains("no fights"));
    assert!(headline(Phase::Attacking, false, false).contains("Fight button"));
    assert!(headline(Phase::Shooting, false, true).contains("none of your models may shoot"));
    assert!(headline(Phase::Shooting, false, false).starts_with("Shoot: select a shooter"));
}
