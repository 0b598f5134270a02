//! The Toy Soldier odds card's words: why no charge, and a volley's odds.

use super::*;
use warband_rules::toy_soldier::Kind;
use warband_toy_soldier::battle::in_play;

/// An enemy within the AP left but off to the side is no charge for want of a
/// turn, not for want of reach (a play-test read "out of reach, 2.2\" away" with 8"
/// of move left); one beyond the AP is out of reach.
#[test]
fn a_charge_wanting_a_turn_is_not_called_out_of_reach() {
    let engine = crate::game::test_app::new_battle::<warband_toy_soldier::ToySoldier>(
        "river-crossing.ron",
        5,
    );
    let units = in_play(engine.world());
    let v = units
        .iter()
        .find(|u| u.unit.kind == Kind::Infantry)
        .unwrap()
        .clone();
    let foe = units.iter().find(|u| u.side != v.side).unwrap();
    let beside = |inches: f32| View {
        base: foe.base.at(v.base.center + Vec2::new(inches, 0.0)),
        ..foe.clone()
    };
    let a = Activation {
        unit: v.id,
        ap: 4,
        volleys: Vec::new(),
    };
    let near = no_charge_words(&v, &a, &beside(3.0), || Ok(1));
    assert!(near.contains("Turn to face it"), "{near}");
    assert!(near.contains("Q / E: 1 AP), then charge"), "{near}");
    let blocked = no_charge_words(&v, &a, &beside(3.0), || Err("it is blocked".into()));
    assert!(
        blocked.ends_with("nor after a turn to face it: it is blocked.")
            && !blocked.contains("Turn to face it"),
        "{blocked}"
    );
    let far = no_charge_words(&v, &a, &beside(30.0), || unreachable!("not asked"));
    assert!(far.starts_with("Out of reach to charge"), "{far}");
    assert!(far.contains("4 AP go 8\" straight ahead"), "{far}");
}

#[test]
fn a_sure_volley_is_said_plainly() {
    let mut d = vec![0.0; 6];
    d.push(1.0);
    let sure = super::volley_words(6, "in the open", &d, &[]);
    assert_eq!(
        sure,
        "Volley of 6 AP, in the open: puts 6 danger on it, certain"
    );
    let d = [0.0, 0.5, 0.5];
    let spread = ["1: 50%".to_string(), "2: 50%".to_string()];
    let rolled = super::volley_words(3, "cover: ÷2", &d, &spread);
    assert_eq!(
        rolled,
        "Volley of 3 AP, cover: ÷2: puts danger on it 1: 50%, 2: 50% (mean 1.50)"
    );
}

/// A charge that leaves AP says they are lost to the fight; one that takes them all
/// says only that the fight ends the activation.
#[test]
fn a_charge_says_the_ap_its_fight_loses() {
    let lost = charge_ends(9, 3);
    assert!(lost.contains("costs 3 of 9 AP"), "{lost}");
    assert!(lost.contains("the 6 AP left are lost"), "{lost}");
    let one = charge_ends(7, 6);
    assert!(one.ends_with("the 1 AP left is lost."), "{one}");
    let all = charge_ends(4, 4);
    assert_eq!(
        all,
        "The charge takes all 4 AP; the fight ends this activation."
    );
}

/// The melee card says what each side rolls, the defender's losses too.
#[test]
fn the_melee_card_says_what_each_side_rolls() {
    let f = |die, penalty, artillery| Fighter {
        die,
        penalty,
        artillery,
    };
    assert_eq!(
        rolls_words(f(6, 0, false), f(10, 1, false)),
        "You roll d6 +1 (you strike); it rolls d10 −1 (its danger and damage)."
    );
    assert_eq!(
        rolls_words(f(8, 2, true), f(4, 0, false)),
        "You roll d8 +1 (you strike) −2 (your danger and damage), halved (artillery); it rolls d4."
    );
}
