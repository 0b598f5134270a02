//! Heroes at 0 HP and below (seed "Saving Throw vs. Death and Negative Hit Points";
//! RULINGS: damage below 0 still lands, dead at −CON, a death save every round a hero
//! falls or is hit again, stabilised or not).

mod common;

use common::{a_to_act, events, put, sequential};
use warband_borderlands::battle::find;
use warband_borderlands::components::{Condition, Down, Hp};
use warband_borderlands::log::LogEvent;
use warband_borderlands::{Command, Engine, Side};
use warband_rules::borderlands::clauses;
use warband_table::components::ModelId;

/// Sets a hero down at `hp` in state `down`.
fn lay_down(e: &mut Engine, id: u32, hp: i32, down: Down, hurt: bool) {
    let v = find(e.world(), ModelId(id)).unwrap();
    let cond = Condition {
        down: Some(down),
        hurt,
        ..v.cond
    };
    e.world_mut()
        .entity_mut(v.entity)
        .insert((Hp { now: hp, ..v.hp }, cond));
}

/// Side B's model `m` attacks `t` in melee, B's step coming first if it is not yet.
fn b_strikes(e: &mut Engine, first: Side, m: u32, t: u32) {
    if first == Side::A {
        e.submit(Side::A, Command::EndStep).unwrap();
    }
    e.submit(
        Side::B,
        Command::Melee {
            model: ModelId(m),
            target: ModelId(t),
        },
    )
    .unwrap();
}

fn death_saves(e: &Engine, id: u32) -> usize {
    events(e)
        .iter()
        .filter(|ev| matches!(ev, LogEvent::DeathSave { model, .. } if *model == ModelId(id)))
        .count()
}

#[test]
fn a_hero_down_takes_further_hits_and_dies_at_minus_con() {
    // Fighter 1 has CON 14: at −13 any hit takes it to −14, dead at once.
    let (mut e, first) = sequential(&["Fighter 1", "Fighter 2"], &["Ogre"]);
    put(&mut e, 1, (15.0, 15.0));
    put(&mut e, 2, (5.0, 5.0));
    put(&mut e, 3, (15.0, 16.27));
    lay_down(&mut e, 1, -13, Down::Bleeding, false);
    b_strikes(&mut e, first, 3, 1);
    let damage = events(&e).iter().any(|ev| {
        matches!(
            ev,
            LogEvent::Damage {
                model: ModelId(1),
                ..
            }
        )
    });
    assert!(damage, "a helpless hero is hit, and the damage lands");
    assert!(find(e.world(), ModelId(1)).is_none(), "dead at −CON");
    assert!(events(&e).contains(&LogEvent::Slain { model: ModelId(1) }));
}

#[test]
fn a_stable_hero_who_is_hit_bleeds_again_and_saves_again() {
    // Kobold bites are 1d4: from −2 a stable Fighter 1 (CON 14) cannot reach −14.
    let (mut e, first) = sequential(&["Fighter 1", "Fighter 2"], &["Kobold"]);
    put(&mut e, 1, (15.0, 15.0));
    put(&mut e, 2, (5.0, 5.0));
    put(&mut e, 3, (15.0, 15.98));
    lay_down(&mut e, 1, -2, Down::Stable, false);
    b_strikes(&mut e, first, 3, 1);
    let v = find(e.world(), ModelId(1)).unwrap();
    assert!(v.hp.now < -2 && v.hp.now >= -6, "{:?}", v.hp);
    assert_eq!(
        v.cond.down,
        Some(Down::Bleeding),
        "the hit opened the wound"
    );
    while e.awaiting().is_some() && death_saves(&e, 1) == 0 {
        let side = e.awaiting().unwrap();
        e.submit(side, Command::EndStep).unwrap();
    }
    assert_eq!(
        death_saves(&e, 1),
        1,
        "hit again: a death save at the round's end"
    );
    assert!(e.log().dice().any(|d| d.clause == clauses::DEATH_SAVE));
}

#[test]
fn a_hero_stabilised_in_the_round_it_fell_still_saves_vs_death() {
    let s = common::setup(&["Fighter 1", "Fighter 2"], &["Kobold"]);
    let (mut passed, mut failed) = (0, 0);
    for seed in 1..200 {
        let mut e = Engine::new(&s, seed).unwrap();
        if e.battle().order == warband_rules::borderlands::rules::Order::Together {
            continue;
        }
        let first = e.awaiting().unwrap();
        put(&mut e, 3, (25.0, 25.0));
        // Fell this round (hurt), then first aid made it stable: the save is still
        // rolled; a passed save leaves it stable rather than bleeding, a failed one kills.
        lay_down(&mut e, 1, -1, Down::Stable, true);
        e.submit(first, Command::EndStep).unwrap();
        e.submit(first.other(), Command::EndStep).unwrap();
        assert_eq!(death_saves(&e, 1), 1);
        let saved = events(&e).contains(&LogEvent::DeathSave {
            model: ModelId(1),
            saved: true,
        });
        let Some(v) = find(e.world(), ModelId(1)) else {
            assert!(!saved, "a hero who saved is still in play");
            failed += 1;
            continue;
        };
        assert!(saved);
        assert_eq!(v.cond.down, Some(Down::Stable));
        // Not hit in the next round: no save, and a stable hero loses nothing.
        while e.battle().round < 3 {
            let side = e.awaiting().unwrap();
            e.submit(side, Command::EndStep).unwrap();
        }
        assert_eq!(death_saves(&e, 1), 1);
        assert_eq!(find(e.world(), ModelId(1)).unwrap().hp.now, -1);
        passed += 1;
        if failed > 0 {
            break;
        }
    }
    assert!(passed > 0 && failed > 0, "{passed} passed, {failed} failed");
}

#[test]
fn a_cure_that_lifts_a_fallen_hero_above_zero_spares_the_save() {
    let (mut e, first) = sequential(&["Cleric 2", "Fighter 1"], &["Kobold"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 10.0));
    put(&mut e, 2, (10.0, 10.98));
    put(&mut e, 3, (25.0, 25.0));
    lay_down(&mut e, 2, 0, Down::Fallen, true);
    e.submit(
        Side::A,
        Command::Cast {
            model: ModelId(1),
            spell: warband_rules::borderlands::profile::Spell::CureLightWounds,
            target: ModelId(2),
        },
    )
    .unwrap();
    assert_eq!(
        find(e.world(), ModelId(2)).unwrap().cond.down,
        None,
        "1d6+1 from 0"
    );
    assert!(
        !find(e.world(), ModelId(1)).unwrap().cond.can_act(),
        "the cleric has acted"
    );
    e.submit(Side::A, Command::EndStep).unwrap();
    if e.awaiting() == Some(Side::B) {
        e.submit(Side::B, Command::EndStep).unwrap();
    }
    assert_eq!(death_saves(&e, 2), 0);
}

/// `normal`'s next command for side A moves model 1 into contact with model 2.
fn goes_to_2(e: &mut Engine) {
    use warband_borderlands::ai::{Normal, Policy};
    let c = Normal.next(e, Side::A).unwrap();
    assert!(
        matches!(c, Command::Move { model, .. } if model == ModelId(1)),
        "{c:?}"
    );
    e.submit(Side::A, c).unwrap();
    let (me, friend) = (
        find(e.world(), ModelId(1)).unwrap(),
        find(e.world(), ModelId(2)).unwrap(),
    );
    assert!(warband_table::geometry::in_contact(&me.base, &friend.base));
}

/// `normal` tends the dying: a hero that knows first aid (WIS 7+), out of melee and
/// with no shot to take, moves into contact with a bleeding friend no one stands by,
/// so that it may give first aid in its next step.
#[test]
fn the_computer_goes_to_a_dying_friend() {
    let (mut e, first) = sequential(&["Fighter 2", "Fighter 2"], &["Orc"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 5.0));
    put(&mut e, 2, (13.0, 5.0));
    put(&mut e, 3, (25.0, 28.0));
    lay_down(&mut e, 2, -2, Down::Bleeding, false);
    goes_to_2(&mut e);
}

/// A friend in contact that has already acted this round cannot give first aid until
/// the next: `normal` still goes to the dying hero rather than leave it to bleed a
/// round (it took any able friend in contact to be tending it).
#[test]
fn a_friend_that_has_acted_is_not_tending_the_dying() {
    let (mut e, first) = sequential(&["Fighter 2", "Fighter 2", "Fighter 2"], &["Orc"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (10.0, 5.0));
    put(&mut e, 2, (13.0, 5.0));
    put(&mut e, 3, (14.0, 5.0));
    put(&mut e, 4, (25.0, 28.0));
    lay_down(&mut e, 2, -2, Down::Bleeding, false);
    let by = find(e.world(), ModelId(3)).unwrap();
    assert!(warband_table::geometry::in_contact(
        &by.base,
        &find(e.world(), ModelId(2)).unwrap().base
    ));
    let acted = Condition {
        acted: true,
        ..by.cond
    };
    e.world_mut().entity_mut(by.entity).insert(acted);
    goes_to_2(&mut e);
}

/// `normal` spends no blow on an enemy its blows already kill (a monster at 0 HP or
/// below when the step's blows land): it shoots the other.
#[test]
fn the_computer_shoots_no_enemy_already_doomed() {
    use warband_borderlands::ai::{Normal, Policy};
    let (mut e, first) = sequential(&["Thief 1"], &["Orc", "Orc"]);
    a_to_act(&mut e, first);
    put(&mut e, 1, (15.0, 5.0));
    put(&mut e, 2, (15.0, 15.0));
    put(&mut e, 3, (25.0, 5.0));
    let shot = |id| Command::Shoot {
        model: ModelId(1),
        target: ModelId(id),
    };
    assert_eq!(Normal.next(&e, Side::A), Some(shot(2)), "the nearer");
    let orc = find(e.world(), ModelId(2)).unwrap();
    e.world_mut()
        .entity_mut(orc.entity)
        .insert(Hp { now: -1, ..orc.hp });
    assert_eq!(Normal.next(&e, Side::A), Some(shot(3)));
}
