use super::*;

#[test]
fn wilson_matches_a_hand_value() {
    // 80 of 100: the textbook interval is [0.7111, 0.8666].
    let [lo, hi] = wilson(80, 100);
    assert!(
        (lo - 0.7111).abs() < 1e-3 && (hi - 0.8666).abs() < 1e-3,
        "{lo} {hi}"
    );
    assert_eq!(wilson(0, 0), [0.0, 1.0]);
}

#[test]
fn game_seeds_differ_and_repeat() {
    assert_eq!(game_seed(1, 2), game_seed(1, 2));
    assert_ne!(game_seed(1, 2), game_seed(1, 3));
    assert_ne!(game_seed(1, 2), game_seed(2, 2));
}
