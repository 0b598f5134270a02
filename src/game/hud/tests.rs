use super::{card_corner, egui, fresh_log, log, told, tumble};

/// A hover card opens below and right of the pointer, or on the side of it away
/// from the model being moved (off its ghost and the way there).
#[test]
fn a_hover_card_opens_away_from_the_model_being_moved() {
    let p = egui::pos2(100.0, 100.0);
    assert_eq!(
        card_corner(p, None, &[]),
        (egui::Align2::LEFT_TOP, egui::pos2(118.0, 112.0))
    );
    assert_eq!(
        card_corner(p, Some(egui::pos2(150.0, 160.0)), &[]),
        (egui::Align2::RIGHT_BOTTOM, egui::pos2(82.0, 88.0))
    );
    assert_eq!(
        card_corner(p, Some(egui::pos2(50.0, 160.0)), &[]).0,
        egui::Align2::LEFT_BOTTOM
    );
    assert_eq!(
        card_corner(p, Some(egui::pos2(150.0, 40.0)), &[]).0,
        egui::Align2::RIGHT_TOP
    );
}

/// With no model being moved, a card opens on the side of the pointer that covers the
/// fewest models: models below and right of it send it up and right, or left.
#[test]
fn a_hover_card_opens_where_it_covers_the_fewest_models() {
    let p = egui::pos2(400.0, 300.0);
    let below_right = [egui::pos2(500.0, 350.0), egui::pos2(600.0, 380.0)];
    let (align, _) = card_corner(p, None, &below_right);
    assert_ne!(align, egui::Align2::LEFT_TOP, "not over the two models");
    let everywhere = [
        egui::pos2(500.0, 350.0),
        egui::pos2(300.0, 350.0),
        egui::pos2(500.0, 250.0),
        egui::pos2(300.0, 250.0),
    ];
    assert_eq!(card_corner(p, None, &everywhere).0, egui::Align2::LEFT_TOP);
    // The model being moved still decides, crowd or not.
    let away = Some(egui::pos2(450.0, 350.0));
    assert_eq!(
        card_corner(p, away, &below_right).0,
        egui::Align2::RIGHT_BOTTOM
    );
}

/// A chance prints without a sign on zero, within 0–100%, to the places asked.
#[test]
fn chances_print_as_players_read_them() {
    assert_eq!(super::pct(-0.0), "0%");
    assert_eq!(super::pct(-1e-17), "0%");
    assert_eq!(super::pct(1.2), "100%");
    assert_eq!(super::pct_to(1.0 / 6.0, 1), "16.7%");
    assert_eq!(super::capitalised("turn"), "Turn");
    assert_eq!(super::capitalised(""), "");
    assert_eq!(super::possessive("Orc lair"), "Orc lair's");
    assert_eq!(super::possessive("Keep adventurers"), "Keep adventurers'");
}

/// A play-tester read "army `PT warband` is 120 points" in the army builder: a file
/// check's backticks are shown as quotation marks.
#[test]
fn a_checks_backticks_read_as_quotation_marks() {
    assert_eq!(
        super::quoted("army `PT warband`: unknown profile `Troll`"),
        "army “PT warband”: unknown profile “Troll”"
    );
    assert_eq!(super::quoted("no quotes"), "no quotes");
}

/// A new battle's log shows both sides and the dice, whatever the last one hid (a
/// play-tester's replay had hidden side A, and its own moves went unseen next battle).
#[test]
fn a_new_battle_shows_the_whole_log() {
    use bevy::prelude::*;
    let mut app = App::new();
    app.insert_resource(log::LogFilter {
        show: [false, true],
        dice: false,
    })
    .init_resource::<log::LineCache>()
    .init_resource::<tumble::Tumble>()
    .add_systems(Update, fresh_log);
    app.update();
    assert_eq!(
        *app.world().resource::<log::LogFilter>(),
        log::LogFilter::default()
    );
}

/// The log tells a roll once its dice land: entries logged since the last look wait
/// while they hold a die still tumbling; a move (no die) is told at once, and what
/// came after the frame's look waits for the next look.
#[test]
fn the_log_waits_for_tumbling_dice_only() {
    use warband_table::log::Entry;
    type E = Entry<(), ()>;
    let die = || {
        E::Die(warband_rules::DieRoll {
            die: warband_rules::Die::D6,
            value: 4,
            purpose: "shot".into(),
            clause: warband_rules::Clause::new("test"),
            need: Some(4),
        })
    };
    let moved = || E::Rules(());
    let mut t = tumble::Tumble::default();
    let mut events: Vec<E> = vec![moved(), moved()];
    t.look(events.len(), 0.0, tumble::TUMBLE);
    events.extend([moved(), moved()]);
    t.look(events.len(), 0.016, tumble::TUMBLE);
    assert_eq!(told(&t, &events), 4, "moves are told at once");
    events.extend([moved(), die(), moved()]);
    assert_eq!(
        told(&t, &events),
        4,
        "logged after the look: the next look's"
    );
    t.look(events.len(), 0.016, tumble::TUMBLE);
    assert_eq!(
        told(&t, &events),
        4,
        "the shot's die tumbles: its lines wait"
    );
    t.look(events.len(), tumble::TUMBLE, tumble::TUMBLE);
    assert_eq!(told(&t, &events), 7, "landed");
}

/// A damage die's line gives its face after a colon: "= 3" after "(1d8+1)" read as the
/// whole damage.
#[test]
fn a_die_line_gives_its_face_not_a_total() {
    let d = warband_rules::DieRoll {
        die: warband_rules::Die::D8,
        value: 3,
        purpose: "Fighter 3 damage (1d8+1)".into(),
        clause: warband_rules::Clause::new("B/X Damage"),
        need: None,
    };
    let line = super::die_line(&d);
    assert!(
        line.contains("d8 Fighter 3 damage (1d8+1): 3 (B/X Damage)"),
        "{line}"
    );
    assert!(!line.contains('='), "{line}");
}
