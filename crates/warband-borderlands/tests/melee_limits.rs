//! The 4-to-1 limit counted per round, and cover from melee attackers only in the
//! 4-attacker case (seed "Movement"; RULINGS).

mod common;

use bevy_math::Vec2;
use common::{put, setup};
use warband_borderlands::actions::check_shot;
use warband_borderlands::battle::find;
use warband_borderlands::components::Hp;
use warband_borderlands::{Command, Engine, Side};
use warband_rules::borderlands::rules::Order;
use warband_table::components::ModelId;

/// A battle in which side A acts first this round.
fn a_first(a: &[&str], b: &[&str]) -> Engine {
    let s = setup(a, b);
    (1..)
        .map(|seed| Engine::new(&s, seed).unwrap())
        .find(|e| e.awaiting() == Some(Side::A) && e.battle().order == Order::AFirst)
        .unwrap()
}

#[test]
fn a_fifth_attacker_in_a_round_is_refused_even_one_already_touching() {
    let heroes = ["Fighter 1", "Fighter 2", "Dwarf 1", "Dwarf 2", "Thief 1"];
    let mut e = a_first(&heroes, &["Bugbear"]);
    put(&mut e, 6, (15.0, 15.0));
    let bugbear = find(e.world(), ModelId(6)).unwrap();
    e.world_mut()
        .entity_mut(bugbear.entity)
        .insert(Hp { now: 500, max: 500 });
    // Five heroes round the bugbear (placed by hand: no move checked the limit).
    for (i, deg) in [0.0f32, 72.0, 144.0, 216.0, 288.0].into_iter().enumerate() {
        let at = Vec2::new(15.0, 15.0) + Vec2::from_angle(deg.to_radians()) * 0.98;
        put(&mut e, i as u32 + 1, (at.x, at.y));
    }
    for model in 1..=4 {
        e.submit(
            Side::A,
            Command::Melee {
                model: ModelId(model),
                target: ModelId(6),
            },
        )
        .unwrap();
    }
    let refused = e
        .submit(
            Side::A,
            Command::Melee {
                model: ModelId(5),
                target: ModelId(6),
            },
        )
        .unwrap_err();
    assert!(refused.0.contains("4-to-1"), "{}", refused.0);
    assert_eq!(e.battle().attackers_of(ModelId(6)), [1, 2, 3, 4]);
}

#[test]
fn free_attacks_on_a_retreat_count_against_the_limit() {
    let heroes = ["Fighter 1", "Fighter 2", "Dwarf 1", "Dwarf 2", "Thief 1"];
    let attacks_by_5 = |e: &Engine| {
        common::events(e)
            .iter()
            .filter(|ev| {
                matches!(
                    ev,
                    warband_borderlands::log::LogEvent::Attack {
                        attacker: ModelId(5),
                        target: ModelId(6),
                        ..
                    }
                )
            })
            .count()
    };
    for already in [3, 4] {
        let mut e = a_first(&heroes, &["Bugbear"]);
        put(&mut e, 6, (15.0, 15.0));
        put(&mut e, 5, (15.0, 14.02));
        for (i, x) in [3.0, 6.0, 9.0, 27.0].into_iter().enumerate() {
            put(&mut e, i as u32 + 1, (x, 3.0));
        }
        // As if `already` other heroes had attacked the bugbear earlier this round.
        e.world_mut()
            .resource_mut::<warband_borderlands::battle::Battle>()
            .melee_attackers = (1..=already).map(|h| (ModelId(6), ModelId(h))).collect();
        e.submit(Side::A, Command::EndStep).unwrap();
        e.submit(
            Side::B,
            Command::Retreat {
                model: ModelId(6),
                to: (15.0, 20.0),
            },
        )
        .unwrap_or_else(|r| panic!("{}", r.0));
        // The thief in contact gets its free attack only while there is room.
        assert_eq!(attacks_by_5(&e), usize::from(already < 4), "{already}");
        assert_eq!(e.battle().attackers_of(ModelId(6)).len(), 4);
    }
}

#[test]
fn a_shot_past_fewer_than_four_melee_attackers_is_taken_normally() {
    let mut e = a_first(&["Fighter 1", "Thief 1"], &["Orc"]);
    put(&mut e, 3, (15.0, 15.0));
    // The fighter fights the orc right on the thief's line of fire.
    put(&mut e, 1, (15.0, 14.02));
    put(&mut e, 2, (15.0, 5.0));
    let plan = check_shot(e.world(), Side::A, ModelId(2), ModelId(3)).unwrap();
    assert!(!plan.cover, "{plan:?}");
    assert_eq!(plan.cover_model, None);
    // A friend of the orc in the way still covers it.
    let mut e = a_first(&["Thief 1"], &["Orc", "Orc"]);
    put(&mut e, 2, (15.0, 15.0));
    put(&mut e, 3, (15.0, 10.0));
    put(&mut e, 1, (15.0, 5.0));
    let plan = check_shot(e.world(), Side::A, ModelId(1), ModelId(2)).unwrap();
    assert_eq!(plan.cover_model, Some(ModelId(3)));
}
