//! Toy Soldier shooting, magic and the end of a battle, on hand-made tables.

mod common;

use bevy_math::Vec2;
use common::*;
use warband_rules::toy_soldier::{ShotCover, Spell, clauses};
use warband_table::components::ModelId;
use warband_table::table::{TerrainDef, TerrainKind};
use warband_toy_soldier::actions::{active, check_shot, shot_stopped_at};
use warband_toy_soldier::battle::find;
use warband_toy_soldier::log::LogEvent;
use warband_toy_soldier::turn::Phase;
use warband_toy_soldier::{Command, Engine, Side};

/// Longbowmen (d6: 6") at (12, 5) facing up; B's Orc warriors (shields) wherever put.
fn range(target_at: (f32, f32), terrain: Vec<TerrainDef>) -> Engine {
    let s = setup_with(
        &["Knight commander", "Longbowmen", "Men-at-arms"],
        &["Orc warboss", "Orc warriors", "Goblin rabble"],
        terrain,
    );
    let mut e = Engine::new(&s, 21).unwrap();
    put(&mut e, 1, (2.0, 14.0), 0.0);
    put(&mut e, 3, (20.0, 14.0), 0.0);
    put(&mut e, 4, (22.0, 22.0), 180.0);
    put(&mut e, 6, (3.0, 22.0), 180.0);
    put(&mut e, 2, (12.0, 5.0), 0.0);
    put(&mut e, 5, target_at, 180.0);
    activate_with(&mut e, Side::A, 2, 4);
    e
}

fn shots(e: &Engine) -> Vec<(u32, ShotCover, u32)> {
    events(e)
        .iter()
        .filter_map(|ev| match ev {
            LogEvent::Shot {
                target,
                protection,
                danger,
                ..
            } => Some((target.0, *protection, *danger)),
            _ => None,
        })
        .collect()
}

/// Side A's active unit puts `ap` AP of shots on unit 5.
fn shoot_5(e: &mut Engine, ap: u32) -> Result<(), warband_table::Refusal> {
    e.submit(
        Side::A,
        Command::Shoot {
            target: ModelId(5),
            ap,
        },
    )
}

#[test]
fn a_volley_is_halved_by_shields_and_the_remainder_is_rolled() {
    let mut e = range((12.0, 9.0), vec![]);
    shoot_5(&mut e, 3).unwrap();
    let s = shots(&e);
    let shields = ShotCover {
        cover: false,
        shields: true,
    };
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].0, s[0].1), (5, shields));
    assert!((1..=2).contains(&s[0].2));
    let rolled: Vec<_> = e
        .log()
        .dice()
        .filter(|d| d.clause == clauses::SHOT_REMAINDER)
        .collect();
    assert_eq!(rolled.len(), 1);
    assert_eq!(rolled[0].need, Some(4));
    assert_eq!(s[0].2, 1 + u32::from(rolled[0].value >= 4));
    assert_eq!(find(e.world(), ModelId(5)).unwrap().marks.danger, s[0].2);
    // One volley a target an activation.
    let again = shoot_5(&mut e, 1).unwrap_err();
    assert!(again.0.contains("this activation's volley"), "{again}");
}

#[test]
fn cover_and_shields_together_divide_by_three() {
    let copse = TerrainDef {
        look: None,
        name: "Copse".into(),
        kind: TerrainKind::Wood,
        corners: vec![(10.0, 8.0), (14.0, 8.0), (14.0, 10.5), (10.0, 10.5)],
    };
    let mut e = range((12.0, 9.0), vec![copse]);
    shoot_5(&mut e, 3).unwrap();
    let both = ShotCover {
        cover: true,
        shields: true,
    };
    assert_eq!(shots(&e)[0].1, both);
    assert_eq!(shots(&e)[0].2, 1, "3 ÷ 3 = 1, no remainder");
    assert_eq!(
        e.log()
            .dice()
            .filter(|d| d.clause == clauses::SHOT_REMAINDER)
            .count(),
        0
    );
}

/// Where the cover that halves a volley lies, as the screen draws it: where the line
/// of fire enters the cover it crosses, or at a target touching cover; none in the
/// open or for a shooter standing inside the cover.
#[test]
fn the_cover_that_halves_a_volley_is_found_on_its_line() {
    let wood = |corners: Vec<(f32, f32)>| TerrainDef {
        look: None,
        name: "Copse".into(),
        kind: TerrainKind::Wood,
        corners,
    };
    let plan = |target: (f32, f32), terrain| {
        let e = range(target, terrain);
        let (v, a) = active(e.world(), Side::A).unwrap();
        check_shot(e.world(), &v, &a, ModelId(5), 1).unwrap()
    };
    let across = plan(
        (12.0, 10.0),
        vec![wood(vec![(9.0, 7.0), (15.0, 7.0), (15.0, 8.0), (9.0, 8.0)])],
    );
    assert!(across.protection.cover);
    let at = across.cover_at.expect("the copse halves it");
    assert!((at - Vec2::new(12.0, 7.0)).length() < 1e-3, "{at}");
    let open = plan(
        (12.0, 10.0),
        vec![wood(vec![
            (16.0, 7.0),
            (18.0, 7.0),
            (18.0, 8.0),
            (16.0, 8.0),
        ])],
    );
    assert_eq!((open.protection.cover, open.cover_at), (false, None));
    // The shooter stands in the copse, the target beyond it in the open.
    let inside = plan(
        (12.0, 10.5),
        vec![wood(vec![(9.0, 3.0), (15.0, 3.0), (15.0, 7.0), (9.0, 7.0)])],
    );
    assert_eq!(inside.cover_at, None);
}

#[test]
fn shots_need_the_front_arc_the_range_and_a_clear_line() {
    for (at, why) in [
        ((12.0, 2.0), "front 90°"),
        ((12.0, 13.0), "reach of Longbowmen (6\")"),
        ((20.0, 5.5), "front 90°"),
    ] {
        let mut e = range(at, vec![]);
        let before = e.state_hash();
        let r = e
            .submit(
                Side::A,
                Command::Shoot {
                    target: ModelId(5),
                    ap: 2,
                },
            )
            .unwrap_err();
        assert!(r.0.contains(why), "{at:?}: {r}");
        assert_eq!(e.state_hash(), before);
    }
    let mut e = range((12.0, 10.0), vec![]);
    put(&mut e, 3, (12.0, 7.5), 0.0);
    let r = e
        .submit(
            Side::A,
            Command::Shoot {
                target: ModelId(5),
                ap: 2,
            },
        )
        .unwrap_err();
    assert!(r.0.contains("unit 3 is in the way"), "{r}");
}

/// Where a refused volley is stopped, as the screen draws it: at the edge of the unit
/// in the way, or where the line enters a house; nowhere on a clear line.
#[test]
fn a_volley_refused_for_its_line_is_stopped_where_the_line_meets_the_obstacle() {
    let stopped = |e: &Engine| {
        let (v, _) = active(e.world(), Side::A).unwrap();
        let t = find(e.world(), ModelId(5)).unwrap();
        shot_stopped_at(e.world(), &v, &t)
    };
    let mut e = range((12.0, 10.0), vec![]);
    assert_eq!(stopped(&e), None, "a clear line");
    put(&mut e, 3, (12.0, 7.5), 0.0);
    let at = stopped(&e).expect("unit 3 stops it");
    assert!(
        (at.x - 12.0).abs() < 1e-3 && at.y > 5.0 && at.y < 7.5,
        "{at}"
    );
    let house = TerrainDef {
        look: None,
        name: "Mill".into(),
        kind: TerrainKind::House,
        corners: vec![(9.0, 7.0), (15.0, 7.0), (15.0, 8.0), (9.0, 8.0)],
    };
    let e = range((12.0, 10.0), vec![house]);
    let at = stopped(&e).expect("the house blocks sight");
    assert!((at - Vec2::new(12.0, 7.0)).length() < 1e-3, "{at}");
}

/// A Court wizard (d8: 8") beside Men-at-arms, against an Orc warboss alone.
fn wizardry(seed: u64) -> Engine {
    let mut e = engine(
        &["Knight commander", "Court wizard", "Men-at-arms"],
        &["Orc warboss"],
        seed,
    );
    put(&mut e, 1, (2.0, 3.0), 0.0);
    put(&mut e, 2, (12.0, 5.0), 0.0);
    put(&mut e, 3, (15.0, 5.0), 0.0);
    put(&mut e, 4, (12.0, 12.0), 180.0);
    e
}

#[test]
fn a_sure_heal_costs_two_ap_and_takes_off_one_damage_not_danger() {
    let mut e = wizardry(22);
    mark(&mut e, 3, 1, 2);
    activate_with(&mut e, Side::A, 2, 3);
    let r = e.submit(
        Side::A,
        Command::Magic {
            target: ModelId(4),
            spell: Spell::Heal,
            sure: true,
        },
    );
    assert!(r.is_err());
    e.submit(
        Side::A,
        Command::Magic {
            target: ModelId(3),
            spell: Spell::Heal,
            sure: true,
        },
    )
    .unwrap();
    let v = find(e.world(), ModelId(3)).unwrap();
    assert_eq!((v.marks.danger, v.marks.damage), (1, 1));
    assert_eq!(battle(&e).activation.as_ref().unwrap().ap, 1);
}

#[test]
fn a_rolled_spell_works_on_four_and_a_one_hurts_the_caster() {
    for seed in 0..40 {
        let mut e = wizardry(seed);
        activate_with(&mut e, Side::A, 2, 3);
        e.submit(
            Side::A,
            Command::Magic {
                target: ModelId(4),
                spell: Spell::Curse,
                sure: false,
            },
        )
        .unwrap();
        let face = e
            .log()
            .dice()
            .find(|d| d.clause == clauses::MAGIC)
            .unwrap()
            .value;
        let cursed = events(&e).iter().any(|ev| {
            matches!(
                ev,
                LogEvent::Damaged {
                    unit: ModelId(4),
                    ..
                }
            )
        });
        let bitten = events(&e).iter().any(|ev| {
            matches!(
                ev,
                LogEvent::Damaged {
                    unit: ModelId(2),
                    ..
                }
            )
        });
        assert_eq!(cursed, face >= 4, "seed {seed}: face {face}");
        assert_eq!(bitten, face == 1, "seed {seed}: face {face}");
    }
}

#[test]
fn a_side_with_no_units_left_loses() {
    let mut e = wizardry(23);
    // The warboss has taken 20 damage: a d8 + 1 morale can never hold after a curse.
    mark(&mut e, 4, 0, 20);
    activate_with(&mut e, Side::A, 2, 2);
    e.submit(
        Side::A,
        Command::Magic {
            target: ModelId(4),
            spell: Spell::Curse,
            sure: true,
        },
    )
    .unwrap();
    assert!(events(&e).contains(&LogEvent::Retreated { unit: ModelId(4) }));
    let outcome = e.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::A));
    assert_eq!(e.phase(), Phase::Over);
    assert_eq!(e.awaiting(), None);
    assert_eq!(battle(&e).side(Side::A).points_removed, 24);
}

#[test]
fn after_the_turn_limit_points_removed_decide() {
    let mut e = wizardry(24);
    mark(&mut e, 3, 0, 20);
    activate_with(&mut e, Side::A, 2, 2);
    // A curse on its own side is refused; the Men-at-arms break on their own danger.
    assert!(
        e.submit(
            Side::A,
            Command::Magic {
                target: ModelId(3),
                spell: Spell::Curse,
                sure: true
            }
        )
        .is_err()
    );
    e.submit(Side::A, Command::Pass).unwrap();
    mark(&mut e, 3, 1, 20);
    activate_with(&mut e, Side::A, 3, 1);
    e.submit(Side::A, Command::Pass).unwrap();
    assert!(find(e.world(), ModelId(3)).is_none());
    // Every later activation passes: nothing else is lost before the limit.
    while let Some(side) = e.awaiting() {
        use warband_table::engine::Rules;
        let c = warband_toy_soldier::ToySoldier::yield_command(e.world(), side);
        e.submit(side, c).unwrap();
    }
    let outcome = e.outcome().unwrap();
    assert_eq!(battle(&e).turn, 8);
    assert_eq!(outcome.winner, Some(Side::B));
    assert!(
        outcome.reason.contains("points removed 0 to 18"),
        "{}",
        outcome.reason
    );
}

#[test]
fn a_recycled_world_plays_the_battle_a_new_one_does() {
    use warband_toy_soldier::ai::AiKind::{Charge, Easy, Hard, Normal};
    let check = warband_table::corpus::check_recycled::<warband_toy_soldier::ToySoldier>;
    let before = [("river-crossing", 4), ("open-meadow", 5)];
    check(root(), "village-fight", &before, 6, (Normal, Charge)).unwrap();
    // `hard` searches on forks with its own seeded dice: the same battle every time.
    check(root(), "river-crossing", &[], 11, (Hard, Easy)).unwrap();
}

#[test]
fn every_engine_component_is_in_the_state_registry() {
    let mut e = wizardry(25);
    activate_with(&mut e, Side::A, 2, 3);
    assert!(
        e.unregistered_state().is_empty(),
        "{:?}",
        e.unregistered_state()
    );
    assert_eq!(e.unkept_resources(), Vec::<String>::new());
    let fork = e.fork(1);
    assert_eq!(
        battle(&e),
        fork.world()
            .resource::<warband_toy_soldier::battle::Battle>()
    );
}

#[test]
fn a_designed_unit_joins_the_unit_list_once_and_an_army_may_field_it() {
    use warband_rules::toy_soldier::{Kind, Quality, UnitProfile};
    let mut s = setup(&["Orc warboss"], &["Dwarf thane"]);
    let wyvern = UnitProfile {
        name: "Wyvern riders".into(),
        race: "Orcs".into(),
        quality: Quality::Veteran,
        morale: 8,
        kind: Kind::Cavalry,
        shields: false,
        ranged: false,
        magical: false,
        command: false,
        figures: 2,
    };
    let mut broken = wyvern.clone();
    broken.name = "Broken".into();
    broken.morale = 7;
    let before = s.units.units.len();
    s.adopt(vec![wyvern.clone(), wyvern, broken]);
    assert_eq!(
        s.units.units.len(),
        before + 1,
        "once, and not the one with a d7"
    );
    assert_eq!(s.units.find("Wyvern riders").unwrap().points(), 24);
    s.armies.a = army("A", &["Orc warboss", "Wyvern riders"]);
    assert!(s.problems().is_empty(), "{:?}", s.problems());
    assert!(Engine::new(&s, 3).is_ok());
    // Its army file checks as one of shipped units once the player's units are adopted.
    let dir = std::env::temp_dir().join(format!("warband-adopt-{}", std::process::id()));
    let file = dir.join("armies/wyverns.ron");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::create_dir_all(dir.join("bestiary")).unwrap();
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    let units = "bestiary/toy-soldier.ron";
    std::fs::copy(shipped.join(units), dir.join(units)).unwrap();
    warband_table::files::save_ron_named(&file, &s.armies.a).unwrap();
    use warband_toy_soldier::data::{validate_file, validate_file_adopting};
    let unknown = validate_file(&file);
    assert!(
        unknown
            .iter()
            .any(|p| p.contains("unknown profile `Wyvern riders`")),
        "{unknown:?}"
    );
    let known = s.units.find("Wyvern riders").unwrap().clone();
    assert_eq!(
        validate_file_adopting(&file, vec![known]),
        Vec::<String>::new()
    );
    let _ = std::fs::remove_dir_all(dir);
}
