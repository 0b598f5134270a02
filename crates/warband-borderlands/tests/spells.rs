//! Borderlands spells and cover, clause by clause, on hand-made tables.

mod common;

use bevy_math::Vec2;
use common::{a_to_act, events, put, sequential};
use warband_borderlands::actions::{check_shot, shot_odds};
use warband_borderlands::battle::find;
use warband_borderlands::components::{Condition, Down, Hp, Slots};
use warband_borderlands::log::LogEvent;
use warband_borderlands::{Command, Engine, Side};
use warband_rules::borderlands::SaveKind;
use warband_rules::borderlands::clauses;
use warband_rules::borderlands::profile::Spell;
use warband_table::components::ModelId;

fn cast(e: &mut Engine, side: Side, model: u32, spell: Spell, target: u32) {
    e.submit(
        side,
        Command::Cast {
            model: ModelId(model),
            spell,
            target: ModelId(target),
        },
    )
    .unwrap();
}

fn slots(e: &Engine, id: u32) -> [u8; 2] {
    e.world()
        .get::<Slots>(find(e.world(), ModelId(id)).unwrap().entity)
        .unwrap()
        .0
}

fn set_condition(e: &mut Engine, id: u32, f: impl FnOnce(&mut Condition)) {
    let v = find(e.world(), ModelId(id)).unwrap();
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
                model: ModelId(2),
                amount,
                ..
            } => Some(*amount),
            _ => None,
        })
        .collect();
    assert_eq!(dealt.len(), 1);
    assert!((2..=7).contains(&dealt[0]), "{dealt:?}");
    assert!(e.log().dice().any(|d| d.clause == clauses::SPELL_EFFECT));
    // Its die says the damage it makes, as a weapon's does: the log reads "4 + 1 = 5".
    let die = e
        .log()
        .dice()
        .find(|d| d.clause == clauses::SPELL_EFFECT)
        .unwrap();
    assert_eq!(die.purpose, "Magic Missile damage (1d6+1)");
    assert_eq!(u16::from(die.value) + 1, dealt[0]);
    assert_eq!(slots(&e, 1), [before[0] - 1, before[1]]);
}

#[test]
fn a_caster_hurt_earlier_in_the_round_loses_the_spell_and_its_slot() {
    let (mut e, first) = sequential(&["Magic-user 2"], &["Ogre"]);
    a_to_act(&mut e, first);
    put(&mut e, 2, (10.0, 25.0));
    set_condition(&mut e, 1, |c| c.hurt = true);
    cast(&mut e, Side::A, 1, Spell::MagicMissile, 2);
    assert!(events(&e).iter().any(|ev| matches!(
        ev,
        LogEvent::SpellLost {
            model: ModelId(1),
            ..
        }
    )));
    assert!(
        !events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Damage { .. }))
    );
    assert_eq!(slots(&e, 1), [1, 0]);
}

#[test]
fn cure_light_wounds_by_touch_heals_and_stabilises() {
    let (mut e, first) = sequential(&["Cleric 2", "Fighter 1"], &["Kobold"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (10.0, 10.98));
    let fighter = find(e.world(), ModelId(2)).unwrap();
    e.world_mut().entity_mut(fighter.entity).insert(Hp {
        now: -2,
        ..fighter.hp
    });
    set_condition(&mut e, 2, |c| c.down = Some(Down::Bleeding));
    cast(&mut e, Side::A, 1, Spell::CureLightWounds, 2);
    let healed = events(&e).iter().find_map(|ev| match ev {
        LogEvent::Healed {
            model: ModelId(2),
            amount,
            hp,
        } => Some((*amount, *hp)),
        _ => None,
    });
    let (amount, hp) = healed.expect("a Healed event");
    assert_eq!(hp, (-2 + i32::from(amount)).min(fighter.hp.max));
    let down = find(e.world(), ModelId(2)).unwrap().cond.down;
    assert_eq!(down, if hp > 0 { None } else { Some(Down::Stable) });
    // Out of touch, it is refused.
    let (mut e, first) = sequential(&["Cleric 2", "Fighter 1"], &["Kobold"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (20.0, 10.0));
    let far = e.submit(
        Side::A,
        Command::Cast {
            model: ModelId(1),
            spell: Spell::CureLightWounds,
            target: ModelId(2),
        },
    );
    let why = far.unwrap_err().0;
    assert!(why.contains("Fighter 1 is not in contact"), "{why}");
}

#[test]
fn hold_person_is_saved_at_minus_two_and_shaken_off_at_the_victims_step() {
    // A fourth-level cleric holds an ogre, which saves vs spells as F4: on 14 (the row of
    // levels 4–6, not 16), so 16 here.
    let (mut e, first) = sequential(&["Cleric 4"], &["Ogre"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (10.0, 20.0));
    cast(&mut e, Side::A, 1, Spell::HoldPerson, 2);
    let save = e
        .log()
        .dice()
        .find(|d| d.clause == clauses::SPELL_SAVE)
        .cloned()
        .unwrap();
    assert_eq!(save.need, Some(16));
    let held = find(e.world(), ModelId(2)).unwrap().cond.held;
    assert_eq!(held, save.value < 16);
    assert_eq!(
        events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Held { model: ModelId(2) })),
        held
    );
    assert_eq!(slots(&e, 1), [2, 0], "a second-level slot was spent");
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
    let target = find(e.world(), ModelId(victim))
        .unwrap()
        .stats
        .save_as
        .target(SaveKind::Spells);
    assert_eq!(
        find(e.world(), ModelId(victim)).unwrap().cond.held,
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
    let asleep = |e: &Engine, id: u32| find(e.world(), ModelId(id)).unwrap().cond.asleep;
    // Two kobolds within 4" (1 HD each, and 2d8 is at least 2); not the skeleton, not
    // the kobold 8" away.
    assert!(asleep(&e, 2) && asleep(&e, 3));
    assert!(!asleep(&e, 4), "undead do not sleep");
    assert!(!asleep(&e, 5), "beyond the 4\" of the spell");
}

/// An orc (6) at (15, 15) with four heroes (1–4) about it, and a thief (5) to shoot.
fn orc_held_by_four() -> (Engine, Side) {
    let heroes = ["Fighter 1", "Fighter 2", "Dwarf 1", "Dwarf 2", "Thief 1"];
    let (mut e, first) = sequential(&heroes, &["Orc"]);
    put(&mut e, 6, (15.0, 15.0));
    for (i, deg) in [0.0f32, 60.0, 120.0, 180.0].into_iter().enumerate() {
        let at = Vec2::new(15.0, 15.0) + Vec2::from_angle(deg.to_radians()) * 0.98;
        put(&mut e, i as u32 + 1, (at.x, at.y));
    }
    (e, first)
}

#[test]
fn a_shot_at_a_target_held_by_four_hits_the_attacker_nearest_the_line() {
    let (mut e, _) = orc_held_by_four();
    // The thief slings from straight below: the heroes at 60° and 120° are nearest the
    // line (0.49" off it); the lower id is taken.
    put(&mut e, 5, (15.0, 5.0));
    let plan = check_shot(e.world(), Side::A, ModelId(5), ModelId(6)).unwrap();
    assert!(plan.cover);
    assert_eq!(plan.cover_model, Some(ModelId(2)));
    // With three attackers the target is in the open.
    put(&mut e, 4, (2.0, 2.0));
    let plan = check_shot(e.world(), Side::A, ModelId(5), ModelId(6)).unwrap();
    assert!(!plan.cover && plan.cover_model.is_none());
    // Light in the eyes: a blinded model cannot shoot.
    set_condition(&mut e, 5, |c| c.blinded = true);
    let blind = check_shot(e.world(), Side::A, ModelId(5), ModelId(6)).unwrap_err();
    assert!(blind.0.contains("blinded"));
}

/// The odds shown for a shot are those the engine plays: at a sleeping target in cover
/// the shot hits without a roll, so nothing strikes the cover.
#[test]
fn a_shot_at_a_helpless_target_in_cover_always_hits_it() {
    let (mut e, first) = orc_held_by_four();
    put(&mut e, 5, (15.0, 5.0));
    a_to_act(&mut e, first);
    let odds = |e: &Engine| {
        let plan = check_shot(e.world(), Side::A, ModelId(5), ModelId(6)).unwrap();
        let (a, t) = (
            find(e.world(), ModelId(5)).unwrap(),
            find(e.world(), ModelId(6)).unwrap(),
        );
        shot_odds(&a, &t, &plan)
    };
    // At 1 HP any hit on the orc kills it.
    let orc = find(e.world(), ModelId(6)).unwrap();
    e.world_mut()
        .entity_mut(orc.entity)
        .insert(Hp { now: 1, ..orc.hp });
    let awake = odds(&e);
    assert!(awake.hit < 0.9 && awake.cover > 0.1, "{awake:?}");
    assert_eq!(awake.kills, Some(awake.hit));
    set_condition(&mut e, 6, |c| c.asleep = true);
    let asleep = odds(&e);
    assert_eq!((asleep.hit, asleep.cover, asleep.miss), (1.0, 0.0, 0.0));
    assert_eq!(asleep.kills, Some(1.0));
    // And so the engine plays it: no cover is struck, and the orc falls.
    let shot = Command::Shoot {
        model: ModelId(5),
        target: ModelId(6),
    };
    e.submit(Side::A, shot).unwrap();
    let ev = events(&e);
    assert!(
        !ev.iter().any(|ev| matches!(ev, LogEvent::CoverTook { .. })),
        "{ev:?}"
    );
    assert!(find(e.world(), ModelId(6)).is_none_or(|o| o.hp.now <= 0));
}

/// Ends steps until side A may act in a later round than now.
fn next_round_for_a(e: &mut Engine) {
    let round = e.battle().round;
    while e.battle().round == round || e.awaiting() != Some(Side::A) {
        let side = e.awaiting().expect("the battle goes on");
        e.submit(side, Command::EndStep).unwrap();
    }
}

fn refusal(e: &mut Engine, model: u32, spell: Spell, target: u32) -> String {
    let c = Command::Cast {
        model: ModelId(model),
        spell,
        target: ModelId(target),
    };
    e.submit(Side::A, c).unwrap_err().0
}

#[test]
fn spell_slots_are_kept_per_spell_level() {
    // A third-level magic-user: two first-level slots and one second-level slot, so
    // Magic Missile twice (not three times) and Mirror Image once.
    let (mut e, first) = sequential(&["Magic-user 3"], &["Ogre"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (10.0, 28.0));
    assert_eq!(slots(&e, 1), [2, 1]);
    cast(&mut e, Side::A, 1, Spell::MagicMissile, 2);
    next_round_for_a(&mut e);
    cast(&mut e, Side::A, 1, Spell::MagicMissile, 2);
    next_round_for_a(&mut e);
    assert_eq!(slots(&e, 1), [0, 1]);
    let why = refusal(&mut e, 1, Spell::MagicMissile, 2);
    assert!(why.contains("no level-1 spell left"), "{why}");
    cast(&mut e, Side::A, 1, Spell::MirrorImage, 1);
    assert_eq!(slots(&e, 1), [0, 0]);
}

#[test]
fn hold_person_holds_only_persons() {
    let (mut e, first) = sequential(&["Cleric 4"], &["Wolf", "Orc"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (10.0, 20.0));
    put(&mut e, 3, (14.0, 20.0));
    let why = refusal(&mut e, 1, Spell::HoldPerson, 2);
    assert!(why.contains("only persons"), "{why}");
    cast(&mut e, Side::A, 1, Spell::HoldPerson, 3);
}

#[test]
fn mirror_images_take_the_hits_that_would_land() {
    let (mut e, first) = sequential(&["Magic-user 3", "Fighter 1"], &["Ogre"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (20.0, 5.0));
    put(&mut e, 3, (10.0, 11.27));
    cast(&mut e, Side::A, 1, Spell::MirrorImage, 1);
    let images = find(e.world(), ModelId(1)).unwrap().cond.images;
    assert!((1..=4).contains(&images));
    assert!(events(&e).contains(&LogEvent::Images {
        model: ModelId(1),
        images
    }));
    assert!(
        !find(e.world(), ModelId(1)).unwrap().cond.can_act(),
        "casting was its action"
    );
    // Asleep, every attack on it hits: each strikes an image until none is left.
    set_condition(&mut e, 1, |c| c.asleep = true);
    while e.awaiting() != Some(Side::B) {
        let side = e.awaiting().unwrap();
        e.submit(side, Command::EndStep).unwrap();
    }
    e.submit(
        Side::B,
        Command::Melee {
            model: ModelId(3),
            target: ModelId(1),
        },
    )
    .unwrap();
    let struck = events(&e)
        .iter()
        .filter(|ev| {
            matches!(
                ev,
                LogEvent::ImageStruck {
                    model: ModelId(1),
                    ..
                }
            )
        })
        .count();
    assert_eq!(struck, 1, "the ogre's one club hit an image");
    assert_eq!(find(e.world(), ModelId(1)).unwrap().cond.images, images - 1);
    assert!(
        !events(&e).iter().any(|ev| matches!(
            ev,
            LogEvent::Damage {
                model: ModelId(1),
                ..
            }
        )),
        "the caster took no damage"
    );
}

#[test]
fn a_caster_hurt_in_a_shared_step_still_casts() {
    let s = common::setup(&["Magic-user 2"], &["Ogre"]);
    let mut e = (1..)
        .map(|seed| Engine::new(&s, seed).unwrap())
        .find(|e| e.battle().order == warband_rules::borderlands::rules::Order::Together)
        .unwrap();
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (10.0, 28.0));
    if e.awaiting() == Some(Side::B) {
        e.submit(Side::B, Command::Hold { model: ModelId(2) })
            .unwrap();
    }
    // Hurt during the step: in a shared step nothing the other side does interrupts it.
    set_condition(&mut e, 1, |c| c.hurt = true);
    cast(&mut e, Side::A, 1, Spell::MagicMissile, 2);
    assert!(events(&e).iter().any(|ev| matches!(
        ev,
        LogEvent::Cast {
            model: ModelId(1),
            ..
        }
    )));
    assert!(
        !events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::SpellLost { .. }))
    );
}

#[test]
fn cause_light_wounds_is_a_touch_that_needs_a_hit_roll() {
    let (mut e, first) = sequential(&["Fighter 1"], &["Evil priest"]);
    if first == Side::A {
        e.submit(Side::A, Command::EndStep).unwrap();
    }
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (10.0, 20.0));
    let far = e.submit(
        Side::B,
        Command::Cast {
            model: ModelId(2),
            spell: Spell::CauseLightWounds,
            target: ModelId(1),
        },
    );
    assert!(far.unwrap_err().0.contains("touch"));
    put(&mut e, 2, (10.0, 10.98));
    cast(&mut e, Side::B, 2, Spell::CauseLightWounds, 1);
    let swing = events(&e).iter().find_map(|ev| match ev {
        LogEvent::Attack {
            attacker: ModelId(2),
            swing,
            ..
        } => Some(*swing),
        _ => None,
    });
    let hit = swing.expect("a hit roll") == warband_rules::borderlands::Swing::Hit;
    let damaged = events(&e).iter().any(|ev| {
        matches!(
            ev,
            LogEvent::Damage {
                model: ModelId(1),
                ..
            }
        )
    });
    assert_eq!(hit, damaged);
    // The priest casts as a third-level cleric: two first-level slots, no Hold Person.
    assert_eq!(slots(&e, 2), [1, 0]);
}

#[test]
fn the_computer_casts_nothing_with_a_caster_hurt_this_round() {
    use warband_borderlands::ai::{Normal, Policy};
    let (mut e, first) = sequential(&["Magic-user 2"], &["Kobold", "Kobold", "Kobold"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 5.0));
    for (id, x) in [(2, 14.0), (3, 15.0), (4, 16.0)] {
        put(&mut e, id, (x, 20.0));
    }
    let choice = Normal.next(&e, Side::A).unwrap();
    assert!(matches!(choice, Command::Cast { .. }), "{choice:?}");
    set_condition(&mut e, 1, |c| c.hurt = true);
    let choice = Normal.next(&e, Side::A).unwrap();
    assert!(!matches!(choice, Command::Cast { .. }), "{choice:?}");
}

/// `normal` weighs a shot by the odds the engine plays it with: a sleeping orc is hit
/// without a roll, so it is the surer kill than an awake one at the same range.
#[test]
fn the_computer_shoots_the_sleeping_enemy_it_cannot_miss() {
    use warband_borderlands::ai::{Normal, Policy};
    let (mut e, first) = sequential(&["Thief 1"], &["Orc", "Orc"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (15.0, 5.0));
    put(&mut e, 2, (15.0, 15.0));
    put(&mut e, 3, (25.0, 5.0));
    for id in [2, 3] {
        let orc = find(e.world(), ModelId(id)).unwrap();
        e.world_mut()
            .entity_mut(orc.entity)
            .insert(Hp { now: 1, ..orc.hp });
    }
    let shot = |id| Command::Shoot {
        model: ModelId(1),
        target: ModelId(id),
    };
    // Both awake, at 10": the same worth, so the lower id.
    assert_eq!(Normal.next(&e, Side::A), Some(shot(2)));
    set_condition(&mut e, 3, |c| c.asleep = true);
    assert_eq!(Normal.next(&e, Side::A), Some(shot(3)));
}

/// B/X Sleep: a sleeper struck by an edged weapon is killed by that one blow, whatever
/// its hit points, and the odds card says so; a mace only hits it without a roll.
#[test]
fn a_sleeper_is_killed_by_a_single_blow_of_an_edged_weapon() {
    use warband_borderlands::ai::routine_odds;
    let struck = |hero: &str| {
        let (mut e, first) = sequential(&[hero], &["Ogre"]);
        a_to_act(&mut e, first);
        put(&mut e, 1, (10.0, 10.0));
        put(&mut e, 2, (10.0, 11.27));
        set_condition(&mut e, 2, |c| c.asleep = true);
        let ogre = find(e.world(), ModelId(2)).unwrap();
        e.world_mut()
            .entity_mut(ogre.entity)
            .insert(Hp { now: 30, ..ogre.hp });
        let (a, t) = (
            find(e.world(), ModelId(1)).unwrap(),
            find(e.world(), ModelId(2)).unwrap(),
        );
        let odds = routine_odds(&a, &t);
        let melee = Command::Melee {
            model: ModelId(1),
            target: ModelId(2),
        };
        e.submit(Side::A, melee).unwrap();
        (e, odds)
    };
    let (e, odds) = struck("Fighter 1");
    assert_eq!(odds, (1.0, 30.0), "the card: a sure kill, its 30 HP");
    assert!(find(e.world(), ModelId(2)).is_none(), "the ogre is slain");
    let said = events(&e);
    assert!(said.contains(&LogEvent::SleeperSlain {
        attacker: ModelId(1),
        model: ModelId(2)
    }));
    assert!(said.contains(&LogEvent::Slain { model: ModelId(2) }));
    let (e, odds) = struck("Cleric 1");
    assert_eq!(odds.0, 0.0, "a mace's 1d6 cannot take 30 HP");
    let ogre = find(e.world(), ModelId(2)).expect("still in play, asleep");
    assert!(
        ogre.cond.asleep && (24..30).contains(&ogre.hp.now),
        "{:?}",
        ogre.hp
    );
    assert!(
        !events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::SleeperSlain { .. }))
    );
}
