//! Regressions for the defects a clause-by-clause review found (issue 9). Each test
//! failed on the engine before its fix.

mod common;

use common::*;
use warband_marauders::battle::{Battle, Trigger, model};
use warband_marauders::command::Allocation;
use warband_marauders::components::{Blessing, Caster, ModelId};
use warband_marauders::log::{Entry, LogEvent};
use warband_marauders::phases::{PendingStrike, strike_waiting};
use warband_marauders::save::Save;
use warband_marauders::{Command, Engine, Phase, Side};
use warband_rules::marauders::clauses;
use warband_rules::morale::{MORALE_CHECK, MORALE_RALLY};

fn refused_with(engine: &warband_marauders::Engine, what: &str) -> bool {
    engine
        .log()
        .events
        .iter()
        .any(|e| matches!(e, Entry::Refused { reason, .. } if reason.contains(what)))
}

/// Sends commands from whoever is asked until `stop` holds (at most 200).
fn run_until(engine: &mut Engine, stop: impl Fn(&Engine) -> bool) {
    for _ in 0..200 {
        if stop(engine) {
            return;
        }
        let side = engine.awaiting().expect("the battle waits for someone");
        engine.submit(side, Command::EndPhase).expect("ending");
    }
    panic!("never stopped");
}

// 1. Undo ----------------------------------------------------------------------------

/// Two orcs far apart; A's has just made a plain move in round 1.
fn orc_moved_in_round_one() -> Engine {
    let at = [(10.0, 10.0), (40.0, 30.0)];
    let mut e = staged(&["Orc"], &["Orc"], 3, &at, Phase::Movement, Side::A);
    move_to(&mut e, Side::A, 1, (10.0, 12.0));
    e
}

#[test]
fn a_move_from_an_earlier_round_cannot_be_taken_back() {
    let mut e = orc_moved_in_round_one();
    run_until(&mut e, |e| {
        e.battle().round == 2 && e.phase() == Phase::Movement && e.awaiting() == Some(Side::A)
    });
    let refusal = e.submit(Side::A, Command::UndoMove { model: 1 });
    assert!(refusal.is_err(), "a round-1 move was taken back in round 2");
    let m = model(e.world(), 1).unwrap();
    assert!((m.base.center.y - 12.0).abs() < 1e-4);
}

#[test]
fn a_model_engaged_since_its_move_cannot_take_it_back() {
    let mut e = orc_moved_in_round_one();
    // An enemy now stands in contact with it.
    place(&mut e, 2, 11.0, 12.0);
    let r = e.submit(Side::A, Command::UndoMove { model: 1 });
    assert!(r.unwrap_err().0.contains("engaged"));
}

#[test]
fn a_save_that_undoes_an_old_move_replays_with_the_undo_refused() {
    let setup = setup(&["Orc"], &["Orc"], Vec::new());
    let mut e = Engine::new(&setup, 11).unwrap();
    let mut commands = Vec::new();
    let mut send = |e: &mut Engine, side: Side, c: Command| {
        let _ = e.submit(side, c.clone());
        commands.push((side, c));
    };
    for _ in 0..200 {
        if e.battle().round == 2 && e.phase() == Phase::Movement {
            break;
        }
        let side = e.awaiting().unwrap();
        if e.battle().round == 1 && e.phase() == Phase::Movement {
            let id = if side == Side::A { 1 } else { 2 };
            let y = model(e.world(), id).unwrap().base.center.y;
            let x = model(e.world(), id).unwrap().base.center.x;
            let dy = if side == Side::A { 2.0 } else { -2.0 };
            send(
                &mut e,
                side,
                Command::Move {
                    model: id,
                    to: (x, y + dy),
                },
            );
        }
        send(&mut e, side, Command::EndPhase);
    }
    let side = e.awaiting().unwrap();
    let id = if side == Side::A { 1 } else { 2 };
    send(&mut e, side, Command::UndoMove { model: id });
    let save = Save::new(setup, 11, commands, e.state_hash());
    let mut replayed = save.replay().unwrap();
    assert!(refused_with(&replayed, "cannot be taken back"));
    assert_eq!(replayed.state_hash(), save.final_hash);
}

// 2. Friendly fire -------------------------------------------------------------------

#[test]
fn hd_removed_by_friendly_fire_score_nothing() {
    let mut seen = 0;
    for seed in 0..300 {
        let at = [(10.0, 5.0), (10.0, 10.0), (10.0, 15.0)];
        let mut e = staged(
            &["Archer", "Brute"],
            &["Orc"],
            seed,
            &at,
            Phase::Shooting,
            Side::A,
        );
        shoot(&mut e, Side::A, 1, 3);
        let brute = model(e.world(), 2).unwrap();
        if brute.hd.left < brute.hd.initial {
            seen += 1;
            assert_eq!(e.battle().side(Side::A).hd_removed, 0, "seed {seed}");
        }
    }
    assert!(seen > 10, "the brute in the way was hurt only {seen} times");
}

// 3. Bless ---------------------------------------------------------------------------

#[test]
fn an_unused_blessing_fades_with_its_round() {
    let mut e = blessed_mage((10.0, 5.0), (40.0, 30.0));
    run_until(&mut e, |e| e.battle().round == 2);
    let m = model(e.world(), 1).unwrap();
    assert_eq!(m.blessing, None, "the blessing outlived its round");
    assert!(
        events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::BlessingFaded { model: 1 }))
    );
}

#[test]
fn a_blessing_adds_its_die_to_the_fight_of_its_round() {
    let mut e = blessed_mage((10.0, 10.0), (11.0, 10.0));
    advance_to_phase(&mut e, Phase::Attacking);
    let side = e.awaiting().unwrap();
    e.submit(
        side,
        Command::ResolveMelee {
            model: 1,
            allocation: None,
        },
    )
    .unwrap();
    // One die for the mage's HD and one for the blessing; one for the orc.
    let contest = dice_with(&e, &clauses::MELEE_CONTEST);
    assert_eq!(contest.len(), 3, "{contest:?}");
}

/// A mage and an orc at these places; the mage's side has one Bless die on the mage
/// for round 1's fight.
fn blessed_mage(mage: (f32, f32), orc: (f32, f32)) -> Engine {
    let mut e = engine(&["Mage"], &["Orc"], 1);
    place(&mut e, 1, mage.0, mage.1);
    place(&mut e, 2, orc.0, orc.1);
    let bless = Blessing {
        target: 1,
        dice: 1,
        round: 1,
    };
    set_blessing(&mut e, 1, bless);
    e
}

fn set_blessing(e: &mut Engine, id: u32, b: Blessing) {
    let world = e.world_mut();
    let mut q = world.query::<(&ModelId, &mut Caster)>();
    for (m, mut c) in q.iter_mut(world) {
        if m.0 == id {
            c.blessing = Some(b);
        }
    }
}

// 4. Both sides broken ---------------------------------------------------------------

#[test]
fn models_still_in_contact_fight_when_both_sides_are_broken() {
    let mut e = engine(&["Orc"], &["Orc"], 5);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 11.0, 10.0);
    // Engaged this round: neither may disengage, so neither can flee.
    set_engaged_since(&mut e, 1, 1);
    set_engaged_since(&mut e, 2, 1);
    {
        let mut b = e.world_mut().resource_mut::<Battle>();
        b.sides[0].broken = true;
        b.sides[1].broken = true;
    }
    run_until(&mut e, |e| {
        e.phase() == Phase::Spellcasting || e.battle().round > 1
    });
    let fought = events(&e)
        .iter()
        .any(|ev| matches!(ev, LogEvent::MeleeResolved { .. }));
    assert!(fought, "the melee was skipped");
    let held = events(&e)
        .iter()
        .filter(|ev| matches!(ev, LogEvent::FleeHeld { .. }))
        .count();
    assert_eq!(held, 2);
}

// 5. Damage splits -------------------------------------------------------------------

/// A (acting first) fights with one brute against two orcs of B's that each touch
/// both of A's models, so B, winning, has a split to make.
fn split_battle(seed: u64) -> Engine {
    let mut e = engine(&["Brute", "Orc"], &["Orc", "Orc"], seed);
    place(&mut e, 1, 10.0, 10.0);
    place(&mut e, 2, 10.0, 11.0);
    place(&mut e, 3, 10.866, 10.5);
    place(&mut e, 4, 9.134, 10.5);
    e
}

#[test]
fn the_second_side_is_asked_for_its_split_when_it_wins() {
    let mut asked = 0;
    for seed in 0..60 {
        let mut e = split_battle(seed);
        let acting = advance_to_phase(&mut e, Phase::Attacking);
        e.submit(
            acting,
            Command::ResolveMelee {
                model: 1,
                allocation: None,
            },
        )
        .unwrap();
        let won = events(&e).iter().find_map(|ev| match ev {
            LogEvent::MeleeResolved { winner, .. } => Some(*winner),
            _ => None,
        });
        let Some(Some(winner)) = won else { continue };
        if winner == acting {
            assert_eq!(strike_waiting(e.world()), None);
            continue;
        }
        asked += 1;
        assert_eq!(e.awaiting(), Some(winner), "seed {seed}");
        assert!(e.world().resource::<PendingStrike>().0.is_some());
        // No damage yet; a fight command is refused while the split waits.
        assert!(dice_with(&e, &clauses::MELEE_DAMAGE).is_empty());
        assert!(
            e.submit(
                winner,
                Command::ResolveMelee {
                    model: 1,
                    allocation: None
                }
            )
            .is_err()
        );
        // Every die of the winner goes on the loser's higher-numbered model.
        let (mine, target) = if winner == Side::B {
            ([3, 4], 2)
        } else {
            ([1, 2], 4)
        };
        let split: Vec<Allocation> = mine
            .iter()
            .map(|&attacker| Allocation {
                attacker,
                target,
                dice: model(e.world(), attacker).unwrap().hd.initial,
            })
            .collect();
        e.submit(
            winner,
            Command::AllocateDamage {
                allocation: Some(split),
            },
        )
        .unwrap();
        let struck: Vec<String> = e
            .log()
            .dice()
            .filter(|d| d.clause == clauses::MELEE_DAMAGE)
            .map(|d| d.purpose.clone())
            .collect();
        assert!(!struck.is_empty());
        let tail = format!("strikes model {target}");
        assert!(struck.iter().all(|p| p.ends_with(&tail)), "{struck:?}");
    }
    assert!(asked > 5, "B won only {asked} times");
}

#[test]
fn a_split_that_drops_a_models_dice_is_refused() {
    let mut e = split_battle(1);
    let acting = advance_to_phase(&mut e, Phase::Attacking);
    // Only the first model's dice are placed; its friend's are dropped.
    let (brute, target) = if acting == Side::A { (1, 3) } else { (3, 1) };
    let brute_dice = model(e.world(), brute).unwrap().hd.initial;
    let split = vec![Allocation {
        attacker: brute,
        target,
        dice: brute_dice,
    }];
    let r = e.submit(
        acting,
        Command::ResolveMelee {
            model: 1,
            allocation: Some(split),
        },
    );
    assert!(r.unwrap_err().0.contains("damage dice to place"));
    assert!(dice_with(&e, &clauses::MELEE_CONTEST).is_empty());
}

// 6. Fleeing -------------------------------------------------------------------------

fn house(x0: f32, x1: f32, y0: f32, y1: f32) -> warband_marauders::data::TerrainDef {
    warband_marauders::data::TerrainDef {
        name: "house".into(),
        kind: warband_marauders::data::TerrainKind::House,
        corners: vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)],
    }
}

fn broken(e: &mut Engine, side: Side) {
    e.world_mut().resource_mut::<Battle>().side_mut(side).broken = true;
}

#[test]
fn a_flee_blocked_by_terrain_stays_on_the_table() {
    let setup = setup(&["Orc"], &["Orc"], vec![house(0.0, 48.0, 0.2, 1.8)]);
    let mut e = Engine::new(&setup, 2).unwrap();
    place(&mut e, 1, 20.0, 3.0);
    place(&mut e, 2, 20.0, 6.0);
    broken(&mut e, Side::A);
    run_until(&mut e, |e| e.phase() == Phase::Shooting);
    let m = model(e.world(), 1).unwrap();
    assert!(m.in_play, "the model fled through a house");
    assert!(m.base.center.y > 1.8 && m.base.center.y < 3.0);
}

#[test]
fn a_flee_never_ends_touching_an_enemy() {
    // Model 1 flees from model 2 (nearest) straight into model 3's way.
    let mut e = engine(&["Orc"], &["Orc", "Orc"], 2);
    place(&mut e, 1, 20.0, 20.0);
    place(&mut e, 2, 20.0, 22.5);
    place(&mut e, 3, 20.0, 17.0);
    broken(&mut e, Side::A);
    run_until(&mut e, |e| e.phase() == Phase::Shooting);
    let m = model(e.world(), 1).unwrap();
    assert_eq!(m.engaged_since, None, "the fleer ended in contact");
    assert!(m.base.center.y < 20.0 && m.base.center.y > 18.0);
}

#[test]
fn a_model_engaged_this_round_cannot_flee() {
    let mut e = engine(&["Orc"], &["Orc"], 2);
    place(&mut e, 1, 20.0, 20.0);
    place(&mut e, 2, 20.0, 21.0);
    set_engaged_since(&mut e, 1, 1);
    broken(&mut e, Side::A);
    run_until(&mut e, |e| e.phase() == Phase::Shooting);
    let m = model(e.world(), 1).unwrap();
    assert!((m.base.center.y - 20.0).abs() < 1e-4);
    assert!(dice_with(&e, &clauses::DISENGAGE).is_empty());
    assert!(
        events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::FleeHeld { model: 1, .. }))
    );
}

#[test]
fn a_flee_out_of_contact_takes_one_die_from_each_enemy_left() {
    let mut e = engine(&["Orc"], &["Orc", "Orc"], 2);
    place(&mut e, 1, 20.0, 20.0);
    place(&mut e, 2, 20.0, 21.0);
    place(&mut e, 3, 21.0, 20.0);
    set_engaged_since(&mut e, 1, 0);
    broken(&mut e, Side::A);
    run_until(&mut e, |e| {
        e.phase() == Phase::Shooting || e.outcome().is_some()
    });
    assert_eq!(dice_with(&e, &clauses::DISENGAGE).len(), 2);
}

// 7. Morale triggers while broken ----------------------------------------------------

#[test]
fn a_trigger_fired_while_broken_is_checked_after_the_rally() {
    let (mut rallied, mut kept) = (0, 0);
    for seed in 0..40 {
        let mut e = engine(&["Orc", "Orc"], &["Orc"], seed);
        place(&mut e, 1, 5.0, 5.0);
        place(&mut e, 2, 7.0, 5.0);
        place(&mut e, 3, 40.0, 30.0);
        {
            let mut b = e.world_mut().resource_mut::<Battle>();
            let a = b.side_mut(Side::A);
            a.broken = true;
            a.fired.push(Trigger::FirstRemoved);
            a.pending.push(Trigger::FirstRemoved);
        }
        run_until(&mut e, |e| e.battle().round == 2);
        assert!(!dice_with(&e, &MORALE_RALLY).is_empty());
        let did_rally = events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Rallied { .. }));
        let pending = e.battle().side(Side::A).pending.clone();
        if did_rally {
            rallied += 1;
            assert!(pending.is_empty());
            assert_eq!(dice_with(&e, &MORALE_CHECK).len(), 2, "seed {seed}");
        } else {
            kept += 1;
            assert_eq!(pending, vec![Trigger::FirstRemoved], "seed {seed}");
        }
    }
    assert!(rallied > 0 && kept > 0, "rallied {rallied}, kept {kept}");
}

// 12. Hostile saves ------------------------------------------------------------------

#[test]
fn a_save_naming_missing_models_replays_with_refusals() {
    let setup = setup(&["Orc"], &["Orc"], Vec::new());
    let commands = vec![
        (Side::A, Command::EndPhase),
        (Side::A, Command::UndoMove { model: 0 }),
        (
            Side::A,
            Command::Move {
                model: 0,
                to: (1.0, 1.0),
            },
        ),
        (
            Side::A,
            Command::Move {
                model: u32::MAX,
                to: (1.0, 1.0),
            },
        ),
        (
            Side::B,
            Command::Shoot {
                model: 99,
                target: 0,
            },
        ),
    ];
    let save = Save::new(setup, 1, commands, 0);
    let e = save.replay().unwrap();
    let refused = e
        .log()
        .events
        .iter()
        .filter(|ev| matches!(ev, Entry::Refused { .. }))
        .count();
    assert!(refused >= 3);
}

// Hash -------------------------------------------------------------------------------

#[test]
fn the_state_hash_sees_spells_blessings_order_turn_and_undo() {
    let mut e = engine(&["Mage"], &["Orc"], 1);
    place(&mut e, 1, 10.0, 5.0);
    place(&mut e, 2, 40.0, 30.0);
    let base = e.state_hash();
    let changed = |f: &dyn Fn(&mut Engine)| {
        let mut f2 = e.fork(0);
        let before = f2.state_hash();
        assert_eq!(before, base, "a fork hashes like its source");
        f(&mut f2);
        f2.state_hash() != base
    };
    assert!(changed(&|e| set_blessing(
        e,
        1,
        Blessing {
            target: 1,
            dice: 1,
            round: 2
        }
    )));
    assert!(changed(&|e| {
        let world = e.world_mut();
        let mut q = world.query::<&mut Caster>();
        for mut c in q.iter_mut(world) {
            c.slots = 0;
        }
    }));
    assert!(changed(
        &|e| e.world_mut().resource_mut::<Battle>().first = vec![(Phase::Movement, Side::B)]
    ));
    assert!(changed(&|e| e
        .world_mut()
        .resource_mut::<Battle>()
        .turn
        .done = [true, false]));
    assert!(changed(&|e| {
        e.world_mut()
            .resource_mut::<warband_marauders::phases::Undoable>()
            .0
            .push((1, bevy_math::Vec2::ZERO))
    }));
}

// 10. The odds shown are the odds played -------------------------------------------

#[test]
fn a_shot_into_melee_strikes_each_member_as_shot_chances_says() {
    use warband_marauders::battle::in_play;
    use warband_marauders::geometry::melee_groups;
    use warband_marauders::phases::{check_shot, shot_chances};
    let at = [(10.0, 5.0), (11.0, 15.0), (10.0, 15.0)];
    let setup_at = |seed: u64| {
        staged(
            &["Archer", "Orc"],
            &["Orc"],
            seed,
            &at,
            Phase::Shooting,
            Side::A,
        )
    };
    let e = setup_at(0);
    let all = in_play(e.world());
    let line = check_shot(e.world(), &all, false, &all[0], &all[2]).unwrap();
    let groups = melee_groups(&all.iter().map(|m| m.grouped()).collect::<Vec<_>>());
    let chances = shot_chances(&all, &line, false, 3, Some(&groups[0]));
    // Orc (medium, 4+) at −1 needs a 5: 2/6, and each is picked half the time.
    assert_eq!(chances.len(), 2);
    for (_, p) in &chances {
        assert!((p - 0.5 * 2.0 / 6.0).abs() < 1e-12, "{chances:?}");
    }
    let n = 600;
    let mut hurt = [0u32; 2];
    for seed in 0..n {
        let mut e = setup_at(seed);
        e.submit(
            Side::A,
            Command::Shoot {
                model: 1,
                target: 3,
            },
        )
        .unwrap();
        for (i, id) in [2u32, 3].iter().enumerate() {
            let m = model(e.world(), *id).unwrap();
            hurt[i] += u32::from(m.hd.left < m.hd.initial);
        }
    }
    let (mean, sd) = (
        f64::from(n as u32) / 6.0,
        (f64::from(n as u32) * (1.0 / 6.0) * (5.0 / 6.0)).sqrt(),
    );
    for h in hurt {
        assert!((f64::from(h) - mean).abs() < 4.0 * sd, "{hurt:?} vs {mean}");
    }
}

// 9. The bestiary's armour follows B/X AC -------------------------------------------

#[test]
fn every_shipped_profile_has_its_bx_ac_and_the_armour_it_maps_to() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios/open-field.ron");
    let setup = warband_marauders::data::BattleSetup::load(&path).unwrap();
    use warband_rules::marauders::Armour;
    for p in &setup.bestiary {
        let ac = p.ac.unwrap_or_else(|| panic!("{} has no ac", p.name));
        assert_eq!(p.armour, Armour::from_bx_ac(ac), "{}", p.name);
    }
    let armour = |name: &str| {
        setup
            .bestiary
            .iter()
            .find(|p| p.name == name)
            .unwrap()
            .armour
    };
    assert_eq!(armour("Skeleton"), Armour::Light);
    assert_eq!(armour("Bandit"), Armour::Medium);
}

// 15. Slips --------------------------------------------------------------------------

#[test]
fn a_model_slain_in_its_sleep_is_not_logged_as_waking() {
    let (mut slain, mut woke) = (0, 0);
    for seed in 0..60 {
        let at = [(10.0, 5.0), (10.0, 15.0), (30.0, 30.0)];
        let mut e = staged(
            &["Archer"],
            &["Orc", "Brute"],
            seed,
            &at,
            Phase::Shooting,
            Side::A,
        );
        conditions(&mut e, 2, |c| c.asleep = true);
        conditions(&mut e, 3, |c| c.asleep = true);
        shoot(&mut e, Side::A, 1, 2);
        let orc = model(e.world(), 2).unwrap();
        let wakes = events(&e)
            .iter()
            .any(|ev| matches!(ev, LogEvent::Woke { model: 2 }));
        if !orc.in_play {
            slain += 1;
            assert!(!wakes, "seed {seed}: a slain sleeper woke");
        }
        // A brute (3 HD) hurt in its sleep lives, and wakes.
        let mut e2 = staged(
            &["Archer"],
            &["Brute"],
            seed,
            &at[..2],
            Phase::Shooting,
            Side::A,
        );
        conditions(&mut e2, 2, |c| c.asleep = true);
        shoot(&mut e2, Side::A, 1, 2);
        let brute = model(e2.world(), 2).unwrap();
        if brute.hd.left < brute.hd.initial {
            woke += 1;
            assert!(!brute.conditions.asleep);
            assert!(
                events(&e2)
                    .iter()
                    .any(|ev| matches!(ev, LogEvent::Woke { model: 2 }))
            );
        }
    }
    assert!(slain > 10 && woke > 10, "slain {slain}, woke {woke}");
}
