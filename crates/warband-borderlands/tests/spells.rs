//! Borderlands spells and cover, clause by clause, on hand-made tables.

mod common;

use bevy_math::Vec2;
use common::{events, put, sequential};
use warband_borderlands::actions::check_shot;
use warband_borderlands::battle::find;
use warband_borderlands::components::{Condition, Down, Hp, Slots};
use warband_borderlands::log::LogEvent;
use warband_borderlands::{Command, Engine, Side};
use warband_rules::borderlands::SaveKind;
use warband_rules::borderlands::clauses;
use warband_rules::borderlands::profile::Spell;

/// Hands the turn to side A: if B acts first, B ends its step.
fn a_to_act(e: &mut Engine, first: Side) {
    if first == Side::B {
        e.submit(Side::B, Command::EndStep).unwrap();
    }
    assert_eq!(e.awaiting(), Some(Side::A));
}

fn cast(e: &mut Engine, side: Side, model: u32, spell: Spell, target: u32) {
    e.submit(
        side,
        Command::Cast {
            model,
            spell,
            target,
        },
    )
    .unwrap();
}

fn slots(e: &Engine, id: u32) -> u8 {
    e.world()
        .get::<Slots>(find(e.world(), id).unwrap().entity)
        .unwrap()
        .0
}

fn set_condition(e: &mut Engine, id: u32, f: impl FnOnce(&mut Condition)) {
    let v = find(e.world(), id).unwrap();
    let mut c = v.cond;
    f(&mut c);
    e.world_mut().entity_mut(v.entity).insert(c);
}

#[test]
fn magic_missile_always_hits_for_1d6_plus_1() {
    let (mut e, first) = sequential(&["Magic-user 2"], &["Ogre"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (10.0, 30.0 - 2.0));
    let before = slots(&e, 1);
    cast(&mut e, Side::A, 1, Spell::MagicMissile, 2);
    assert!(
        !events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Attack { .. })),
        "no attack roll"
    );
    let dealt: Vec<u16> = events(&e)
        .iter()
        .filter_map(|ev| match ev {
            LogEvent::Damage {
                model: 2, amount, ..
            } => Some(*amount),
            _ => None,
        })
        .collect();
    assert_eq!(dealt.len(), 1);
    assert!((2..=7).contains(&dealt[0]), "{dealt:?}");
    assert!(e.log().dice().any(|d| d.clause == clauses::SPELL_EFFECT));
    assert_eq!(slots(&e, 1), before - 1);
}

#[test]
fn a_caster_hurt_earlier_in_the_round_loses_the_spell_and_its_slot() {
    let (mut e, first) = sequential(&["Magic-user 2"], &["Ogre"]);
    a_to_act(&mut e, first);
    put(&mut e, 2, (10.0, 25.0));
    set_condition(&mut e, 1, |c| c.hurt = true);
    cast(&mut e, Side::A, 1, Spell::MagicMissile, 2);
    assert!(
        events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::SpellLost { model: 1, .. }))
    );
    assert!(
        !events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Damage { .. }))
    );
    assert_eq!(slots(&e, 1), 1);
}

#[test]
fn cure_light_wounds_by_touch_heals_and_stabilises() {
    let (mut e, first) = sequential(&["Cleric 2", "Fighter 1"], &["Kobold"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (10.0, 10.98));
    let fighter = find(e.world(), 2).unwrap();
    e.world_mut().entity_mut(fighter.entity).insert(Hp {
        now: -2,
        ..fighter.hp
    });
    set_condition(&mut e, 2, |c| c.down = Some(Down::Bleeding));
    cast(&mut e, Side::A, 1, Spell::CureLightWounds, 2);
    let healed = events(&e).iter().find_map(|ev| match ev {
        LogEvent::Healed {
            model: 2,
            amount,
            hp,
        } => Some((*amount, *hp)),
        _ => None,
    });
    let (amount, hp) = healed.expect("a Healed event");
    assert_eq!(hp, (-2 + i32::from(amount)).min(fighter.hp.max));
    let down = find(e.world(), 2).unwrap().cond.down;
    assert_eq!(down, if hp > 0 { None } else { Some(Down::Stable) });
    // Out of touch, it is refused.
    let (mut e, first) = sequential(&["Cleric 2", "Fighter 1"], &["Kobold"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (20.0, 10.0));
    let far = e.submit(
        Side::A,
        Command::Cast {
            model: 1,
            spell: Spell::CureLightWounds,
            target: 2,
        },
    );
    assert!(far.unwrap_err().0.contains("touch"));
}

#[test]
fn hold_person_is_saved_at_minus_two_and_shaken_off_at_the_victims_step() {
    // The evil priest (side B) holds Fighter 1 (saves vs spells on 16, so 18 here).
    let (mut e, first) = sequential(&["Fighter 1"], &["Evil priest"]);
    if first == Side::A {
        e.submit(Side::A, Command::EndStep).unwrap();
    }
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (10.0, 20.0));
    cast(&mut e, Side::B, 2, Spell::HoldPerson, 1);
    let save = e
        .log()
        .dice()
        .find(|d| d.clause == clauses::SPELL_SAVE)
        .cloned()
        .unwrap();
    assert_eq!(save.need, Some(18));
    let held = find(e.world(), 1).unwrap().cond.held;
    assert_eq!(held, save.value < 18);
    assert_eq!(
        events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Held { model: 1 })),
        held
    );
    // A held model saves (plain, 16) at the start of its own side's step.
    // (Two a side: a side whose only model is held cannot fight, and has lost.)
    let (mut e, first) = sequential(&["Fighter 1", "Fighter 2"], &["Orc", "Orc"]);
    let second = first.other();
    let victim = if second == Side::A { 1 } else { 3 };
    set_condition(&mut e, victim, |c| c.held = true);
    e.submit(first, Command::EndStep).unwrap();
    let shake = e
        .log()
        .dice()
        .find(|d| d.clause == clauses::ONGOING_SAVE)
        .cloned()
        .unwrap();
    let target = find(e.world(), victim)
        .unwrap()
        .stats
        .save_as
        .target(SaveKind::Spells);
    assert_eq!(
        find(e.world(), victim).unwrap().cond.held,
        shake.value < target
    );
    assert_eq!(
        events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Recovered { .. })),
        shake.value >= target
    );
}

#[test]
fn sleep_takes_the_weakest_near_its_target_never_the_undead() {
    let (mut e, first) = sequential(
        &["Magic-user 2"],
        &["Kobold", "Kobold", "Skeleton", "Kobold"],
    );
    a_to_act(&mut e, first);
    put(&mut e, 1, (15.0, 5.0));
    put(&mut e, 2, (15.0, 20.0));
    put(&mut e, 3, (16.2, 20.0));
    put(&mut e, 4, (13.8, 20.0));
    put(&mut e, 5, (15.0, 28.0));
    cast(&mut e, Side::A, 1, Spell::Sleep, 2);
    let budget: u8 = e
        .log()
        .dice()
        .filter(|d| d.clause == clauses::SPELL_EFFECT)
        .map(|d| d.value)
        .sum();
    assert!((2..=16).contains(&budget));
    let asleep = |e: &Engine, id: u32| find(e.world(), id).unwrap().cond.asleep;
    // Two kobolds within 4" (1 HD each, and 2d8 is at least 2); not the skeleton, not
    // the kobold 8" away.
    assert!(asleep(&e, 2) && asleep(&e, 3));
    assert!(!asleep(&e, 4), "undead do not sleep");
    assert!(!asleep(&e, 5), "beyond the 4\" of the spell");
}

#[test]
fn a_shot_at_a_target_held_by_four_hits_the_attacker_nearest_the_line() {
    let heroes = ["Fighter 1", "Fighter 2", "Dwarf 1", "Dwarf 2", "Thief 1"];
    let (mut e, _) = sequential(&heroes, &["Orc"]);
    put(&mut e, 6, (15.0, 15.0));
    for (i, deg) in [0.0f32, 60.0, 120.0, 180.0].into_iter().enumerate() {
        let at = Vec2::new(15.0, 15.0) + Vec2::from_angle(deg.to_radians()) * 0.98;
        put(&mut e, i as u32 + 1, (at.x, at.y));
    }
    // The thief slings from straight below: the heroes at 60° and 120° are nearest the
    // line (0.49" off it); the lower id is taken.
    put(&mut e, 5, (15.0, 5.0));
    let plan = check_shot(e.world(), Side::A, 5, 6).unwrap();
    assert!(plan.cover);
    assert_eq!(plan.cover_model, Some(2));
    // With three attackers the target is in the open.
    put(&mut e, 4, (2.0, 2.0));
    let plan = check_shot(e.world(), Side::A, 5, 6).unwrap();
    assert!(!plan.cover && plan.cover_model.is_none());
    // Light in the eyes: a blinded model cannot shoot.
    set_condition(&mut e, 5, |c| c.blinded = true);
    let blind = check_shot(e.world(), Side::A, 5, 6).unwrap_err();
    assert!(blind.0.contains("blinded"));
}
