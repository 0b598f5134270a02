//! The dice tray: its groups, rows and words.

use super::*;

/// The tray's rows hold whole groups, in order, as many as fit: a group that does
/// not fit starts the next row, one wider than a row stands alone, and none is
/// left out or split.
#[test]
fn groups_are_packed_whole_into_rows() {
    assert_eq!(rows(&[100.0, 200.0, 150.0, 90.0], 320.0), [0..2, 2..4]);
    assert_eq!(rows(&[400.0, 50.0, 500.0], 320.0), [0..1, 1..2, 2..3]);
    assert_eq!(
        rows(&[160.0, 160.0], 320.0),
        vec![std::ops::Range { start: 0, end: 2 }],
        "an exact fit"
    );
    assert!(rows(&[], 320.0).is_empty());
}

/// A roll splits where its clause or purpose changes, and dice of the same clause
/// and purpose that come apart stay apart.
#[test]
fn a_roll_splits_by_clause_and_purpose() {
    let die = |clause: &'static str, purpose: &str| warband_rules::DieRoll {
        die: warband_rules::Die::D6,
        value: 3,
        purpose: purpose.into(),
        clause: warband_rules::Clause::new(clause),
        need: None,
    };
    let dice = [
        die("§4", "shot"),
        die("§4", "shot"),
        die("§4", "save"),
        die("§5", "A contest"),
        die("§5", "B contest"),
        die("§4", "shot"),
    ];
    let rolled: Vec<Rolled<'_>> = dice.iter().enumerate().collect();
    assert_eq!(split(&rolled), [0..2, 2..3, 3..4, 4..5, 5..6]);
}

/// A die's need is said with its purpose, as the odds card gives it: a shot at a
/// 4+ armour after moving (−2) needs 6+; one that cannot succeed says so; a die no
/// face decides says nothing; one its roller wants low says the low faces.
#[test]
fn a_die_says_what_it_needed() {
    let die = |need| warband_rules::DieRoll {
        die: warband_rules::Die::D6,
        value: 5,
        purpose: "shot".into(),
        clause: warband_rules::Clause::new("test"),
        need,
    };
    assert_eq!(needs(&die(Some(6)), false), " · needs 6+");
    assert_eq!(needs(&die(Some(7)), false), " · cannot succeed");
    assert_eq!(needs(&die(Some(1)), false), "");
    assert_eq!(needs(&die(None), false), "");
    // Stopped on 4+: the shooter wants 1–3.
    assert_eq!(needs(&die(Some(4)), true), " · needs 1–3");
    assert_eq!(needs(&die(Some(2)), true), " · needs a 1");
    assert_eq!(needs(&die(Some(1)), true), " · cannot succeed");
    assert_eq!(needs(&die(Some(7)), true), "");
}
